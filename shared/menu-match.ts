// Which menu item an order line is: one rule for the card's sold-out switch and the reject
// dialog's "which items are unavailable".
import type { MenuItemSummary, OrderItem } from './domain';

/** The menu item an order line is: by its POS id (the item's external_data), else by its name. */
export const menuItemOfLine = (
  line: Pick<OrderItem, 'posId' | 'name'>,
  items: readonly MenuItemSummary[],
): MenuItemSummary | undefined =>
  items.find((i) => line.posId !== null && i.externalData === line.posId) ??
  items.find((i) => i.name === line.name);

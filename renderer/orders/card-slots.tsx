// What a card shows of other slices (a line's sold-out switch, the order's tickets): the shell
// plugs them in, so the orders slice imports neither the menu nor printing.
import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';
import type { MenuItemSummary, Order, OrderItem } from '../../shared/domain';
import type { PrintJob } from '../../shared/printing';

export type CardSlots = {
  LineSoldOut: ComponentType<{
    line: OrderItem;
    actionable: boolean;
    items: readonly MenuItemSummary[];
    /** The order's venue: its own menu, on a terminal of several venues. */
    venueId: string;
  }>;
  OrderPrint: ComponentType<{ order: Order; selected: boolean; jobs: readonly PrintJob[] | null }>;
  /** A board tile's short mark while one of the order's tickets did not print. */
  TilePrintMark: ComponentType<{ jobs: readonly PrintJob[] | null }>;
};

export const CardSlotsContext = createContext<CardSlots | null>(null);

export const useCardSlots = (): CardSlots => {
  const slots = useContext(CardSlotsContext);
  if (!slots) throw new Error('CardSlotsContext is missing');
  return slots;
};

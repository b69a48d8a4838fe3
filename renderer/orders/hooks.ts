// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { BridgeError } from '../../shared/ipc/contract';
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { MenuItemSummary, MenuState } from '../../shared/domain';
import type { PrintState } from '../../shared/printing';
import type { StreamGap } from '../../shared/stream-guard';
import type { OrdersSlice } from './orders-slice';

/** What it reads of the other slices. */
type Ports = {
  menuItems: MenuItemSummary[];
  /** The menu's: the first venue's menu and every venue's, as main last told them. */
  menu: MenuState | null;
  menus: Readonly<Record<string, MenuState>>;
  /** The menu's: reads the menus of these venues that this window has not been told yet. */
  loadMenus(venueIds: readonly string[]): Promise<BridgeError | null>;
  /** The menu's: marks an item sold out (until a time, or until switched back) in a venue. */
  setItemAvailability(
    externalData: string,
    enabled: boolean,
    until?: string | null,
    venueId?: string,
  ): Promise<BridgeError | null>;
  print: PrintState | null;
  /** The outbox's (diagnostics): an order's failed action tried again or dropped. */
  retry(actionId: string): Promise<BridgeError | null>;
  discard(actionId: string): Promise<BridgeError | null>;
  /** The stream's: its gaps after an outage, whose orders reached the board late. */
  stream: { gaps: readonly StreamGap[] } | null;
};

export type OrdersView = OrdersSlice & AppSlice & Ports;

export const { useApp, useAppStore } = viewHooks<OrdersView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';

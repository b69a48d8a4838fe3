// How the board takes an order action, derived from its declaration (shared/order-actions.ts):
// the card's button, the keyboard and Enter all come here, so an action is taken the same way
// whichever way staff reach it. A new action needs nothing here unless it brings a new dialog
// or a new tone (both tables below are exhaustive by type).
import type { ComponentType } from 'react';
import type { Order } from '../../shared/domain';
import type {
  OrderActionDeclaration,
  OrderActionDialog,
  OrderActionKind,
} from '../../shared/order-actions';
import {
  fulfilmentOf,
  isDirectAction,
  ORDER_ACTIONS,
  ORDER_ACTION_KINDS,
} from '../../shared/order-actions';
import { en } from './messages';
import type { OrdersView } from './hooks';
import { AcceptDialog } from './AcceptDialog';
import { RejectDialog } from './RejectDialog';

/** The dialog each declared dialog name opens, for the order it is about. */
export const ORDER_DIALOGS: Record<OrderActionDialog, ComponentType<{ orderId: string }>> = {
  accept: AcceptDialog,
  reject: RejectDialog,
};

const TONE_CLASS: Record<OrderActionDeclaration['tone'], string> = {
  go: 'btn btn-go',
  primary: 'btn btn-primary',
  danger: 'btn btn-danger-outline',
};

/**
 * The words on `kind`'s button for `order`: the venue's own courier's order is "Delivered" (at
 * the customer's door), every other order "Handed over" (at the counter, to the customer or a
 * courier). Without an order, the action's general name (the help, the history).
 */
export const actionLabel = (
  kind: OrderActionKind,
  order?: Pick<Order, 'deliveryType' | 'selfDelivery'>,
): string =>
  kind === 'delivered' && order && fulfilmentOf(order) === 'self-delivery'
    ? en.actions.deliveredByOwnCourier
    : en.actions.kinds[kind];
export const actionClass = (kind: OrderActionKind): string => TONE_CLASS[ORDER_ACTIONS[kind].tone];

/** Opens the action's dialog, or takes it at once when it asks nothing more than the order. */
export const takeOrderAction = (
  state: Pick<OrdersView, 'select' | 'openDialog' | 'takeAction'>,
  orderId: string,
  kind: OrderActionKind,
): void => {
  state.select(orderId);
  const { dialog } = ORDER_ACTIONS[kind];
  if (dialog) state.openDialog({ kind: dialog, orderId });
  else if (isDirectAction(kind)) void state.takeAction(kind, { orderId });
};

/** The help's rows for the order actions: each key once, with every action it takes. */
export const actionShortcuts = (): Array<readonly [string, string]> => {
  const byKey = new Map<string, string[]>();
  for (const kind of ORDER_ACTION_KINDS) {
    const key = ORDER_ACTIONS[kind].key;
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), actionLabel(kind)]);
  }
  return [...byKey].map(([key, labels]) => [key.toUpperCase(), labels.join(' / ')] as const);
};

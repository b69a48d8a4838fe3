// What must ring until staff acknowledge it, decided in main (main/cues/) so that a window opened
// or reloaded mid-alarm rings and shows it: the renderer only plays and shows what main lists.
// The other rings are main's state too and so replay by themselves: an order waiting for an
// answer (orders:list), an order that may not have reached this terminal and a stream that is
// down (stream:get), a ticket that did not print (print:get).

import type { Order } from './domain';
import { isFinalStatus } from './domain';

export const CUE_KINDS = [
  /** A pre-order the platform moved into preparation: time to start cooking it. */
  'start-cooking',
  /** An order the platform cancelled while staff may be preparing it. */
  'cancelled',
] as const;
export type CueKind = (typeof CUE_KINDS)[number];

export type Cue = {
  /** `${kind}:${orderId}`: one cue of a kind per order. */
  id: string;
  kind: CueKind;
  orderId: string;
  orderNumber: string;
  /** When main decided it (ISO). */
  since: string;
};

export const cueId = (kind: CueKind, orderId: string): string => `${kind}:${orderId}`;

/** What an order was before a change, as far as cues go. */
export type CueBefore = Pick<Order, 'status' | 'platformStatus'>;

/**
 * What a change of an order rings, if anything: the one rule main decides cues by. `before`:
 * the order as stored before the change (undefined: new here, which rings as a new order does,
 * not as a cue).
 */
export const cueFor = (order: Order, before: CueBefore | undefined): CueKind | null => {
  if (!before) return null;
  if (order.status === 'CANCELED' && !isFinalStatus(before.status)) return 'cancelled';
  // Only the platform moves a pre-order into preparation (docs/platform.md#pre-orders).
  if (
    order.type === 'preorder' &&
    order.platformStatus === 'PRODUCTION' &&
    before.platformStatus === 'CREATED'
  )
    return 'start-cooking';
  return null;
};

/**
 * The cues after orders changed: new ones added (once per kind and order), a finished order's
 * "start cooking" dropped (its cancellation stays until seen). Returns `cues` itself when
 * nothing changed.
 */
export const nextCues = (
  cues: Cue[],
  changed: Order[],
  before: (orderId: string) => CueBefore | undefined,
  at: string,
): Cue[] => {
  let next = cues;
  for (const order of changed) {
    const kind = cueFor(order, before(order.id));
    const id = kind ? cueId(kind, order.id) : null;
    if (kind && id && !next.some((c) => c.id === id))
      next = [...next, { id, kind, orderId: order.id, orderNumber: order.orderNumber, since: at }];
    if (
      isFinalStatus(order.status) &&
      next.some((c) => c.orderId === order.id && c.kind === 'start-cooking')
    )
      next = next.filter((c) => !(c.orderId === order.id && c.kind === 'start-cooking'));
  }
  return next;
};

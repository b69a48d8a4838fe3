// Every declared action a tap takes at once (no dialog) is walked here from its declaration:
// on a card of an order it fits, its button (its label) sends its channel, and its key does on the
// selected card. A new such action is covered without a test of its own in the renderer.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain';
import type {
  Fulfilment,
  OrderActionKind,
  OrderSituation,
  Timing,
} from '../../shared/order-actions';
import {
  actionsFor,
  FULFILMENTS,
  isDirectAction,
  ORDER_ACTION_KINDS,
  ORDER_ACTIONS,
  orderActionChannel,
  TIMINGS,
} from '../../shared/order-actions';
import { ORDER_STATUSES } from '../../shared/order-status';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';
import { actionLabel } from './order-action-ui';

afterEach(cleanup);

const FULFILMENT_FIELDS: Record<Fulfilment, Pick<Order, 'deliveryType' | 'selfDelivery'>> = {
  takeaway: { deliveryType: 'takeaway', selfDelivery: false },
  eatin: { deliveryType: 'eatin', selfDelivery: false },
  'self-delivery': { deliveryType: 'homedelivery', selfDelivery: true },
  'platform-courier': { deliveryType: 'homedelivery', selfDelivery: false },
};

const TIMING_FIELDS: Record<Timing, Pick<Order, 'type' | 'preorderStatus' | 'preorderTime'>> = {
  instant: { type: 'instant', preorderStatus: null, preorderTime: null },
  'preorder-waiting': {
    type: 'preorder',
    preorderStatus: 'waiting',
    preorderTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
  },
  'preorder-confirmed': {
    type: 'preorder',
    preorderStatus: 'confirmed',
    preorderTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
  },
};

/** The first situation (instant and takeaway first) in which the declaration offers the action. */
const situationFor = (kind: OrderActionKind): OrderSituation => {
  for (const timing of TIMINGS)
    for (const fulfilment of FULFILMENTS)
      for (const status of ORDER_STATUSES) {
        const situation = { fulfilment, timing, status, pickedUp: false };
        if (actionsFor(situation).includes(kind)) return situation;
      }
  throw new Error(`${kind} fits no order.`);
};

const orderIn = (situation: OrderSituation, orderNumber: string): Order =>
  makeOrder({
    orderNumber,
    ...FULFILMENT_FIELDS[situation.fulfilment],
    ...TIMING_FIELDS[situation.timing],
    status: situation.status,
    platformStatus: situation.status,
  });

const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });

describe('declared direct actions', () => {
  const direct = ORDER_ACTION_KINDS.filter((kind) => isDirectAction(kind));

  it('every action without a dialog asks for nothing more, so a tap can take it', () => {
    expect(direct.length).toBeGreaterThan(0);
    for (const kind of ORDER_ACTION_KINDS)
      expect(isDirectAction(kind)).toBe(ORDER_ACTIONS[kind].dialog === null);
  });

  it.each(direct)('%s: its button and its key send its channel', async (kind) => {
    const situation = situationFor(kind);
    const tapped = orderIn(situation, '71');
    const keyed = orderIn(situation, '72');
    const bridge = createFakeBridge({ orders: [tapped, keyed] });
    renderApp(bridge);
    await screen.findByText('#71');
    const channel = orderActionChannel(kind);

    fireEvent.click(within(card('71')).getByRole('button', { name: actionLabel(kind, tapped) }));
    await waitFor(() => expect(bridge.callsTo(channel)).toEqual([{ orderId: tapped.id }]));

    const { key } = ORDER_ACTIONS[kind];
    if (key === null) return;
    fireEvent.click(card('72'));
    fireEvent.keyDown(window, { key });
    await waitFor(() =>
      expect(bridge.callsTo(channel)).toEqual([{ orderId: tapped.id }, { orderId: keyed.id }]),
    );
  });
});

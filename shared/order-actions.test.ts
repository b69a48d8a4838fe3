// The order-action table as data: what each situation offers, the refusals main words, and the
// platform call the sender makes. The walk against the sandbox's state machine is
// test/core/order-actions-table.test.ts.
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../renderer/testing/fake-bridge';
import type { Order } from './domain';
import { ORDER_STATUSES } from './domain';
import { CHANNEL_NAMES } from './ipc/contract';
import {
  FULFILMENTS,
  TIMINGS,
  actionForKey,
  actionsFor,
  declarationOf,
  orderActionChannel,
  orderActionSchema,
  availableActions,
  fulfilmentOf,
  ORDER_ACTION_KINDS,
  ORDER_ACTIONS,
  platformCallOf,
  refusalOf,
  timingOf,
} from './order-actions';

const order = (patch: Partial<Order>): Order =>
  makeOrder({
    status: 'CREATED',
    type: 'instant',
    deliveryType: 'takeaway',
    selfDelivery: false,
    pending: null,
    ...patch,
  });

describe('order-action table', () => {
  it('tells fulfilment and timing from the order', () => {
    expect(fulfilmentOf({ deliveryType: 'takeaway', selfDelivery: false })).toBe('takeaway');
    expect(fulfilmentOf({ deliveryType: 'eatin', selfDelivery: false })).toBe('eatin');
    expect(fulfilmentOf({ deliveryType: 'homedelivery', selfDelivery: true })).toBe(
      'self-delivery',
    );
    expect(fulfilmentOf({ deliveryType: 'homedelivery', selfDelivery: false })).toBe(
      'platform-courier',
    );
    expect(timingOf({ type: 'instant', preorderStatus: null })).toBe('instant');
    expect(timingOf({ type: 'preorder', preorderStatus: 'waiting' })).toBe('preorder-waiting');
    expect(timingOf({ type: 'preorder', preorderStatus: 'confirmed' })).toBe('preorder-confirmed');
  });

  it('offers, per situation, exactly the rows below', () => {
    const offered = (fulfilment: (typeof FULFILMENTS)[number], timing: (typeof TIMINGS)[number]) =>
      Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, actionsFor({ fulfilment, timing, status })]),
      );
    const closed = { DELIVERED: [], REJECTED: [], CANCELED: [] };
    expect(offered('takeaway', 'instant')).toEqual({
      CREATED: ['accept', 'reject'],
      PRODUCTION: ['ready'],
      READY: ['delivered'],
      ...closed,
    });
    // Eat-in is handed over by staff like takeaway (the board once showed it, main refused it).
    expect(offered('eatin', 'instant')).toEqual(offered('takeaway', 'instant'));
    expect(offered('self-delivery', 'instant')).toEqual({
      CREATED: ['accept', 'reject'],
      PRODUCTION: ['ready', 'delivered'],
      READY: ['picked-up', 'delivered'],
      ...closed,
    });
    // Once the venue's courier has it, it is only handed over.
    expect(
      actionsFor({
        fulfilment: 'self-delivery',
        timing: 'instant',
        status: 'READY',
        pickedUp: true,
      }),
    ).toEqual(['delivered']);
    expect(offered('platform-courier', 'instant')).toEqual({
      CREATED: ['accept', 'reject'],
      PRODUCTION: ['ready'],
      READY: [],
      ...closed,
    });
    expect(offered('takeaway', 'preorder-waiting').CREATED).toEqual(['confirm-preorder', 'reject']);
    expect(offered('takeaway', 'preorder-confirmed').CREATED).toEqual(['reject']);
    expect(offered('platform-courier', 'preorder-confirmed').PRODUCTION).toEqual(['ready']);
  });

  it('says why an action is not available, as data', () => {
    const at = { fulfilment: 'platform-courier', timing: 'instant' } as const;
    expect(refusalOf('delivered', { ...at, status: 'READY' })).toEqual({
      reason: 'wrong-fulfilment',
      fulfilment: 'platform-courier',
    });
    expect(refusalOf('ready', { ...at, status: 'CREATED' })).toEqual({
      reason: 'wrong-status',
      allowed: ['PRODUCTION'],
    });
    expect(refusalOf('accept', { ...at, timing: 'preorder-waiting', status: 'CREATED' })).toEqual({
      reason: 'wrong-timing',
      timing: 'preorder-waiting',
    });
    expect(refusalOf('accept', { ...at, status: 'CREATED' })).toBeNull();
  });

  it('names the platform call of each action, by fulfilment where it differs', () => {
    expect(platformCallOf('accept', 'takeaway').path).toBe('accept');
    expect(platformCallOf('accept', 'self-delivery').path).toBe('self-delivery/accept');
    expect(platformCallOf('delivered', 'self-delivery').path).toBe('delivered');
    const accept = platformCallOf('accept', 'takeaway');
    expect(accept.body?.({ orderId: 'o', adjustedPickupTime: '2026-11-23T10:00:00.000Z' })).toEqual(
      { adjusted_pickup_time: '2026-11-23T10:00:00.000Z' },
    );
    expect(accept.body?.({ orderId: 'o', adjustedPickupTime: null })).toBeUndefined();
    expect(platformCallOf('reject', 'takeaway').body?.({ orderId: 'o', reason: 'Closed' })).toEqual(
      { reason: 'Closed' },
    );
    for (const kind of ORDER_ACTION_KINDS) {
      // An action's own target is where its effect is in place (a 409 there means done), except
      // confirm-preorder, which leaves the order CREATED until the platform starts it, and one
      // whose effect is no status (the venue's courier picking up leaves it READY).
      if (kind !== 'confirm-preorder' && !declarationOf(kind).confirms)
        expect(ORDER_ACTIONS[kind].reachedIn).toContain(ORDER_ACTIONS[kind].leadsTo);
    }
  });

  it('offers nothing while an action is on its way or failed', () => {
    expect(availableActions(order({}))).toEqual(['accept', 'reject']);
    expect(
      availableActions(
        order({
          pending: {
            actionId: 'a',
            kind: 'accept',
            state: 'pending',
            error: null,
            attempts: 0,
            createdAt: '2026-11-23T10:00:00.000Z',
          },
        }),
      ),
    ).toEqual([]);
    expect(availableActions(order({ status: 'READY', deliveryType: 'eatin' }))).toEqual([
      'delivered',
    ]);
  });

  it('derives one channel per action from its name', () => {
    expect(ORDER_ACTION_KINDS.map(orderActionChannel)).toEqual([
      'orders:accept',
      'orders:confirmPreorder',
      'orders:reject',
      'orders:ready',
      'orders:pickedUp',
      'orders:delivered',
    ]);
    for (const kind of ORDER_ACTION_KINDS)
      expect(CHANNEL_NAMES).toContain(orderActionChannel(kind));
    expect(orderActionSchema('reject').safeParse({ orderId: 'o', reason: 'Closed' }).success).toBe(
      true,
    );
    expect(orderActionSchema('ready').safeParse({ orderId: 'o', reason: 'x' }).success).toBe(false);
  });

  it('never offers two actions under one key on the same order', () => {
    for (const fulfilment of FULFILMENTS)
      for (const timing of TIMINGS)
        for (const status of ORDER_STATUSES) {
          const keys = actionsFor({ fulfilment, timing, status })
            .map((kind) => ORDER_ACTIONS[kind].key)
            .filter((key) => key !== null);
          expect(new Set(keys).size).toBe(keys.length);
        }
    expect(actionForKey(order({}), 'A')).toBe('accept');
    expect(actionForKey(order({ type: 'preorder', preorderStatus: 'waiting' }), 'a')).toBe(
      'confirm-preorder',
    );
    expect(actionForKey(order({ status: 'PRODUCTION' }), 'h')).toBeNull();
  });
});

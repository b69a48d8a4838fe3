// The order-action table as data: what each situation offers, the refusals main words, and the
// platform call the sender makes. The walk against the sandbox's state machine is
// test/core/order-actions-table.test.ts.
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../renderer/testing/fake-bridge';
import type { Order } from './domain';
import { ORDER_STATUSES } from './domain';
import type { FULFILMENTS, TIMINGS } from './order-actions';
import {
  actionsFor,
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
      READY: ['delivered'],
      ...closed,
    });
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
    expect(platformCallOf('accept', 'takeaway')).toBe('accept');
    expect(platformCallOf('accept', 'self-delivery')).toBe('accept-self-delivery');
    expect(platformCallOf('delivered', 'self-delivery')).toBe('mark-delivered');
    for (const kind of ORDER_ACTION_KINDS) {
      expect(ORDER_ACTIONS[kind].labelKey).toBe(kind);
      // An action's own target is where its effect is in place (a 409 there means done), except
      // confirm-preorder, which leaves the order CREATED until the platform starts it.
      if (kind !== 'confirm-preorder')
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
});

// Walks the whole order-action table (shared/order-actions.ts) against the sandbox's state
// machine: for every kind of order the sandbox can make, every situation reachable by staff
// actions and the platform's own moves, and every action, the table's "allowed" must be exactly
// what the platform takes (and where it leads), and its "not allowed" what the platform refuses.
// Real sandbox, real HTTP, main's own platform client; nothing is mocked.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderActionKind, OrderStatus } from '../../shared/domain';
import type { Fulfilment, OrderSituation } from '../../shared/order-actions';
import {
  fulfilmentOf,
  ORDER_ACTION_KINDS,
  ORDER_ACTIONS,
  platformCallOf,
  refusalOf,
  timingOf,
} from '../../shared/order-actions';
import type { Sandbox } from '../../sandbox/server';
import type { MarketplaceClient } from '../../main/marketplace/client';
import { mapOrderV2 } from '../../main/marketplace/order-mapping';
import { RequestError } from '../../main/http/http';
import type { PlatformClient } from '../platform-client';
import { startPlatformClient } from '../platform-client';

let platform: PlatformClient;
let sandbox: Sandbox;
let client: MarketplaceClient;
const control = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  platform.control<T>(method, path, body);

beforeAll(async () => {
  platform = await startPlatformClient();
  ({ sandbox, client } = platform);
});
afterAll(async () => {
  await platform?.close();
});

/** A move on the way to a situation: a staff action, or one the platform makes by itself. */
type Move = OrderActionKind | 'platform-starts-preorder' | 'platform-cancels';
type Seed = { fulfilment: Fulfilment; preorder: boolean };

// The sandbox makes takeaway and home-delivery orders; eat-in (deprecated on the platform) is
// held equal to takeaway by the table's unit test.
const SEEDS: Seed[] = (['takeaway', 'self-delivery', 'platform-courier'] as const).flatMap(
  (fulfilment) => [
    { fulfilment, preorder: false },
    { fulfilment, preorder: true },
  ],
);

const place = async (seed: Seed): Promise<string> => {
  const { now } = await control<{ now: string }>('GET', '/clock');
  const order = await control<{ id: string }>('POST', '/orders', {
    venue_id: sandbox.demo.venueId,
    type: seed.fulfilment === 'takeaway' ? 'takeaway' : 'homedelivery',
    ...(seed.fulfilment === 'self-delivery' ? { self_delivery: true } : {}),
    ...(seed.preorder
      ? { preorder_time: new Date(Date.parse(now) + 3 * 3600_000).toISOString() }
      : {}),
  });
  return order.id;
};

/** What the terminal reads of the order, with the status the sandbox holds (the v2 order hides CANCELED). */
const situationOf = async (orderId: string): Promise<OrderSituation> => {
  const order = mapOrderV2(await client.getOrder(orderId), 'CREATED', new Date().toISOString());
  const truth = await control<{ status: OrderStatus }>('GET', `/orders/${orderId}`);
  return { fulfilment: fulfilmentOf(order), timing: timingOf(order), status: truth.status };
};

/** Calls the platform the way the action sender does: the declaration names the call and body. */
const act = async (orderId: string, kind: OrderActionKind, fulfilment: Fulfilment) => {
  const call = platformCallOf(kind, fulfilment);
  const payload = { orderId, adjustedPickupTime: null, reason: 'Kitchen closed', code: 'GENERIC' };
  return client.orderAction(orderId, call.path, call.body?.(payload));
};

const move = async (orderId: string, step: Move, fulfilment: Fulfilment): Promise<void> => {
  if (step === 'platform-cancels') await control('POST', `/orders/${orderId}/cancel`, {});
  else if (step === 'platform-starts-preorder')
    // The platform starts a confirmed pre-order when its preparation is due.
    await control('POST', '/clock', { advance_seconds: 3 * 3600 });
  else await act(orderId, step, fulfilment);
};

const reach = async (seed: Seed, path: readonly Move[]): Promise<string> => {
  const orderId = await place(seed);
  for (const step of path) await move(orderId, step, seed.fulfilment);
  return orderId;
};

const key = (s: OrderSituation): string => `${s.fulfilment}/${s.timing}/${s.status}`;

it('walks every reachable situation and every action of the table against the sandbox', async () => {
  const walked = new Set<string>();
  const mismatches: string[] = [];
  for (const seed of SEEDS) {
    const queue: Move[][] = [[]];
    while (queue.length > 0) {
      const path = queue.shift() ?? [];
      const situation = await situationOf(await reach(seed, path));
      if (walked.has(key(situation))) continue;
      walked.add(key(situation));
      for (const kind of ORDER_ACTION_KINDS) {
        const allowed = refusalOf(kind, situation) === null;
        // A fresh order on the same path for each try: a try changes the order.
        const orderId = await reach(seed, path);
        let refused: RequestError | null = null;
        try {
          await act(orderId, kind, seed.fulfilment);
        } catch (error) {
          if (!(error instanceof RequestError)) throw error;
          refused = error;
        }
        const where = `${key(situation)} ${kind} (after ${path.join(' → ') || 'nothing'})`;
        if (allowed && refused)
          mismatches.push(`${where}: table allows, platform refused: ${refused.message}`);
        if (!allowed && !refused) mismatches.push(`${where}: table refuses, platform took it`);
        if (!allowed && refused && refused.status !== 409)
          mismatches.push(`${where}: refused with ${refused.status}, not 409`);
        if (allowed && !refused) {
          const after = await situationOf(orderId);
          if (after.status !== ORDER_ACTIONS[kind].leadsTo)
            mismatches.push(
              `${where}: led to ${after.status}, table says ${ORDER_ACTIONS[kind].leadsTo}`,
            );
          queue.push([...path, kind]);
        }
      }
      const open: OrderStatus[] = ['CREATED', 'PRODUCTION', 'READY'];
      if (open.includes(situation.status) && !path.includes('platform-cancels'))
        queue.push([...path, 'platform-cancels']);
      if (situation.timing === 'preorder-confirmed' && situation.status === 'CREATED')
        queue.push([...path, 'platform-starts-preorder']);
    }
  }
  expect(mismatches).toEqual([]);
  // The walk reached every kind of situation the sandbox can make, including the closed ones.
  for (const expected of [
    'takeaway/instant/DELIVERED',
    'takeaway/instant/REJECTED',
    'takeaway/instant/CANCELED',
    'self-delivery/instant/PRODUCTION',
    'platform-courier/instant/READY',
    'takeaway/preorder-waiting/CREATED',
    'takeaway/preorder-confirmed/CREATED',
    'platform-courier/preorder-confirmed/PRODUCTION',
  ])
    expect(walked).toContain(expected);
}, 120_000);

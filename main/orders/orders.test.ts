// The orders slice's parts on their own, against a real sandbox over HTTP: the order actions'
// check and sender (main/orders/order-actions.ts) and the order sync (main/orders/order-sync.ts).
// The relay is left out: notifications are put in the inbox the way the relay client commits them.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_ACTION_KINDS } from '../../shared/order-actions';
import { notificationSchema } from '../../shared/notification';
import { createNotificationInbox } from '../relay-client/inbox';
import type { Sandbox } from '../../sandbox/server';
import type { PlatformClient } from '../../test/platform-client';
import { startPlatformClient } from '../../test/platform-client';
import type { MarketplaceClient } from '../marketplace/client';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import type { Outbox } from '../outbox/outbox';
import { createOutbox } from '../outbox/outbox';
import { createOrderActions } from './order-actions';
import type { OrderActions } from './order-actions';
import type { OrderStore } from './order-store';
import { createOrderStore } from './order-store';
import type { OrderSync } from './order-sync';
import { createOrderSync } from './order-sync';
import { storedText } from '../../shared/refusals';

let platform: PlatformClient;
let sandbox: Sandbox;
let client: MarketplaceClient;
const control = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  platform.control<T>(method, path, body);
const place = (body: { type: 'takeaway' | 'homedelivery'; self_delivery?: boolean }) =>
  control<{ id: string; order_number: string; status: string }>('POST', '/orders', {
    venue_id: sandbox.demo.venueId,
    ...body,
  });
const truth = async (id: string) =>
  (await control<{ status: string }>('GET', `/orders/${id}`)).status;

beforeAll(async () => {
  platform = await startPlatformClient();
  ({ sandbox, client } = platform);
});
afterAll(async () => {
  await platform?.close();
});

let dir: string;
let db: Database;
let outbox: Outbox;
let orders: OrderStore;
let sync: OrderSync;
let actions: OrderActions;
let changed: string[];
let arrived: string[];
let problems: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'countertop-orders-'));
  db = openDatabase(join(dir, 'core.db'));
  const now = () => new Date();
  changed = [];
  arrived = [];
  problems = [];
  outbox = createOutbox({ db, now, backoff: { baseMs: 10, capMs: 40 } });
  orders = createOrderStore(db, now, (orderId) =>
    outbox.open({ kinds: ORDER_ACTION_KINDS, ...(orderId ? { subject: orderId } : {}) }),
  );
  sync = createOrderSync({
    db,
    orders,
    client,
    venueId: () => sandbox.demo.venueId,
    now,
    events: {
      changed: (id) => changed.push(id),
      arrived: (id) => arrived.push(id),
      problem: (subject, message) => problems.push(`${subject}: ${message}`),
    },
  });
  actions = createOrderActions({
    outbox,
    orders,
    client,
    refetch: (id) => sync.refetch(id),
    now,
    changed: (id) => changed.push(id),
  });
});
afterEach(async () => {
  await outbox.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('order actions: check and sender', () => {
  it('sends each action with the call the table names, and moves the order where it leads', async () => {
    const takeaway = await place({ type: 'takeaway' });
    const own = await place({ type: 'homedelivery', self_delivery: true });
    await sync.refetch(takeaway.id);
    await sync.refetch(own.id);
    outbox.start();
    actions.enqueue({ kind: 'accept', orderId: takeaway.id, preparationMinutes: 20 });
    // The self-delivery order goes through its own endpoint (plain accept would be refused).
    actions.enqueue({ kind: 'accept', orderId: own.id, preparationMinutes: null });
    actions.enqueue({ kind: 'ready', orderId: takeaway.id });
    // A venue's own courier hands over straight from production.
    actions.enqueue({ kind: 'delivered', orderId: own.id });
    await outbox.idle();
    expect(outbox.open()).toEqual([]);
    expect([await truth(takeaway.id), await truth(own.id)]).toEqual(['READY', 'DELIVERED']);
    expect(orders.get(takeaway.id)).toMatchObject({ platformStatus: 'READY', pending: null });
    expect(orders.get(own.id)).toMatchObject({ platformStatus: 'DELIVERED' });
    expect(orders.get(takeaway.id)?.preparationMinutes).toBe(20);
    expect(
      outbox.list().find((e) => e.kind === 'accept' && e.subject === takeaway.id)?.facts,
    ).toEqual({ orderNumber: takeaway.order_number, minutes: 20 });
    expect(changed).toContain(takeaway.id);
  });

  it("counts a 409 whose status shows the action's effect as done, and fails one that does not", async () => {
    const already = await place({ type: 'takeaway' });
    const cancelled = await place({ type: 'takeaway' });
    await sync.refetch(already.id);
    await sync.refetch(cancelled.id);
    // The platform took an accept whose answer was lost; and the platform cancelled the other.
    await client.acceptOrder(already.id, null);
    await control('POST', `/orders/${cancelled.id}/cancel`, {});
    outbox.start();
    const done = actions.enqueue({ kind: 'accept', orderId: already.id, preparationMinutes: null });
    const refused = actions.enqueue({
      kind: 'accept',
      orderId: cancelled.id,
      preparationMinutes: null,
    });
    await outbox.idle();
    const entries = new Map(outbox.list().map((e) => [e.id, e]));
    expect(entries.get(done.actionId)?.state).toBe('done');
    expect(orders.get(already.id)?.platformStatus).toBe('PRODUCTION');
    expect(entries.get(refused.actionId)).toMatchObject({ state: 'failed' });
    // Kept as a refusal code: the screen words it in its language.
    const kept = entries.get(refused.actionId)?.error ?? '';
    expect(storedText(kept, 'en')).toBe(
      `The platform refused: Order #${cancelled.order_number} was cancelled by the platform.`,
    );
    expect(storedText(kept, 'fi')).toBe(
      `Alusta kieltäytyi: Alusta perui tilauksen #${cancelled.order_number}.`,
    );
    // A failed action holds the order: staff retry or discard it first.
    expect(orders.get(cancelled.id)?.pending?.state).toBe('failed');
    expect(() => actions.enqueue({ kind: 'reject', orderId: cancelled.id, reason: 'x' })).toThrow(
      `Order #${cancelled.order_number} has an action that failed: retry or discard it first.`,
    );
  });

  it('refuses what the table does not allow, in words staff understand, and stores nothing', async () => {
    const courier = await place({ type: 'homedelivery' });
    await sync.refetch(courier.id);
    const number = `Order #${courier.order_number}`;
    expect(() => actions.enqueue({ kind: 'ready', orderId: courier.id })).toThrow(
      `${number} has not been accepted yet.`,
    );
    expect(() => actions.enqueue({ kind: 'confirm-preorder', orderId: courier.id })).toThrow(
      `${number} is not a pre-order: accept it instead.`,
    );
    expect(() => actions.enqueue({ kind: 'delivered', orderId: courier.id })).toThrow(
      `${number} goes with the platform's courier, who marks it delivered.`,
    );
    expect(() =>
      actions.enqueue({ kind: 'accept', orderId: 'nope', preparationMinutes: null }),
    ).toThrow('This order is not on this terminal.');
    expect(outbox.list()).toEqual([]);
    // Queued actions move what staff see at once; the next action checks against that.
    actions.enqueue({ kind: 'accept', orderId: courier.id, preparationMinutes: null });
    expect(orders.get(courier.id)).toMatchObject({
      status: 'PRODUCTION',
      platformStatus: 'CREATED',
    });
    expect(() => actions.enqueue({ kind: 'ready', orderId: courier.id })).not.toThrow();
    // The second tap of an Accept someone already made reads as what happened.
    expect(() =>
      actions.enqueue({ kind: 'accept', orderId: courier.id, preparationMinutes: null }),
    ).toThrow(`${number} is already ready.`);
  });
});

describe('order sync', () => {
  let seq = 0;
  /** What the relay client does with a notification it took: parse it once, into the inbox. */
  const notify = (type: string, orderId: string, extra: Record<string, unknown> = {}): string => {
    const id = randomUUID();
    seq += 1;
    const body = JSON.stringify({
      id,
      type,
      order: { id: orderId, venue_id: sandbox.demo.venueId, status: 'CREATED' },
      ...extra,
    });
    createNotificationInbox(db).receive(notificationSchema.parse(JSON.parse(body)), {
      relaySeq: seq,
      body,
      receivedAt: new Date().toISOString(),
    });
    return id;
  };
  const processed = (id: string) =>
    db.prepare('SELECT processed_at, error FROM notifications WHERE id = ?').get(id) as {
      processed_at: string | null;
      error: string | null;
    };

  it('fetches a notified order once, rings once, and folds courier news into it', async () => {
    const order = await place({ type: 'homedelivery' });
    notify('order.notification', order.id);
    notify('order.notification', order.id);
    await sync.drain();
    expect(orders.get(order.id)).toMatchObject({
      orderNumber: order.order_number,
      status: 'CREATED',
    });
    expect(arrived).toEqual([order.id]);
    const eta = new Date(Date.now() + 600_000).toISOString();
    notify('courier.notification', order.id, { courier_details: { courier_pickup_eta: eta } });
    notify('pickup_completed.notification', order.id, { details: { is_pickup_completed: true } });
    // An unknown type is kept, not acted on.
    const unknown = notify('venue.alert', order.id);
    await sync.drain();
    expect(orders.get(order.id)).toMatchObject({ courierPickupEta: eta, pickupCompleted: true });
    expect(processed(unknown).processed_at).not.toBeNull();
  });

  it('keeps a notification for an order the platform does not know, marked with why', async () => {
    const id = notify('order.notification', 'no-such-order');
    await sync.drain();
    expect(processed(id).processed_at).not.toBeNull();
    expect(processed(id).error).toMatch(/./);
    expect(problems).toHaveLength(1);
    expect(orders.has('no-such-order')).toBe(false);
  });

  it('reconciles: refetches open orders and reports when the latest statuses disagree', async () => {
    const order = await place({ type: 'takeaway' });
    await sync.refetch(order.id);
    // The platform moved on without a notification reaching the terminal.
    await client.acceptOrder(order.id, null);
    const status = await client.getVenueStatus(sandbox.demo.venueId);
    const result = await sync.reconcile(status);
    expect(result.refetched).toBeGreaterThanOrEqual(1);
    expect(orders.get(order.id)?.platformStatus).toBe('PRODUCTION');
    // The venue's latest statuses say PRODUCTION where the terminal still had CREATED.
    expect(result.mismatch).toBe(true);
  });
});

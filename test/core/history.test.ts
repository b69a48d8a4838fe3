// Order history through the core against the real sandbox and relay: an order's timeline as its
// flow wrote it (what arrived, what the platform confirmed, who did what on which terminal, each
// outbox try), and retention of customers' data over days of the platform's clock.
import { storedDetail, storedText } from '../../shared/refusals';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core, CoreOptions } from '../../main/core';
import type { Order } from '../../shared/domain';
import type { TimelineEntry } from '../../shared/history';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
let core: Core;

const start = async (options: Partial<CoreOptions> = {}): Promise<void> => {
  world = await startWorld();
  core = await world.startCore({ reconcileIntervalMs: 300, ...options });
  await world.connect(core);
  await waitFor(
    'relay connected',
    async () => (await core.api['status:get']({})).relay === 'connected',
  );
};
afterEach(async () => {
  await world.close();
});

const orderOf = async (id: string): Promise<Order | undefined> =>
  (await core.api['orders:list']({})).find((o) => o.id === id);
const settled = (id: string, status: Order['platformStatus']): Promise<Order> =>
  waitFor(`order ${status}`, async () => {
    const order = await orderOf(id);
    return order?.platformStatus === status && order.pending === null ? order : undefined;
  });

/** The timeline in short: kind, then what tells entries of that kind apart. */
const outline = (timeline: TimelineEntry[]): string[] =>
  timeline.map((entry) => {
    switch (entry.kind) {
      case 'received':
        return 'received';
      case 'status':
        return `status ${entry.status}`;
      case 'action':
        return `action ${entry.action}`;
      case 'attempt':
        return `attempt ${entry.action} ${entry.outcome}`;
      case 'print':
        return `print ${entry.document}`;
      case 'elsewhere':
        return `elsewhere ${entry.action} ${entry.terminal ?? ''}`;
    }
  });

describe('an order timeline', () => {
  it('records the whole flow: received, accepted with 15 min by staff here, each try, statuses the platform confirmed', async () => {
    await start();
    const placed = await world.placeOrder({ type: 'takeaway' });
    await waitFor('order stored', () => orderOf(placed.id));
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 15 });
    await settled(placed.id, 'PRODUCTION');
    await core.api['orders:ready']({ orderId: placed.id });
    await settled(placed.id, 'READY');
    await core.api['orders:delivered']({ orderId: placed.id });
    await settled(placed.id, 'DELIVERED');
    expect((await world.sandboxOrder(placed.id)).status).toBe('DELIVERED');

    const { order, timeline } = await core.api['history:order']({ orderId: placed.id });
    expect(order).toMatchObject({ id: placed.id, platformStatus: 'DELIVERED' });
    expect(outline(timeline)).toEqual([
      'received',
      'action accept',
      'status PRODUCTION',
      'attempt accept done',
      'action ready',
      'status READY',
      'attempt ready done',
      'action delivered',
      'status DELIVERED',
      'attempt delivered done',
    ]);
    const accept = timeline.find((e) => e.kind === 'action' && e.action === 'accept');
    expect(accept).toMatchObject({
      by: 'staff',
      terminal: hostname(),
      preparationMinutes: 15,
      reason: null,
    });
    // Each try names its action, and the times only move forward.
    const attempts = timeline.filter((e) => e.kind === 'attempt');
    const actions = timeline.filter((e) => e.kind === 'action');
    expect(attempts.map((a) => a.actionId)).toEqual(actions.map((a) => a.actionId));
    const times = timeline.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    await expect(core.api['history:order']({ orderId: 'no-such-order' })).rejects.toMatchObject({
      bridge: { code: 'not-found' },
    });
  });

  it("names Countertop's auto-accept as the one who accepted", async () => {
    await start();
    await core.api['orders:configure']({ autoAccept: true });
    const placed = await world.placeOrder({ type: 'takeaway' });
    await settled(placed.id, 'PRODUCTION');
    const { timeline } = await core.api['history:order']({ orderId: placed.id });
    expect(timeline.find((e) => e.kind === 'action')).toMatchObject({
      action: 'accept',
      by: 'auto',
      terminal: hostname(),
    });
  });

  it('shows a temporary failure and the success after it as two tries of one action', async () => {
    // A long backoff: the second try waits for the platform to answer again, which wakes it.
    await start({ backoff: { baseMs: 600_000, capMs: 600_000 } });
    const placed = await world.placeOrder({ type: 'takeaway' });
    await waitFor('order stored', () => orderOf(placed.id));
    await world.faults({ error_rate: 1 });
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    const triesOf = async () =>
      (await core.api['history:order']({ orderId: placed.id })).timeline.filter(
        (e) => e.kind === 'attempt',
      );
    await waitFor('the first try failed', async () =>
      (await triesOf()).length > 0 ? true : false,
    );
    await world.faults({ error_rate: 0 });
    await settled(placed.id, 'PRODUCTION');

    const tries = await triesOf();
    expect(tries).toEqual([
      expect.objectContaining({ action: 'accept', outcome: 'retrying', error: expect.any(String) }),
      expect.objectContaining({ action: 'accept', outcome: 'done', error: null }),
    ]);
    // Kept as a code the screen words in its language; the platform's own words only as details.
    const kept = tries[0]?.error ?? '';
    expect(storedText(kept, 'en')).toBe('The platform has a problem right now.');
    expect(storedText(kept, 'fi')).toBe('Alustalla on nyt ongelma.');
    expect(storedDetail(kept)).toMatch(/unavailable/i);
  });
});

describe('retention', () => {
  it("removes old orders' customers but keeps the orders, keeps recent ones, and says so in the audit", async () => {
    await start();
    const first = await world.placeOrder({ type: 'takeaway' });
    const old = await waitFor('old order stored', () => orderOf(first.id));
    expect(old.consumerName).toEqual(expect.any(String));
    await core.api['orders:accept']({ orderId: first.id, preparationMinutes: null });
    await settled(first.id, 'PRODUCTION');
    await core.api['orders:ready']({ orderId: first.id });
    await settled(first.id, 'READY');
    await core.api['orders:delivered']({ orderId: first.id });
    await settled(first.id, 'DELIVERED');
    await waitFor('its arrival told to the platform', async () =>
      (await core.api['outbox:list']({})).some(
        (e) =>
          e.kind === 'sent-to-pos' &&
          e.facts.orderNumber === first.order_number &&
          e.state === 'done',
      ),
    );

    await world.advance(2 * 24 * 3600);
    const second = await world.placeOrder({ type: 'takeaway' });
    const recent = await waitFor('recent order stored', () => orderOf(second.id));
    await core.api['orders:reject']({ orderId: second.id, reason: 'Out of dough' });
    await settled(second.id, 'REJECTED');

    expect(await core.api['history:configure']({ retentionDays: 1 })).toEqual({ retentionDays: 1 });
    const gone = (await core.api['history:order']({ orderId: first.id })).order;
    expect(gone).toMatchObject({
      platformStatus: 'DELIVERED',
      consumerName: null,
      consumerPhone: null,
      consumerComment: null,
    });
    expect((await core.api['history:order']({ orderId: second.id })).order).toMatchObject({
      consumerName: recent.consumerName,
      consumerPhone: recent.consumerPhone,
    });
    const byName = await core.api['history:search']({
      text: old.consumerName ?? '',
      limit: 50,
    });
    expect(byName.orders.map((o) => o.id)).not.toContain(first.id);

    const entry = (await core.api['audit:list']({ limit: 50 })).find(
      (e) => e.action === 'retention' && /orders 1/.test(e.detail ?? ''),
    );
    // Its accept, ready and handover, and its arrival's "sent to POS".
    expect(entry?.detail).toMatch(/older than 1 days .*orders 1, deliveries 0, outbox payloads 4/);
    expect(JSON.stringify(await core.api['audit:list']({ limit: 200 }))).not.toContain(
      old.consumerPhone ?? 'no phone',
    );

    await expect(core.api['history:configure']({ retentionDays: 0 })).rejects.toMatchObject({
      bridge: { code: 'invalid-request' },
    });
    expect(await core.api['history:settings']({})).toEqual({ retentionDays: 1 });
  });
});

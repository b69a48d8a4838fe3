// The core through the bad moments of a shift: the network gone, notifications duplicated,
// reordered or lost, tokens expiring mid-burst, consent withdrawn, the app restarted.
import { createHmac, randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { startRelay } from '../../relay/server';
import { createTerminal } from '../../relay/terminals';
import type { OrderStatus } from '../../shared/domain';
import type { World } from './harness';
import { notificationRow, waitFor } from './harness';
import { eachConnectedWorld, listedOrder } from './connected-world';
import { storedText } from '../../shared/refusals';

let world: World;
let core: Core;

eachConnectedWorld((w, c) => {
  world = w;
  core = c;
});

const orderOf = (id: string) => listedOrder(core, id);
const placeAndStore = async (count: number, type: 'takeaway' | 'homedelivery' = 'takeaway') => {
  const placed = await Promise.all(Array.from({ length: count }, () => world.placeOrder({ type })));
  await waitFor('orders stored', async () => {
    const list = await core.api['orders:list']({});
    return placed.every((p) => list.some((o) => o.id === p.id));
  });
  return placed;
};
type Sent = {
  id: string;
  type: string;
  body: { order?: { id?: string; status?: string } };
  delivered: boolean;
  dropped: 'fault' | 'retries' | 'no-webhook' | null;
};
const notifications = async (): Promise<Sent[]> =>
  (await world.control<Sent[]>('GET', '/notifications')).json;

describe('core resilience', () => {
  it('network cut mid-shift: accepts and readies wait, then arrive once each and in order', async () => {
    const placed = await placeAndStore(4);
    await world.faults({ error_rate: 1 });
    for (const p of placed)
      await core.api['orders:accept']({ orderId: p.id, preparationMinutes: null });
    for (const p of placed) await core.api['orders:ready']({ orderId: p.id });
    // Staff see their actions at once, as waiting.
    const local = await core.api['orders:list']({});
    expect(placed.map((p) => local.find((o) => o.id === p.id)?.status)).toEqual(
      placed.map(() => 'READY'),
    );
    const cut = await waitFor('platform unreachable', async () => {
      const status = await core.api['status:get']({});
      return status.platform === 'unreachable' ? status : undefined;
    });
    // Why, as the code the screen words (the platform's 503); its text stays for the log.
    expect(cut.platformWhy).toBe('busy');
    // The staff's eight actions wait; each arrival's "sent to POS" mark may wait beside them.
    const ids = new Set(placed.map((p) => p.id));
    const entries = await core.api['outbox:list']({});
    const staffActions = entries.filter((e) => ids.has(e.subject));
    expect(staffActions.map((e) => e.kind).sort()).toEqual(
      placed.flatMap(() => ['accept', 'ready']).sort(),
    );
    expect(staffActions.filter((e) => e.state === 'done' || e.state === 'failed')).toEqual([]);
    expect(entries.filter((e) => e.state === 'failed')).toEqual([]);
    for (const p of placed) expect((await world.sandboxOrder(p.id)).status).toBe('CREATED');
    // An order placed during the cut is announced by the relay but cannot be fetched yet.
    const duringCut = await world.placeOrder();
    await waitFor('a failed fetch of the order placed during the cut', () => {
      const row = notificationRow(world, duringCut.id);
      return row && row.attempts > 0 && row.error !== null && row.processed_at === null;
    });
    expect(await orderOf(duringCut.id)).toBeUndefined();

    await world.faults({ error_rate: 0 });
    await waitFor('order of the cut fetched', () => orderOf(duringCut.id), 5_000);
    await waitFor(
      'all ready on the platform',
      async () => {
        const states = await Promise.all(placed.map((p) => world.sandboxOrder(p.id)));
        return states.every((s) => s.status === 'READY');
      },
      15_000,
    );
    await waitFor(
      'outbox drained',
      async () => (await core.api['status:get']({})).outboxWaiting === 0,
    );
    const sent = await notifications();
    for (const p of placed) {
      const statuses = sent
        .filter((n) => n.type === 'order.notification' && n.body.order?.id === p.id)
        .map((n) => n.body.order?.status);
      expect(statuses).toEqual(['CREATED', 'PRODUCTION', 'READY']);
    }
    const failed = (await core.api['outbox:list']({})).filter((e) => e.state === 'failed');
    expect(failed).toEqual([]);
  });

  it('duplicated and reordered notifications never ring twice nor move an order backwards', async () => {
    const seen: OrderStatus[] = [];
    const rings: string[] = [];
    const [placed] = await placeAndStore(1);
    if (!placed) throw new Error('no order');
    core.on('orders:arrived', ({ orderId }) => rings.push(orderId));
    core.on('orders:changed', ({ orders }) => {
      const o = orders.find((x) => x.id === placed.id);
      if (o) seen.push(o.platformStatus);
    });
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await core.api['orders:ready']({ orderId: placed.id });
    await waitFor('ready', async () => (await orderOf(placed.id))?.platformStatus === 'READY');

    // Stale notifications arrive late, newest first, each twice: signed like the platform's.
    const secret = world.sandbox.webhookSecret;
    for (const status of ['READY', 'PRODUCTION', 'CREATED']) {
      const body = JSON.stringify({
        id: randomUUID(),
        type: 'order.notification',
        order: {
          id: placed.id,
          venue_id: world.sandbox.demo.venueId,
          status,
          resource_url: `${world.sandbox.posUrl}/orders/${placed.id}`,
        },
        created_at: new Date().toISOString(),
      });
      const signature = createHmac('sha256', secret).update(body).digest('hex');
      for (let i = 0; i < 2; i += 1) {
        const r = await fetch(`${world.relay.url}/hooks/marketplace`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'platform-signature': signature },
          body,
        });
        expect(r.status).toBe(200);
      }
    }
    // A forged one (wrong signature) is refused by the relay; the core would refuse it too.
    await waitFor('stale notifications processed', () => {
      const db = new BetterSqlite3(join(world.dir, 'core', 'countertop.db'), { readonly: true });
      try {
        const row = db
          .prepare('SELECT COUNT(*) AS n FROM notifications WHERE processed_at IS NULL')
          .get() as { n: number };
        const all = db.prepare('SELECT COUNT(*) AS n FROM notifications').get() as { n: number };
        return row.n === 0 && all.n >= 6;
      } finally {
        db.close();
      }
    });
    expect((await orderOf(placed.id))?.platformStatus).toBe('READY');
    expect(rings).toEqual([]);
    const rank = { CREATED: 0, PRODUCTION: 1, READY: 2, DELIVERED: 3, REJECTED: 3, CANCELED: 3 };
    for (let i = 1; i < seen.length; i += 1)
      expect(rank[seen[i] as OrderStatus]).toBeGreaterThanOrEqual(rank[seen[i - 1] as OrderStatus]);
  });

  it('replayed relay events after a restart are de-duplicated by notification id', async () => {
    const rings: string[] = [];
    await placeAndStore(2);
    await core.close();
    // Rewind the cursor: the relay hands over every event again.
    const db = new BetterSqlite3(join(world.dir, 'core', 'countertop.db'));
    const before = (db.prepare('SELECT COUNT(*) AS n FROM notifications').get() as { n: number }).n;
    db.prepare('UPDATE relay_cursor SET seq = 0').run();
    db.close();
    core = await world.startCore();
    core.on('orders:arrived', ({ orderId }) => rings.push(orderId));
    await waitFor(
      'relay connected',
      async () => (await core.api['status:get']({})).relay === 'connected',
    );
    const third = await world.placeOrder();
    await waitFor('new order rings', () => rings.includes(third.id));
    expect(rings).toEqual([third.id]);
    const after = new BetterSqlite3(join(world.dir, 'core', 'countertop.db'), { readonly: true });
    expect(
      (after.prepare('SELECT COUNT(*) AS n FROM notifications').get() as { n: number }).n,
    ).toBe(before + 1);
    after.close();
  });

  it('a dropped notification is healed by the reconcile', async () => {
    const [placed] = await placeAndStore(1, 'homedelivery');
    if (!placed) throw new Error('no order');
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await waitFor(
      'accepted',
      async () => (await orderOf(placed.id))?.platformStatus === 'PRODUCTION',
    );
    await world.faults({ drop_webhooks: 1 });
    await world.control('POST', `/orders/${placed.id}/courier`, { event: 'delivered' });
    await waitFor('the DELIVERED notification dropped', async () =>
      (await notifications()).some(
        (n) =>
          n.body.order?.id === placed.id &&
          n.body.order.status === 'DELIVERED' &&
          n.dropped === 'fault',
      ),
    );
    // The stream never carried DELIVERED (dropped above), so only a reconcile can bring it: this
    // one, or one the core ran by itself meanwhile (a relay reconnect under load also reconciles).
    const venue = await core.api['venue:refresh']({});
    expect(venue).toMatchObject({ venueId: world.sandbox.demo.venueId, isOnline: true });
    expect((await orderOf(placed.id))?.platformStatus).toBe('DELIVERED');
  });

  it('the relay going away shows in the status; on its return the core reconciles what it missed', async () => {
    const [placed] = await placeAndStore(1, 'homedelivery');
    if (!placed) throw new Error('no order');
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await waitFor(
      'accepted',
      async () => (await orderOf(placed.id))?.platformStatus === 'PRODUCTION',
    );
    const port = Number(new URL(world.relay.url).port);
    await world.relay.close();
    const down = await waitFor('relay disconnected', async () => {
      const s = await core.api['status:get']({});
      return s.relay === 'disconnected' ? s : undefined;
    });
    expect(down.relayError).toMatch(/unreachable|did not answer/);
    expect(['offline', 'slow']).toContain(down.relayWhy);
    // Meanwhile the courier delivers; the platform gives up on the notification.
    await world.faults({ drop_webhooks: 1 });
    await world.control('POST', `/orders/${placed.id}/courier`, { event: 'delivered' });
    world.relay = await startRelay({
      port,
      dbPath: world.relayDb,
      marketplaceSecrets: [world.sandbox.webhookSecret],
    });
    await waitFor(
      'relay back',
      async () => (await core.api['status:get']({})).relay === 'connected',
      15_000,
    );
    await waitFor(
      'healed by the reconcile on reconnect',
      async () => (await orderOf(placed.id))?.platformStatus === 'DELIVERED',
    );
  });

  it('a relay whose database was replaced: the core reads the new log from the start, losing nothing', async () => {
    const rings: string[] = [];
    core.on('orders:arrived', ({ orderId }) => rings.push(orderId));
    const before = await placeAndStore(3);
    const coreDb = join(world.dir, 'core', 'countertop.db');
    const cursorRow = () => {
      const db = new BetterSqlite3(coreDb, { readonly: true });
      try {
        return db.prepare('SELECT seq, log_id, seq_offset FROM relay_cursor').get() as {
          seq: number;
          log_id: string | null;
          seq_offset: number;
        };
      } finally {
        db.close();
      }
    };
    const old = cursorRow();
    expect(old.seq).toBeGreaterThanOrEqual(3);
    expect(old.log_id).not.toBeNull();
    const port = Number(new URL(world.relay.url).port);
    await world.relay.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${world.relayDb}${suffix}`, { force: true });
    // A new, empty database on the same address: seq starts again at 1, under the core's cursor.
    world.relay = await startRelay({
      port,
      dbPath: world.relayDb,
      marketplaceSecrets: [world.sandbox.webhookSecret],
    });
    const terminal = createTerminal(world.relayDb, [world.sandbox.demo.venueId]);
    await world.connect(core, { terminalKey: terminal.key });
    await waitFor(
      'relay connected',
      async () => (await core.api['status:get']({})).relay === 'connected',
    );
    const after = await placeAndStore(2);
    expect(rings.sort()).toEqual([...before, ...after].map((o) => o.id).sort());
    const audit = await core.api['audit:list']({ limit: 100 });
    expect(audit.filter((e) => e.action === 'relay' && e.outcome === 'log-changed')).toHaveLength(
      1,
    );
    const served = await fetch(`${world.relay.url}/v1/events?wait=0`, {
      headers: { authorization: `Bearer ${terminal.key}` },
    });
    const { log_id: newLogId } = (await served.json()) as { log_id: string };
    expect(newLogId).not.toBe(old.log_id);
    // The new log's seqs sit after the old ones locally, so no inbox row collides.
    expect(cursorRow()).toMatchObject({ log_id: newLogId, seq_offset: old.seq });
  });

  it('token expiry during a burst of actions: one refresh, every action delivered', async () => {
    await core.close();
    // The terminal's clock stays real while sandbox time jumps: the platform answers 401.
    core = await world.startCore({ now: () => new Date() });
    const placed = await placeAndStore(12);
    await world.advance(3700);
    await Promise.all(
      placed.map((p) => core.api['orders:accept']({ orderId: p.id, preparationMinutes: null })),
    );
    await waitFor('all accepted', async () => {
      const states = await Promise.all(placed.map((p) => world.sandboxOrder(p.id)));
      return states.every((s) => s.status === 'PRODUCTION');
    });
    const status = await core.api['status:get']({});
    expect(status.needsReconnect).toBe(false);
    const audit = await core.api['audit:list']({ limit: 200 });
    expect(audit.filter((a) => a.action === 'token-refresh')).toEqual([]);
  });

  it('consent withdrawal: reconnect needed, queued actions kept and sent after reconnecting', async () => {
    const [placed] = await placeAndStore(1);
    if (!placed) throw new Error('no order');
    await world.control('POST', `/venues/${world.sandbox.demo.venueId}/withdraw-consent`, {});
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 15 });
    const status = await waitFor('needs reconnect', async () => {
      const s = await core.api['status:get']({});
      return s.needsReconnect ? s : undefined;
    });
    // Why, as a code the screen words: the platform refused the venue's sign-in.
    expect(status.reconnectWhy).toBe('refused');
    // The staff's accept waits, not failed. The order's "sent to POS" mark, queued when it was
    // stored, may still wait beside it (under load it is not sent before consent goes): it is the
    // only other row allowed, and it must wait too, not fail.
    const unsent = (await core.api['outbox:list']({})).filter((e) => e.state !== 'done');
    expect(unsent.filter((e) => e.subject === placed.id).map((e) => [e.kind, e.state])).toEqual([
      ['accept', expect.stringMatching(/^(pending|sending)$/)],
    ]);
    expect([[], [`sent-to-pos:${placed.id}`]]).toContainEqual(
      unsent.filter((e) => e.subject !== placed.id).map((e) => e.subject),
    );
    expect(unsent.filter((e) => e.state === 'failed')).toEqual([]);
    expect(status.outboxFailed).toBe(0);
    expect((await world.sandboxOrder(placed.id)).status).toBe('CREATED');
    // Staff can keep working meanwhile; the action waits with the others.
    await core.api['orders:ready']({ orderId: placed.id });
    await world.connect(core);
    await waitFor(
      'sent after reconnect',
      async () => (await world.sandboxOrder(placed.id)).status === 'READY',
    );
    // Every kept action went once reconnected, the mark too: none waits, none failed.
    await waitFor('outbox drained', async () => {
      const s = await core.api['status:get']({});
      return s.outboxWaiting === 0 && s.outboxFailed === 0;
    });
    expect((await core.api['status:get']({})).needsReconnect).toBe(false);
  });

  it('actions queued while offline survive an app restart and are sent after it', async () => {
    const [placed] = await placeAndStore(1);
    if (!placed) throw new Error('no order');
    await world.faults({ error_rate: 1 });
    const { actionId } = await core.api['orders:accept']({
      orderId: placed.id,
      preparationMinutes: null,
    });
    await core.close();
    core = await world.startCore();
    expect((await core.api['outbox:list']({})).find((e) => e.id === actionId)).toMatchObject({
      state: expect.stringMatching(/pending|sending/),
    });
    expect((await orderOf(placed.id))?.status).toBe('PRODUCTION');
    await world.faults({ error_rate: 0 });
    await waitFor(
      'sent after restart',
      async () => (await world.sandboxOrder(placed.id)).status === 'PRODUCTION',
    );
    await waitFor(
      'done',
      async () =>
        (await core.api['outbox:list']({})).find((e) => e.id === actionId)?.state === 'done',
    );
  });

  it('a permanent failure is visible with the reason and can be discarded', async () => {
    const [placed] = await placeAndStore(1);
    if (!placed) throw new Error('no order');
    await world.faults({ drop_webhooks: 1 });
    await world.control('POST', `/orders/${placed.id}/cancel`);
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    const failed = await waitFor('failed', async () =>
      (await core.api['outbox:list']({})).find((e) => e.state === 'failed'),
    );
    expect(storedText(failed.error ?? '', 'en')).toBe(
      `The platform refused: Order #${placed.order_number} was cancelled by the platform.`,
    );
    const order = await orderOf(placed.id);
    expect(order?.pending).toMatchObject({ state: 'failed' });
    expect(order?.status).toBe(order?.platformStatus);
    await core.api['outbox:discard']({ actionId: failed.id });
    expect((await orderOf(placed.id))?.pending).toBeNull();
    expect((await core.api['status:get']({})).outboxFailed).toBe(0);
  });
});

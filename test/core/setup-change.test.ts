// After setup: Change connection moves a terminal to another relay without a new code, and
// Disconnect resets it (staff PIN; no venue secret left in the keychain, no customer's data in
// the database).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRefusal, storedText } from '../../shared/refusals';
import type { Core } from '../../main/core';
import { SECRET_NAMES } from '../../main/secrets/secret-store';
import { ServiceError } from '../../main/service-error';
import type { Relay } from '../../relay/server';
import { startRelay } from '../../relay/server';
import { createTerminal } from '../../relay/terminals';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
let core: Core;
let second: Relay | null = null;

beforeAll(async () => {
  world = await startWorld();
  core = await world.startCore();
  await world.connect(core);
});
afterAll(async () => {
  await second?.close();
  await world?.close();
});

const refused = async (call: Promise<unknown>): Promise<ServiceError['bridge']> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceError) return error.bridge;
    throw error;
  }
  throw new Error('the call succeeded where it should have been refused');
};

const orderArrives = async (orderId: string): Promise<void> => {
  await waitFor(`order ${orderId} on the terminal`, async () =>
    (await core.api['orders:list']({})).some((o) => o.id === orderId),
  );
};

describe('change connection and disconnect', () => {
  it('moves the terminal to another relay without a new code, refusing a wrong key first', async () => {
    await waitFor(
      'relay connected',
      async () => (await core.api['status:get']({})).relay === 'connected',
    );
    second = await startRelay({
      dbPath: join(world.dir, 'relay-2.db'),
      marketplaceSecrets: [world.sandbox.webhookSecret],
      maxWaitSeconds: 25,
    });
    const key = createTerminal(join(world.dir, 'relay-2.db'), [world.sandbox.demo.venueId]).key;

    const wrong = await refused(
      core.api['setup:change']({ relayUrl: second.url, terminalKey: 'not-a-key' }),
    );
    expect(wrong.issues?.map((i) => i.path)).toEqual(['terminalKey']);
    expect((await core.api['setup:get']({})).relayUrl).toBe(world.relayUrl);
    const otherVenue = createTerminal(join(world.dir, 'relay-2.db'), ['another-venue']).key;
    const mismatch = await refused(
      core.api['setup:change']({ relayUrl: second.url, terminalKey: otherVenue }),
    );
    // The field's refusal is a code, worded by the screen in its language.
    const said = mismatch.issues?.[0]?.message ?? '';
    expect(decodeRefusal(said)?.key).toBe('setup-key-other-venue');
    expect(storedText(said, 'en')).toMatch(/another venue/);

    const changed = await core.api['setup:change']({ relayUrl: second.url, terminalKey: key });
    expect(changed).toMatchObject({ configured: true, relayUrl: second.url });
    expect(await world.secrets.get('terminal-key')).toBe(key);
    // The platform now notifies the new relay; the terminal reads it with the same tokens.
    await world.control('POST', '/webhook', { url: `${second.url}/hooks/marketplace` });
    await waitFor(
      'relay connected',
      async () => (await core.api['status:get']({})).relay === 'connected',
    );
    const order = await world.placeOrder();
    await orderArrives(order.id);
    const audit = await core.api['audit:list']({ limit: 50 });
    expect(audit.some((e) => e.action === 'connection' && e.outcome === 'changed')).toBe(true);
  });

  it('disconnects only with the staff PIN, and leaves no venue secret and no customer data', async () => {
    const order = await world.placeOrder({ type: 'homedelivery' });
    await orderArrives(order.id);
    const stored = (await core.api['orders:list']({})).find((o) => o.id === order.id)!;
    const personal = [stored.consumerName, stored.consumerPhone].filter(
      (v): v is string => typeof v === 'string' && v.length >= 4,
    );
    expect(personal.length).toBeGreaterThan(0);
    await core.api['machine:set']({ pin: '4321' });
    // The platform fails for now: the accept waits in the outbox.
    await world.faults({ error_rate: 1 });
    await core.api['orders:accept']({ orderId: order.id, preparationMinutes: 20 });
    await waitFor('the accept waiting', async () => {
      const status = await core.api['status:get']({});
      return status.outboxWaiting + status.outboxFailed > 0;
    });

    expect((await refused(core.api['setup:disconnect']({ pin: '1111' }))).message).toMatch(
      /PIN is not right/,
    );
    expect((await core.api['setup:get']({})).configured).toBe(true);
    // What still waits to be sent is dropped only when staff confirm it.
    const waiting = await refused(core.api['setup:disconnect']({ pin: '4321' }));
    expect(waiting).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/not reached/),
    });
    expect((await core.api['setup:get']({})).configured).toBe(true);
    await core.api['setup:disconnect']({ pin: '4321', discardWaiting: true });
    await world.faults({ error_rate: 0 });

    expect(await core.api['setup:get']({})).toMatchObject({ configured: false, venueId: null });
    expect((await core.api['status:get']({})).relay).toBe('unconfigured');
    for (const name of SECRET_NAMES) {
      if (name === 'staff-pin') continue; // the machine's, not the venue's
      expect(await world.secrets.get(name), name).toBeNull();
    }
    expect(await world.secrets.get('staff-pin')).not.toBeNull();
    expect(await core.api['orders:list']({})).toEqual([]);

    const dbPath = join(world.dir, 'core', 'countertop.db');
    const db = new BetterSqlite3(dbPath, { readonly: true });
    try {
      for (const table of [
        'orders',
        'order_events',
        'notifications',
        'outbox',
        'deliveries',
        'delivery_inbox',
        'relay_cursor',
      ]) {
        const { n } = db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number };
        expect(n, table).toBe(0);
      }
      const settings = db.prepare('SELECT key FROM settings').all() as Array<{ key: string }>;
      expect(settings.map((s) => s.key)).not.toContain('connection');
      expect(settings.map((s) => s.key)).not.toContain('auth');
    } finally {
      db.close();
    }
    // Not in a table, and not in a free page or the write-ahead log either.
    for (const file of [dbPath, `${dbPath}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file);
      for (const value of personal) expect(bytes.includes(Buffer.from(value)), value).toBe(false);
    }
  });
});

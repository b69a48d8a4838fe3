// The relay client against real relays whose event log is replaced under it: the cursor belongs
// to one log, and the events of a new log are neither skipped nor dropped as seq collisions.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { RelayClient } from '../../main/relay-client/relay-client';
import { readCursor, startRelayClient } from '../../main/relay-client/relay-client';
import type { Database } from '../../main/storage/database';
import { openDatabase } from '../../main/storage/database';
import type { Relay } from '../../relay/server';
import { startRelay } from '../../relay/server';
import { createTerminal } from '../../relay/terminals';
import {
  DELIVERY_SECRET,
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postDelivery,
  postMarketplace,
  putDeliverySecret,
  sign,
  tempDir,
} from '../../relay/testing/test-support';
import { waitFor } from './harness';

const VENUE = 'v-log';

const deliveryToken = (id: string): Promise<string> =>
  new SignJWT({
    type: 'order.received',
    // As the delivery service signs it: just now, and nothing beyond its payload.
    dispatched_at: new Date().toISOString(),
    details: { id, venue_id: VENUE, platform_order_reference_id: `ref-${id}` },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DELIVERY_SECRET));

type LogChange = { previousLogId: string; logId: string; cursor: number };

describe('relay client and the relay event log', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const setUp = () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const db = openDatabase(join(dir.dir, 'core.db'));
    cleanup.push(() => {
      db.close();
    });
    return { relayDb: dir.dbPath, db };
  };
  const relayOn = async (dbPath: string, port = 0): Promise<Relay> => {
    const relay = await startRelay({
      dbPath,
      port,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    cleanup.push(() => relay.close());
    return relay;
  };
  const clientOf = (db: Database, relay: Relay, terminalKey: string, changes: LogChange[]) => {
    const client: RelayClient = startRelayClient({
      db,
      relayUrl: relay.url,
      terminalKey,
      waitSeconds: 1,
      backoff: { baseMs: 20, capMs: 100 },
      onState: () => undefined,
      onCommitted: () => undefined,
      onReconnected: () => undefined,
      onLogChanged: (change) => changes.push(change),
    });
    cleanup.push(() => client.stop());
    return client;
  };
  const send = async (relay: Relay, id: string) => {
    const body = orderNotification(`n-${id}`, VENUE);
    expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
      200,
    );
    expect((await postDelivery(relay.url, VENUE, await deliveryToken(`d-${id}`))).status).toBe(200);
  };
  /** A terminal of the venue on this relay, which has handed over the venue's delivery secret. */
  const terminalOn = async (relay: Relay, relayDb: string): Promise<string> => {
    const { key } = createTerminal(relayDb, [VENUE]);
    const answer = await putDeliverySecret(relay.url, key, {
      venue_id: VENUE,
      secret: DELIVERY_SECRET,
    });
    expect(answer.status).toBe(204);
    return key;
  };
  const inbox = (db: Database) => ({
    notifications: db
      .prepare('SELECT id FROM notifications ORDER BY relay_seq')
      .pluck()
      .all() as string[],
    deliveries: db
      .prepare('SELECT relay_seq FROM delivery_inbox ORDER BY relay_seq')
      .pluck()
      .all() as number[],
  });

  it('reads a replaced log from the start and keeps its events apart from the old ones', async () => {
    const { relayDb, db } = setUp();
    const changes: LogChange[] = [];
    const first = await relayOn(relayDb);
    const firstKey = await terminalOn(first, relayDb);
    const firstLog = (await poll(first.url, firstKey)).logId;
    const firstClient = clientOf(db, first, firstKey, changes);
    await send(first, 'a');
    await waitFor('first events committed', () => inbox(db).deliveries.length === 1);
    // The first answer adopted the relay's log for the cursor, with nothing replayed.
    expect(readCursor(db)).toEqual({ seq: 2, logId: firstLog, seqOffset: 0 });
    await firstClient.stop();

    const port = Number(new URL(first.url).port);
    await first.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${relayDb}${suffix}`, { force: true });
    const second = await relayOn(relayDb, port);
    const secondKey = await terminalOn(second, relayDb);
    // Same seqs 1 and 2 again, under the client's cursor 2.
    await send(second, 'b');
    const secondLog = (await poll(second.url, secondKey)).logId;
    expect(secondLog).not.toBe(firstLog);
    clientOf(db, second, secondKey, changes);

    await waitFor('new log read from the start', () => inbox(db).deliveries.length === 2);
    expect(inbox(db)).toEqual({ notifications: ['n-a', 'n-b'], deliveries: [2, 4] });
    expect(changes).toEqual([{ previousLogId: firstLog, logId: secondLog, cursor: 2 }]);
    expect(readCursor(db)).toEqual({ seq: 2, logId: secondLog, seqOffset: 2 });
  });

  it('a cursor from before log ids adopts the relay log and keeps its place', async () => {
    const { relayDb, db } = setUp();
    const changes: LogChange[] = [];
    const relay = await relayOn(relayDb);
    const key = await terminalOn(relay, relayDb);
    await send(relay, 'old');
    await send(relay, 'new');
    // Seqs 1-2 were read by a version without log ids.
    db.prepare('INSERT INTO relay_cursor (id, seq) VALUES (1, 2)').run();
    clientOf(db, relay, key, changes);
    await waitFor('later events committed', () => inbox(db).deliveries.length === 1);
    expect(inbox(db)).toEqual({ notifications: ['n-new'], deliveries: [4] });
    expect(readCursor(db)).toEqual({
      seq: 4,
      logId: (await poll(relay.url, key)).logId,
      seqOffset: 0,
    });
    expect(changes).toEqual([]);
  });
});

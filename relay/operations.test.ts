import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { startRelay } from './server';
import { describeEachStore, type TestStore } from './testing/store-fixture';
import { createTerminalsAt, listTerminalsAt } from './terminals';
import {
  MARKETPLACE_SECRET,
  collect,
  orderNotification,
  poll,
  pollsOpen,
  postMarketplace,
  runCli,
  send,
  sign,
  spawnRelay,
  tempDir,
  watchAcceptedSockets,
} from './testing/test-support';

const HOUR = 3_600_000;
const env = { RELAY_MARKETPLACE_SECRETS: MARKETPLACE_SECRET };

const createTerminal = async (location: string, venueIds: string[]) =>
  (await createTerminalsAt(location, [{ venueIds }]))[0] as { id: string; key: string };

/** One text column of the store, read with the store's own client (`sql` selects one column). */
async function storedColumn(
  kind: TestStore['kind'],
  location: string,
  sql: string,
): Promise<string[]> {
  if (kind === 'sqlite') {
    const db = new Database(location, { readonly: true });
    try {
      return db.prepare(sql).pluck().all() as string[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const { rows } = await client.query<string[]>({ text: sql, rowMode: 'array' });
    return rows.map((row) => row[0] as string);
  } finally {
    await client.end();
  }
}

describeEachStore('relay operations', (store) => {
  const dir = () => store.fresh();

  it('keeps events for 72 hours, prunes them after (periodically), and never reuses a seq', async () => {
    const { location, options } = await dir();
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const relay = await startRelay({
      ...options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      now: () => clock,
      pruneIntervalMs: 20,
    });
    // Read from the store, not polled: polls would spend the key's rate limit, which the frozen
    // clock never refills.
    const storedIds = () => storedColumn(store.kind, location, 'SELECT event_id FROM events');
    try {
      const key = (await createTerminal(location, ['v-ret'])).key;
      const old = orderNotification('old', 'v-ret');
      expect((await postMarketplace(relay.url, old, sign(old, MARKETPLACE_SECRET))).status).toBe(
        200,
      );
      clock += 71 * HOUR;
      expect(await relay.prune()).toBe(0);
      const kept = await poll(relay.url, key);
      expect(kept.events.map((e) => e.body)).toEqual([old]);
      const fresh = orderNotification('fresh', 'v-ret');
      expect(
        (await postMarketplace(relay.url, fresh, sign(fresh, MARKETPLACE_SECRET))).status,
      ).toBe(200);

      clock += 2 * HOUR; // old is now 73 h old, fresh 2 h
      // Nothing but the periodic prune deletes it.
      await waitFor(async () => !(await storedIds()).includes('old'), {
        message: 'the periodic prune to delete the 73 h old event',
      });
      const after = await poll(relay.url, key);
      expect(after.events.map((e) => e.body)).toEqual([fresh]);
      expect(after.events[0]?.seq).toBeGreaterThan(kept.events[0]?.seq ?? Infinity);

      clock += 80 * HOUR;
      // Every event pruned, so only the store's sequence can keep the next seq above the last.
      // An explicit prune waits for a periodic one (begun before the clock moved) that holds the
      // prune lock, then prunes with the new time: nothing is left when it returns.
      await relay.prune();
      expect(await storedIds()).toEqual([]);
      const next = orderNotification('next', 'v-ret');
      expect((await postMarketplace(relay.url, next, sign(next, MARKETPLACE_SECRET))).status).toBe(
        200,
      );
      const last = await poll(relay.url, key);
      expect(last.events[0]?.seq).toBeGreaterThan(after.events[0]?.seq ?? Infinity);
    } finally {
      await relay.close();
    }
    await expect(
      startRelay({
        ...options,
        marketplaceSecrets: [MARKETPLACE_SECRET],
        retentionHours: 24,
      }),
    ).rejects.toThrow(/at least 72/);
  });

  it('names its event log: one log_id in every answer, kept across restarts, another for a new file or after renew-log-id', async () => {
    const options = { marketplaceSecrets: [MARKETPLACE_SECRET] };
    const first = await dir();
    const key = (await createTerminal(first.location, ['v-log'])).key;
    const post = async (url: string, id: string) => {
      const body = orderNotification(id, 'v-log');
      expect((await postMarketplace(url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(200);
    };

    let relay = await startRelay({ ...first.options, ...options });
    const empty = await poll(relay.url, key, { wait: 0 });
    expect(empty.logId).toMatch(/^[0-9a-f-]{36}$/);
    const logId = empty.logId;
    const woken = poll(relay.url, key, { wait: 10 });
    await waitFor(() => pollsOpen(relay.url, 1));
    await post(relay.url, 'a');
    expect(await woken).toMatchObject({ status: 200, logId, events: [{ seq: 1 }] });
    await relay.close();

    relay = await startRelay({ ...first.options, ...options });
    try {
      await post(relay.url, 'b');
      const again = await poll(relay.url, key, { after: 1 });
      expect(again).toMatchObject({ logId, events: [{ seq: 2 }] });
    } finally {
      await relay.close();
    }

    // A restored backup keeps its log_id while seqs go back: renew-log-id gives it a new one.
    const renewed = await collect(runCli(['admin', 'renew-log-id', ...first.args]));
    expect(renewed.code).toBe(0);
    relay = await startRelay({ ...first.options, ...options });
    try {
      const kept = await poll(relay.url, key);
      expect(kept.logId).not.toBe(logId);
      expect(renewed.stdout).toContain(kept.logId);
      expect(kept.events.map((e) => e.seq)).toEqual([1, 2]);
    } finally {
      await relay.close();
    }

    // A new store restarts seq at 1: only its other log_id tells a terminal holding cursor 2.
    const second = await dir();
    const otherKey = (await createTerminal(second.location, ['v-log'])).key;
    relay = await startRelay({ ...second.options, ...options });
    try {
      await post(relay.url, 'c');
      const fresh = await poll(relay.url, otherKey);
      expect(fresh.logId).toMatch(/^[0-9a-f-]{36}$/);
      expect(fresh.logId).not.toBe(logId);
      expect(fresh.events.map((e) => e.seq)).toEqual([1]);
    } finally {
      await relay.close();
    }
  });

  it('serves /healthz and Prometheus /metrics with received, refused, open polls and latency', async () => {
    const { location, options } = await dir();
    const relay = await startRelay({
      ...options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    try {
      const health = await send(`${relay.url}/healthz`);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text)).toEqual({ status: 'ok' });
      const key = (await createTerminal(location, ['v-met'])).key;
      const waiting = poll(relay.url, key, { wait: 10 });
      await waitFor(() => pollsOpen(relay.url, 1));
      const body = orderNotification('met', 'v-met');
      await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
      await postMarketplace(relay.url, body, 'bad');
      await postMarketplace(relay.url, body, null);
      await postMarketplace(relay.url, '{', sign('{', MARKETPLACE_SECRET));
      await waiting;
      const metrics = await send(`${relay.url}/metrics`);
      expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(metrics.text).toContain(
        'relay_events_received_total{kind="marketplace",outcome="stored"} 1',
      );
      expect(metrics.text).toContain(
        'relay_events_refused_total{kind="marketplace",reason="bad_signature"} 1',
      );
      expect(metrics.text).toContain(
        'relay_events_refused_total{kind="marketplace",reason="missing_signature"} 1',
      );
      expect(metrics.text).toContain(
        'relay_events_refused_total{kind="marketplace",reason="malformed"} 1',
      );
      expect(metrics.text).toMatch(/^relay_polls_open 0$/m);
      expect(metrics.text).toMatch(/^relay_event_to_poll_seconds_count 1$/m);
      expect(metrics.text).toMatch(/^relay_poll_duration_seconds_count 1$/m);
    } finally {
      await relay.close();
    }
  });

  it('on close answers open polls and closes the database cleanly (WAL checkpointed)', async () => {
    const { location, options } = await dir();
    const relay = await startRelay({
      ...options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    const key = (await createTerminal(location, ['v-close'])).key;
    const waiting = [poll(relay.url, key, { wait: 20 }), poll(relay.url, key, { wait: 20 })];
    await waitFor(() => pollsOpen(relay.url, 2));
    const started = Date.now();
    await relay.close();
    const answers = await Promise.all(waiting);
    expect(answers.map((a) => [a.status, a.events])).toEqual([
      [200, []],
      [200, []],
    ]);
    expect(Date.now() - started).toBeLessThan(2_000);
    if (store.kind === 'sqlite') expect(existsSync(`${location}-wal`)).toBe(false);
    await expect(send(`${relay.url}/healthz`)).rejects.toThrow();
  });

  it('on close also answers at once a poll whose request was still arriving', async () => {
    const { location, options } = await dir();
    const relay = await startRelay({
      ...options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    const key = (await createTerminal(location, ['v-late'])).key;
    const { port } = new URL(relay.url);
    const accepted = watchAcceptedSockets();
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((resolve) => socket.once('connect', resolve));
    // Headers begun before the shutdown, finished after it: the relay (in this process) has read,
    // and so parsed, the first lines before close() is called.
    const head = 'GET /v1/events?after=0&wait=20 HTTP/1.1\r\nHost: relay\r\n';
    socket.write(head);
    try {
      await waitFor(() => accepted.serverEndOf(socket)?.bytesRead === Buffer.byteLength(head), {
        message: "the relay to read the request's first lines",
      });
    } finally {
      accepted.stop();
    }
    const started = Date.now();
    const closed = relay.close();
    socket.write(`Authorization: Bearer ${key}\r\n\r\n`);
    await closed;
    await ended;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toMatch(/\{"log_id":"[0-9a-f-]{36}","events":\[\]\}$/);
  });

  it('on close does not wait for a connection that has sent nothing yet', async () => {
    const { options } = await dir();
    const relay = await startRelay({
      ...options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    const { port } = new URL(relay.url);
    const accepted = watchAcceptedSockets();
    // A client's spare connection, opened ahead of a request it never sends: the server counts it
    // as waiting for headers, so closing idle connections alone leaves it open.
    const socket = connect(Number(port), '127.0.0.1');
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    try {
      await waitFor(() => accepted.serverEndOf(socket) !== undefined, {
        message: 'the relay to accept the connection',
      });
    } finally {
      accepted.stop();
    }
    const started = Date.now();
    await relay.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('CLI: create-terminal prints the key alone on its last line, stores only its hash, list and revoke work', async () => {
    const { location, args } = await dir();
    const created = await collect(
      runCli([
        'admin',
        'create-terminal',
        ...args,
        '--venue',
        'v1',
        '--venue',
        'v2',
        '--name',
        'Till 1',
      ]),
    );
    expect(created.code).toBe(0);
    const lines = created.stdout.trimEnd().split('\n');
    const key = lines.at(-1) as string;
    expect(key).toMatch(/^rtk_[A-Za-z0-9_-]{43}$/);
    const [terminal] = await listTerminalsAt(location);
    expect(terminal).toMatchObject({ venueIds: ['v1', 'v2'], name: 'Till 1', revokedAt: null });
    expect(await storedColumn(store.kind, location, 'SELECT key_hash FROM terminals')).toEqual([
      createHash('sha256').update(key).digest('hex'),
    ]);

    const listed = await collect(runCli(['admin', 'list-terminals', ...args]));
    expect(listed.stdout).toContain(`${terminal?.id}\tactive\tv1,v2\tTill 1`);
    expect(listed.stdout).not.toContain(key);
    const revoked = await collect(
      runCli(['admin', 'revoke-terminal', ...args, '--id', terminal?.id ?? '']),
    );
    expect(revoked.code).toBe(0);
    expect((await listTerminalsAt(location))[0]?.revokedAt).not.toBeNull();
    const again = await collect(
      runCli(['admin', 'revoke-terminal', ...args, '--id', terminal?.id ?? '']),
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('No active terminal has id');
  });

  it('CLI: serves with secrets from --config, and on SIGTERM answers open polls and exits 0', async () => {
    const made = await dir();
    const configDir = tempDir();
    const config = join(configDir.dir, 'relay.json');
    // An older file's partner-wide delivery secret does not stop the relay: it is ignored, said so.
    writeFileSync(
      config,
      JSON.stringify({
        marketplaceSecrets: [MARKETPLACE_SECRET],
        deliverySecrets: ['an-old-partner-wide-delivery-secret'],
      }),
      { mode: 0o600 },
    );
    const key = (await createTerminal(made.location, ['v-cli'])).key;
    const started = Date.now();
    const relay = await spawnRelay([...made.args, '--port', '0', '--config', config], {});
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const body = orderNotification('cli', 'v-cli');
    expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
      200,
    );
    const waiting = poll(relay.url, key, { after: 1, wait: 20 });
    await waitFor(() => pollsOpen(relay.url, 1));
    relay.child.kill('SIGTERM');
    const answer = await waiting;
    expect([answer.status, answer.events]).toEqual([200, []]);
    expect(await relay.exited).toBe(0);
    expect(relay.stderr()).toMatch(/deliverySecrets are no longer used and are ignored/);
    expect(relay.stderr()).not.toContain('an-old-partner-wide-delivery-secret');
    if (store.kind === 'sqlite') expect(existsSync(`${made.location}-wal`)).toBe(false);
    configDir.remove();
  });
});

describe('relay CLI arguments', () => {
  const dirs: { remove(): void }[] = [];
  const dir = () => {
    const made = tempDir();
    dirs.push(made);
    return made;
  };
  afterEach(() => dirs.splice(0).forEach((made) => made.remove()));

  it.each([
    ['no secrets', ['--db', 'X'], {}, /RELAY_MARKETPLACE_SECRETS: at least one secret is required/],
    [
      'a secret on the command line',
      ['--db', 'X', '--marketplace-secret', 'abc'],
      env,
      /Unknown option '--marketplace-secret'/,
    ],
    ['no store', [], env, /--db FILE, --store postgres:\/\/… or RELAY_STORE_URL is required/],
    [
      'both --db and --store',
      ['--db', 'X', '--store', 'postgres://h/db'],
      env,
      /either --db FILE or --store/,
    ],
    [
      'a --store that is not a postgres:// URL',
      ['--store', 'X'],
      env,
      /must be a postgres:\/\/ URL/,
    ],
    ['a bad port', ['--db', 'X', '--port', 'http'], env, /--port must be a number/],
    [
      'a short secret',
      ['--db', 'X'],
      { RELAY_MARKETPLACE_SECRETS: 'short' },
      /at least 16 characters/,
    ],
    [
      'three secrets',
      ['--db', 'X'],
      { RELAY_MARKETPLACE_SECRETS: `${'a'.repeat(16)},${'b'.repeat(16)},${'c'.repeat(16)}` },
      /at most 2/,
    ],
    [
      'create-terminal without --venue',
      ['admin', 'create-terminal', '--db', 'X'],
      {},
      /--venue is required/,
    ],
  ])(
    'CLI refuses %s with a clear message and exit code 2',
    async (_case, args, extraEnv, message) => {
      const { dbPath } = dir();
      const result = await collect(
        runCli(
          args.map((arg) => (arg === 'X' ? dbPath : arg)),
          extraEnv,
        ),
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Usage:');
    },
  );
});

// The outbox engine with a sender that talks to a real local HTTP server, so temporary and
// permanent failures are the HttpErrors the platform client produces.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/database';
import type { Database } from '../storage/database';
import { sendRequest } from '../http/http';
import type { Outbox, StoredAction } from './outbox';
import { createOutbox } from './outbox';

// The server answers each path with the next status of its script, then 202.
const scripts = new Map<string, number[]>();
const received: string[] = [];
let base = '';
const server = createServer((req, res) => {
  const path = req.url ?? '/';
  received.push(path);
  const status = scripts.get(path)?.shift() ?? 202;
  if (status === 429) res.setHeader('retry-after', '1');
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ error: 'E', message: `refused with ${status}` }));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let dir: string;
let db: Database;
let outbox: Outbox;
const start = (): Outbox => {
  outbox = createOutbox({
    db,
    now: () => new Date(),
    send: async (action: StoredAction) => {
      await sendRequest({ method: 'PUT', url: `${base}/${action.subject}/${action.kind}` });
    },
    backoff: { baseMs: 10, capMs: 40 },
  });
  outbox.start();
  return outbox;
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'countertop-outbox-'));
  db = openDatabase(join(dir, 'core.db'));
  scripts.clear();
  received.length = 0;
});
afterEach(async () => {
  await outbox.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const state = (id: string) =>
  db.prepare('SELECT state, attempts, error FROM outbox WHERE id = ?').get(id) as {
    state: string;
    attempts: number;
    error: string | null;
  };

describe('outbox', () => {
  it('sends FIFO per subject, retrying temporary failures before the next action of that subject', async () => {
    start();
    scripts.set('/o1/accept', [503, 503]);
    const a = outbox.insert('accept', 'o1', 'Accept', {
      orderId: 'o1',
      adjustedPickupTime: null,
      selfDelivery: false,
    });
    const b = outbox.insert('ready', 'o1', 'Ready', { orderId: 'o1' });
    const c = outbox.insert('accept', 'o2', 'Accept', {
      orderId: 'o2',
      adjustedPickupTime: null,
      selfDelivery: false,
    });
    outbox.kick();
    await outbox.idle();
    expect(received.filter((p) => p.startsWith('/o1'))).toEqual([
      '/o1/accept',
      '/o1/accept',
      '/o1/accept',
      '/o1/ready',
    ]);
    expect(received).toContain('/o2/accept');
    expect([state(a), state(b), state(c)].map((s) => s.state)).toEqual(['done', 'done', 'done']);
    expect(state(a).attempts).toBe(3);
  });

  it('honours Retry-After of a 429', async () => {
    start();
    scripts.set('/v/venue-online', [429]);
    const started = Date.now();
    const id = outbox.insert('venue-online', 'v', 'Online', {
      venueId: 'v',
      online: true,
      until: null,
    });
    outbox.kick();
    await outbox.idle();
    expect(state(id).state).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('makes a permanent failure visible, holds the subject, and lets staff retry or discard', async () => {
    start();
    scripts.set('/o1/accept', [400]);
    const a = outbox.insert('accept', 'o1', 'Accept', {
      orderId: 'o1',
      adjustedPickupTime: null,
      selfDelivery: false,
    });
    const b = outbox.insert('ready', 'o1', 'Ready', { orderId: 'o1' });
    outbox.kick();
    await outbox.idle();
    expect(state(a)).toMatchObject({ state: 'failed', error: 'refused with 400' });
    expect(state(b).state).toBe('pending');
    expect(outbox.counts()).toEqual({ waiting: 1, failed: 1 });
    expect(outbox.retry(a)).toBe(true);
    await outbox.idle();
    expect([state(a).state, state(b).state]).toEqual(['done', 'done']);

    scripts.set('/o3/accept', [422]);
    const c = outbox.insert('accept', 'o3', 'Accept', {
      orderId: 'o3',
      adjustedPickupTime: null,
      selfDelivery: false,
    });
    outbox.kick();
    await outbox.idle();
    expect(outbox.discard(c)?.id).toBe(c);
    expect(state(c).state).toBe('discarded');
    expect(outbox.counts()).toEqual({ waiting: 0, failed: 0 });
  });

  it('resends after a restart what a crash left "sending"', async () => {
    const id = (() => {
      const box = createOutbox({ db, now: () => new Date(), send: async () => {} });
      return box.insert('ready', 'o9', 'Ready', { orderId: 'o9' });
    })();
    db.prepare("UPDATE outbox SET state = 'sending', attempts = 1 WHERE id = ?").run(id);
    start();
    await outbox.idle();
    expect(received).toEqual(['/o9/ready']);
    expect(state(id)).toMatchObject({ state: 'done', attempts: 2 });
  });
});

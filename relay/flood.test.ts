// Limits that hold against a flood: at the connection cap, slow and silent sockets are shed before
// any fresh one, so every genuine webhook gets through, on the relay alone and behind HAProxy
// running deploy/haproxy.cfg (per-source limits, a short request timeout, whole requests buffered).
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { startRelay, type Relay } from './server';
import { haproxyUnavailable, startHaproxy, type Haproxy } from './testing/haproxy-support';
import { createTerminalsAt } from './terminals';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  pollsOpen,
  postMarketplace,
  send,
  sign,
  tempDir,
} from './testing/test-support';

type FloodKind = 'silent' | 'slow-headers' | 'slow-body';
const ALL_KINDS: readonly FloodKind[] = ['silent', 'slow-headers', 'slow-body'];

type Flood = {
  /** Sockets the server closed or refused (each one is replaced at once). */
  readonly cut: number;
  readonly open: number;
  stop(): void;
};

/**
 * Keeps `count` hostile sockets open against `url`, from `localAddress`: silent ones, ones that
 * send their headers a line every 250 ms, and ones that send a webhook's headers and then its
 * promised 60 kB body (under the 64 KiB limit) a byte every 250 ms. A socket the server cuts is replaced.
 */
function flood(
  url: string,
  count: number,
  kinds: readonly FloodKind[] = ALL_KINDS,
  localAddress = '127.0.0.1',
): Flood {
  const { hostname, port } = new URL(url);
  const sockets = new Map<Socket, FloodKind>();
  let running = true;
  let cut = 0;
  const open = (kind: FloodKind) => {
    if (!running) return;
    const socket = connect({ port: Number(port), host: hostname, localAddress });
    sockets.set(socket, kind);
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      if (kind === 'slow-headers') socket.write('POST /hooks/marketplace HTTP/1.1\r\n');
      if (kind === 'slow-body') {
        socket.write(
          'POST /hooks/marketplace HTTP/1.1\r\nHost: relay\r\nContent-Type: application/json\r\n' +
            `PLATFORM-SIGNATURE: ${'0'.repeat(64)}\r\nContent-Length: 60000\r\n\r\n{`,
        );
      }
    });
    socket.once('close', () => {
      sockets.delete(socket);
      if (!running) return;
      cut += 1;
      // Replaced 50 ms later: as fast as a real slow sender comes back, without spinning the
      // event loop this test shares with the relay.
      setTimeout(() => open(kind), 50);
    });
  };
  for (let n = 0; n < count; n += 1) open(kinds[n % kinds.length] as FloodKind);
  const dribble = setInterval(() => {
    for (const [socket, kind] of sockets) {
      if (socket.connecting || socket.destroyed) continue;
      if (kind === 'slow-headers') socket.write(`X-Slow-${sockets.size}: 1\r\n`);
      if (kind === 'slow-body') socket.write('1');
    }
  }, 250);
  return {
    get cut() {
      return cut;
    },
    get open() {
      return sockets.size;
    },
    stop() {
      running = false;
      clearInterval(dribble);
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}

const shedCount = async (url: string): Promise<number> => {
  const metrics = await send(`${url}/metrics`);
  return [...metrics.text.matchAll(/^relay_connections_shed_total\{victim="(\w+)"\} (\d+)$/gm)]
    .filter(([, victim]) => victim === 'unproven')
    .reduce((sum, [, , value]) => sum + Number(value), 0);
};

/** Sends `count` genuine webhooks one after the other, each on a fresh connection. */
async function genuineWebhooks(
  url: string,
  venue: string,
  count: number,
): Promise<{ statuses: number[]; slowestMs: number; bodies: string[] }> {
  const statuses: number[] = [];
  const bodies: string[] = [];
  let slowestMs = 0;
  for (let n = 0; n < count; n += 1) {
    const body = orderNotification(`${venue}-genuine-${n}`, venue);
    const started = performance.now();
    const answer = await postMarketplace(url, body, sign(body, MARKETPLACE_SECRET)).catch(
      (error: unknown) => ({ status: 0, text: String(error) }),
    );
    slowestMs = Math.max(slowestMs, performance.now() - started);
    statuses.push(answer.status);
    bodies.push(body);
  }
  return { statuses, slowestMs, bodies };
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function relayAtCap(maxConnections: number, webhookReserve?: number): Promise<Relay> {
  const made = tempDir();
  cleanups.push(made.remove);
  const relay = await startRelay({
    dbPath: made.dbPath,
    marketplaceSecrets: [MARKETPLACE_SECRET],
    maxConnections,
    ...(webhookReserve === undefined ? {} : { webhookReserve }),
    pollRateLimit: { perSecond: 100, burst: 100 },
  });
  cleanups.push(() => relay.close());
  const keys = await createTerminalsAt(
    made.dbPath,
    Array.from({ length: 5 }, () => ({ venueIds: ['v-flood'] })),
  );
  (relay as Relay & { keys: string[] }).keys = keys.map((created) => created.key);
  return relay;
}

const keysOf = (relay: Relay) => (relay as Relay & { keys: string[] }).keys;

describe('a flood of slow senders at the connection cap', () => {
  it.each([
    // Requests in progress were once kept as "busy" while a fresh webhook's socket went first.
    ['slow bodies', ['slow-body'] as const],
    ['silent sockets, slow headers and slow bodies', ALL_KINDS],
  ])(
    'of %s lets every genuine webhook through and keeps the proven polls (the relay alone)',
    async (_name, kinds) => {
      const relay = await relayAtCap(150);
      // 12 proven sockets: terminals' waiting polls.
      const waiting = keysOf(relay)
        .slice(0, 3)
        .flatMap((key) =>
          Array.from({ length: 4 }, () => poll(relay.url, key, { after: 0, wait: 25 })),
        );
      await waitFor(() => pollsOpen(relay.url, 12), { message: '12 open polls' });
      // Twice the cap in hostile sockets, replaced as they are cut.
      // From another address than the genuine senders', as a hostile host's would be.
      const attack = flood(relay.url, 300, kinds, '127.0.0.2');
      cleanups.push(() => attack.stop());
      await waitFor(async () => (await shedCount(relay.url)) >= 150, {
        timeoutMs: 30_000,
        message: 'the flood to hold the relay at its cap',
      });

      const { statuses, bodies } = await genuineWebhooks(relay.url, 'v-flood', 26);
      expect(statuses).toEqual(Array.from({ length: 26 }, () => 200));
      // The flood went on all along, and the polls that proved themselves were never shed.
      expect(attack.cut).toBeGreaterThan(150);
      const woken = await Promise.all(waiting);
      for (const answer of woken) {
        expect(answer.status).toBe(200);
        expect(answer.events.length).toBeGreaterThan(0);
        expect(bodies).toContain(answer.events[0]?.body);
      }
    },
    // The flood shares this process's event loop with the relay: slow, not stuck.
    60_000,
  );

  it('keeps the webhook reserve from terminals: a poll past their share gets 503, a webhook still gets in', async () => {
    const relay = await relayAtCap(20, 8);
    const keys = keysOf(relay);
    // 12 connections is the terminals' share (20 less the 8 reserved).
    const waiting = keys
      .slice(0, 3)
      .flatMap((key) =>
        Array.from({ length: 4 }, () => poll(relay.url, key, { after: 0, wait: 25 })),
      );
    await waitFor(() => pollsOpen(relay.url, 12), { message: '12 open polls' });
    const refused = await poll(relay.url, keys[3] as string, { after: 0, wait: 25 });
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    const { statuses } = await genuineWebhooks(relay.url, 'v-flood', 3);
    expect(statuses).toEqual([200, 200, 200]);
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual(
      Array.from({ length: 12 }, () => 200),
    );
  });
});

const noHaproxy = haproxyUnavailable();

describe.skipIf(noHaproxy !== null)('a flood of slow senders behind HAProxy', () => {
  it('refuses a source past its connection limit, cuts slow requests, and lets every genuine webhook through', async () => {
    const relay = await relayAtCap(400);
    const port = Number(new URL(relay.url).port);
    const lb: Haproxy = await startHaproxy([port, port]);
    cleanups.push(() => lb.stop());
    // One hostile host opens three times its per-source limit (deploy/haproxy.cfg: 200).
    const attack = flood(lb.url, 600, ALL_KINDS, '127.0.0.2');
    cleanups.push(() => attack.stop());
    await waitFor(() => attack.cut >= 400, {
      timeoutMs: 30_000,
      message: 'HAProxy to refuse the hostile host past its limit',
    });
    const { statuses } = await genuineWebhooks(lb.url, 'v-flood', 26);
    expect(statuses).toEqual(Array.from({ length: 26 }, () => 200));
    // Slow requests never reach an instance: HAProxy buffers a whole request before passing it on.
    expect(await shedCount(relay.url)).toBe(0);
  });
});

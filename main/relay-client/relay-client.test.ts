// A relay that accepts connections but answers nothing (a frozen process, a stuck proxy) must be
// seen as down as surely as one that is gone. Real sockets: a TCP server that never answers, and
// an HTTP relay stand-in that answers once, then holds every later poll forever.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RelayConnection } from '../../shared/domain';
import { waitFor } from '../../test/wait';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import type { RelayClient } from './relay-client';
import { startRelayClient } from './relay-client';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const tempDb = (): Database => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-client-'));
  const db = openDatabase(join(dir, 'countertop.db'));
  cleanup.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
};

const listen = async <S extends Server | HttpServer>(server: S): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

type Seen = { state: RelayConnection; error: string | null; at: number };

const client = (db: Database, relayUrl: string, seen: Seen[], waitSeconds: number): RelayClient => {
  const relay = startRelayClient({
    db,
    relayUrl,
    terminalKey: 'key',
    waitSeconds,
    answerMarginMs: 500,
    backoff: { baseMs: 50, capMs: 200 },
    onState: (state, error) => seen.push({ state, error, at: Date.now() }),
    onCommitted: () => undefined,
    onReconnected: () => undefined,
  });
  cleanup.push(() => relay.stop());
  return relay;
};

describe('relay client deadlines', () => {
  it('a server that accepts the connection and never answers is a relay that is down', async () => {
    const sockets = new Set<Socket>();
    // Accepts, reads whatever comes, never writes a byte: what a SIGSTOPped relay looks like.
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('data', () => undefined);
    });
    const url = await listen(server);
    cleanup.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const seen: Seen[] = [];
    const started = Date.now();
    client(tempDb(), url, seen, 1);
    const down = await waitFor(() => seen.find((s) => s.state === 'disconnected'), {
      message: 'disconnected',
    });
    expect(sockets.size).toBeGreaterThan(0);
    expect(down.error).toMatch(/did not answer in time/);
    // The first poll holds nothing (wait=0): its deadline is the margin alone.
    expect(down.at - started).toBeGreaterThanOrEqual(500);
    expect(seen.some((s) => s.state === 'connected')).toBe(false);
  });

  it('a relay that answered, then holds a poll past its hold time, is down; back when it answers', async () => {
    let hang = false;
    const held: ServerResponse[] = [];
    const heldPolls: Array<{ wait: number; at: number }> = [];
    const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://relay');
      const wait = Number(url.searchParams.get('wait') ?? '0');
      if (hang) {
        heldPolls.push({ wait, at: Date.now() });
        held.push(res);
        return;
      }
      // A healthy relay holds a waiting poll for its wait, then answers empty.
      setTimeout(
        () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ log_id: 'log-1', events: [] }));
        },
        Math.min(wait * 1000, 100),
      );
    });
    const url = await listen(server);
    cleanup.push(async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const seen: Seen[] = [];
    client(tempDb(), url, seen, 1);
    await waitFor(() => seen.some((s) => s.state === 'connected'), { message: 'connected' });
    hang = true;
    const down = await waitFor(() => seen.find((s) => s.state === 'disconnected'), {
      message: 'disconnected after the hang',
    });
    // The hung poll was a long one (wait=1): a held poll is no outage until its hold time is over
    // (the deadline is hold + margin from the client's send, a little before the server saw it).
    const [hungPoll] = heldPolls;
    expect(hungPoll?.wait).toBe(1);
    expect(down.at - (hungPoll?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect(down.error).toMatch(/did not answer in time/);

    hang = false;
    for (const res of held.splice(0)) res.destroy();
    const back = await waitFor(() => seen.find((s) => s.state === 'connected' && s.at > down.at), {
      message: 'connected again',
    });
    expect(back.error).toBeNull();
  });
});

describe('relay client hints', () => {
  it('a venue-settings event is told as a hint once kept, never stored as a notification; a malformed one is refused, an unknown kind passed over', async () => {
    const hintOf = (seq: number, venueId: string, body: string, kind = 'venue-settings') => ({
      seq,
      received_at: new Date().toISOString(),
      kind,
      venue_id: venueId,
      body,
      signature: null,
    });
    const events = [
      hintOf(1, 'kamppi-burgers', JSON.stringify({ venue_id: 'kamppi-burgers', version: 4 })),
      hintOf(2, 'kamppi-burgers', 'not json'),
      // A hint must name the venue its event is filed under.
      hintOf(3, 'kamppi-burgers', JSON.stringify({ venue_id: 'kamppi-bowls', version: 1 })),
      hintOf(4, 'kamppi-burgers', '{}', 'from-a-newer-relay'),
    ];
    const held: ServerResponse[] = [];
    let answered = false;
    const server = createHttpServer((_req: IncomingMessage, res: ServerResponse) => {
      if (answered) {
        held.push(res);
        return;
      }
      answered = true;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ log_id: 'log-1', events }));
    });
    const url = await listen(server);
    cleanup.push(async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const db = tempDb();
    const hints: unknown[] = [];
    const rejected: string[] = [];
    let committed = 0;
    const relay = startRelayClient({
      db,
      relayUrl: url,
      terminalKey: 'key',
      waitSeconds: 30,
      onState: () => undefined,
      onCommitted: (count) => {
        committed += count;
      },
      onVenueSettingsHint: (told) => hints.push(...told),
      onRejected: (_reason, detail) => rejected.push(detail),
      onReconnected: () => undefined,
    });
    cleanup.push(() => relay.stop());
    await waitFor(() => held.length > 0, { message: 'the next poll, past the answer' });
    expect(hints).toEqual([{ venue_id: 'kamppi-burgers', version: 4 }]);
    expect(rejected).toEqual(['relay event 2', 'relay event 3']);
    expect(committed).toBe(0);
    expect(db.prepare('SELECT count(*) AS n FROM notifications').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT seq FROM relay_cursor').get()).toEqual({ seq: 4 });
  });
});

// The floor of the relay benchmark's latency runs: a bare node:http server in its own process that
// speaks just enough of the relay's protocol for the same poll clients and webhook posts, and
// does nothing else. No signature, no database, no limits; a terminal's key is its venue's id. A
// webhook's event is kept in memory and written at once to every poll of its venue, one answer
// rendered per venue and cursor.
//
// What it measures is what this machine gives any Node server and these clients: the loopback
// sockets, node:http and the terminals' process sharing its cores. Machines of this kind differ up
// to 3×, so the relay's latency is also reported against this floor, measured in the same run.
//
// `--db FILE` (the scale benchmark's ingest floor, bare SQLite): each webhook is also inserted into
// a SQLite file with the relay's durability (WAL, synchronous=FULL) before its 200, one commit per
// webhook, as the plainest durable server would; still nothing checked.
//
// `--pg URL` (the scale benchmark's fleet floor, bare PostgreSQL): each webhook is one INSERT
// committed to that database before its 200 and before its venue's polls are woken, the least a
// durable relay on PostgreSQL does. Committed as the relay's appends are (synchronous_commit on),
// through connections opened before the first webhook, one prepared statement; nothing read back.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';

const dbAt = process.argv.indexOf('--db');
const db = dbAt > 0 ? new Database(process.argv[dbAt + 1] as string) : null;
db?.pragma('journal_mode = WAL');
db?.pragma('synchronous = FULL');
db?.exec('CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, venue_id TEXT, body TEXT)');
const insert = db?.prepare('INSERT INTO events (venue_id, body) VALUES (?, ?)');

const pgAt = process.argv.indexOf('--pg');
const pool =
  pgAt > 0
    ? new pg.Pool({
        connectionString: process.argv[pgAt + 1] as string,
        options: '-c synchronous_commit=on',
        // Kept open while the terminals connect (minutes at full scale), as a relay's are.
        idleTimeoutMillis: 0,
      })
    : null;
if (pool) {
  await pool.query(
    'CREATE TABLE IF NOT EXISTS events (seq bigserial PRIMARY KEY, venue_id text NOT NULL, body text NOT NULL)',
  );
  const warm = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
  for (const client of warm) client.release();
}

type Event = { seq: number; text: string };
type Poll = { after: number; res: ServerResponse; timer: NodeJS.Timeout };

const events = new Map<string, Event[]>();
const waiting = new Map<string, Set<Poll>>();
let seq = 0;
const receivedAt = () => new Date().toISOString();

const answer = (res: ServerResponse, body: Buffer) => {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(body.length),
  });
  res.end(body);
};

const render = (venueId: string, after: number): Buffer =>
  Buffer.from(
    `{"events":[${(events.get(venueId) ?? [])
      .filter((event) => event.seq > after)
      .map((event) => event.text)
      .join(',')}]}`,
  );

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  if (req.method === 'GET' && url.pathname === '/v1/events') {
    const venueId = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const after = Number(url.searchParams.get('after') ?? 0);
    const wait = Number(url.searchParams.get('wait') ?? 0);
    if ((events.get(venueId)?.at(-1)?.seq ?? 0) > after || wait === 0) {
      answer(res, render(venueId, after));
      return;
    }
    let polls = waiting.get(venueId);
    if (!polls) waiting.set(venueId, (polls = new Set()));
    const poll: Poll = {
      after,
      res,
      timer: setTimeout(() => {
        polls.delete(poll);
        answer(res, render(venueId, after));
      }, wait * 1000),
    };
    polls.add(poll);
    res.on('close', () => {
      clearTimeout(poll.timer);
      polls.delete(poll);
    });
    return;
  }
  if (req.method === 'POST' && url.pathname === '/hooks/marketplace') {
    void readBody(req).then(
      async (body) => {
        const venueId = (JSON.parse(body) as { order: { venue_id: string } }).order.venue_id;
        insert?.run(venueId, body);
        if (pool)
          await pool.query({
            name: 'floor_insert',
            text: 'INSERT INTO events (venue_id, body) VALUES ($1, $2)',
            values: [venueId, body],
          });
        seq += 1;
        const text = JSON.stringify({
          seq,
          received_at: receivedAt(),
          kind: 'marketplace',
          venue_id: venueId,
          body,
          signature: req.headers['platform-signature'] ?? '',
        });
        let list = events.get(venueId);
        if (!list) events.set(venueId, (list = []));
        list.push({ seq, text });
        const woken = waiting.get(venueId) ?? new Set<Poll>();
        waiting.delete(venueId);
        const rendered = new Map<number, Buffer>();
        for (const poll of woken) {
          clearTimeout(poll.timer);
          let answered = rendered.get(poll.after);
          if (!answered) rendered.set(poll.after, (answered = render(venueId, poll.after)));
          answer(poll.res, answered);
        }
        res.writeHead(200).end();
      },
      () => res.writeHead(500).end(),
    );
    return;
  }
  if (req.method === 'GET' && url.pathname === '/metrics') {
    let open = 0;
    for (const polls of waiting.values()) open += polls.size;
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`relay_polls_open ${open}\n`);
    return;
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(`relay: http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => {
  db?.close();
  void (pool?.end() ?? Promise.resolve()).finally(() => process.exit(0));
});

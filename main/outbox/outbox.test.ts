// The outbox engine with a sender that talks to a real local HTTP server, so temporary and
// permanent failures are the HttpErrors the platform client produces.
import { storedDetail, storedText } from '../../shared/refusals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/database';
import type { Database } from '../storage/database';
import { sendRequest } from '../http/http';
import type { OutboxActionKind } from '../../shared/domain';
import { createAuditLog } from '../audit/audit-log';
import type { ActionKind, Outbox, StoredAction } from './outbox';
import { createOutbox } from './outbox';
import { preparedBy, queryPlan } from '../../test/sql-plans';
import { RECENT_DONE_ACTIONS } from '../../shared/domain';

// The server answers each path with the next status of its script, then 202.
// Status 0: the request is read and never answered (an answer lost on the way back).
const scripts = new Map<string, number[]>();
const received: string[] = [];
let base = '';
const server = createServer((req, res) => {
  const path = req.url ?? '/';
  received.push(path);
  const status = scripts.get(path)?.shift() ?? 202;
  if (status === 0) {
    req.resume();
    req.on('end', () => res.socket?.destroy());
    return;
  }
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
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let dir: string;
let db: Database;
let outbox: Outbox;
let kinds: Record<string, ActionKind<{ n?: number }>>;
const notices: Array<[string, string]> = [];
const KINDS: OutboxActionKind[] = ['accept', 'ready', 'venue-online', 'delivery-create'];
/** The `once` kind's unknown outcomes, as its slice is told of them. */
const unknowns: Array<[string, string]> = [];
/** An outbox whose kinds all PUT /<subject>/<kind> on the scripted server. */
const createWithKinds = (send?: (action: StoredAction) => Promise<void>): Outbox => {
  const box = createOutbox({
    db,
    now: () => new Date(),
    audit: createAuditLog(db, () => new Date()),
    backoff: { baseMs: 10, capMs: 40 },
  });
  kinds = Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      box.register<{ n?: number }>(kind, {
        send:
          send ??
          (async (action) => {
            await sendRequest({ method: 'PUT', url: `${base}/${action.subject}/${action.kind}` });
          }),
        // delivery-create stands for the kinds a second send could do twice.
        resend: kind === 'delivery-create' ? 'once' : 'safe',
        unknown: (action, reason) => unknowns.push([action.id, reason]),
        changed: (action, outcome) => notices.push([action.id, outcome]),
      }),
    ]),
  );
  return box;
};
const start = (): Outbox => {
  outbox = createWithKinds();
  outbox.start();
  return outbox;
};
const add = (kind: OutboxActionKind, subject: string): string =>
  outbox.enqueue(kinds[kind] ?? { kind }, { subject, prepare: () => ({ payload: {} }) }).actionId;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'countertop-outbox-'));
  db = openDatabase(join(dir, 'core.db'));
  scripts.clear();
  received.length = 0;
  notices.length = 0;
  unknowns.length = 0;
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
    const a = add('accept', 'o1');
    const b = add('ready', 'o1');
    const c = add('accept', 'o2');
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
    const id = add('venue-online', 'v');
    outbox.kick();
    await outbox.idle();
    expect(state(id).state).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('makes a permanent failure visible, holds the subject, and lets staff retry or discard', async () => {
    start();
    scripts.set('/o1/accept', [400]);
    const a = add('accept', 'o1');
    const b = add('ready', 'o1');
    outbox.kick();
    await outbox.idle();
    expect(state(a)).toMatchObject({ state: 'failed' });
    expect(storedText(state(a).error ?? '', 'en')).toMatch(/did not accept the details/);
    expect(state(b).state).toBe('pending');
    expect(outbox.counts()).toEqual({ waiting: 1, failed: 1 });
    expect(outbox.retry(a)).toBe(true);
    await outbox.idle();
    expect([state(a).state, state(b).state]).toEqual(['done', 'done']);

    scripts.set('/o3/accept', [422]);
    const c = add('accept', 'o3');
    outbox.kick();
    await outbox.idle();
    expect(outbox.discard(c)?.id).toBe(c);
    expect(state(c).state).toBe('discarded');
    expect(outbox.counts()).toEqual({ waiting: 0, failed: 0 });
  });

  it('resends after a restart what a crash left "sending"', async () => {
    // A first run that never starts its worker: the row stays as the crash left it.
    outbox = createWithKinds(async () => {});
    const id = add('ready', 'o9');
    db.prepare("UPDATE outbox SET state = 'sending', attempts = 1 WHERE id = ?").run(id);
    start();
    await outbox.idle();
    expect(received).toEqual(['/o9/ready']);
    expect(state(id)).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('the attempts log', () => {
  it('logs every try with its outcome and error, and what staff did, per action', async () => {
    start();
    scripts.set('/o1/accept', [503, 400]);
    const a = add('accept', 'o1');
    outbox.kick();
    await outbox.idle();
    expect(outbox.retry(a)).toBe(true);
    await outbox.idle();
    scripts.set('/o2/accept', [400]);
    const b = add('accept', 'o2');
    await outbox.idle();
    expect(outbox.discard(b)).not.toBeNull();

    const [first, second] = outbox.history(['o1', 'o2']);
    expect(first).toMatchObject({ id: a, kind: 'accept', subject: 'o1', state: 'done' });
    expect(first?.attempts.map((t) => [t.outcome, t.error && storedDetail(t.error)])).toEqual([
      ['retrying', 'refused with 503'],
      ['failed', 'refused with 400'],
      ['retried', null],
      ['done', null],
    ]);
    expect(second?.attempts.map((t) => t.outcome)).toEqual(['failed', 'discarded']);
    const times = first?.attempts.map((t) => Date.parse(t.at)) ?? [];
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(outbox.history(['nobody'])).toEqual([]);
  });

  it('forgets the payloads of finished rows older than the cutoff, never of open ones', async () => {
    start();
    const done = outbox.enqueue(kinds.accept ?? { kind: 'accept' }, {
      subject: 'o1',
      prepare: () => ({ payload: { n: 1 } }),
    }).actionId;
    await outbox.idle();
    scripts.set('/o2/accept', [400]);
    const failed = outbox.enqueue(kinds.accept ?? { kind: 'accept' }, {
      subject: 'o2',
      prepare: () => ({ payload: { n: 2 } }),
    }).actionId;
    await outbox.idle();
    const payload = (id: string) =>
      (db.prepare('SELECT payload FROM outbox WHERE id = ?').get(id) as { payload: string })
        .payload;
    expect(outbox.forgetPayloadsBefore('2000-01-01T00:00:00.000Z')).toBe(0);
    expect(outbox.forgetPayloadsBefore(new Date(Date.now() + 1000).toISOString())).toBe(1);
    expect([payload(done), payload(failed)]).toEqual(['{}', '{"n":2}']);
  });
});

describe('outbox registry and enqueue', () => {
  const audit = () =>
    db.prepare('SELECT action, subject, outcome, detail FROM audit_log ORDER BY id').all();

  it('commits the local change, the row and the audit entry together, then tells the kind', async () => {
    outbox = createWithKinds(async () => {});
    db.exec('CREATE TABLE local_notes (note TEXT)');
    const { actionId } = outbox.enqueue(kinds.accept ?? { kind: 'accept' }, {
      subject: 'o1',
      auditSubject: 'order o1',
      prepare: () => {
        db.prepare("INSERT INTO local_notes VALUES ('accepted')").run();
        return { payload: { n: 7 }, facts: { orderNumber: '101', minutes: 15 }, auditDetail: 'd' };
      },
    });
    expect(db.prepare('SELECT note FROM local_notes').all()).toEqual([{ note: 'accepted' }]);
    expect(audit()).toEqual([
      { action: 'accept', subject: 'order o1', outcome: 'queued', detail: 'd' },
    ]);
    expect(notices).toEqual([[actionId, 'queued']]);
    // Rows store data: the payload for the sender, facts for the renderer to word.
    expect(outbox.list()).toMatchObject([
      { id: actionId, kind: 'accept', subject: 'o1', facts: { orderNumber: '101', minutes: 15 } },
    ]);
    expect(outbox.open({ subject: 'o1' })).toMatchObject([
      { id: actionId, payload: { n: 7 }, state: 'pending', attempts: 0 },
    ]);
  });

  it('stores nothing when the check inside the transaction refuses', () => {
    outbox = createWithKinds(async () => {});
    expect(() =>
      outbox.enqueue(kinds.ready ?? { kind: 'ready' }, {
        subject: 'o1',
        prepare: () => {
          throw new Error('refused');
        },
      }),
    ).toThrow('refused');
    expect(outbox.list()).toEqual([]);
    expect(audit()).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('refuses a kind registered twice, and an enqueue of a kind nobody registered', () => {
    outbox = createWithKinds(async () => {});
    expect(() => outbox.register('accept', { send: async () => {}, resend: 'safe' })).toThrow(
      /twice/,
    );
    expect(() =>
      outbox.enqueue({ kind: 'menu-push' }, { subject: 'm', prepare: () => ({ payload: {} }) }),
    ).toThrow(/No sender/);
    expect(outbox.list()).toEqual([]);
  });

  it('projects open rows by kind and subject, FIFO, and tells every change of a row', async () => {
    start();
    scripts.set('/o1/accept', [400]);
    const a = add('accept', 'o1');
    const b = add('ready', 'o1');
    const v = add('venue-online', 'v');
    await outbox.idle();
    expect(outbox.open({ kinds: ['accept', 'ready'] }).map((row) => [row.id, row.state])).toEqual([
      [a, 'failed'],
      [b, 'pending'],
    ]);
    expect(outbox.open({ subject: 'v' })).toEqual([]);
    expect(outbox.entries([v, a]).map((e) => [e.id, e.state])).toEqual([
      [v, 'done'],
      [a, 'failed'],
    ]);
    expect(notices.filter(([id]) => id === a).map(([, outcome]) => outcome)).toEqual([
      'queued',
      'failed',
    ]);
    expect(outbox.discard(a)?.id).toBe(a);
    await outbox.idle();
    expect(notices.filter(([id]) => id === a).at(-1)).toEqual([a, 'discarded']);
    expect(audit()).toContainEqual({
      action: 'discard',
      subject: 'o1',
      outcome: 'discarded',
      detail: 'accept',
    });
    expect(outbox.open()).toEqual([]);
  });

  it('reads the head rows once for a burst of actions queued in one turn, and not at all while every slot is taken', async () => {
    // Every row the outbox reads from the database, counted at its statements.
    let rowsRead = 0;
    const counted = (rows: unknown): unknown => {
      if (Array.isArray(rows)) rowsRead += rows.length;
      else if (rows !== undefined) rowsRead += 1;
      return rows;
    };
    const real = db;
    db = new Proxy(real, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key, target);
        if (key !== 'prepare') return typeof value === 'function' ? value.bind(target) : value;
        return (source: string) => {
          const statement = target.prepare(source);
          return new Proxy(statement, {
            get: (stmt, name) => {
              const member: unknown = Reflect.get(stmt, name, stmt);
              if (typeof member !== 'function') return member;
              return name === 'all' || name === 'get'
                ? (...args: unknown[]) => counted(member.apply(stmt, args))
                : member.bind(stmt);
            },
          });
        };
      },
    });
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    outbox = createWithKinds(() => held);
    db = real;
    outbox.start();
    rowsRead = 0;
    // A rush: 60 orders accepted in one turn of the loop. A pump per action read 1 + 2 + … + 60
    // head rows (1,830); one pump for the turn reads the 60 once.
    const ids = Array.from({ length: 60 }, (_, i) => add('accept', `o${i}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids.filter((id) => state(id).state === 'sending')).toHaveLength(8);
    expect(rowsRead).toBeLessThanOrEqual(2 * ids.length);
    // Every slot taken: actions queued now wait for a slot without reading the queue.
    rowsRead = 0;
    for (let i = 0; i < 10; i += 1) {
      add('ready', `o${i + 60}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(rowsRead).toBe(0);
    release();
    await outbox.idle();
    expect(outbox.open()).toEqual([]);
  });

  it("lists the newest finished actions from the table's newest end, not by sorting every finished one", () => {
    const real = db;
    const sources = preparedBy(real, (recording) => {
      db = recording;
      outbox = createWithKinds(async () => {});
    });
    db = real;
    // A terminal's weeks: thousands of finished actions, a few open.
    const insert = db.prepare(
      `INSERT INTO outbox (id, kind, subject, facts, payload, state, created_at)
       VALUES (?, 'accept', ?, '{}', '{}', ?, '2026-01-01T00:00:00.000Z')`,
    );
    db.transaction(() => {
      for (let i = 0; i < 3_000; i += 1)
        insert.run(`a${i}`, `o${i}`, i >= 2_990 ? 'failed' : 'done');
    })();
    const recent = sources.filter((source) => /'done'/.test(source) && /LIMIT/.test(source));
    expect(recent).toHaveLength(1);
    expect(queryPlan(db, recent[0] as string)).not.toMatch(/TEMP B-TREE/);
    const ids = outbox.list().map((entry) => entry.id);
    expect(ids.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `a${2_990 + i}`));
    expect(ids.slice(10)).toEqual(
      Array.from({ length: RECENT_DONE_ACTIONS }, (_, i) => `a${2_989 - i}`),
    );
  });

  it('audits a done action with its facts', async () => {
    start();
    const { actionId } = outbox.enqueue(kinds.accept ?? { kind: 'accept' }, {
      subject: 'o5',
      prepare: () => ({ payload: {}, facts: { orderNumber: '105', minutes: 20 } }),
    });
    await outbox.idle();
    expect(outbox.entries([actionId])[0]?.state).toBe('done');
    expect(audit()).toContainEqual({
      action: 'accept',
      subject: 'o5',
      outcome: 'done',
      detail: JSON.stringify({ orderNumber: '105', minutes: 20 }),
    });
  });

  describe('why a try failed, as a code staff read in their language', () => {
    const firstTry = (id: string) =>
      db
        .prepare('SELECT outcome, error FROM outbox_attempts WHERE action_id = ? ORDER BY rowid')
        .get(id) as { outcome: string; error: string };

    it.each([
      [
        422,
        'failed',
        'The platform did not accept the details of this action (error 422).',
        'Alusta ei hyväksynyt tämän toiminnon tietoja (virhe 422).',
      ],
      [
        404,
        'failed',
        'The platform refused this action (error 404).',
        'Alusta hylkäsi tämän toiminnon (virhe 404).',
      ],
      [
        401,
        'retrying',
        'The platform did not accept the venue’s sign-in.',
        'Alusta ei hyväksynyt ravintolan kirjautumista.',
      ],
      [503, 'retrying', 'The platform has a problem right now.', 'Alustalla on nyt ongelma.'],
    ])(
      'a %i: %s, worded, the platform’s message apart',
      async (status, outcome, english, finnish) => {
        start();
        scripts.set('/o7/accept', [status]);
        const id = add('accept', 'o7');
        await outbox.idle();
        const tried = firstTry(id);
        expect(tried.outcome).toBe(outcome);
        expect(storedText(tried.error, 'en')).toBe(english);
        expect(storedText(tried.error, 'fi')).toBe(finnish);
        expect(storedDetail(tried.error)).toBe(`refused with ${status}`);
        expect(tried.error).not.toMatch(/127\.0\.0\.1/);
        if (outcome === 'failed') expect(state(id).error).toBe(tried.error);
      },
    );

    it('a platform that does not answer: no connection, with no address or system code', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
      await new Promise((resolve) => closed.close(resolve));
      let tries = 0;
      outbox = createWithKinds(async () => {
        tries += 1;
        if (tries === 1) await sendRequest({ method: 'PUT', url });
      });
      outbox.start();
      const id = add('accept', 'o8');
      await outbox.idle();
      const tried = firstTry(id);
      expect(tried.outcome).toBe('retrying');
      expect(storedText(tried.error, 'en')).toBe('No connection to the platform.');
      expect(storedText(tried.error, 'sv')).toBe('Ingen anslutning till plattformen.');
      expect(storedDetail(tried.error)).toBeNull();
      expect(tried.error).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    });
  });

  describe("a kind whose second send could do it twice ('once')", () => {
    it.each([
      ['a 5xx', [503]],
      ['a connection reset after the request was read', [0]],
    ])(
      'sends it once after %s: the row ends, the slice is told, nothing is resent',
      async (_c, script) => {
        start();
        scripts.set('/d1/delivery-create', [...script]);
        const id = add('delivery-create', 'd1');
        await outbox.idle();
        expect(received.filter((p) => p === '/d1/delivery-create')).toHaveLength(1);
        expect(state(id)).toMatchObject({ state: 'done', attempts: 1 });
        expect(storedText(state(id).error ?? '', 'en')).toMatch(/^Sent, but no answer came back/);
        expect(storedText(state(id).error ?? '', 'sv')).toMatch(/^Skickat, men inget svar kom/);
        expect(unknowns.map(([action]) => action)).toEqual([id]);
        expect(notices.filter(([action]) => action === id).map(([, o]) => o)).toEqual([
          'queued',
          'unknown',
        ]);
        expect(audit()).toContainEqual(
          expect.objectContaining({ action: 'delivery-create', subject: 'd1', outcome: 'unknown' }),
        );
        // Kicked again (a reconnect, a restart of the worker): still once.
        outbox.resetBackoff();
        outbox.kick();
        await outbox.idle();
        expect(received.filter((p) => p === '/d1/delivery-create')).toHaveLength(1);
      },
    );

    it('retries it when the request provably never left (connection refused)', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      let tries = 0;
      outbox = createWithKinds(async (action) => {
        tries += 1;
        const url = tries === 1 ? `http://127.0.0.1:${port}` : base;
        await sendRequest({ method: 'PUT', url: `${url}/${action.subject}/${action.kind}` });
      });
      outbox.start();
      const id = add('delivery-create', 'd2');
      await outbox.idle();
      expect(tries).toBe(2);
      expect(state(id)).toMatchObject({ state: 'done', attempts: 2, error: null });
      expect(unknowns).toEqual([]);
    });

    it('does not send again a row a crash left "sending"; a safe kind is sent again', async () => {
      outbox = createWithKinds(async () => {});
      const once = add('delivery-create', 'd3');
      const safe = add('accept', 'o9');
      db.prepare("UPDATE outbox SET state = 'sending', attempts = 1").run();
      await outbox.stop();
      outbox = createWithKinds();
      outbox.start();
      await outbox.idle();
      expect(received).toEqual(['/o9/accept']);
      expect(state(once)).toMatchObject({ state: 'done', attempts: 1 });
      expect(storedText(state(once).error ?? '', 'en')).toMatch(
        /terminal stopped while sending it/,
      );
      expect(storedText(state(once).error ?? '', 'de')).toMatch(
        /das Terminal wurde beim Senden beendet/,
      );
      expect(state(safe)).toMatchObject({ state: 'done', attempts: 2 });
      expect(unknowns.map(([action]) => action)).toEqual([once]);
    });
  });
});

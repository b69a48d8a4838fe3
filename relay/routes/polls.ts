// GET /v1/events: a terminal's long-poll for its venues' events after a cursor. Waiting polls
// sit in the poll hub (poll-hub.ts), woken by the ordered read of the log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, sendError } from '../../kit/http';
import type { Expiring } from '../deadlines';
import type { Waiter } from '../poll-hub';
import type { RelayContext } from '../relay-context';
import type { StoredEvent, Terminal } from '../store/event-store';
import type { PollAnswer } from './poll-answer';
import { renderEvents, sendEvents } from './poll-answer';
import { authenticate } from './terminals';

const MAX_EVENTS_PER_POLL = 100;

type PollRequest = { after: number; wait: number; limit: number };
type Listed = { events: StoredEvent[]; rendered?: PollAnswer };

function parseIntParam(
  params: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw))
    throw new HttpError(400, `Query parameter '${name}' must be a whole number ≥ ${min}.`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new HttpError(400, `Query parameter '${name}' must be a whole number ≥ ${min}.`);
  }
  return value;
}

/** The key's poll rate and its open polls (on every instance): 429 past either. */
function admit(ctx: RelayContext, terminal: Terminal, wait: number): void {
  const retryAfter = ctx.pollLimiter.take(terminal.id);
  if (retryAfter === 0) ctx.usage.took(terminal.id);
  if (retryAfter > 0) {
    ctx.metrics.polls.inc({ outcome: 'rate_limited' });
    throw new HttpError(429, `This terminal key polls too often; retry in ${retryAfter} s.`, {
      headers: {
        'Retry-After': String(retryAfter),
      },
    });
  }
  if (
    wait > 0 &&
    ctx.hub.openFor(terminal.id) + ctx.usage.openElsewhere(terminal.id) >= ctx.maxOpenPollsPerKey
  ) {
    ctx.metrics.polls.inc({ outcome: 'too_many_open' });
    throw new HttpError(
      429,
      `This terminal key already has ${ctx.maxOpenPollsPerKey} polls open; close one first.`,
      {
        headers: {
          'Retry-After': '1',
        },
      },
    );
  }
}

/**
 * One poll in progress: how it lists events and how it answers (once), and, while it waits, the
 * hub's waiter woken by new events, a revocation or the shutdown. One object per poll, its
 * methods on the prototype: a relay holds tens of thousands of these at once, and a closure per
 * method (with its context) cost more than the poll's own fields.
 */
class Poll implements Waiter<PollAnswer>, Expiring {
  readonly terminalId: string;
  readonly venueIds: string[];
  deadlineTick = 0;
  /** One store read at a time per poll; a batch published meanwhile asks for one more. */
  private rechecking = false;
  private recheckAgain = false;

  constructor(
    private readonly ctx: RelayContext,
    private readonly res: ServerResponse,
    readonly after: number,
    private readonly wait: number,
    readonly limit: number,
    private readonly started: number,
    terminal: Terminal,
  ) {
    this.terminalId = terminal.id;
    this.venueIds = terminal.venueIds;
  }

  answer(events: StoredEvent[], outcome: string, rendered?: PollAnswer): void {
    const { ctx } = this;
    ctx.deadlines.remove(this);
    if (this.unwatch()) ctx.usage.changed(this.terminalId);
    ctx.metrics.polls.inc({ outcome });
    ctx.metrics.pollDuration.observe((performance.now() - this.started) / 1000);
    sendEvents(this.res, rendered ?? renderEvents(ctx.logIdJson, events), ctx.closing);
  }

  async list(): Promise<Listed> {
    const { ctx, venueIds, after, limit } = this;
    // The hub answers waiting polls only: with PostgreSQL it learns of another instance's
    // commit a few milliseconds late, which a waiting poll absorbs (it is woken then) but an
    // immediate answer would not.
    if (this.wait > 0 && !ctx.closing) {
      const known = ctx.hub.lookup(venueIds, after, limit);
      if (known !== null) return { events: known.events, rendered: known.answer ?? undefined };
    }
    const events = await ctx.store.listEvents(venueIds, after, limit);
    ctx.hub.listed(venueIds, after, events, limit);
    return { events };
  }

  /** Waits in the hub until woken, the client leaves, or `wait` seconds pass. */
  park(): void {
    const { ctx } = this;
    ctx.hub.add(this);
    ctx.usage.changed(this.terminalId);
    // The socket's state tells this poll when its client goes away (connections.ts), so a
    // waiting poll holds no listener or closure of its own.
    const state = ctx.sockets.get(this.res.socket as Socket);
    if (state) state.poll = this;
    else this.res.on('close', () => this.left());
    ctx.deadlines.add(this, this.wait * 1000);
  }

  /** The client went away (or, without a socket state, the answer was sent). */
  left(): void {
    this.ctx.deadlines.remove(this);
    this.ctx.hub.remove(this);
    this.unwatch();
    this.ctx.usage.changed(this.terminalId);
  }

  /**
   * No longer waiting on its socket (answered, or its client gone): true when it was, and the
   * key's open polls then changed for the other instances.
   */
  private unwatch(): boolean {
    const socket = this.res.socket;
    const state = socket ? this.ctx.sockets.get(socket) : undefined;
    if (state?.poll !== this) return false;
    state.poll = null;
    return true;
  }

  /** Taken out of the hub, and off the wheel, without an answer (the store read failed). */
  unpark(): void {
    this.ctx.hub.remove(this);
    this.ctx.deadlines.remove(this);
    if (this.unwatch()) this.ctx.usage.changed(this.terminalId);
  }

  expire(): void {
    if (this.ctx.hub.remove(this)) this.answer([], 'empty');
  }

  settle(outcome: StoredEvent[] | 'revoked' | 'closing', rendered?: PollAnswer): void {
    const { ctx } = this;
    if (outcome === 'revoked') {
      ctx.deadlines.remove(this);
      if (this.unwatch()) ctx.usage.changed(this.terminalId);
      ctx.metrics.polls.inc({ outcome: 'revoked' });
      sendError(this.res, new HttpError(401, 'The terminal key was revoked.'));
    } else if (outcome === 'closing') {
      this.answer([], 'closing');
    } else {
      const at = ctx.now();
      for (const event of outcome)
        ctx.metrics.delivery.observe(Math.max(0, at - event.receivedAt) / 1000);
      this.answer(outcome, 'events', rendered);
    }
  }

  recheck(): void {
    if (this.rechecking) {
      this.recheckAgain = true;
      return;
    }
    this.rechecking = true;
    this.recheckAgain = false;
    this.ctx.metrics.rechecks.inc();
    this.list()
      .then(({ events, rendered }) => {
        if (events.length > 0 && this.ctx.hub.remove(this)) this.answer(events, 'events', rendered);
      })
      .catch((error: unknown) =>
        this.ctx.log('poll', `re-reading for a poll failed: ${(error as Error).message}`),
      )
      .finally(() => {
        this.rechecking = false;
        if (this.recheckAgain) this.recheck();
      });
  }
}

export async function handlePoll(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
): Promise<void> {
  const started = performance.now();
  const request: PollRequest = {
    after: parseIntParam(params, 'after', 0, 0),
    wait: Math.min(parseIntParam(params, 'wait', 0, 0), ctx.maxWaitSeconds),
    limit: Math.min(parseIntParam(params, 'limit', MAX_EVENTS_PER_POLL, 1), MAX_EVENTS_PER_POLL),
  };
  const terminal = await authenticate(ctx, req);
  ctx.intake.polled(terminal.venueIds, ctx.now());
  admit(ctx, terminal, request.wait);
  const poll = new Poll(ctx, res, request.after, request.wait, request.limit, started, terminal);
  // A poll that arrives after closeAll() would otherwise wait until the shutdown's grace period
  // cuts its connection: during shutdown every poll is answered at once.
  if (request.wait === 0 || ctx.closing) {
    const { events } = await poll.list();
    poll.answer(
      events,
      events.length > 0 ? 'events' : 'empty',
      // Only a poll that does not wait names the key's venues (poll-answer.ts); a long poll
      // answered at once because the relay is closing keeps a long poll's answer.
      renderEvents(ctx.logIdJson, events, request.wait === 0 ? terminal.venueIds : undefined),
    );
    return;
  }
  // A re-poll behind the newest events (common after a large fan-out) is answered at once from
  // the hub's window, with the answer rendered for every poll at that cursor.
  const known = ctx.hub.lookup(terminal.venueIds, request.after, request.limit);
  if (known !== null && known.answer !== null) {
    poll.answer(known.events, 'events', known.answer);
    return;
  }
  // Registered before reading the store, so an event committed in between wakes this poll.
  poll.park();
  // Known to have nothing yet: the hub wakes it. Otherwise the store is read.
  if (known !== null) return;
  let found: Listed;
  try {
    found = await poll.list();
  } catch (error) {
    poll.unpark();
    throw error;
  }
  if (found.events.length > 0 && ctx.hub.remove(poll)) {
    poll.answer(found.events, 'events', found.rendered);
  }
}

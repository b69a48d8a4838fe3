// Appending to the event log (with the held events an order's venue releases), reading and
// pruning it, and the log's identity, on the relay's SQLite file.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { eventFromRow, type EventRow } from './event-row';
import type { AppendOutcome, EventStore, IncomingEvent, StoredEvent } from './event-store';
import type { HeldRow, SqliteContext } from './sqlite-context';

/** Inserts an event; only its seq is read back, the rest being the caller's own values. */
const insertEvent = (ctx: SqliteContext, event: Omit<StoredEvent, 'seq'>): StoredEvent => ({
  seq: ctx.statements.insertEvent.get(
    event.kind,
    event.eventId,
    event.venueId,
    event.receivedAt,
    event.body,
    event.signature,
  ) as number,
  ...event,
});

const appendOne = (ctx: SqliteContext, event: IncomingEvent): AppendOutcome => {
  const { statements } = ctx;
  const { kind, eventId } = event;
  if (statements.known.get(kind, eventId, kind, eventId) === 1) return { status: 'duplicate' };
  let venueId = event.venueId;
  if (venueId === null && event.orderRef !== null) {
    const known = statements.orderVenue.get(event.orderRef) as { venue_id: string } | undefined;
    venueId = known?.venue_id ?? null;
  }
  if (venueId === null) {
    statements.insertHeld.run(
      event.kind,
      event.eventId,
      event.orderRef,
      event.receivedAt,
      event.body,
      event.signature,
    );
    return { status: 'held' };
  }
  const released: StoredEvent[] = [];
  if (event.orderRef !== null) {
    statements.upsertOrder.run(event.orderRef, venueId, event.receivedAt);
    // Held events were received earlier, so they take the lower seqs.
    for (const held of statements.heldForOrder.all(event.orderRef) as HeldRow[]) {
      released.push(
        insertEvent(ctx, {
          kind: held.kind,
          eventId: held.event_id,
          venueId,
          receivedAt: held.received_at,
          body: held.body,
          signature: held.signature,
        }),
      );
    }
    if (released.length > 0) statements.deleteHeldForOrder.run(event.orderRef);
  }
  const stored = insertEvent(ctx, {
    kind: event.kind,
    eventId: event.eventId,
    venueId,
    receivedAt: event.receivedAt,
    body: event.body,
    signature: event.signature,
  });
  return { status: 'stored', event: stored, released };
};

/** The store's appendBatch: one IMMEDIATE transaction per batch, then the listeners are told. */
export const appender = (ctx: SqliteContext): EventStore['appendBatch'] => {
  const appendAll = ctx.db.transaction((events: IncomingEvent[]) =>
    events.map((event) => appendOne(ctx, event)),
  );
  return async (events, committed) => {
    if (events.length === 0) return [];
    const outcomes = appendAll.immediate(events);
    committed?.();
    const servable: StoredEvent[] = [];
    for (const outcome of outcomes) {
      if (outcome.status === 'stored') servable.push(...outcome.released, outcome.event);
    }
    if (servable.length > 0) {
      const after = ctx.published;
      ctx.published = (servable.at(-1) as StoredEvent).seq;
      for (const listener of ctx.listeners) listener(servable, after);
    }
    return outcomes;
  };
};

export const listEvents = (
  ctx: SqliteContext,
  venueIds: readonly string[],
  after: number,
  limit: number,
): StoredEvent[] => {
  if (venueIds.length === 0) return [];
  const rows =
    venueIds.length === 1
      ? ctx.statements.eventsOfVenue.all(venueIds[0], after, limit)
      : ctx.statements.eventsOfVenues.all(JSON.stringify(venueIds), after, limit);
  return (rows as EventRow[]).map(eventFromRow);
};

export const pruneBefore = (ctx: SqliteContext, time: number): number => {
  const prune = ctx.db.transaction(() => {
    const events = ctx.statements.pruneEvents.run(time).changes;
    const held = ctx.statements.pruneHeld.run(time).changes;
    ctx.statements.pruneOrders.run(time);
    // A duty claimed before the oldest event kept is of an order no terminal can receive again.
    ctx.statements.pruneDuties.run(time);
    ctx.statements.pruneTrouble.run(time);
    return events + held;
  });
  return prune.immediate();
};

export function readLogIdIn(db: Database.Database): string {
  return db.prepare("SELECT value FROM meta WHERE key = 'log_id'").pluck().get() as string;
}

export function renewLogIdIn(db: Database.Database): string {
  const logId = randomUUID();
  db.prepare("UPDATE meta SET value = ? WHERE key = 'log_id'").run(logId);
  return logId;
}

// A poll's answer: the events as JSON, rendered once for every poll woken at the same cursor on
// the same venues (the same body Buffer and header object handed to each response).
import type { ServerResponse } from 'node:http';
import type { StoredEvent } from '../store/event-store';

// One event woken into a thousand polls is serialised once, not a thousand times.
const serialised = new WeakMap<StoredEvent, string>();
const serialise = (event: StoredEvent): string => {
  let text = serialised.get(event);
  if (text === undefined) {
    text = JSON.stringify({
      seq: event.seq,
      received_at: new Date(event.receivedAt).toISOString(),
      kind: event.kind,
      venue_id: event.venueId,
      body: event.body,
      signature: event.signature,
    });
    serialised.set(event, text);
  }
  return text;
};

/**
 * A poll's answer, rendered once for every poll woken at the same cursor on the same venues: the
 * same body Buffer and the same header object are handed to each response, so waking a thousand
 * polls serialises nothing a thousand times.
 */
export type PollAnswer = { body: Buffer; headers: Record<string, string> };

const POLL_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
} as const;

/**
 * `venueIds`: the venues the key may read, named in a poll that does not wait (a terminal's setup
 * checks with one that its key is its venue's); a long poll's answer is shared and names none.
 */
export const renderEvents = (
  logIdJson: string,
  events: StoredEvent[],
  venueIds?: readonly string[],
): PollAnswer => {
  const venues = venueIds === undefined ? '' : `"venue_ids":${JSON.stringify(venueIds)},`;
  const body = Buffer.from(
    `{"log_id":${logIdJson},${venues}"events":[${events.map(serialise).join(',')}]}`,
  );
  return { body, headers: { ...POLL_HEADERS, 'Content-Length': String(body.length) } };
};

export function sendEvents(res: ServerResponse, answer: PollAnswer, closing: boolean): void {
  if (res.headersSent || res.destroyed) return;
  // Header and body leave in one write (Node joins the head with the first chunk of end()).
  res.writeHead(200, closing ? { ...answer.headers, Connection: 'close' } : answer.headers);
  res.end(answer.body);
}

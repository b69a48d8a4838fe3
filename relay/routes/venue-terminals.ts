// GET /v1/terminal/venue: the terminals of the caller's venues and whether each is receiving
// orders, read from the same presence every call of a key leaves (terminal_presence, presence.ts).
// A terminal reads it every few polls and keeps the answer: when its own stream breaks it decides
// from the last answer whether another terminal of its venue still receives, in which case it
// alarms locally instead of pausing the venue (docs/architecture.md#several-terminals-of-one-venue).
// Only the terminals that share a venue with the key are named, with their staff name and an age:
// no key, no report body, no other venue.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendJson } from '../../kit/http';
import { TERMINAL_SILENT_MS, terminalHealthSchema } from '../../shared/terminal-health';
import type { RelayContext } from '../relay-context';
import { authenticate, takeCall } from './terminals';

export const VENUE_TERMINALS_PATH = '/v1/terminal/venue';

export type VenueTerminalAnswer = {
  receiving_within_seconds: number;
  terminals: Array<{
    terminal_id: string;
    name: string | null;
    venue_ids: string[];
    self: boolean;
    last_seen_seconds: number | null;
    receiving: boolean;
  }>;
};

/** The name staff gave the terminal (its newest report), else the one the admin gave its key. */
const reportedName = (report: string | null): string | null => {
  if (report === null) return null;
  try {
    const parsed = terminalHealthSchema.safeParse(JSON.parse(report));
    return parsed.success ? parsed.data.name : null;
  } catch {
    return null;
  }
};

const reportedStreamDown = (report: string | null): boolean => {
  if (report === null) return false;
  try {
    const parsed = terminalHealthSchema.safeParse(JSON.parse(report));
    return parsed.success && parsed.data.stream === 'down';
  } catch {
    return false;
  }
};

export async function handleVenueTerminals(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const caller = await authenticate(ctx, req);
  const retryAfter = takeCall(ctx, caller.id);
  if (retryAfter > 0) {
    throw new HttpError(429, `This terminal key calls too often; retry in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  const within = ctx.receivingWithinMs ?? TERMINAL_SILENT_MS;
  const terminals = await ctx.store.venueTerminals(caller.venueIds);
  const presence = new Map(
    (await ctx.presence.list(terminals.map((t) => t.id))).map((row) => [row.terminalId, row]),
  );
  const at = ctx.now();
  const answer: VenueTerminalAnswer = {
    receiving_within_seconds: Math.round(within / 1000),
    terminals: terminals.map((terminal) => {
      const row = presence.get(terminal.id);
      const self = terminal.id === caller.id;
      const seenAt = self ? at : (row?.lastSeenAt ?? null);
      // A terminal that still calls but reported its stream down lately is not receiving.
      const downReported =
        !self &&
        row?.reportedAt != null &&
        at - row.reportedAt <= within &&
        reportedStreamDown(row.report);
      return {
        terminal_id: terminal.id,
        name: reportedName(row?.report ?? null) ?? terminal.name,
        venue_ids: terminal.venueIds.filter((v) => caller.venueIds.includes(v)),
        self,
        last_seen_seconds: seenAt === null ? null : Math.max(0, Math.round((at - seenAt) / 1000)),
        receiving: seenAt !== null && at - seenAt <= within && !downReported,
      };
    }),
  };
  sendJson(res, 200, answer);
}

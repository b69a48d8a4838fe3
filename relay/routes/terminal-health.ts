// PUT /v1/terminal/health: a terminal's health report (shared/terminal-health.ts), every 30 s. The
// key says which terminal speaks and which venues it may speak for; the body is checked whole
// (strict: an unknown field is refused, so nothing but the declared counts, states and labels is
// kept) and stored re-serialised from what was checked, never as the bytes sent. Committed before
// the 204.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, decodeJson, readBody, sendEmpty } from '../../kit/http';
import { TERMINAL_HEALTH_MAX_BYTES, terminalHealthSchema } from '../../shared/terminal-health';
import type { RelayContext } from '../relay-context';
import { authenticate, takeCall } from './terminals';

export const TERMINAL_HEALTH_PATH = '/v1/terminal/health';

export async function handleTerminalHealth(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const terminal = await authenticate(ctx, req);
  const retryAfter = takeCall(ctx, terminal.id);
  if (retryAfter > 0) {
    throw new HttpError(429, `This terminal key calls too often; retry in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  const parsed = terminalHealthSchema.safeParse(
    decodeJson(await readBody(req, TERMINAL_HEALTH_MAX_BYTES)).json,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'body';
    throw new HttpError(400, `The health report is not valid (${where}).`);
  }
  const report = parsed.data;
  const foreign = report.venues.find((venue) => !terminal.venueIds.includes(venue.venue_id));
  if (foreign !== undefined) {
    throw new HttpError(403, 'The report names a venue this terminal key does not belong to.');
  }
  if (new Set(report.venues.map((venue) => venue.venue_id)).size !== report.venues.length) {
    throw new HttpError(400, 'The health report names a venue twice.');
  }
  await ctx.presence.reported(terminal.id, JSON.stringify(report));
  sendEmpty(res, 204);
}

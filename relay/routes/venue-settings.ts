// GET and PUT /v1/terminal/venue-settings, PUT /v1/terminal/duties: what the terminals of one
// venue keep once for all of them (shared/venue-settings.ts). The key says which terminal speaks
// and which venues it may speak for: a venue outside its key is refused (403) and a body is
// checked whole (strict) before anything is stored; a change is committed before the answer.
// A change is a merge patch, so two terminals changing different settings both keep theirs.
// A duty claim answers which terminal holds the duty (the first to claim it), whoever asks; a
// read lists an order's claims (duties, and the actions the platform took from each terminal).
// A change puts a venue-settings hint on the venue's poll stream (shared/relay-events.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { HttpError, decodeJson, readBody, sendJson } from '../../kit/http';
import { isVenueId } from '../../shared/venue-id';
import type {
  DutyClaimAnswer,
  OrderClaimsAnswer,
  VenueSettingsAnswer,
} from '../../shared/venue-settings';
import {
  VENUE_SETTINGS_MAX_BYTES,
  applyVenuePatch,
  dutyClaimSchema,
  venueSettingsChangeSchema,
  venueSettingsSchema,
} from '../../shared/venue-settings';
import { venueSettingsHintId } from '../../shared/relay-events';
import type { Terminal } from '../store/event-store';
import type { VenueSettingsRow } from '../store/event-store';
import type { RelayContext } from '../relay-context';
import { authenticate, takeCall } from './terminals';

export const VENUE_SETTINGS_PATH = '/v1/terminal/venue-settings';
export const DUTIES_PATH = '/v1/terminal/duties';

const DUTY_BODY_BYTES = 1024;

async function caller(ctx: RelayContext, req: IncomingMessage): Promise<Terminal> {
  const terminal = await authenticate(ctx, req);
  const retryAfter = takeCall(ctx, terminal.id);
  if (retryAfter > 0) {
    throw new HttpError(429, `This terminal key calls too often; retry in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  return terminal;
}

const ownVenue = (terminal: Terminal, venueId: string): void => {
  if (!terminal.venueIds.includes(venueId))
    throw new HttpError(403, 'This terminal key does not belong to that venue.');
};

async function readChecked<T>(
  req: IncomingMessage,
  max: number,
  schema: z.ZodType<T>,
  what: string,
): Promise<T> {
  const parsed = schema.safeParse(decodeJson(await readBody(req, max)).json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'body';
    throw new HttpError(400, `The ${what} is not valid (${where}).`);
  }
  return parsed.data;
}

/** The stored JSON, checked again on the way out: a row no schema reads is no setting. */
const parseStored = (json: string | null) => {
  if (json === null) return {};
  const parsed = venueSettingsSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
};

const answer = (venueId: string, row: VenueSettingsRow | null): VenueSettingsAnswer => ({
  venue_id: venueId,
  version: row?.version ?? 0,
  settings: parseStored(row?.settings ?? null),
  updated_at: row?.updatedAt ?? null,
  updated_by: row?.updatedBy ?? null,
});

export async function handleVenueSettings(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const terminal = await caller(ctx, req);
  if (req.method === 'GET') {
    const venueId = url.searchParams.get('venue_id') ?? '';
    if (!isVenueId(venueId)) throw new HttpError(400, 'venue_id is not a venue id.');
    ownVenue(terminal, venueId);
    sendJson(res, 200, answer(venueId, await ctx.store.venueSettings(venueId)));
    return;
  }
  const change = await readChecked(
    req,
    VENUE_SETTINGS_MAX_BYTES,
    venueSettingsChangeSchema,
    'settings change',
  );
  ownVenue(terminal, change.venue_id);
  const row = await ctx.store.changeVenueSettings(
    change.venue_id,
    (current) => JSON.stringify(applyVenuePatch(parseStored(current), change.changes)),
    terminal.id,
    ctx.now(),
  );
  await hintChange(ctx, change.venue_id, row.version);
  sendJson(res, 200, answer(change.venue_id, row));
}

/**
 * Puts the hint on the venue's poll stream: each of its terminals reads the settings at once (the
 * changing one too, and finds the version it holds). Appended after the change's own commit, so
 * a hint never names a version no terminal can read; a hint lost (the relay stopped between the
 * two, or the append failed) costs a terminal the wait for its next periodic read, never the
 * change, which is kept and answered.
 */
async function hintChange(ctx: RelayContext, venueId: string, version: number): Promise<void> {
  const hint = { venue_id: venueId, version };
  try {
    await ctx.commits.append({
      kind: 'venue-settings',
      eventId: venueSettingsHintId(hint),
      venueId,
      orderRef: null,
      receivedAt: ctx.now(),
      body: JSON.stringify(hint),
      signature: null,
    });
  } catch (error) {
    ctx.log('storage', `could not store a venue-settings hint: ${(error as Error).message}`);
  }
}

export async function handleDutyClaim(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const terminal = await caller(ctx, req);
  if (req.method === 'GET') {
    const query = dutyClaimSchema.pick({ venue_id: true, order_id: true }).safeParse({
      venue_id: url.searchParams.get('venue_id') ?? '',
      order_id: url.searchParams.get('order_id') ?? '',
    });
    if (!query.success) throw new HttpError(400, 'venue_id and order_id are required and valid.');
    ownVenue(terminal, query.data.venue_id);
    const claims = await ctx.store.orderClaims(query.data.venue_id, query.data.order_id);
    sendJson(res, 200, {
      order_id: query.data.order_id,
      claims: claims.map((c) => ({
        duty: c.duty,
        terminal_id: c.terminalId,
        claimed_at: c.claimedAt,
      })),
    } satisfies OrderClaimsAnswer);
    return;
  }
  const claim = await readChecked(req, DUTY_BODY_BYTES, dutyClaimSchema, 'duty claim');
  ownVenue(terminal, claim.venue_id);
  const holder = await ctx.store.claimOrderDuty(
    claim.venue_id,
    claim.order_id,
    claim.duty,
    terminal.id,
    ctx.now(),
  );
  sendJson(res, 200, { holder, mine: holder === terminal.id } satisfies DutyClaimAnswer);
}

// Terminals on the wire: their keys (Authorization: Bearer), the revocations the relay follows,
// and PUT /v1/delivery-secret, where a terminal hands over its venue's delivery webhook secret.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, decodeJson, readBody, sendEmpty } from '../../kit/http';
import { isVenueId, VENUE_ID_RULE } from '../../shared/venue-id';
import { deliverySecretBody } from '../ingest/delivery';
import type { RelayContext } from '../relay-context';
import { trust } from '../relay-context';
import type { Terminal } from '../store/event-store';
import { hashTerminalKey } from '../terminals';

const DELIVERY_SECRET_BODY_BYTES = 4 * 1024;

/** The active terminal whose key the request carries; 401 otherwise. */
export async function authenticate(ctx: RelayContext, req: IncomingMessage): Promise<Terminal> {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const challenge = { 'WWW-Authenticate': 'Bearer realm="relay"' };
  if (!match)
    throw new HttpError(401, 'A terminal key is required: Authorization: Bearer <key>.', {
      headers: challenge,
    });
  const hash = hashTerminalKey(match[1] as string);
  let terminal = ctx.terminals.byKey(hash);
  if (terminal === null) {
    terminal = await ctx.store.findActiveTerminal(hash);
    if (terminal !== null && !ctx.revokedIds.has(terminal.id))
      ctx.terminals.remember(hash, terminal);
  }
  if (terminal === null || ctx.revokedIds.has(terminal.id)) {
    throw new HttpError(401, 'The terminal key is unknown or revoked.', { headers: challenge });
  }
  trust(ctx, req.socket, 'terminal');
  ctx.presence.seen(terminal.id);
  return terminal;
}

/**
 * A call of a terminal's key other than a poll: 0 when it may call now, else seconds to wait.
 * From the calls' own budget, never the polls' (RelayOptions.callRateLimit).
 */
export function takeCall(ctx: RelayContext, terminalId: string): number {
  return ctx.callLimiter.take(terminalId);
}

/** Reads the revocations made since the last read (one read at a time, re-run if asked meanwhile). */
export function checkRevocations(ctx: RelayContext): void {
  const state = ctx.revocations;
  if (state.checking) {
    state.again = true;
    return;
  }
  state.checking = true;
  state.again = false;
  ctx.store
    .revokedSince(state.cursor)
    .then(({ terminalIds, cursor }) => {
      state.cursor = cursor;
      for (const id of terminalIds) {
        ctx.revokedIds.add(id);
        ctx.terminals.forget(id);
        ctx.hub.revoke(id);
      }
    })
    .catch((error: unknown) =>
      ctx.log('revocations', `revocation check failed: ${(error as Error).message}`),
    )
    .finally(() => {
      state.checking = false;
      if (state.again && !ctx.closing) checkRevocations(ctx);
    });
}

/**
 * A terminal hands over the delivery webhook secret it made for one of its venues. The key
 * proves which venues it may speak for, so no terminal can set another venue's secret.
 */
export async function handleDeliverySecret(
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
  const parsed = deliverySecretBody.safeParse(
    decodeJson(await readBody(req, DELIVERY_SECRET_BODY_BYTES)).json,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(
      400,
      `The body must be {"venue_id": string, "secret": 32 to 512 visible ASCII characters}${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}.`,
    );
  }
  const { venue_id: venueId, secret } = parsed.data;
  if (!isVenueId(venueId)) throw new HttpError(400, `venue_id: a venue id is ${VENUE_ID_RULE}.`);
  if (!terminal.venueIds.includes(venueId)) {
    throw new HttpError(403, 'This terminal key does not belong to that venue.');
  }
  if ((await ctx.store.deliveryVenueMerchant(venueId)) !== null) {
    // The relay keeps this venue's merchant webhook and its secret: no terminal sets one.
    throw new HttpError(
      409,
      "The relay keeps this venue's delivery webhook and its secret; terminals hand over none.",
    );
  }
  const at = ctx.now();
  await ctx.store.setDeliverySecret(venueId, secret, at, at + ctx.deliverySecretGraceMs);
  sendEmpty(res, 204);
}

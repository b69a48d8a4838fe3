// Delivery events travel as {token}: an HS256 JWT signed with the merchant's webhook secret
// (docs/platform.md#delivery-events). Only the relay holds that secret and it verified the token
// before storing it for this venue (docs/security.md); the terminal holds no secret that could
// sign for another venue, so it reads the payload the relay handed it over its authenticated
// channel: an HS256 token of the spec's shape, naming this venue or none.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { z } from 'zod';
import { eventEnvelopeSchema } from './schemas';

export type DeliveryEvent = z.infer<typeof eventEnvelopeSchema>;

export type TokenCheck =
  | { ok: true; event: DeliveryEvent }
  | { ok: false; reason: 'malformed' | 'other-venue' | 'invalid-payload' };

/** Reads `{"token": "..."}` (the relay's stored body) or a bare token, for this venue. */
export const readDeliveryToken = (bodyOrToken: string, venueId: string): TokenCheck => {
  let token = bodyOrToken.trim();
  if (token.startsWith('{')) {
    try {
      const parsed = JSON.parse(token) as { token?: unknown };
      if (typeof parsed.token !== 'string') return { ok: false, reason: 'malformed' };
      token = parsed.token;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
  }
  let payload: unknown;
  try {
    if (decodeProtectedHeader(token).alg !== 'HS256') return { ok: false, reason: 'malformed' };
    payload = decodeJwt(token);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const event = eventEnvelopeSchema.safeParse(payload);
  if (!event.success) return { ok: false, reason: 'invalid-payload' };
  const named = (event.data.details as { venue_id?: unknown }).venue_id;
  if (typeof named === 'string' && named !== venueId) return { ok: false, reason: 'other-venue' };
  return { ok: true, event: event.data };
};

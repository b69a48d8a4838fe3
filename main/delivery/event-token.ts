// Delivery events travel as {token}: an HS256 JWT signed with the webhook's client_secret
// (docs/platform.md#delivery-events).
// The relay checked it already; the terminal checks again so that only the platform, not the
// relay, can move a delivery. Only HS256 is accepted: `alg: none` and every other algorithm fail.
import { errors, jwtVerify } from 'jose';
import type { z } from 'zod';
import { eventEnvelopeSchema } from './schemas';

export type DeliveryEvent = z.infer<typeof eventEnvelopeSchema>;

export type TokenCheck =
  | { ok: true; event: DeliveryEvent }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' | 'invalid-payload' };

const encoder = new TextEncoder();

/** Verifies `{"token": "..."}` (the relay's stored body) or a bare token. */
export const verifyDeliveryToken = async (
  bodyOrToken: string,
  secret: string,
  now: Date = new Date(),
): Promise<TokenCheck> => {
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
    ({ payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 60,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
      return { ok: false, reason: 'malformed' };
    return { ok: false, reason: 'bad-signature' };
  }
  const event = eventEnvelopeSchema.safeParse(payload);
  return event.success ? { ok: true, event: event.data } : { ok: false, reason: 'invalid-payload' };
};

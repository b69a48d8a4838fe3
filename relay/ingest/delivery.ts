import { errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';

export type DeliveryVerification =
  | { ok: true; payload: JWTPayload }
  | {
      ok: false;
      reason: 'bad_signature' | 'expired' | 'bad_token' | 'bad_claims';
      message: string;
    };

const encoder = new TextEncoder();

export type DeliveryCheck = {
  now: Date;
  /** When configured, `aud` must name it. */
  audience?: string;
  /** When configured, `iss` must be it. */
  issuer?: string;
};

/**
 * The token is an HS256 JWT (docs/platform.md#delivery-events) signed with the webhook's client_secret (used as raw bytes):
 * `secrets` are the venue's (its current one, and the one it replaced while its grace lasts).
 * Only HS256 is allowed, so `alg: none` and every other algorithm fail before any key is used.
 * `exp` is required (a token without one could be replayed forever) and enforced, as is `nbf`
 * when present, with a minute of clock skew; `aud` and `iss` when the relay is configured with them.
 */
export async function verifyDeliveryToken(
  token: string,
  secrets: readonly string[],
  check: DeliveryCheck,
): Promise<DeliveryVerification> {
  let last: DeliveryVerification = {
    ok: false,
    reason: 'bad_signature',
    message: 'No delivery secret is registered for this venue.',
  };
  for (const secret of secrets) {
    try {
      const { payload } = await jwtVerify(token, encoder.encode(secret), {
        algorithms: ['HS256'],
        currentDate: check.now,
        clockTolerance: 60,
        requiredClaims: ['exp'],
        ...(check.audience === undefined ? {} : { audience: check.audience }),
        ...(check.issuer === undefined ? {} : { issuer: check.issuer }),
      });
      return { ok: true, payload };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        return { ok: false, reason: 'expired', message: 'The delivery token has expired.' };
      }
      if (error instanceof errors.JWTClaimValidationFailed) {
        const timing =
          error.claim === 'nbf' || (error.claim === 'exp' && error.reason === 'check_failed');
        return {
          ok: false,
          reason: timing ? 'expired' : 'bad_claims',
          message: timing
            ? `The delivery token is not valid now (${error.claim}).`
            : `The delivery token's "${error.claim}" claim is missing or not the expected one.`,
        };
      }
      if (error instanceof errors.JWSSignatureVerificationFailed) {
        last = {
          ok: false,
          reason: 'bad_signature',
          message: 'The delivery token signature does not verify.',
        };
        continue;
      }
      // Wrong algorithm, malformed token: no other secret can change that.
      return {
        ok: false,
        reason: 'bad_token',
        message: 'The delivery token is not a valid HS256 JWT.',
      };
    }
  }
  return last;
}

export const deliveryBody = z.looseObject({ token: z.string().min(1) });

/**
 * PUT /v1/delivery-secret: the secret a terminal made for its venue's delivery webhook. Visible
 * ASCII so it means the same bytes to the platform and to jose; 32 characters at least (the
 * terminal sends 32 random bytes, base64url).
 */
export const deliverySecretBody = z.strictObject({
  venue_id: z.string().min(1).max(200),
  secret: z.string().regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 visible ASCII characters'),
});

const nonEmpty = z.string().min(1);

// Unknown event types are stored; only what routing needs is required.
const deliveryEvent = z.looseObject({
  type: nonEmpty,
  dispatched_at: z.string(),
  details: z.looseObject({
    id: nonEmpty,
    venue_id: nonEmpty.nullish(),
    platform_order_reference_id: nonEmpty.nullish(),
  }),
});

export type ParsedDeliveryEvent =
  | { ok: true; id: string; type: string; venueId: string | null; orderRef: string | null }
  | { ok: false; message: string };

export function parseDeliveryEvent(payload: JWTPayload): ParsedDeliveryEvent {
  const parsed = deliveryEvent.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: `Invalid delivery event: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'bad shape'}.`,
    };
  }
  const { details, type } = parsed.data;
  return {
    ok: true,
    id: details.id,
    type,
    venueId: details.venue_id ?? null,
    orderRef: details.platform_order_reference_id ?? null,
  };
}

import { errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { visibleAscii } from '../../shared/visible-ascii';

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
 * The service's payload is `dispatched_at`, `type` and `details`, nothing else, so no claim is
 * required: `exp` and `nbf` are enforced when present (a minute of clock skew), `aud` and `iss`
 * when the relay is configured with them. Replays are bounded by `dispatched_at` instead
 * (checkDispatchedAt) and by the event id.
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
  secret: visibleAscii(32, 512),
});

const nonEmpty = z.string().min(1);

// Unknown event types are stored; only what routing needs is required.
const deliveryEvent = z.looseObject({
  type: nonEmpty,
  // Any ISO 8601 date-time the service may write (offset Z, ±hh, ±hhmm or ±hh:mm; fraction).
  dispatched_at: z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/,
      'expected an ISO 8601 date-time',
    ),
  details: z.looseObject({
    id: nonEmpty,
    venue_id: nonEmpty.nullish(),
    platform_order_reference_id: nonEmpty.nullish(),
  }),
});

export type ParsedDeliveryEvent =
  | {
      ok: true;
      id: string;
      type: string;
      /** dispatched_at, ms since the epoch. */
      dispatchedAt: number;
      venueId: string | null;
      orderRef: string | null;
    }
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
  // Date.parse reads only RFC 3339's subset of ISO 8601: ±hhmm, ±hh and a comma fraction first
  // become the form it reads, and a time without an offset is UTC (docs/platform.md#delivery-event-freshness),
  // not the relay's local time.
  const text = parsed.data.dispatched_at.replace(',', '.');
  const dispatchedAt = Date.parse(
    /(Z|[+-]\d{2}(:?\d{2})?)$/.test(text.slice(10))
      ? text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/([+-]\d{2})$/, '$1:00')
      : `${text}Z`,
  );
  if (Number.isNaN(dispatchedAt))
    return { ok: false, message: 'Invalid delivery event: dispatched_at: not a real date-time.' };
  return {
    ok: true,
    id: details.id,
    type,
    dispatchedAt,
    venueId: details.venue_id ?? null,
    orderRef: details.platform_order_reference_id ?? null,
  };
}

/**
 * How old and how far ahead a genuine event's `dispatched_at` can be
 * (docs/platform.md#delivery-event-freshness): the service resends a refused event after base^n
 * seconds, n = 1…max_retry_count, so its last resend leaves the span of those delays after the
 * first try; the margin covers each try's own time and the two clocks' difference.
 */
export type DeliveryFreshness = { maxAgeMs: number; maxAheadMs: number };

export const freshnessOf = (retrySpanSeconds: number, marginMs: number): DeliveryFreshness => ({
  maxAgeMs: retrySpanSeconds * 1000 + marginMs,
  maxAheadMs: marginMs,
});

export type FreshnessCheck =
  { ok: true } | { ok: false; reason: 'stale' | 'future'; message: string };

export function checkDispatchedAt(
  dispatchedAt: number,
  now: number,
  freshness: DeliveryFreshness,
): FreshnessCheck {
  if (now - dispatchedAt > freshness.maxAgeMs) {
    return {
      ok: false,
      reason: 'stale',
      message: `The event was dispatched ${Math.round((now - dispatchedAt) / 1000)} s ago, longer than the webhook's resends last; it is refused as a replay.`,
    };
  }
  if (dispatchedAt - now > freshness.maxAheadMs) {
    return {
      ok: false,
      reason: 'future',
      message: `The event's dispatched_at is ${Math.round((dispatchedAt - now) / 1000)} s in the future; it is refused.`,
    };
  }
  return { ok: true };
}

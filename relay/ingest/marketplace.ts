import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isVenueId, VENUE_ID_RULE } from '../../shared/venue-id';

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/**
 * PLATFORM-SIGNATURE is the hex HMAC-SHA256 of the exact body bytes (docs/platform.md#notification-signature). Every active secret
 * is tried (two during a rotation); the comparison is constant-time over equal-length buffers.
 */
export function verifyPlatformSignature(
  body: Buffer,
  header: string | undefined,
  secrets: readonly string[],
): boolean {
  if (header === undefined || !HEX_SHA256.test(header)) return false;
  const received = Buffer.from(header, 'hex');
  let valid = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(body).digest();
    // Evaluate every secret so timing does not reveal which one matched.
    if (expected.length === received.length && timingSafeEqual(expected, received)) valid = true;
  }
  return valid;
}

const nonEmpty = z.string().min(1);
// Any ISO 8601 date-time (extended date; offset Z, ±hh, ±hhmm or ±hh:mm, or none; fraction after
// '.' or ','): the platform promises ISO 8601, not RFC 3339 (docs/platform.md#notification-body), and a genuine notification refused is lost.
const timestamp = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/,
    'expected an ISO 8601 date-time',
  );

const order = z.looseObject({
  id: nonEmpty,
  venue_id: nonEmpty,
  status: z.string().optional(),
  resource_url: z.string().optional(),
});

const base = { id: nonEmpty, created_at: timestamp };

// The fields a terminal needs to act on are required; the rest of the notification's fields (docs/platform.md#notification-body) are checked for
// type when present, because refusing a genuine notification makes the platform drop it.
const known = z.discriminatedUnion('type', [
  z.looseObject({
    ...base,
    type: z.literal('order.notification'),
    order: order.extend({ status: nonEmpty }),
  }),
  z.looseObject({
    ...base,
    type: z.literal('courier.notification'),
    order,
    courier_details: z.looseObject({ courier_pickup_eta: z.string().optional() }).optional(),
  }),
  z.looseObject({
    ...base,
    type: z.literal('pickup_completed.notification'),
    order,
    details: z.looseObject({ is_pickup_completed: z.boolean().optional() }).optional(),
  }),
]);

export const KNOWN_NOTIFICATION_TYPES = [
  'order.notification',
  'courier.notification',
  'pickup_completed.notification',
];

// Types the relay does not know (CANCELED-era additions, venue alerts) are kept if they can be
// routed: an id and a venue, wherever the sender put it.
const unknown = z.looseObject({
  id: nonEmpty,
  type: nonEmpty,
  created_at: z.string().optional(),
  order: z.looseObject({ venue_id: nonEmpty.optional() }).optional(),
  venue_id: nonEmpty.optional(),
  venue: z.looseObject({ id: nonEmpty.optional() }).optional(),
});

export type ParsedNotification =
  { ok: true; id: string; venueId: string } | { ok: false; message: string };

const describe = (error: z.ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`)
    .join('; ');

export function parseMarketplaceNotification(json: unknown): ParsedNotification {
  const type = typeof json === 'object' && json !== null && 'type' in json ? json.type : undefined;
  if (typeof type === 'string' && KNOWN_NOTIFICATION_TYPES.includes(type)) {
    const parsed = known.safeParse(json);
    if (!parsed.success)
      return { ok: false, message: `Invalid ${type}: ${describe(parsed.error)}.` };
    return routed(parsed.data.id, parsed.data.order.venue_id);
  }
  const parsed = unknown.safeParse(json);
  if (!parsed.success)
    return { ok: false, message: `Invalid notification: ${describe(parsed.error)}.` };
  const venueId = parsed.data.order?.venue_id ?? parsed.data.venue_id ?? parsed.data.venue?.id;
  if (venueId === undefined) {
    return {
      ok: false,
      message: 'The notification names no venue (order.venue_id, venue_id or venue.id).',
    };
  }
  return routed(parsed.data.id, venueId);
}

// No terminal can hold a venue id outside the rule (terminals.ts checks the same), so such a
// notification could reach nobody; it is refused rather than stored.
const routed = (id: string, venueId: string): ParsedNotification =>
  isVenueId(venueId)
    ? { ok: true, id, venueId }
    : { ok: false, message: `The notification's venue id is not one: ${VENUE_ID_RULE}.` };

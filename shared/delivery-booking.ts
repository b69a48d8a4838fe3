// A courier booking as staff fill it in, declared once: the booking dialog validates with these
// schemas before sending, main validates every delivery:* request with them (shared/ipc/contract),
// and main's request to the delivery service is derived from what they accept
// (main/delivery/booking-request.ts). The rules are the delivery service's
// (docs/platform.md#booking-a-courier); every message is one staff read beside the field it names.
import { z } from 'zod';
import type { Refusal } from './refusals';
import { keptRefusal, refusal } from './refusals';

/** "Ready in N min": the service takes 1 to 60 and assumes 30 when none is given. */
export const PREPARATION_MINUTES = { min: 1, max: 60, assumed: 30 } as const;
/** A scheduled drop-off must be left out when the delivery happens within the next hour. */
export const SCHEDULE_LEAD_MINUTES = 60;
/** The one tip type the service shows: a tip paid to the courier before the delivery. */
export const COURIER_TIP_TYPE = 'pre_delivery_courier_tip';
/** The parcel tag the service shows for alcohol (which goes with an ID check). */
export const ALCOHOL_TAG = 'alcohol';
/** One text message: longer ones split or cost more, and the service states no limit. */
export const SMS_MAX_CHARS = 160;
/** The courier sees the order number; the service suggests 5 characters or fewer. */
export const ORDER_NUMBER_SUGGESTED_CHARS = 5;
export const ORDER_NUMBER_MAX_CHARS = 20;

// A form shows a schema's message to staff: each one here is a kept refusal, worded in the
// screen's language (renderer/ui-kit/form.ts fieldErrors); main refuses with its code.
const said = keptRefusal;

const atMost = (n: number) => said('field-too-long', n);
const text = (max: number) => z.string().trim().max(max, atMost(max));
/** Left empty means not given: a blank optional field is never sent. */
const optionalText = (max: number) => text(max).optional();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the spacing people write (+358 40 123-4567, (09) 123 456). */
const PHONE = /^\+?[\d\s().\-/]+$/;

/** What a number typed by staff is, for its words ("Enter the tip as a number"). */
type NumberField = 'minutes' | 'count' | 'tip' | 'cash' | 'bags';

/** A number typed by staff; NaN (letters typed) fails with the same words as a missing one. */
const typedNumber = (what: NumberField) => z.number({ error: said('courier-number-needed', what) });

/** Money as staff type it, already in minor units ("2.50" → 250). */
const amount = (what: 'tip' | 'cash', max: number) =>
  typedNumber(what)
    .int(said('courier-whole-cents', what))
    .min(1, said('courier-amount-zero', what))
    .max(max, said('courier-amount-high', max / 100, what));

/** The address part of a booking: what a shipment promise or an area check is asked for. */
const addressFields = {
  street: text(200),
  postCode: text(20),
  city: text(100),
};

const ADDRESS_NEEDED = said('courier-address-needed');

const hasAddress = (v: { street: string; postCode: string; city: string }): boolean =>
  v.street !== '' || v.postCode !== '' || v.city !== '';

export const deliveryQuoteSchema = z
  .object({
    ...addressFields,
    lat: z.number().min(-90).max(90).nullable().optional(),
    lon: z.number().min(-180).max(180).nullable().optional(),
    /** "Ready in N min": when the courier can pick up. */
    minPreparationMinutes: typedNumber('minutes')
      .int(said('courier-whole-minutes'))
      .min(PREPARATION_MINUTES.min, said('courier-minutes-low', PREPARATION_MINUTES.min))
      .max(PREPARATION_MINUTES.max, said('courier-minutes-high', PREPARATION_MINUTES.max))
      .optional(),
    /** When the customer wants it; only more than an hour ahead (scheduleProblem). */
    scheduledDropoff: z.iso.datetime({ offset: true, error: said('courier-pick-time') }).optional(),
  })
  .strict()
  .refine((v) => hasAddress(v) || (v.lat != null && v.lon != null), {
    message: ADDRESS_NEEDED,
    path: ['street'],
  })
  .refine((v) => (v.lat == null) === (v.lon == null), {
    message: said('courier-lat-lon'),
    path: ['lat'],
  });
export type DeliveryQuoteRequest = z.infer<typeof deliveryQuoteSchema>;

/** "Can we deliver to this address?": an address only. */
export const deliveryAreaCheckSchema = z
  .object(addressFields)
  .strict()
  .refine(hasAddress, { message: ADDRESS_NEEDED, path: ['street'] });
export type DeliveryAreaCheckRequest = z.infer<typeof deliveryAreaCheckSchema>;

/**
 * Why a scheduled drop-off cannot be asked for at `nowMs`, as a refusal the screen words; null
 * when it can. The service refuses one within the next hour (then "as soon as possible" is what to
 * ask for).
 */
export const scheduleProblem = (scheduledIso: string, nowMs: number): Refusal | null => {
  const at = Date.parse(scheduledIso);
  if (!Number.isFinite(at)) return refusal('courier-pick-time');
  if (at <= nowMs + SCHEDULE_LEAD_MINUTES * 60_000) return refusal('courier-time-too-soon');
  return null;
};

const parcelSchema = z
  .object({
    description: z.string().trim().min(1, said('courier-parcel-what')).max(200, atMost(200)),
    count: typedNumber('count')
      .int(said('whole-number'))
      .min(1, said('number-at-least', 1))
      .max(99, said('number-at-most', 99)),
    /** Alcohol: the courier checks the customer's ID at the door. */
    idCheck: z.boolean().optional(),
  })
  .strict();

export const deliveryBookSchema = z
  .object({
    promiseId: z.string().min(1).max(200),
    recipient: z
      .object({
        name: z.string().trim().min(1, said('courier-name-needed')).max(200, atMost(200)),
        phone: z
          .string()
          .trim()
          .min(1, said('courier-phone-needed'))
          .max(40, atMost(40))
          .regex(PHONE, said('courier-phone-chars'))
          .refine((v) => v.replace(/\D/g, '').length >= 3, said('courier-phone-short')),
        email: text(200)
          .refine((v) => v === '' || EMAIL.test(v), said('courier-email'))
          .optional(),
      })
      .strict(),
    parcels: z.array(parcelSchema).min(1, said('courier-parcels-needed')).max(20),
    /** The counter's order number, if the delivery has one (a walk-in may not). */
    orderNumber: optionalText(ORDER_NUMBER_MAX_CHARS),
    /** For the courier at the counter ("ask at the bar"). */
    pickupComment: optionalText(500),
    /** For the courier at the door: floor, door code, where to leave it. */
    dropoffComment: optionalText(500),
    /** Leave at the door, nobody needs to open. */
    noContact: z.boolean().optional(),
    /** Texts sent to the customer when the courier is found and when the order is picked up. */
    smsReceived: optionalText(SMS_MAX_CHARS),
    smsPickedUp: optionalText(SMS_MAX_CHARS),
    /** A tip for the courier, in minor units of the offer's currency. */
    tip: amount('tip', 100_00).nullable().optional(),
    /** Bags the courier carries. */
    bagCount: typedNumber('bags')
      .int(said('whole-number'))
      .min(1, said('number-at-least-or-empty', 1))
      .max(50, said('number-at-most', 50))
      .nullable()
      .optional(),
    /** Cash on delivery, in minor units to collect from the customer. */
    cashAmount: amount('cash', 10_000_000).nullable().optional(),
    handshake: z.boolean().optional(),
  })
  .strict()
  // Leaving it at the door means nobody meets the courier: no PIN, no ID can be checked.
  .refine((v) => !(v.noContact && v.handshake), {
    message: said('courier-pin-no-contact'),
    path: ['noContact'],
  })
  .refine((v) => !(v.noContact && v.parcels.some((p) => p.idCheck)), {
    message: said('courier-id-no-contact'),
    path: ['noContact'],
  });
export type DeliveryBookRequest = z.infer<typeof deliveryBookSchema>;

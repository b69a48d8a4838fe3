// A courier booking as staff fill it in, declared once: the booking dialog validates with these
// schemas before sending, main validates every delivery:* request with them (shared/ipc/contract),
// and main's request to the delivery service is derived from what they accept
// (main/delivery/booking-request.ts). The rules are the delivery service's
// (docs/platform.md#booking-a-courier); every message is one staff read beside the field it names.
import { z } from 'zod';
import type { Refusal } from './refusals';
import { encodeRefusal, refusal } from './refusals';

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

const atMost = (n: number) => `At most ${n} characters`;
const text = (max: number) => z.string().trim().max(max, atMost(max));
/** Left empty means not given: a blank optional field is never sent. */
const optionalText = (max: number) => text(max).optional();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the spacing people write (+358 40 123-4567, (09) 123 456). */
const PHONE = /^\+?[\d\s().\-/]+$/;

/** A number typed by staff; NaN (letters typed) fails with the same words as a missing one. */
const typedNumber = (what: string) => z.number({ error: `Enter ${what} as a number` });

/** Money as staff type it, already in minor units ("2.50" → 250). */
const amount = (what: string, max: number) =>
  typedNumber(what)
    .int(`Enter ${what} in whole cents`)
    .min(1, `Enter ${what} above zero, or leave it empty`)
    .max(max, `That is more than ${max / 100} for ${what}`);

/** The address part of a booking: what a shipment promise or an area check is asked for. */
const addressFields = {
  street: text(200),
  postCode: text(20),
  city: text(100),
};

// A form shows a schema's message to staff: this one is a kept refusal, worded in the screen's
// language (renderer/ui-kit/form.ts fieldErrors); main's log reads its code.
const ADDRESS_NEEDED = encodeRefusal(refusal('courier-address-needed'));

const hasAddress = (v: { street: string; postCode: string; city: string }): boolean =>
  v.street !== '' || v.postCode !== '' || v.city !== '';

export const deliveryQuoteSchema = z
  .object({
    ...addressFields,
    lat: z.number().min(-90).max(90).nullable().optional(),
    lon: z.number().min(-180).max(180).nullable().optional(),
    /** "Ready in N min": when the courier can pick up. */
    minPreparationMinutes: typedNumber('the minutes')
      .int('Enter whole minutes')
      .min(PREPARATION_MINUTES.min, `At least ${PREPARATION_MINUTES.min} minute`)
      .max(
        PREPARATION_MINUTES.max,
        `At most ${PREPARATION_MINUTES.max} minutes: the courier service waits no longer`,
      )
      .optional(),
    /** When the customer wants it; only more than an hour ahead (scheduleProblem). */
    scheduledDropoff: z.iso.datetime({ offset: true, error: 'Pick a delivery time' }).optional(),
  })
  .strict()
  .refine((v) => hasAddress(v) || (v.lat != null && v.lon != null), {
    message: ADDRESS_NEEDED,
    path: ['street'],
  })
  .refine((v) => (v.lat == null) === (v.lon == null), {
    message: 'Give both latitude and longitude, or neither',
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
    description: z
      .string()
      .trim()
      .min(1, 'Say what is in the parcel (the courier sees it)')
      .max(200, atMost(200)),
    count: typedNumber('how many')
      .int('Enter a whole number')
      .min(1, 'At least 1')
      .max(99, 'At most 99'),
    /** Alcohol: the courier checks the customer's ID at the door. */
    idCheck: z.boolean().optional(),
  })
  .strict();

export const deliveryBookSchema = z
  .object({
    promiseId: z.string().min(1).max(200),
    recipient: z
      .object({
        name: z.string().trim().min(1, 'Enter the customer’s name').max(200, atMost(200)),
        phone: z
          .string()
          .trim()
          .min(1, 'Enter a phone number the courier can call')
          .max(40, atMost(40))
          .regex(PHONE, 'Use digits, spaces and + only')
          .refine((v) => v.replace(/\D/g, '').length >= 3, 'This phone number is too short'),
        email: text(200)
          .refine((v) => v === '' || EMAIL.test(v), 'This is not an email address')
          .optional(),
      })
      .strict(),
    parcels: z.array(parcelSchema).min(1, 'Add what the courier takes').max(20),
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
    tip: amount('the tip', 100_00).nullable().optional(),
    /** Bags the courier carries. */
    bagCount: typedNumber('the bags')
      .int('Enter a whole number')
      .min(1, 'At least 1, or leave it empty')
      .max(50, 'At most 50')
      .nullable()
      .optional(),
    /** Cash on delivery, in minor units to collect from the customer. */
    cashAmount: amount('the cash', 10_000_000).nullable().optional(),
    handshake: z.boolean().optional(),
  })
  .strict()
  // Leaving it at the door means nobody meets the courier: no PIN, no ID can be checked.
  .refine((v) => !(v.noContact && v.handshake), {
    message: 'A PIN needs someone at the door: untick one of the two',
    path: ['noContact'],
  })
  .refine((v) => !(v.noContact && v.parcels.some((p) => p.idCheck)), {
    message: 'An ID check needs someone at the door: untick one of the two',
    path: ['noContact'],
  });
export type DeliveryBookRequest = z.infer<typeof deliveryBookSchema>;

// Request bodies of the delivery service. Unknown keys are dropped, not refused: the platform adds
// optional request fields without a new version (docs/platform.md#unknown-fields-and-events).
import { z } from 'zod';

const EVENT_TYPES = [
  'order.received',
  'order.rejected',
  'order.pickup_eta_updated',
  'order.pickup_started',
  'order.picked_up',
  'order.pickup_arrival',
  'order.dropoff_started',
  'order.dropoff_arrival',
  'order.dropoff_completed',
  'order.delivered',
  'order.customer_no_show',
  'order.location_updated',
  'order.dropoff_eta_updated',
  'order.handshake_delivery',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events not subscribed by default (docs/platform.md#delivery-webhooks): sent only on request. */
const OPT_IN_EVENTS: readonly EventType[] = ['order.customer_no_show', 'order.location_updated'];
export const AUTO_SUBSCRIBED_EVENTS: EventType[] = EVENT_TYPES.filter(
  (type) => !OPT_IN_EVENTS.includes(type),
);

const text = z.string().max(2000);
// ISO 8601 as the service states it: seconds optional, an offset (or Z) required, since a time
// with no zone names no instant (docs/platform.md#delivery-service).
const dateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
    'expected an ISO 8601 date-time with an offset',
  )
  .refine((v) => !Number.isNaN(Date.parse(v)), 'expected an ISO 8601 date-time with an offset');
const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);

const priceSchema = z.object({
  amount: z.number().nonnegative(),
  currency: z.string().min(3).max(3),
});
const coordinatesSchema = z.object({ lat, lon });
const locationSchema = z.object({
  formatted_address: z.string().min(1).max(500),
  coordinates: coordinatesSchema,
});
const dimensionsSchema = z.object({
  weight_gram: z.number().nonnegative().optional(),
  width_cm: z.number().nonnegative().optional(),
  height_cm: z.number().nonnegative().optional(),
  depth_cm: z.number().nonnegative().optional(),
});
const cashSchema = z.object({
  amount_to_collect: z.number().nonnegative(),
  amount_to_expect: z.number().nonnegative(),
});
const handshakeSchema = z.object({
  is_required: z.boolean(),
  should_send_sms_to_dropoff_contact: z.boolean(),
});
const customerSupportSchema = z.object({
  url: text.optional(),
  email: text.optional(),
  phone_number: text.optional(),
});
const tipSchema = z.object({ type: z.string().min(1).max(100), price: priceSchema });
const contactDetailsSchema = z.object({
  name: z.string().min(1).max(200),
  phone_number: z.string().min(1).max(50),
  send_tracking_link_sms: z.boolean(),
});
const preparationMinutes = z.number().int().min(0).max(60);

export const shipmentPromiseSchema = z.object({
  street: z.string().trim().min(1).max(200).optional(),
  city: z.string().trim().min(1).max(100).optional(),
  post_code: z.string().trim().min(1).max(20).optional(),
  lat: lat.optional(),
  lon: lon.optional(),
  language: z.string().max(10).optional(),
  min_preparation_time_minutes: preparationMinutes.default(30),
  scheduled_dropoff_time: dateTime.optional(),
});

const parcelSchema = z.object({
  dimensions: dimensionsSchema.optional(),
  price: priceSchema.optional(),
  description: text.optional(),
  identifier: text.optional(),
  dropoff_restrictions: z.object({ id_check_required: z.boolean() }).optional(),
  tags: z.array(z.string().max(100)).optional(),
  count: z.number().int().positive().optional(),
  options: z
    .array(
      z.object({
        description: text.optional(),
        identifier: text.optional(),
        count: z.number().int().positive().optional(),
        price: priceSchema.optional(),
      }),
    )
    .optional(),
});
export type Parcel = z.output<typeof parcelSchema>;

export const createDeliverySchema = z.object({
  pickup: z.object({ comment: text.optional() }).optional(),
  dropoff: z.object({
    location: z.object({ coordinates: coordinatesSchema }),
    comment: text.optional(),
    options: z
      .object({ is_no_contact: z.boolean().optional(), scheduled_time: dateTime.optional() })
      .optional(),
  }),
  recipient: z.object({
    name: z.string().min(1).max(200),
    phone_number: z.string().min(1).max(50),
    email: z.string().max(200).optional(),
  }),
  parcels: z.array(parcelSchema).min(1),
  shipment_promise_id: z.string().min(1).max(200),
  customer_support: customerSupportSchema.optional(),
  merchant_order_reference_id: z.string().max(200).optional(),
  sms_notifications: z.object({ received: text.optional(), picked_up: text.optional() }).optional(),
  tips: z.array(tipSchema).optional(),
  order_number: z.string().max(50).optional(),
  cash: cashSchema.optional(),
  handshake_delivery: handshakeSchema.optional(),
  bag_count: z.number().int().nonnegative().optional(),
  language: z.string().max(10).optional(),
});

export const availableVenuesSchema = z.object({
  dropoff: z.object({ location: locationSchema }),
  scheduled_dropoff_time: dateTime.optional(),
});

export const deliveryFeeSchema = z.object({
  pickup: z.object({ location: locationSchema }),
  dropoff: z.object({ location: locationSchema }),
  scheduled_dropoff_time: dateTime.optional(),
  contents: z
    .array(
      z.object({
        count: z.number().int().positive().optional(),
        dimensions: dimensionsSchema.optional(),
        price: priceSchema.optional(),
      }),
    )
    .optional(),
  cash: cashSchema.optional(),
});

export type DeliveryFeeRequest = z.output<typeof deliveryFeeSchema>;

const contentSchema = z.object({
  count: z.number().int().positive(),
  description: text,
  identifier: text,
  id_check_required: z.boolean(),
  tags: z.array(z.string().max(100)),
  price: priceSchema,
  dimensions: dimensionsSchema,
});

export const deliveryOrderSchema = z.object({
  pickup: z.object({
    location: locationSchema,
    comment: text.optional(),
    contact_details: contactDetailsSchema,
    display_name: z.string().min(1).max(200),
  }),
  dropoff: z.object({
    location: locationSchema,
    contact_details: contactDetailsSchema,
    comment: text.optional(),
  }),
  customer_support: customerSupportSchema,
  merchant_order_reference_id: z.string().max(200).optional(),
  is_no_contact: z.boolean(),
  contents: z.array(contentSchema).min(1),
  tips: z.array(tipSchema),
  min_preparation_time_minutes: preparationMinutes,
  scheduled_dropoff_time: dateTime.optional(),
  order_number: z.string().max(50).optional(),
  cash: cashSchema.optional(),
  handshake_delivery: handshakeSchema.optional(),
});

export const cancelSchema = z.object({ reason: z.string().trim().min(1).max(1000) });

const callbackConfigSchema = z.object({
  exponential_retry_backoff: z.object({
    exponent_base: z.number().int().min(1).max(10),
    max_retry_count: z.number().int().min(0).max(20),
  }),
});
const callbackUrl = z.url({ protocol: /^https?$/ }).max(2000);
const clientSecret = z.string().min(1).max(500);

export const createWebhookSchema = z.object({
  callback_config: callbackConfigSchema,
  callback_url: callbackUrl,
  client_secret: clientSecret,
  disabled: z.boolean().default(false),
});

export const updateWebhookSchema = z.object({
  callback_config: callbackConfigSchema.optional(),
  callback_url: callbackUrl.optional(),
  client_secret: clientSecret.optional(),
  disabled: z.boolean().optional(),
  subscribed_events: z.array(z.enum(EVENT_TYPES)).optional(),
});

export const registerMerchantSchema = z.object({
  merchant_id: z.string().min(1).max(200),
  merchant_key: z.string().min(16).max(500),
  late_cancellation_agreed: z.boolean().default(false),
  cash_enabled: z.boolean().default(false),
  key_created_at: dateTime.optional(),
  currency: z.string().length(3).default('EUR'),
  venues: z
    .array(
      z.object({
        venue_id: z.string().min(1).max(200),
        name: z.string().min(1).max(200),
        lat,
        lon,
      }),
    )
    .default([]),
});
export type RegisterMerchantRequest = z.input<typeof registerMerchantSchema>;

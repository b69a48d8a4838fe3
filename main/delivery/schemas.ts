// Answers of the delivery service, read leniently: the platform adds fields at any time
// (docs/platform.md#unknown-fields-and-events), so every object keeps unknown keys and only what
// the app uses is required.
import { z } from 'zod';

export const moneySchema = z.looseObject({ amount: z.number(), currency: z.string() });
const coordinatesSchema = z.looseObject({ lat: z.number(), lon: z.number() });
const locationSchema = z.looseObject({
  formatted_address: z.string().nullish(),
  coordinates: coordinatesSchema,
});

export const shipmentPromiseSchema = z.looseObject({
  id: z.string().min(1),
  is_binding: z.boolean(),
  non_binding_reason: z.string().nullish(),
  address_mix_up_risk: z.boolean().nullish(),
  valid_until: z.string().nullish(),
  price: moneySchema.nullish(),
  time_estimate_minutes: z.number().nullish(),
  pickup: z
    .looseObject({
      eta: z.string().nullish(),
      // Not stated by the service; used (for the courier's distance) only when it is there.
      location: z.looseObject({ coordinates: coordinatesSchema }).nullish().catch(null),
    })
    .nullish(),
  dropoff: z.looseObject({ location: locationSchema, eta: z.string().nullish() }),
});
export type ShipmentPromise = z.infer<typeof shipmentPromiseSchema>;

export const createdDeliverySchema = z.looseObject({
  platform_order_reference_id: z.string().min(1),
  tracking: z.looseObject({ id: z.string().nullish(), url: z.string().nullish() }).nullish(),
  status: z.string().nullish(),
  price: moneySchema.nullish(),
  pickup: z.looseObject({ eta: z.string().nullish() }).nullish(),
  dropoff: z.looseObject({ eta: z.string().nullish() }).nullish(),
});
export type CreatedDelivery = z.infer<typeof createdDeliverySchema>;

export const cancelResultSchema = z.looseObject({ status: z.string() });
export const handshakeSchema = z.looseObject({
  is_required: z.boolean(),
  pin_code: z.union([z.number(), z.string()]),
});

export const availableVenuesSchema = z.array(
  z.looseObject({
    venue_id: z.string(),
    name: z.string().nullish(),
    price: moneySchema.nullish(),
    time_estimate_minutes: z.number().nullish(),
  }),
);
export const deliveryFeeSchema = z.looseObject({ price: moneySchema });
export const deliveryOrderSchema = createdDeliverySchema;
/**
 * Delivery-area polygons. The service shows no field names; read leniently as GeoJSON-like rings
 * ([lon, lat] pairs) under `polygon.coordinates` or `coordinates`, anything else ignored.
 */
const ringSchema = z.array(z.tuple([z.number(), z.number()]).rest(z.number()));
export const deliveryAreasSchema = z.array(
  z.looseObject({
    id: z.string().nullish(),
    polygon: z
      .looseObject({ coordinates: z.array(ringSchema) })
      .nullish()
      .catch(null),
    coordinates: z.array(ringSchema).nullish().catch(null),
  }),
);

export const webhookSchema = z.looseObject({
  id: z.string().min(1),
  callback_url: z.string(),
  disabled: z.boolean(),
  subscribed_events: z.array(z.string()),
  callback_config: z.looseObject({
    exponential_retry_backoff: z.looseObject({
      exponent_base: z.number(),
      max_retry_count: z.number(),
    }),
  }),
  created_at: z.string(),
  modified_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);

/** Request bodies, with the delivery service's field names (optional ones left out when unset). */
export type ShipmentPromiseRequest = {
  street?: string;
  city?: string;
  post_code?: string;
  lat?: number;
  lon?: number;
  language?: string;
  min_preparation_time_minutes?: number;
  scheduled_dropoff_time?: string;
};

export type Price = { amount: number; currency: string };
export type Location = { formatted_address: string; coordinates: { lat: number; lon: number } };

export type CreateDeliveryRequest = {
  pickup?: { comment?: string };
  dropoff: {
    location: { coordinates: { lat: number; lon: number } };
    comment?: string;
    options?: { is_no_contact?: boolean; scheduled_time?: string };
  };
  recipient: { name: string; phone_number: string; email?: string };
  parcels: Array<{
    description?: string;
    identifier?: string;
    count?: number;
    price?: Price;
    tags?: string[];
    dropoff_restrictions?: { id_check_required: boolean };
    dimensions?: { weight_gram?: number; width_cm?: number; height_cm?: number; depth_cm?: number };
  }>;
  shipment_promise_id: string;
  merchant_order_reference_id?: string;
  order_number?: string;
  cash?: { amount_to_collect: number; amount_to_expect?: number };
  handshake_delivery?: { is_required: boolean; should_send_sms_to_dropoff_contact: boolean };
  customer_support?: { url?: string; email?: string; phone_number?: string };
  sms_notifications?: { received?: string; picked_up?: string };
  tips?: Array<{ type: string; price: Price }>;
  bag_count?: number;
  language?: string;
};

export type WebhookCreateRequest = {
  callback_url: string;
  client_secret: string;
  callback_config: {
    exponential_retry_backoff: { exponent_base: number; max_retry_count: number };
  };
  disabled?: boolean;
};
export type WebhookUpdateRequest = Partial<
  Omit<WebhookCreateRequest, 'disabled'> & { disabled: boolean; subscribed_events: string[] }
>;

/** The payload of an event token (docs/platform.md#delivery-events). */
export const eventEnvelopeSchema = z.looseObject({
  dispatched_at: z.string().min(1),
  type: z.string().min(1),
  details: z.looseObject({
    id: z.string().min(1),
    platform_order_reference_id: z.string().nullish(),
    /** Ours, from the booking: how an event names a booking whose answer was lost. */
    merchant_order_reference_id: z.string().nullish(),
  }),
});

const eta = z.string().nullish();
export const genericEventDetailsSchema = z.looseObject({
  id: z.string(),
  venue_id: z.string().nullish(),
  platform_order_reference_id: z.string(),
  tracking_reference: z.string().nullish(),
  price: moneySchema.nullish(),
  pickup: z.looseObject({ eta }).nullish(),
  dropoff: z
    .looseObject({
      eta: z.looseObject({ min: eta, max: eta }).nullish(),
      completed_at: eta,
    })
    .nullish(),
  courier: z
    .looseObject({ id: z.number().nullish(), vehicle_type: z.string().nullish() })
    .nullish(),
  purchase_rejected_reason: z.string().nullish(),
});
export const locationEventDetailsSchema = z.looseObject({
  id: z.string(),
  platform_order_reference_id: z.string(),
  courier_location: z.looseObject({ lat: z.number(), lon: z.number() }),
});
export const handshakeEventDetailsSchema = z.looseObject({
  id: z.string(),
  platform_order_reference_id: z.string(),
  pin_code: z.union([z.string(), z.number()]),
});

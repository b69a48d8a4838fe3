// What the app reads of the platform's answers (docs/platform.md#order-payload). Objects are loose:
// the platform may add fields and enum values at any time, so unknown ones are kept, not refused.
import { z } from 'zod';
import { WEEKDAYS } from '../../shared/domain';

const price = z.object({ amount: z.number().int(), currency: z.string() });

const optionV2 = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  value: z.string(),
  price: price.optional(),
  count: z.number().int().optional(),
});

const itemV2 = z.looseObject({
  id: z.string(),
  name: z.string().nullable(),
  count: z.number().int(),
  pos_id: z.string().nullable().optional(),
  sku: z.string().nullable().optional(),
  options: z.array(optionV2).optional(),
  item_price: z.looseObject({ total: price, unit_price: price.optional() }),
});

export const orderV2Schema = z.looseObject({
  id: z.string().min(1),
  order_number: z.string(),
  venue: z.looseObject({ id: z.string(), name: z.string().optional() }),
  order_status: z.string(),
  type: z.string(),
  pre_order: z
    .looseObject({ preorder_time: z.string(), pre_order_status: z.string() })
    .nullable()
    .optional(),
  delivery: z.looseObject({
    type: z.string(),
    self_delivery: z.boolean().optional(),
    // Read leniently: a malformed time only loses the promised delivery time.
    time: z.string().nullish().catch(null),
    // Only self-delivery venues get it; read leniently, a malformed one only loses the address.
    location: z
      .looseObject({
        street_address: z.string().nullish(),
        apartment: z.string().nullish(),
        city: z.string().nullish(),
        zip_code: z.string().nullish(),
        formatted_address: z.string().nullish(),
        coordinates: z.looseObject({ lat: z.number(), lon: z.number() }).nullish(),
      })
      .nullish()
      .catch(null),
  }),
  items: z.array(itemV2),
  basket_price: z.looseObject({ total: price }),
  consumer_name: z.string().nullable().optional(),
  consumer_phone_number: z.string().nullable().optional(),
  consumer_comment: z.string().nullable().optional(),
  is_no_contact_delivery: z.boolean().nullish().catch(null),
  pickup_eta: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  modified_at: z.string().nullable().optional(),
  // Read leniently: a missing or odd order_handling only loses the default preparation time.
  order_handling: z
    .looseObject({
      preparation_time: z
        .looseObject({
          preparation_time_seconds: z.number().nullable().optional(),
          preparation_time_source: z.string().nullable().optional(),
        })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional()
    .catch(null),
});
export type OrderV2 = z.infer<typeof orderV2Schema>;

const weekday = z.enum(WEEKDAYS);

export const venueStatusSchema = z.looseObject({
  status: z.looseObject({ is_open: z.boolean(), is_online: z.boolean() }),
  name: z.string().optional(),
  opening_times: z
    .array(
      z.object({
        opening_day: weekday,
        opening_time: z.string(),
        closing_day: weekday,
        closing_time: z.string(),
      }),
    )
    .optional(),
  last_three_orders_status: z.array(z.string()).optional(),
});
export type VenueStatus = z.infer<typeof venueStatusSchema>;

export const menuRequestSchema = z.looseObject({
  request_id: z.string(),
  resource_url: z.string(),
});

export const menuResultSchema = z.looseObject({
  request_id: z.string(),
  status: z.string(),
  error: z.unknown().optional(),
  menu: z.unknown().optional(),
});

/** The 409 body the sandbox sends (docs/architecture.md): the order's current status. */
export const conflictBodySchema = z.looseObject({ order_status: z.string().optional() });

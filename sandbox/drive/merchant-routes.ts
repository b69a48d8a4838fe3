// Merchant-level endpoints: available venues, the venueless fee and delivery order, and the
// delivery-area polygons.
import type { Router } from '../http';
import { sendJson } from '../../kit/http';
import type { DriveContext } from './context';
import { estimateBody } from './context';
import type { CourierDesk } from './courier-desk';
import { deliveryBody } from './courier-desk';
import { apiError, parseBody, readJsonBody } from './http';
import type { DeliveryFeeRequest } from './schemas';
import { availableVenuesSchema, deliveryFeeSchema, deliveryOrderSchema } from './schemas';
import type { Merchant, Venue } from './state';
import { DELIVERY_AREAS_KEY_CUTOFF, deliveryAreas, estimate } from './state';

/** Fee-inclusive estimates: cash handling and bulky parcels cost extra (minor units). */
const extraFees = (
  contents: {
    count?: number | undefined;
    dimensions?: { weight_gram?: number | undefined } | undefined;
  }[],
  cash: boolean,
) => {
  const weight = contents.reduce(
    (sum, item) => sum + (item.dimensions?.weight_gram ?? 0) * (item.count ?? 1),
    0,
  );
  return { cash: cash ? 100 : 0, size: weight > 10_000 ? 200 : 0 };
};

// eslint-disable-next-line max-lines-per-function -- the delivery service's merchant endpoints as the spec lists them, one route each; a route table
export const registerMerchantRoutes = (router: Router, ctx: DriveContext, desk: CourierDesk) => {
  /** The venueless fee and order check and price a trip alike; only the preparation time differs. */
  const priceTrip = (merchant: Merchant, body: DeliveryFeeRequest, preparationMinutes: number) => {
    const scheduled = ctx.checkScheduledDropoff(
      body.scheduled_dropoff_time,
      'scheduled_dropoff_time',
    );
    ctx.checkCash(merchant, body.cash);
    const from = body.pickup.location.coordinates;
    const to = body.dropoff.location.coordinates;
    ctx.checkReach(merchant, from, to);
    const planned = estimate(
      from,
      to,
      merchant.currency,
      ctx.nowMs(),
      preparationMinutes,
      scheduled,
    );
    const fees = extraFees(body.contents ?? [], body.cash !== undefined);
    const price = {
      amount: planned.price.amount + fees.cash + fees.size,
      currency: planned.price.currency,
    };
    return { from, to, planned, fees, price, scheduled };
  };

  router.add('POST', '/merchants/:merchantId/available-venues', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    const body = parseBody(availableVenuesSchema, await readJsonBody(req));
    const scheduled = ctx.checkScheduledDropoff(
      body.scheduled_dropoff_time,
      'scheduled_dropoff_time',
    );
    const target = body.dropoff.location.coordinates;
    const venues = merchant.venueIds
      .map((id) => ctx.state.venues.get(id))
      .filter((venue): venue is Venue => venue !== undefined)
      .filter((venue) => ctx.reaches(merchant, venue.location, target))
      .map((venue) => ({
        venue,
        planned: estimate(venue.location, target, merchant.currency, ctx.nowMs(), 30, scheduled),
      }))
      .sort(
        (a, b) =>
          a.planned.timeEstimateMinutes - b.planned.timeEstimateMinutes ||
          a.planned.price.amount - b.planned.price.amount ||
          a.venue.id.localeCompare(b.venue.id),
      )
      .map(({ venue, planned }) => ({
        venue_id: venue.id,
        name: venue.name,
        ...estimateBody(planned),
      }));
    sendJson(res, 200, venues);
  });

  router.add('POST', '/merchants/:merchantId/delivery-fee', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    const body = parseBody(deliveryFeeSchema, await readJsonBody(req));
    const { planned, fees, price } = priceTrip(merchant, body, 30);
    sendJson(res, 200, {
      ...estimateBody(planned),
      price,
      price_breakdown: { delivery: planned.price.amount, cash: fees.cash, size: fees.size },
      distance_meters: planned.distanceMeters,
    });
  });

  router.add('POST', '/merchants/:merchantId/delivery-order', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    const body = parseBody(deliveryOrderSchema, await readJsonBody(req));
    const { from, to, planned, price, scheduled } = priceTrip(
      merchant,
      body,
      body.min_preparation_time_minutes,
    );
    const delivery = desk.book({
      merchantId: merchant.id,
      // Venueless orders have no venue; their events carry the merchant's id in venue_id.
      venueId: merchant.id,
      pickup: {
        name: body.pickup.display_name,
        location: from,
        formattedAddress: body.pickup.location.formatted_address,
        comment: body.pickup.comment ?? null,
      },
      dropoff: {
        location: to,
        formattedAddress: body.dropoff.location.formatted_address,
        comment: body.dropoff.comment ?? null,
        isNoContact: body.is_no_contact,
        scheduledTime: scheduled,
      },
      recipient: {
        name: body.dropoff.contact_details.name,
        phone_number: body.dropoff.contact_details.phone_number,
      },
      parcels: body.contents.map((content) => ({
        description: content.description,
        identifier: content.identifier,
        count: content.count,
        price: content.price,
        dimensions: content.dimensions,
        tags: content.tags,
        dropoff_restrictions: { id_check_required: content.id_check_required },
      })),
      tips: body.tips,
      smsNotifications: null,
      bagCount: null,
      customerSupport: body.customer_support,
      price,
      merchantOrderReferenceId: body.merchant_order_reference_id ?? null,
      orderNumber: body.order_number ?? null,
      shipmentPromiseId: null,
      cash: body.cash ?? null,
      estimate: planned,
      handshakeRequired: body.handshake_delivery ? body.handshake_delivery.is_required : null,
    });
    sendJson(res, 201, deliveryBody(delivery));
  });

  router.add('GET', '/merchants/:merchantId/delivery-areas', (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    if (Date.parse(merchant.keyCreatedAt) < Date.parse(DELIVERY_AREAS_KEY_CUTOFF)) {
      throw apiError(
        403,
        'MERCHANT_KEY_NOT_SUPPORTED',
        'Delivery areas need a merchant key created in November 2025 or later.',
      );
    }
    const areas = deliveryAreas(ctx.state, merchant).map((area) => ({
      id: area.id,
      name: area.name,
      polygon: { type: 'Polygon', coordinates: [area.ring] },
    }));
    sendJson(res, 200, areas);
  });
};

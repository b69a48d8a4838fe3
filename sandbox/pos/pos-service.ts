// The marketplace API (docs/platform.md#marketplace-orders, #venue, #menus), mounted at /pos.
// Every call needs a valid Bearer access token of the resource's venue: 401 without one, 403 for
// another venue's resource, 404 for an unknown order or venue.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { openingTimeSchema } from '../../shared/ipc/contract';
import { HttpError, readBody, sendEmpty, sendJson } from '../../kit/http';
import { readJson } from '../../kit/http';
import {
  createRouter,
  JSON_BODY,
  MAX_BODY_BYTES,
  parseWith,
  requireJsonContentType,
} from '../http';
import type { Service } from '../service';
import type { SandboxOrder, Venue, World } from '../world';
import {
  applyInventory,
  applyItemUpdates,
  applyOptionValueUpdates,
  dateTime,
  hhmm,
  menuSchema,
  patchInventorySchema,
  patchItemsSchema,
  patchOptionValuesSchema,
} from './menu';
import * as orders from './orders';
import { requestMenu, scheduleMenu, setOnline, venueStatusView } from './venues';

export const ORDER_V2_MEDIA_TYPE = 'application/vnd.platform.order+json;version=2beta1';

const date = z.iso.date();

const acceptBody = z.looseObject({ adjusted_pickup_time: dateTime.nullable().optional() });
const selfDeliveryAcceptBody = z.looseObject({
  total_delivery_time: dateTime.nullable().optional(),
});
const rejectBody = z.looseObject({
  reason: z.string().trim().min(1, 'a reason is required; it is shown to the customer'),
  code: z.enum(['GENERIC', 'ITEMS_UNAVAILABLE', 'VENUE_CLOSING_SOON']).nullable().optional(),
});
const sentToPosBody = z.looseObject({ success: z.boolean(), time_sent_to_pos: dateTime });
const onlineBody = z
  .looseObject({ status: z.enum(['ONLINE', 'OFFLINE']), until: dateTime.nullable().optional() })
  .refine((b) => b.status === 'OFFLINE' || b.until == null, {
    message: 'scheduling is only supported for OFFLINE',
    path: ['until'],
  });
// The reference declares no required field: a body without `availability` changes nothing.
const openingTimesBody = z.looseObject({ availability: z.array(openingTimeSchema).optional() });
const specialTimesBody = z.looseObject({
  days_closed: z
    .array(z.looseObject({ start_date: date, end_date: date, message: z.string().optional() }))
    .default([]),
  days_open: z
    .array(
      z.looseObject({
        start_date: date,
        end_date: date,
        message: z.string().optional(),
        daily_availability: z.array(z.looseObject({ open_time: hhmm, close_time: hhmm })),
      }),
    )
    .default([]),
});

// eslint-disable-next-line max-lines-per-function -- the marketplace's POS endpoints as the spec lists them, one route each; a route table
export function createPosService(world: World): Service {
  const iso = (at: number) => world.clock.iso(at);

  async function venueIdOfToken(req: IncomingMessage): Promise<string> {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1]) {
      throw new HttpError(401, 'A Bearer access token is required in the Authorization header.', {
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    const check = await world.auth.checkAccessToken(match[1]);
    if (!check.ok) {
      throw new HttpError(401, check.reason, {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      });
    }
    return check.claims.venueId;
  }

  async function orderFor(req: IncomingMessage, id: string): Promise<SandboxOrder> {
    const venueId = await venueIdOfToken(req);
    const order = world.orders.get(id);
    if (!order) throw new HttpError(404, `Order ${id} was not found.`);
    if (order.venueId !== venueId)
      throw new HttpError(403, 'Not authorized to access this order: it belongs to another venue.');
    return order;
  }

  async function venueFor(req: IncomingMessage, id: string): Promise<Venue> {
    const venueId = await venueIdOfToken(req);
    const venue = world.venues.get(id);
    if (!venue) throw new HttpError(404, `Venue ${id} was not found.`);
    if (venue.id !== venueId) throw new HttpError(403, 'Not authorized to access this venue.');
    return venue;
  }

  const venueOf = (order: SandboxOrder): Venue => {
    const venue = world.venues.get(order.venueId);
    if (!venue) throw new HttpError(500, 'The order belongs to a venue that no longer exists.');
    return venue;
  };

  /** PUT endpoints without a body; whatever was sent is read and ignored. */
  const drain = (req: IncomingMessage) => readBody(req, MAX_BODY_BYTES);

  const router = createRouter()
    .add('GET', '/orders/:id', async (req, res, { id }) => {
      const order = await orderFor(req, id as string);
      order.fetched = true;
      const accept = req.headers.accept ?? '';
      if (accept.toLowerCase().includes('application/vnd.platform.order+json')) {
        sendJson(res, 200, orders.orderV2(order, venueOf(order), iso), {
          'Content-Type': ORDER_V2_MEDIA_TYPE,
        });
      } else {
        sendJson(res, 200, orders.orderV1(order, venueOf(order), iso));
      }
    })
    .add('GET', '/v2/orders/:id', async (req, res, { id }) => {
      const order = await orderFor(req, id as string);
      order.fetched = true;
      sendJson(res, 200, orders.orderV2(order, venueOf(order), iso));
    })
    .add('PUT', '/orders/:id/accept', async (req, res, { id }) => {
      const order = await orderFor(req, id as string);
      const body = parseWith(acceptBody, await readJson(req, { ...JSON_BODY, emptyAs: {} }));
      const adjusted = body.adjusted_pickup_time
        ? orders.checkAdjustedPickup(order, body.adjusted_pickup_time)
        : null;
      orders.accept(world, order, adjusted);
      sendEmpty(res, 202);
    })
    .add('PUT', '/orders/:id/self-delivery/accept', async (req, res, { id }) => {
      const order = await orderFor(req, id as string);
      const body = parseWith(
        selfDeliveryAcceptBody,
        await readJson(req, { ...JSON_BODY, emptyAs: {} }),
      );
      orders.acceptSelfDelivery(
        world,
        order,
        // The spec states no range for it: any date-time is taken (the app keeps its own window).
        body.total_delivery_time ? Date.parse(body.total_delivery_time) : null,
      );
      sendEmpty(res, 202);
    })
    .add('PUT', '/orders/:id/reject', async (req, res, { id }) => {
      const order = await orderFor(req, id as string);
      const body = parseWith(rejectBody, await readJson(req, JSON_BODY));
      orders.reject(world, order, body.reason, body.code ?? 'GENERIC');
      sendEmpty(res, 202);
    })
    .add('PUT', '/orders/:id/sent-to-pos', async (req, res, { id }) => {
      const order = await orderFor(req, id as string);
      const body = parseWith(sentToPosBody, await readJson(req, JSON_BODY));
      orders.markSentToPos(world, order, body.success, body.time_sent_to_pos);
      sendEmpty(res, 204);
    })
    .add('GET', '/venues/:id/status', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      sendJson(res, 200, venueStatusView(world, venue));
    })
    .add('PATCH', '/venues/:id/online', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      const body = parseWith(onlineBody, await readJson(req, JSON_BODY));
      const until = body.until ? Date.parse(body.until) : null;
      if (until !== null && until <= world.clock.now()) {
        throw new HttpError(400, 'until: must be in the future', { extra: { field: 'until' } });
      }
      setOnline(world, venue, body.status === 'ONLINE', until);
      sendEmpty(res, 204);
    })
    .add('PATCH', '/venues/:id/opening-times', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      const body = parseWith(openingTimesBody, await readJson(req, JSON_BODY));
      if (body.availability) venue.openingTimes = body.availability;
      sendEmpty(res, 202);
    })
    .add('PUT', '/venues/:id/special-opening-times', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      const body = parseWith(specialTimesBody, await readJson(req, JSON_BODY));
      venue.specialOpeningTimes = { days_closed: body.days_closed, days_open: body.days_open };
      sendEmpty(res, 202);
    })
    .add('POST', '/v1/restaurants/:id/menu', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      requireJsonContentType(req);
      const menu = parseWith(menuSchema, await readJson(req, JSON_BODY));
      scheduleMenu(world, venue, menu);
      sendEmpty(res, 202);
    })
    .add('GET', '/v2/venues/:id/menu', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      const requestId = requestMenu(venue);
      sendJson(res, 202, {
        request_id: requestId,
        resource_url: `${world.urls.posUrl}/v2/venues/${encodeURIComponent(venue.id)}/menu/${requestId}`,
      });
    })
    .add('GET', '/v2/venues/:id/menu/:requestId', async (req, res, { id, requestId }) => {
      const venue = await venueFor(req, id as string);
      const request = venue.menuRequests.get(requestId as string);
      if (!request) throw new HttpError(404, `Menu request ${requestId} was not found.`);
      sendJson(res, 200, {
        request_id: request.requestId,
        status: request.status,
        ...(request.error ? { error: request.error } : {}),
        ...(request.menu ? { menu: request.menu } : {}),
      });
    })
    .add('PATCH', '/venues/:id/items', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      const body = parseWith(patchItemsSchema, await readJson(req, JSON_BODY));
      applyItemUpdates(venue.menu, body.data);
      sendEmpty(res, 202);
    })
    .add('PATCH', '/venues/:id/items/inventory', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      const body = parseWith(patchInventorySchema, await readJson(req, JSON_BODY));
      applyInventory(venue.menu, body.data);
      sendEmpty(res, 202);
    })
    .add('PATCH', '/venues/:id/options/values', async (req, res, { id }) => {
      const venue = await venueFor(req, id as string);
      const body = parseWith(patchOptionValuesSchema, await readJson(req, JSON_BODY));
      applyOptionValueUpdates(venue.menu, body.data);
      sendEmpty(res, 202);
    });
  for (const [path, call] of Object.entries(orders.BODILESS_ORDER_CALLS)) {
    router.add('PUT', `/orders/:id/${path}`, async (req, res, { id }) => {
      const order = await orderFor(req, id as string);
      await drain(req);
      call.apply(world, order, () => venueOf(order));
      sendEmpty(res, call.status);
    });
  }

  return {
    prefix: '/pos',
    faultable: true,
    handle: (req: IncomingMessage, res: ServerResponse, path: string) =>
      router.handle(req, res, path),
  };
}

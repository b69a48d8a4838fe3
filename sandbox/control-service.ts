// The control API for tests and the demo (docs/architecture.md), mounted at /_sandbox. No auth: the
// sandbox listens on 127.0.0.1 only. Faults never apply here.
import { z } from 'zod';
import { openingTimeSchema } from '../shared/ipc/contract';
import { HttpError, sendJson } from '../kit/http';
import { readJson } from '../kit/http';
import { createRouter, JSON_BODY, parseWith } from './http';
import type { Faults } from './notifications';
import * as orders from './pos/orders';
import { createVenue, venueStatusView } from './pos/venues';
import type { Service } from './service';
import type { World } from './world';
import { allowOnboarding, showOnboarding } from './auth/onboarding-page';
import { DEMO_CLIENT_ID, DEMO_REDIRECT_URI, DEMO_VENUE_ID, demoMenu } from './demo-data';

const httpUrl = z.url({ protocol: /^https?$/ });
const clientBody = z.looseObject({
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(500),
  redirect_uris: z.array(httpUrl).min(1),
});
const venueBody = z.looseObject({
  venue_id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'expected letters, digits, - or _'),
  name: z.string().min(1).max(200),
  prep_time_seconds: z.number().int().min(0).max(7200).optional(),
  /** The venue's weekly hours, as the platform's opening-times update takes them. */
  opening_times: z.array(openingTimeSchema).optional(),
  /** The demo venue's menu for this venue too (a kitchen's brands often share dishes). */
  demo_menu: z.boolean().optional(),
});
const codeBody = z.looseObject({
  client_id: z.string().min(1),
  venue_id: z.string().min(1),
  redirect_uri: z.string().min(1),
});
const orderBody = z.looseObject({
  venue_id: z.string().min(1),
  type: z.enum(['takeaway', 'homedelivery']),
  preorder_time: z.iso.datetime({ offset: true }).nullable().optional(),
  self_delivery: z.boolean().optional(),
  attribution_id: z.string().min(1).max(200).nullable().optional(),
  /** A big order for layout tests: this many lines (default 1 to 4 at random). */
  line_count: z.number().int().min(1).max(50).optional(),
});
const courierBody = z.looseObject({ event: z.enum(['arriving', 'picked_up', 'delivered']) });
const clockBody = z
  .looseObject({
    advance_seconds: z.number().finite().nonnegative().optional(),
    frozen: z.boolean().optional(),
  })
  .refine((b) => b.advance_seconds !== undefined || b.frozen !== undefined, {
    message: 'give advance_seconds, frozen, or both',
  });
const rate = z.number().min(0).max(1);
const faultsBody = z.looseObject({
  error_rate: rate.optional(),
  latency_ms: z.number().int().min(0).max(60_000).optional(),
  drop_webhooks: rate.optional(),
  duplicate_webhooks: rate.optional(),
  drop_answers: rate.optional(),
});
const webhookBody = z.looseObject({
  url: httpUrl.nullable(),
  secret: z.string().min(16).max(500).optional(),
});

// eslint-disable-next-line max-lines-per-function -- the sandbox's control API, one route per endpoint; a route table to read down
export function createControlService(world: World): Service {
  const iso = (at: number) => world.clock.iso(at);
  const clockView = () => ({ now: world.clock.iso(), frozen: world.clock.frozen() });
  const orderOf = (id: string) => {
    const order = world.orders.get(id);
    if (!order) throw new HttpError(404, `Order ${id} was not found.`);
    return order;
  };

  const router = createRouter()
    .add('POST', '/clients', async (req, res) => {
      const body = parseWith(clientBody, await readJson(req, JSON_BODY));
      world.auth.upsertClient({
        id: body.client_id,
        secret: body.client_secret,
        redirectUris: body.redirect_uris,
      });
      sendJson(res, 201, { client_id: body.client_id, redirect_uris: body.redirect_uris });
    })
    .add('POST', '/venues', async (req, res) => {
      const body = parseWith(venueBody, await readJson(req, JSON_BODY));
      const existing = world.venues.get(body.venue_id);
      const venue = existing ?? createVenue(world, body.venue_id, body.name);
      venue.name = body.name;
      if (body.prep_time_seconds !== undefined) venue.prepTimeSeconds = body.prep_time_seconds;
      if (body.opening_times !== undefined) venue.openingTimes = body.opening_times;
      if (body.demo_menu) {
        venue.menu = demoMenu();
        venue.menuUpdatedAt = world.clock.now();
      }
      sendJson(res, existing ? 200 : 201, {
        venue_id: venue.id,
        name: venue.name,
        prep_time_seconds: venue.prepTimeSeconds,
      });
    })
    .add('GET', '/venues/:id', (_req, res, { id }) => {
      const venue = world.venues.get(id as string);
      if (!venue) throw new HttpError(404, `Venue ${id} was not found.`);
      sendJson(res, 200, {
        venue_id: venue.id,
        name: venue.name,
        active_integrations: world.auth.activeGrants(venue.id),
        menu: venue.menu,
        menu_updated_at: venue.menuUpdatedAt === null ? null : iso(venue.menuUpdatedAt),
        ...venueStatusView(world, venue),
        // The control view alone: the platform's venue status does not say when an OFFLINE ends.
        offline_until: venue.offlineUntil === null ? null : iso(venue.offlineUntil),
      });
    })
    .add('POST', '/authorization-codes', async (req, res) => {
      const body = parseWith(codeBody, await readJson(req, JSON_BODY));
      const client = world.auth.getClient(body.client_id);
      if (!client) throw new HttpError(404, `Client ${body.client_id} is not registered.`);
      if (!world.venues.has(body.venue_id))
        throw new HttpError(404, `Venue ${body.venue_id} was not found.`);
      if (!client.redirectUris.includes(body.redirect_uri)) {
        throw new HttpError(400, `redirect_uri: not one of the client's registered redirect URIs`, {
          extra: { field: 'redirect_uri' },
        });
      }
      sendJson(res, 201, {
        code: world.auth.mintCode(client.id, body.venue_id, body.redirect_uri),
      });
    })
    .add('GET', '/onboarding', (req, res) => showOnboarding(world, req, res))
    .add('POST', '/onboarding/allow', (req, res) => allowOnboarding(world, req, res))
    .add('POST', '/venues/:id/withdraw-consent', async (req, res, { id }) => {
      await readJson(req, { ...JSON_BODY, emptyAs: {} });
      if (!world.venues.has(id as string)) throw new HttpError(404, `Venue ${id} was not found.`);
      sendJson(res, 200, { venue_id: id, revoked_grants: world.auth.revokeVenue(id as string) });
    })
    .add('POST', '/orders', async (req, res) => {
      const body = parseWith(orderBody, await readJson(req, JSON_BODY));
      const venue = world.venues.get(body.venue_id);
      if (!venue) throw new HttpError(404, `Venue ${body.venue_id} was not found.`);
      const preorderTime = body.preorder_time ? Date.parse(body.preorder_time) : null;
      if (preorderTime !== null && preorderTime <= world.clock.now()) {
        throw new HttpError(400, 'preorder_time: must be in the future', {
          extra: { field: 'preorder_time' },
        });
      }
      if (body.self_delivery && body.type !== 'homedelivery') {
        throw new HttpError(400, 'self_delivery: only homedelivery orders can be self-delivered', {
          extra: { field: 'self_delivery' },
        });
      }
      const order = orders.createOrder(world, venue, {
        venueId: venue.id,
        deliveryType: body.type,
        selfDelivery: body.self_delivery ?? false,
        preorderTime,
        attributionId: body.attribution_id ?? null,
        lineCount: body.line_count ?? null,
      });
      sendJson(res, 201, orders.internalView(order, iso));
    })
    .add('GET', '/orders', (req, res) => {
      // Not in docs/architecture.md: every order (optionally of one venue), oldest first.
      const venueId = new URL(req.url ?? '/', 'http://sandbox').searchParams.get('venue_id');
      const list = [...world.orders.values()].filter(
        (o) => venueId === null || o.venueId === venueId,
      );
      sendJson(
        res,
        200,
        list.map((o) => orders.internalView(o, iso)),
      );
    })
    .add('GET', '/orders/:id', (_req, res, { id }) => {
      sendJson(res, 200, orders.internalView(orderOf(id as string), iso));
    })
    .add('POST', '/orders/:id/courier', async (req, res, { id }) => {
      const order = orderOf(id as string);
      const body = parseWith(courierBody, await readJson(req, JSON_BODY));
      orders.courierEvent(world, order, body.event);
      sendJson(res, 200, orders.internalView(order, iso));
    })
    .add('POST', '/orders/:id/cancel', async (req, res, { id }) => {
      const order = orderOf(id as string);
      await readJson(req, { ...JSON_BODY, emptyAs: {} });
      orders.cancel(world, order);
      sendJson(res, 200, orders.internalView(order, iso));
    })
    .add('GET', '/auth/stats', (_req, res) => sendJson(res, 200, world.auth.stats()))
    .add('GET', '/clock', (_req, res) => sendJson(res, 200, clockView()))
    // The demo client as a terminal's setup needs it (the sandbox's own, on this machine only,
    // as GET /drive/demo gives the demo merchant's key).
    .add('GET', '/demo', (_req, res) => {
      const client = world.auth.getClient(DEMO_CLIENT_ID);
      if (!client) throw new HttpError(404, 'This sandbox runs without the demo (--no-demo).');
      sendJson(res, 200, {
        client_id: client.id,
        client_secret: client.secret,
        venue_id: DEMO_VENUE_ID,
        redirect_uri: DEMO_REDIRECT_URI,
      });
    })
    .add('POST', '/clock', async (req, res) => {
      const body = parseWith(clockBody, await readJson(req, JSON_BODY));
      if (body.frozen !== undefined) world.clock.setFrozen(body.frozen);
      if (body.advance_seconds !== undefined) world.clock.advance(body.advance_seconds * 1000);
      sendJson(res, 200, clockView());
    })
    .add('GET', '/faults', (_req, res) => sendJson(res, 200, world.faults))
    .add('POST', '/faults', async (req, res) => {
      const body = parseWith(faultsBody, await readJson(req, JSON_BODY));
      for (const key of [
        'error_rate',
        'latency_ms',
        'drop_webhooks',
        'duplicate_webhooks',
        'drop_answers',
      ] as const) {
        const value = body[key];
        if (value !== undefined) world.faults[key] = value;
      }
      sendJson(res, 200, world.faults satisfies Faults);
    })
    .add('POST', '/webhook', async (req, res) => {
      const body = parseWith(webhookBody, await readJson(req, JSON_BODY));
      world.notifier.setWebhook(body.url, body.secret);
      sendJson(res, 200, { url: body.url });
    })
    .add('GET', '/notifications', (_req, res) => {
      sendJson(res, 200, world.notifier.list());
    });

  return {
    prefix: '/_sandbox',
    faultable: false,
    handle: (req, res, path) => router.handle(req, res, path),
  };
}

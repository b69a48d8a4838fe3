// The relay's routes: one table built once (a poll must not pay for closures per request), the
// per-venue delivery webhook, and the method and shutdown checks every route shares.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../../kit/http';
import type { RelayContext } from '../relay-context';
import { venueStateHandler } from '../venue-state';
import { deliveryVenue, handleDelivery } from './delivery-webhook';
import { handleDeliverySetup } from './delivery-setup';
import { driveHookMerchant, handleDriveHook } from './drive-hook';
import { DRIVE_PROXY, handleDriveProxy } from './drive-proxy';
import { handleMarketplace } from './marketplace-webhook';
import { serveFleet, serveHealth, serveIntake, serveMetrics, serveVenueDay } from './operations';
import { handlePoll } from './polls';
import { TERMINAL_HEALTH_PATH, handleTerminalHealth } from './terminal-health';
import { VENUE_TERMINALS_PATH, handleVenueTerminals } from './venue-terminals';
import {
  DUTIES_PATH,
  VENUE_SETTINGS_PATH,
  handleDutyClaim,
  handleVenueSettings,
} from './venue-settings';
import { authenticate, handleDeliverySecret, takeCall } from './terminals';

type Route = {
  method: string;
  /** `venue` is the venue of a per-venue delivery path, null on every other route. */
  run(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    venue: string | null,
  ): Promise<void> | void;
};

export type Router = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createRouter(ctx: RelayContext): Router {
  const routes = new Map<string, Route>([
    ['/hooks/marketplace', { method: 'POST', run: (req, res) => handleMarketplace(ctx, req, res) }],
    [
      '/v1/events',
      { method: 'GET', run: (req, res, url) => handlePoll(ctx, req, res, url.searchParams) },
    ],
    [
      '/v1/delivery-secret',
      { method: 'PUT', run: (req, res) => handleDeliverySecret(ctx, req, res) },
    ],
    ['/healthz', { method: 'GET', run: (_req, res) => serveHealth(ctx, res) }],
    ['/metrics', { method: 'GET', run: (req, res) => serveMetrics(ctx, req, res) }],
    [
      '/v1/venue-state',
      {
        method: 'PUT',
        run: venueStateHandler({
          authenticate: (req) => authenticate(ctx, req),
          take: (terminalId) => takeCall(ctx, terminalId),
          intake: ctx.intake,
        }),
      },
    ],
    [
      TERMINAL_HEALTH_PATH,
      { method: 'PUT', run: (req, res) => handleTerminalHealth(ctx, req, res) },
    ],
    [
      VENUE_TERMINALS_PATH,
      { method: 'GET', run: (req, res) => handleVenueTerminals(ctx, req, res) },
    ],
    ['/v1/intake', { method: 'GET', run: (req, res) => serveIntake(ctx, req, res) }],
    ['/fleet', { method: 'GET', run: (req, res) => serveFleet(ctx, req, res, false) }],
    ['/fleet.json', { method: 'GET', run: (req, res) => serveFleet(ctx, req, res, true) }],
    ['/fleet/venue', { method: 'GET', run: (req, res, url) => serveVenueDay(ctx, req, res, url) }],
  ]);
  const deliveryRoute: Route = {
    method: 'POST',
    run: (req, res, _url, venue) => handleDelivery(ctx, req, res, venue as string),
  };
  return (req, res) => route(ctx, routes, deliveryRoute, req, res);
}

/** The method checks and the shutdown refusal of the routes that take several methods. */
function checkMethod(ctx: RelayContext, req: IncomingMessage, url: URL, methods: string[]): void {
  if (!methods.includes(req.method ?? '')) {
    throw new HttpError(405, `${url.pathname} accepts ${methods.join(', ')} only.`, {
      headers: { Allow: methods.join(', ') },
    });
  }
  if (ctx.closing && req.method !== 'GET') {
    throw new HttpError(503, 'The relay is shutting down; retry shortly.', {
      headers: { 'Retry-After': '1', Connection: 'close' },
    });
  }
}

async function route(
  ctx: RelayContext,
  routes: ReadonlyMap<string, Route>,
  deliveryRoute: Route,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://relay');
  } catch {
    throw new HttpError(400, 'The request target is not a valid URL path.');
  }
  const merchant = driveHookMerchant(url.pathname);
  if (merchant !== null) {
    checkMethod(ctx, req, url, ['POST']);
    await handleDriveHook(ctx, req, res, merchant);
    return;
  }
  if (url.pathname.startsWith(DRIVE_PROXY)) {
    checkMethod(ctx, req, url, ['GET', 'POST', 'PATCH']);
    await handleDriveProxy(ctx, req, res, url.pathname.slice(DRIVE_PROXY.length));
    return;
  }
  if (url.pathname === VENUE_SETTINGS_PATH) {
    checkMethod(ctx, req, url, ['GET', 'PUT']);
    await handleVenueSettings(ctx, req, res, url);
    return;
  }
  if (url.pathname === DUTIES_PATH) {
    checkMethod(ctx, req, url, ['GET', 'PUT']);
    await handleDutyClaim(ctx, req, res, url);
    return;
  }
  if (url.pathname === '/v1/delivery/setup') {
    checkMethod(ctx, req, url, ['GET', 'PUT']);
    await handleDeliverySetup(ctx, req, res, url);
    return;
  }
  const venue = deliveryVenue(url.pathname);
  const found = venue !== null ? deliveryRoute : routes.get(url.pathname);
  if (!found) {
    throw new HttpError(
      404,
      url.pathname === '/hooks/delivery'
        ? 'Delivery webhooks are per venue: POST /hooks/delivery/{venue_id}.'
        : 'No such route.',
    );
  }
  if (req.method !== found.method) {
    throw new HttpError(405, `${url.pathname} accepts ${found.method} only.`, {
      headers: {
        Allow: found.method,
      },
    });
  }
  if (ctx.closing && found.method !== 'GET') {
    throw new HttpError(503, 'The relay is shutting down; retry shortly.', {
      headers: {
        'Retry-After': '1',
        Connection: 'close',
      },
    });
  }
  await found.run(req, res, url, venue);
}

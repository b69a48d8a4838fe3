// The platform sandbox: one node:http server, each platform service mounted under its own
// prefix (a client mixing up base URLs fails as in production), control endpoints under
// /_sandbox. Another service is one more entry in `services` below.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthStore } from './auth/auth-store';
import { createGatewayService } from './auth/gateway-service';
import { createTokenService } from './auth/token-service';
import { createClock } from './clock';
import { createControlService } from './control-service';
import {
  bowlsMenu,
  DEMO_BRANDS,
  DEMO_CLIENT_ID,
  DEMO_OPENING_TIMES,
  DEMO_REDIRECT_URI,
  DEMO_VENUE_ID,
  DEMO_VENUE_NAME,
  demoMenu,
} from './demo-data';
import { enableAutoCouriers, startOrderGenerator } from './demo';
import { createDriveServices } from './drive/service';
import { HttpError, requestTimeouts, sendEmpty, sendError } from '../kit/http';
import { createNotifier, NO_FAULTS } from './notifications';
import type { NotificationRetry } from './notifications';
import { createPosService } from './pos/pos-service';
import { createVenue } from './pos/venues';
import { createPrng } from './random';
import type { Service } from './service';
import type { SandboxUrls, World } from './world';

export type SandboxOptions = {
  port?: number;
  host?: string;
  webhookUrl?: string | null;
  webhookSecret?: string;
  ordersPerMinute?: number;
  seed?: number;
  notificationRetry?: NotificationRetry;
  demo?: boolean;
  /**
   * The demo merchant runs two brands (default false): the demo venue is "Kamppi Burgers" and a
   * second venue, "Kamppi Bowls", has its own menu and order generator.
   */
  demoBrands?: boolean;
  /** The demo client's secret; random 32 bytes hex if omitted. */
  demoClientSecret?: string;
  /** A client that has not sent its whole request after this long gets 408 (default 10 s). */
  requestTimeoutMs?: number;
};

export type Sandbox = SandboxUrls & {
  webhookSecret: string;
  demo: {
    clientId: 'demo-client';
    clientSecret: string;
    venueId: 'demo-venue';
    /** Every demo venue, the demo venue first (two with `demoBrands`). */
    venueIds: string[];
    redirectUri: string;
  };
  close(): Promise<void>;
};

const REQUEST_TIMEOUT_MS = 10_000;

export const DEFAULT_RETRY: NotificationRetry = { retries: 3, intervalMs: 5000 };

/**
 * The drop_answers fault: the request is handled in full (a delivery is booked, an order
 * accepted), then the connection closes before any answer leaves, as a lost answer looks to the
 * client. Whatever the handler writes is swallowed.
 */
function loseAnswer(req: IncomingMessage, res: ServerResponse): void {
  const swallow = function (this: ServerResponse) {
    return this;
  };
  res.writeHead = swallow as ServerResponse['writeHead'];
  res.setHeader = swallow as ServerResponse['setHeader'];
  res.write = (() => true) as ServerResponse['write'];
  res.end = function (this: ServerResponse) {
    req.socket.destroy();
    return this;
  } as ServerResponse['end'];
}

// eslint-disable-next-line max-lines-per-function -- starts and wires the sandbox's services in order; a composition root to read down
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  let dispatch: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    sendEmpty(res, 503);
  };
  const server = createServer(
    requestTimeouts(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
    (req, res) => dispatch(req, res),
  );
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const urls: SandboxUrls = {
    url,
    authUrl: `${url}/auth`,
    posUrl: `${url}/pos`,
    gatewayUrl: `${url}/gateway`,
    driveUrl: `${url}/drive`,
    controlUrl: `${url}/_sandbox`,
  };

  const seed = options.seed ?? Date.now() % 2 ** 31;
  const clock = createClock((error) => console.error('sandbox: scheduled task failed:', error));
  const faults = { ...NO_FAULTS };
  const faultRandom = createPrng(seed ^ 0x5eed);
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex');
  const notifier = createNotifier({
    clock,
    posUrl: urls.posUrl,
    webhookUrl: options.webhookUrl ?? null,
    secret: webhookSecret,
    retry: options.notificationRetry ?? DEFAULT_RETRY,
    faults,
    random: faultRandom,
  });
  const world: World = {
    clock,
    urls,
    auth: createAuthStore(clock, { authUrl: urls.authUrl, audience: urls.posUrl }),
    notifier,
    faults,
    venues: new Map(),
    orders: new Map(),
    prng: createPrng(seed),
    onProduction: null,
    orderCounter: 0,
  };

  const services: Service[] = [
    createTokenService(world.auth),
    createPosService(world),
    createGatewayService(world),
    // Before the /_sandbox control service: the first matching prefix wins.
    ...createDriveServices(world, { demo: options.demo ?? true }),
    createControlService(world),
  ];

  dispatch = (req, res) => {
    // As the platform's servers do: every answer carries their clock, here the sandbox's (moved by
    // the control API), so a terminal can tell its own clock is wrong.
    res.setHeader('Date', new Date(clock.now()).toUTCString());
    void (async () => {
      const parsed = new URL(req.url ?? '/', 'http://sandbox');
      const path = parsed.pathname;
      const service = services.find((s) => path === s.prefix || path.startsWith(`${s.prefix}/`));
      try {
        if (!service) throw new HttpError(404, `Nothing is mounted at ${path}.`);
        if (service.faultable) {
          if (faultRandom.chance(faults.drop_answers)) loseAnswer(req, res);
          if (faults.latency_ms > 0) await new Promise((r) => setTimeout(r, faults.latency_ms));
          if (faultRandom.chance(faults.error_rate)) {
            throw new HttpError(
              503,
              'Service unavailable (injected fault); retry after a brief delay.',
            );
          }
        }
        const handled = await service.handle(
          req,
          res,
          path.slice(service.prefix.length) || '/',
          parsed.searchParams,
        );
        if (!handled) throw new HttpError(404, `No such endpoint: ${req.method} ${path}.`);
      } catch (error) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (error instanceof HttpError) sendError(res, error);
        else {
          console.error('sandbox: request failed:', error);
          sendError(res, new HttpError(500, 'An internal error occurred.'));
        }
      }
    })();
  };

  const demoSecret = options.demoClientSecret ?? randomBytes(32).toString('hex');
  let stopGenerator: () => void = () => {};
  const venueIds: string[] = [];
  if (options.demo ?? true) {
    world.auth.upsertClient({
      id: DEMO_CLIENT_ID,
      secret: demoSecret,
      redirectUris: [DEMO_REDIRECT_URI],
    });
    const demoVenues = options.demoBrands
      ? [
          { id: DEMO_VENUE_ID, name: DEMO_BRANDS.burgers.name, menu: demoMenu() },
          { id: DEMO_BRANDS.bowls.venueId, name: DEMO_BRANDS.bowls.name, menu: bowlsMenu() },
        ]
      : [{ id: DEMO_VENUE_ID, name: DEMO_VENUE_NAME, menu: demoMenu() }];
    const stops: Array<() => void> = [];
    for (const demoVenue of demoVenues) {
      const venue = createVenue(world, demoVenue.id, demoVenue.name, DEMO_OPENING_TIMES);
      venue.menu = demoVenue.menu;
      venue.menuUpdatedAt = clock.now();
      venueIds.push(demoVenue.id);
    }
    if (options.ordersPerMinute && options.ordersPerMinute > 0) {
      enableAutoCouriers(world);
      for (const id of venueIds)
        stops.push(startOrderGenerator(world, id, options.ordersPerMinute));
      stopGenerator = () => stops.forEach((stop) => stop());
    }
  }

  let closing: Promise<void> | null = null;
  return {
    ...urls,
    webhookSecret,
    demo: {
      clientId: DEMO_CLIENT_ID,
      clientSecret: demoSecret,
      venueId: DEMO_VENUE_ID,
      venueIds,
      redirectUri: DEMO_REDIRECT_URI,
    },
    close() {
      closing ??= (async () => {
        stopGenerator();
        clock.close();
        notifier.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

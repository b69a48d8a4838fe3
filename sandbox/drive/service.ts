// The platform's delivery service (docs/platform.md#delivery-service), mounted by the sandbox
// under /drive, with its control API under /_sandbox/drive. Every platform endpoint needs the
// merchant's Bearer key.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createClock } from '../clock';
import type { Router } from '../http';
import { HttpError } from '../../kit/http';
import { createRouter } from '../http';
import type { Service } from '../service';
import type { World } from '../world';
import type { DriveClock } from './context';
import { createContext } from './context';
import { registerControlRoutes } from './control';
import type { CourierMode } from './courier-desk';
import { createCourierDesk } from './courier-desk';
import { apiError, controlErrorBody, driveErrorBody, sendFailure } from './http';
import { registerMerchantRoutes } from './merchant-routes';
import { registerOrderRoutes } from './order-routes';
import type { RegisterMerchantRequest } from './schemas';
import { createState, newMerchantKey } from './state';
import { registerVenueRoutes } from './venue-routes';
import { registerWebhookRoutes } from './webhook-routes';
import { createWebhookHub } from './webhooks';

export type { DriveClock } from './context';

export type DriveServiceOptions = {
  /** The service's public base address, e.g. http://127.0.0.1:4010/drive (tracking URLs use it). */
  baseUrl: string;
  /** Sandbox time; a private real-time clock when omitted. */
  clock?: DriveClock;
  /** Multiplies webhook retry delays (base^n seconds); below 1 makes tests fast. Default 1. */
  retryDelayScale?: number;
  /** 'auto': couriers follow their timeline as the clock passes; 'manual': only on control. Default 'auto'. */
  courier?: CourierMode;
  /** How long a shipment promise can be turned into a delivery. Default 600 s. */
  promiseTtlSeconds?: number;
  /** Register the demo merchant and venue (default true); a fixed key may be given. */
  demo?: boolean | { merchantKey?: string };
  /** Injected faults for outgoing events (the sandbox's POST /_sandbox/faults). */
  faults?: () => { drop_webhooks: number; duplicate_webhooks: number };
};

export type DriveDemo = { merchantId: string; merchantKey: string; venueId: string };

export type DriveService = {
  /** The platform API: mount under /drive. */
  api: Service;
  /** The control API: mount under /_sandbox/drive. */
  control: Service;
  demo: DriveDemo | null;
  registerMerchant(input: RegisterMerchantRequest): void;
  /** Resolves when every first webhook attempt queued so far has finished. */
  idle(): Promise<void>;
  close(): void;
};

/** The demo venue shares its id with the marketplace's demo venue, in central Helsinki. */
const DEMO_MERCHANT = {
  merchant_id: 'demo-merchant',
  venues: [{ venue_id: 'demo-venue', name: 'Demo Venue', lat: 60.1699, lon: 24.9384 }],
};

/** Serves a router; control answers use the sandbox's error shape, the API the Drive API's. */
const mount = (prefix: string, router: Router, isControl: boolean): Service => ({
  prefix,
  faultable: !isControl,
  async handle(req: IncomingMessage, res: ServerResponse, path: string) {
    try {
      if (await router.handle(req, res, path)) return true;
      if (isControl)
        throw new HttpError(404, `No control endpoint ${req.method ?? ''} ${prefix}${path}.`);
      throw apiError(404, 'NOT_FOUND', `No endpoint ${req.method ?? ''} ${path}.`);
    } catch (error) {
      if (res.headersSent) res.destroy();
      else sendFailure(res, error, isControl ? controlErrorBody : driveErrorBody);
    }
    return true;
  },
});

export const createDriveService = (options: DriveServiceOptions): DriveService => {
  const ownClock = options.clock ? null : createClock();
  const clock: DriveClock = options.clock ?? (ownClock as DriveClock);
  const state = createState();
  const hub = createWebhookHub({
    now: () => new Date(clock.now()),
    schedule: (at, task) => clock.schedule(at, task),
    retryDelayScale: options.retryDelayScale ?? 1,
    ...(options.faults ? { faults: options.faults } : {}),
  });
  const ctx = createContext(state, hub, clock);
  const desk = createCourierDesk(
    ctx,
    options.courier ?? 'auto',
    options.baseUrl.replace(/\/+$/, ''),
  );
  const register = (input: RegisterMerchantRequest) =>
    state.registerMerchant(input, ctx.nowDate().toISOString());

  let demo: DriveDemo | null = null;
  if (options.demo !== false) {
    const merchantKey =
      (typeof options.demo === 'object' && options.demo.merchantKey) || newMerchantKey();
    register({ ...DEMO_MERCHANT, merchant_key: merchantKey, cash_enabled: true });
    demo = { merchantId: DEMO_MERCHANT.merchant_id, merchantKey, venueId: 'demo-venue' };
  }

  const api = createRouter();
  registerVenueRoutes(api, ctx, desk, options.promiseTtlSeconds ?? 600);
  registerMerchantRoutes(api, ctx, desk);
  registerOrderRoutes(api, ctx, desk);
  registerWebhookRoutes(api, ctx);

  const control = createRouter();
  registerControlRoutes(control, { state, hub, desk, demo, registerMerchant: register });

  return {
    api: mount('/drive', api, false),
    control: mount('/_sandbox/drive', control, true),
    demo,
    registerMerchant: (input) => {
      register(input);
    },
    idle: () => hub.idle(),
    close() {
      desk.close();
      hub.close();
      ownClock?.close();
    },
  };
};

/**
 * The sandbox server's mount: `...createDriveServices(world)` in its service list, before the
 * /_sandbox control service (the first matching prefix wins, and /_sandbox/drive is longer).
 */
export const createDriveServices = (
  world: Pick<World, 'clock' | 'urls' | 'faults'>,
  options: Omit<DriveServiceOptions, 'baseUrl' | 'clock' | 'faults'> = {},
): Service[] => {
  const drive = createDriveService({
    ...options,
    baseUrl: world.urls.driveUrl,
    clock: world.clock,
    faults: () => world.faults,
  });
  return [drive.control, drive.api];
};

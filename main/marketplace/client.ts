// Every marketplace endpoint the app uses (docs/platform.md), typed. Each call carries the
// venue's access token through the token manager (401 → one refresh, one retry).
import type { z } from 'zod';
import type { OpeningTime } from '../../shared/domain';
import type { TokenManager } from '../auth/token-manager';
import type { HttpRequest, HttpResponse } from '../http/http';
import { RequestError, sendRequest } from '../http/http';
import { clockOffsetFrom } from '../http/clock-offset';
import type { OrderV2, VenueStatus } from './schemas';
import { menuRequestSchema, menuResultSchema, orderV2Schema, venueStatusSchema } from './schemas';

export type ItemPatch = {
  external_id?: string;
  sku?: string;
  gtin?: string;
  price?: number;
  discounted_price?: number;
  vat_percentage?: number;
  enabled?: boolean;
  disabled_until?: string | null;
  in_stock?: boolean;
};

export type MarketplaceClient = {
  getOrder(orderId: string): Promise<OrderV2>;
  getOrderV1(orderId: string): Promise<unknown>;
  acceptOrder(
    orderId: string,
    adjustedPickupTime: string | null,
    idempotencyKey?: string,
  ): Promise<void>;
  acceptSelfDeliveryOrder(
    orderId: string,
    totalDeliveryTime: string | null,
    idempotencyKey?: string,
  ): Promise<void>;
  rejectOrder(
    orderId: string,
    reason: string,
    code: string | null,
    idempotencyKey?: string,
  ): Promise<void>;
  /** An order action's call, as shared/order-actions.ts declares it: PUT /orders/{id}/<path>. */
  orderAction(
    orderId: string,
    path: string,
    body: Record<string, unknown> | undefined,
    idempotencyKey?: string,
  ): Promise<void>;
  markSentToPos(orderId: string, timeSentToPos: string, idempotencyKey?: string): Promise<void>;
  markReady(orderId: string, idempotencyKey?: string): Promise<void>;
  markDelivered(orderId: string, idempotencyKey?: string): Promise<void>;
  confirmPreorder(orderId: string, idempotencyKey?: string): Promise<void>;
  getVenueStatus(venueId: string): Promise<VenueStatus>;
  setVenueOnline(
    venueId: string,
    online: boolean,
    until: string | null,
    idempotencyKey?: string,
  ): Promise<void>;
  setOpeningTimes(
    venueId: string,
    availability: OpeningTime[],
    idempotencyKey?: string,
  ): Promise<void>;
  setSpecialOpeningTimes(venueId: string, body: unknown, idempotencyKey?: string): Promise<void>;
  createMenu(venueId: string, menu: unknown, idempotencyKey?: string): Promise<void>;
  /** Starts the asynchronous menu read; poll the answer's resource_url with getMenuResult. */
  requestMenu(venueId: string): Promise<{ request_id: string; resource_url: string }>;
  getMenuResult(
    resourceUrl: string,
  ): Promise<{ request_id: string; status: string; menu?: unknown }>;
  updateItems(venueId: string, data: ItemPatch[], idempotencyKey?: string): Promise<void>;
  updateItemInventory(
    venueId: string,
    data: Array<{ external_id?: string; sku?: string; gtin?: string; inventory: number }>,
    idempotencyKey?: string,
  ): Promise<void>;
  updateOptionValues(
    venueId: string,
    data: Array<{
      external_id: string;
      price?: number;
      vat_percentage?: number | null;
      enabled?: boolean;
    }>,
    idempotencyKey?: string,
  ): Promise<void>;
};

export type MarketplaceClientOptions = {
  posUrl: () => string | null;
  tokens: TokenManager;
  timeoutMs?: number;
  /** Told about every answer or its absence, for the platform reachability in AppStatus. */
  onOutcome?: (reachable: boolean, error: RequestError | null) => void;
  /** Told the platform's clock offset from each answer's Date header (ms, platform − ours). */
  onClock?: (offsetMs: number) => void;
  /** This machine's clock (the core's, so tests can move it). */
  now?: () => number;
};

const enc = encodeURIComponent;

/** What every call of one client shares: its options (address, tokens, observers). */
type ClientContext = { options: MarketplaceClientOptions };

type CallRequest = Omit<HttpRequest, 'url' | 'headers'> & {
  path?: string;
  absoluteUrl?: string;
  idempotencyKey?: string;
};

function baseUrl(ctx: ClientContext): string {
  const url = ctx.options.posUrl();
  if (!url)
    throw new RequestError({
      kind: 'permanent',
      status: null,
      message: 'The venue is not connected yet.',
    });
  return url.replace(/\/+$/, '');
}

/** One platform call with the venue's token; tells the observers of the answer and its clock. */
async function call(ctx: ClientContext, request: CallRequest): Promise<HttpResponse> {
  const { options } = ctx;
  const url = request.absoluteUrl ?? `${baseUrl(ctx)}${request.path ?? ''}`;
  try {
    const clock = options.now ?? Date.now;
    let sentAt = 0;
    const response = await options.tokens.withAccessToken((token) => {
      sentAt = clock();
      return sendRequest({
        method: request.method,
        url,
        body: request.body,
        timeoutMs: request.timeoutMs ?? options.timeoutMs,
        headers: {
          authorization: `Bearer ${token}`,
          // Not declared by the platform; harmless there and lets a proxy or log match retries.
          ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
        },
      });
    });
    const offset = clockOffsetFrom(response.headers.get('date'), sentAt, clock());
    if (offset !== null) options.onClock?.(offset);
    options.onOutcome?.(true, null);
    return response;
  } catch (error) {
    if (error instanceof RequestError)
      options.onOutcome?.(error.status !== null && error.status < 500, error);
    throw error;
  }
}

function parse<S extends z.ZodType>(schema: S, response: HttpResponse, what: string): z.output<S> {
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    throw new RequestError({
      kind: 'permanent',
      status: response.status,
      message: `The platform sent ${what} the app cannot read: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
    });
  }
  return parsed.data;
}

async function put(
  ctx: ClientContext,
  path: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<void> {
  await call(ctx, { method: 'PUT', path, body, idempotencyKey });
}

/** A call whose answer carries nothing the app reads. */
async function send(
  ctx: ClientContext,
  method: 'PATCH' | 'POST',
  path: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<void> {
  await call(ctx, { method, path, body, idempotencyKey });
}

type OrderCalls = Pick<
  MarketplaceClient,
  | 'getOrder'
  | 'getOrderV1'
  | 'acceptOrder'
  | 'acceptSelfDeliveryOrder'
  | 'rejectOrder'
  | 'orderAction'
  | 'markSentToPos'
  | 'markReady'
  | 'markDelivered'
  | 'confirmPreorder'
>;

function orderCalls(ctx: ClientContext): OrderCalls {
  const order = (orderId: string, rest = ''): string => `/orders/${enc(orderId)}${rest}`;
  return {
    getOrder: async (orderId) =>
      parse(
        orderV2Schema,
        await call(ctx, { method: 'GET', path: `/v2/orders/${enc(orderId)}` }),
        'an order',
      ),
    getOrderV1: async (orderId) => (await call(ctx, { method: 'GET', path: order(orderId) })).body,
    acceptOrder: (orderId, adjustedPickupTime, key) =>
      put(
        ctx,
        order(orderId, '/accept'),
        adjustedPickupTime ? { adjusted_pickup_time: adjustedPickupTime } : undefined,
        key,
      ),
    acceptSelfDeliveryOrder: (orderId, totalDeliveryTime, key) =>
      put(
        ctx,
        order(orderId, '/self-delivery/accept'),
        totalDeliveryTime ? { total_delivery_time: totalDeliveryTime } : undefined,
        key,
      ),
    rejectOrder: (orderId, reason, code, key) =>
      put(ctx, order(orderId, '/reject'), code ? { reason, code } : { reason }, key),
    orderAction: (orderId, path, body, key) => {
      // Only a path the declarations name: letters, digits, hyphens and inner slashes.
      if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(path))
        throw new RequestError({ kind: 'permanent', status: null, message: 'Not an order call.' });
      return put(ctx, order(orderId, `/${path}`), body, key);
    },
    markSentToPos: (orderId, timeSentToPos, key) =>
      put(
        ctx,
        order(orderId, '/sent-to-pos'),
        { success: true, time_sent_to_pos: timeSentToPos },
        key,
      ),
    markReady: (orderId, key) => put(ctx, order(orderId, '/ready'), undefined, key),
    markDelivered: (orderId, key) => put(ctx, order(orderId, '/delivered'), undefined, key),
    confirmPreorder: (orderId, key) =>
      put(ctx, order(orderId, '/confirm-preorder'), undefined, key),
  };
}

type VenueCalls = Pick<
  MarketplaceClient,
  'getVenueStatus' | 'setVenueOnline' | 'setOpeningTimes' | 'setSpecialOpeningTimes'
>;

function venueCalls(ctx: ClientContext): VenueCalls {
  const venue = (venueId: string, rest: string): string => `/venues/${enc(venueId)}${rest}`;
  return {
    getVenueStatus: async (venueId) =>
      parse(
        venueStatusSchema,
        await call(ctx, { method: 'GET', path: venue(venueId, '/status') }),
        'a venue status',
      ),
    setVenueOnline: (venueId, online, until, key) =>
      send(
        ctx,
        'PATCH',
        venue(venueId, '/online'),
        online ? { status: 'ONLINE' } : { status: 'OFFLINE', until },
        key,
      ),
    setOpeningTimes: (venueId, availability, key) =>
      send(ctx, 'PATCH', venue(venueId, '/opening-times'), { availability }, key),
    setSpecialOpeningTimes: (venueId, body, key) =>
      put(ctx, venue(venueId, '/special-opening-times'), body, key),
  };
}

type MenuCalls = Pick<
  MarketplaceClient,
  | 'createMenu'
  | 'requestMenu'
  | 'getMenuResult'
  | 'updateItems'
  | 'updateItemInventory'
  | 'updateOptionValues'
>;

function menuCalls(ctx: ClientContext): MenuCalls {
  const venue = (venueId: string, rest: string): string => `/venues/${enc(venueId)}${rest}`;
  return {
    createMenu: (venueId, menu, key) =>
      send(ctx, 'POST', `/v1/restaurants/${enc(venueId)}/menu`, menu, key),
    requestMenu: async (venueId) =>
      parse(
        menuRequestSchema,
        await call(ctx, { method: 'GET', path: `/v2/venues/${enc(venueId)}/menu` }),
        'a menu request',
      ),
    getMenuResult: async (resourceUrl) => {
      // The token only ever goes to the configured platform address.
      if (!resourceUrl.startsWith(`${baseUrl(ctx)}/`)) {
        throw new RequestError({
          kind: 'permanent',
          status: null,
          message: 'The menu address is not on the platform.',
        });
      }
      return parse(
        menuResultSchema,
        await call(ctx, { method: 'GET', absoluteUrl: resourceUrl }),
        'a menu',
      );
    },
    updateItems: (venueId, data, key) =>
      send(ctx, 'PATCH', venue(venueId, '/items'), { data }, key),
    updateItemInventory: (venueId, data, key) =>
      send(ctx, 'PATCH', venue(venueId, '/items/inventory'), { data }, key),
    updateOptionValues: (venueId, data, key) =>
      send(ctx, 'PATCH', venue(venueId, '/options/values'), { data }, key),
  };
}

/** The client: the order, venue and menu calls over one context. */
export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const ctx: ClientContext = { options };
  return { ...orderCalls(ctx), ...venueCalls(ctx), ...menuCalls(ctx) };
}

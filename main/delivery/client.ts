// The delivery service's endpoints a counter uses (docs/platform.md#delivery-service) on the
// core's HTTP layer: timeouts, and failures sorted into temporary or permanent errors. The calls go
// to the relay's proxy of the service (`{relay}/v1/drive`, the service's own paths under it) with
// this terminal's key (Bearer), read from the keychain per call; the relay adds the merchant's
// key, which stays there (docs/security.md). The merchant's webhooks are the relay's alone.
import { z } from 'zod';
import type { HttpRequest, HttpResponse } from '../http/http';
import { RequestError, sendRequest } from '../http/http';
import { encodeRefusal, refusal } from '../../shared/refusals';
import type {
  CreateDeliveryRequest,
  CreatedDelivery,
  Location,
  Price,
  ShipmentPromise,
  ShipmentPromiseRequest,
} from './schemas';
import {
  availableVenuesSchema,
  cancelResultSchema,
  createdDeliverySchema,
  deliveryAreasSchema,
  deliveryFeeSchema,
  handshakeSchema,
  shipmentPromiseSchema,
} from './schemas';

export type DeliveryAccount = { driveUrl: string; merchantId: string };

export type DeliveryFeeRequest = {
  pickup: { location: Location };
  dropoff: { location: Location };
  scheduled_dropoff_time?: string;
  contents?: Array<{ count?: number; price?: Price; dimensions?: Record<string, number> }>;
  cash?: { amount_to_collect: number; amount_to_expect?: number };
};

export type DeliveryClient = {
  createShipmentPromise(venueId: string, body: ShipmentPromiseRequest): Promise<ShipmentPromise>;
  createDelivery(
    venueId: string,
    body: CreateDeliveryRequest,
    idempotencyKey?: string,
  ): Promise<CreatedDelivery>;
  availableVenues(body: {
    dropoff: { location: Location };
    scheduled_dropoff_time?: string;
  }): Promise<z.infer<typeof availableVenuesSchema>>;
  deliveryFee(body: DeliveryFeeRequest): Promise<z.infer<typeof deliveryFeeSchema>>;
  cancel(reference: string, reason: string, idempotencyKey?: string): Promise<{ status: string }>;
  handshake(reference: string): Promise<{ isRequired: boolean; pinCode: string }>;
  deliveryAreas(): Promise<z.infer<typeof deliveryAreasSchema>>;
};

export type DeliveryClientOptions = {
  account: () => DeliveryAccount | null;
  /** The Bearer credential: the terminal's relay key. */
  credential: () => Promise<string | null>;
  timeoutMs?: number;
};

const enc = encodeURIComponent;

const validationSchema = z.looseObject({
  detail: z.array(
    z.looseObject({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() }),
  ),
});

/** A 422 lists its problems in `detail` (FastAPI style); staff see them instead of the status text. */
const withValidationDetail = (error: unknown): unknown => {
  if (!(error instanceof RequestError) || error.status !== 422) return error;
  const parsed = validationSchema.safeParse(error.body);
  if (!parsed.success) return error;
  const problems = parsed.data.detail
    .map((d) => `${d.loc.filter((part) => part !== 'body').join('.')}: ${d.msg}`)
    .join('; ');
  return new RequestError({
    kind: error.kind,
    status: error.status,
    message: `The delivery service refused the request: ${problems}`,
    body: error.body,
  });
};

export const createDeliveryClient = (options: DeliveryClientOptions): DeliveryClient => {
  const notConfigured = (): RequestError =>
    new RequestError({
      kind: 'permanent',
      status: null,
      // Kept as a refusal: it can end up as a failed booking's kept error, worded by the screen.
      message: encodeRefusal(refusal('courier-setup-first')),
    });

  const call = async (
    request: Omit<HttpRequest, 'url' | 'headers'> & {
      path: (account: DeliveryAccount) => string;
      idempotencyKey?: string;
    },
  ): Promise<HttpResponse> => {
    const account = options.account();
    const key = await options.credential();
    if (!account || !key) throw notConfigured();
    return await sendRequest({
      method: request.method,
      url: `${account.driveUrl.replace(/\/+$/, '')}${request.path(account)}`,
      body: request.body,
      timeoutMs: request.timeoutMs ?? options.timeoutMs,
      headers: {
        authorization: `Bearer ${key}`,
        ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
      },
    }).catch((error: unknown) => {
      throw withValidationDetail(error);
    });
  };

  const parse = <S extends z.ZodType>(
    schema: S,
    response: HttpResponse,
    what: string,
  ): z.output<S> => {
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RequestError({
        kind: 'permanent',
        status: response.status,
        message: `The delivery service sent ${what} the app cannot read: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}.`,
      });
    }
    return parsed.data;
  };

  const merchant = (a: DeliveryAccount): string => `/merchants/${enc(a.merchantId)}`;

  return {
    createShipmentPromise: async (venueId, body) =>
      parse(
        shipmentPromiseSchema,
        await call({
          method: 'POST',
          path: () => `/v1/venues/${enc(venueId)}/shipment-promises`,
          body,
        }),
        'a shipment promise',
      ),
    createDelivery: async (venueId, body, idempotencyKey) =>
      parse(
        createdDeliverySchema,
        await call({
          method: 'POST',
          path: () => `/v1/venues/${enc(venueId)}/deliveries`,
          body,
          idempotencyKey,
        }),
        'a delivery',
      ),
    availableVenues: async (body) =>
      parse(
        availableVenuesSchema,
        await call({ method: 'POST', path: (a) => `${merchant(a)}/available-venues`, body }),
        'available venues',
      ),
    deliveryFee: async (body) =>
      parse(
        deliveryFeeSchema,
        await call({ method: 'POST', path: (a) => `${merchant(a)}/delivery-fee`, body }),
        'a delivery fee',
      ),
    cancel: async (reference, reason, idempotencyKey) =>
      parse(
        cancelResultSchema,
        await call({
          method: 'PATCH',
          path: () => `/order/${enc(reference)}/status/cancel`,
          body: { reason },
          idempotencyKey,
        }),
        'a cancellation',
      ),
    handshake: async (reference) => {
      const body = parse(
        handshakeSchema,
        await call({ method: 'GET', path: () => `/order/${enc(reference)}/handshake-delivery` }),
        'handshake details',
      );
      return { isRequired: body.is_required, pinCode: String(body.pin_code) };
    },
    deliveryAreas: async () =>
      parse(
        deliveryAreasSchema,
        await call({ method: 'GET', path: (a) => `${merchant(a)}/delivery-areas` }),
        'delivery areas',
      ),
  };
};

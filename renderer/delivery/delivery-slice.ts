// The couriers' part of the store: the delivery setup, the deliveries booked, and the half-filled
// booking kept between two openings of its dialog.
import type {
  Delivery,
  DeliveryAreaAnswer,
  DeliveryCancelCode,
  DeliveryQuote,
  DeliverySetupState,
} from '../../shared/domain';
import type { DeliveryAreaCheckRequest } from '../../shared/delivery-booking';
import type { CourierAddressField, CourierBookingField, CourierCheck } from '../ui-kit/app-slice';
import type {
  BridgeError,
  DeliveryBookRequest,
  DeliveryConfigureRequest,
  DeliveryQuoteRequest,
} from '../../shared/ipc/contract';
import type { Result } from '../ui-kit/bridge';
import { tryCall, tryRead } from '../ui-kit/bridge';
import { mergeById } from '../ui-kit/merge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

/** A half-filled courier booking, kept when the dialog closes without booking. */
export type CourierDraft = {
  address: Record<CourierAddressField, string>;
  booking: Record<CourierBookingField, string>;
  checks: Record<CourierCheck, boolean>;
  quote: DeliveryQuote | null;
};

export type DeliverySlice = {
  courierDraft: CourierDraft | null;
  deliveries: Delivery[];
  deliverySetup: DeliverySetupState | null;
  keepCourierDraft(draft: CourierDraft | null): void;
  /** Courier delivery: refusals come back so the forms can show them next to the fields. */
  configureDelivery(request: DeliveryConfigureRequest): Promise<BridgeError | null>;
  quoteDelivery(request: DeliveryQuoteRequest): Promise<Result<DeliveryQuote>>;
  /** The booked delivery's id. */
  bookCourier(request: DeliveryBookRequest): Promise<Result<string>>;
  checkDeliveryArea(request: DeliveryAreaCheckRequest): Promise<Result<DeliveryAreaAnswer>>;
  /** `reason`: staff's own words, or the code of a reason the screen words. */
  cancelDelivery(
    deliveryId: string,
    reason: string | { code: DeliveryCancelCode },
  ): Promise<BridgeError | null>;
  /** Books again a delivery whose booking's answer was lost (its bookingCheck). */
  rebookDelivery(deliveryId: string): Promise<BridgeError | null>;
  handshakePin(deliveryId: string): Promise<Result<string>>;
};

export const createDeliverySlice = ({
  bridge,
  set,
}: SliceContext<DeliverySlice>): SliceParts<DeliverySlice> => ({
  initial: {
    courierDraft: null,
    deliveries: [],
    deliverySetup: null,
    keepCourierDraft(draft) {
      set({ courierDraft: draft });
    },
    configureDelivery: (request) =>
      tryCall(async () => set({ deliverySetup: await bridge['delivery:configure'](request) })),
    quoteDelivery: (request) => tryRead(() => bridge['delivery:quote'](request)),
    // Deliveries change by event only. A list read after an action could be answered after a
    // newer event had arrived (the web host's answers and events travel apart) and put the older
    // state back: a refused cancel stuck at "Cancelling…", a PIN gone.
    bookCourier: (request) =>
      tryRead(async () => {
        const { deliveryId } = await bridge['delivery:book'](request);
        return deliveryId;
      }),
    checkDeliveryArea: (request) => tryRead(() => bridge['delivery:check-area'](request)),
    rebookDelivery: (deliveryId) =>
      tryCall(async () => {
        await bridge['delivery:rebook']({ deliveryId });
      }),
    cancelDelivery: (deliveryId, reason) =>
      tryCall(async () => {
        await bridge['delivery:cancel'](
          typeof reason === 'string' ? { deliveryId, reason } : { deliveryId, code: reason.code },
        );
      }),
    handshakePin: (deliveryId) =>
      tryRead(async () => (await bridge['delivery:handshake']({ deliveryId })).pinCode),
  },
  listen: () => [
    bridge.on('deliveries:changed', ({ deliveries }) =>
      set((s) => ({ deliveries: mergeById(s.deliveries, deliveries, 'first') })),
    ),
  ],
});

// The courier desk: books deliveries, moves each courier through the delivery stages
// (docs/platform.md#delivery-states; by the clock in 'auto' mode, by control requests always) and
// sends every stage's events to the webhooks.
import { randomInt } from 'node:crypto';
import type { DriveContext } from './context';
import type { Delivery, Stage } from './courier';
import { genericEvent, STAGES, stageAt, stageEvents, stageIndex } from './courier';
import type { Estimate } from './state';
import { newPin, newReference } from './state';

export type CourierMode = 'auto' | 'manual';

/** What a route supplies to book a delivery; the desk adds identity, plan and state. */
export type Booking = Omit<
  Delivery,
  | 'reference'
  | 'trackingId'
  | 'trackingUrl'
  | 'courier'
  | 'createdAt'
  | 'pickupEta'
  | 'dropoffEta'
  | 'timeline'
  | 'stage'
  | 'status'
  | 'rejectedReason'
  | 'completedAt'
  | 'handshake'
> & { estimate: Estimate; handshakeRequired: boolean | null };

export type CourierDesk = {
  /** Creates the delivery, sends order.received and starts the courier. */
  book(booking: Booking): Delivery;
  isActive(delivery: Delivery): boolean;
  /** Moves the courier forward to `target`, sending every stage's events on the way. */
  advanceTo(delivery: Delivery, target: Stage, reverseAction?: boolean): void;
  reject(delivery: Delivery, reason: string): void;
  /** The courier reaches the dropoff (if not there yet) and finds nobody. */
  customerNoShow(delivery: Delivery): void;
  close(): void;
};

const ACTIVE_STAGE_LIMIT = stageIndex('delivered');

export const createCourierDesk = (
  ctx: DriveContext,
  mode: CourierMode,
  baseUrl: string,
): CourierDesk => {
  const autoJobs = new Map<string, () => void>();

  const isActive = (delivery: Delivery) =>
    delivery.status !== 'REJECTED' &&
    delivery.status !== 'CUSTOMER_NO_SHOW' &&
    stageIndex(delivery.stage) < ACTIVE_STAGE_LIMIT;

  const enterStage = (delivery: Delivery, stage: Stage, reverseAction: boolean) => {
    const at = ctx.nowDate();
    delivery.stage = stage;
    delivery.status = stage.toUpperCase() as Delivery['status'];
    if (stage === 'pickup_eta_updated')
      delivery.pickupEta = new Date(delivery.timeline.picked_up).toISOString();
    if (stage === 'delivered') delivery.completedAt = at.toISOString();
    const events = stageEvents(delivery, stage, at);
    ctx.hub.emit(delivery.merchantId, reverseAction ? [...events].reverse() : events);
  };

  /** Moves the courier forward to `target`, sending every stage's events on the way. */
  const advanceTo = (delivery: Delivery, target: Stage, reverseAction = false) => {
    for (let index = stageIndex(delivery.stage) + 1; index <= stageIndex(target); index += 1) {
      const stage = STAGES[index];
      if (stage) enterStage(delivery, stage, reverseAction && index === stageIndex(target));
    }
    if (!isActive(delivery)) stopAuto(delivery);
  };

  const stopAuto = (delivery: Delivery) => {
    autoJobs.get(delivery.reference)?.();
    autoJobs.delete(delivery.reference);
  };

  const scheduleAuto = (delivery: Delivery) => {
    stopAuto(delivery);
    if (mode !== 'auto' || !isActive(delivery)) return;
    const next = STAGES[stageIndex(delivery.stage) + 1];
    if (!next) return;
    const cancel = ctx.clock.schedule(delivery.timeline[next], () => {
      autoJobs.delete(delivery.reference);
      if (!isActive(delivery)) return;
      const reached = stageAt(delivery.timeline, ctx.nowMs());
      if (stageIndex(reached) > stageIndex(delivery.stage)) advanceTo(delivery, reached);
      scheduleAuto(delivery);
    });
    autoJobs.set(delivery.reference, cancel);
  };

  const start = (delivery: Delivery) => {
    ctx.state.deliveries.set(delivery.reference, delivery);
    ctx.state.trackingIndex.set(delivery.trackingId, delivery.reference);
    enterStage(delivery, 'received', false);
    scheduleAuto(delivery);
  };

  const create = (fields: Booking): Delivery => {
    const trackingId = newReference('trk');
    const { estimate: planned, handshakeRequired, ...rest } = fields;
    return {
      ...rest,
      reference: newReference('ord'),
      trackingId,
      trackingUrl: `${baseUrl}/tracking/${trackingId}`,
      courier: { id: randomInt(100_000, 1_000_000), vehicle_type: 'bicycle' },
      createdAt: ctx.nowDate().toISOString(),
      pickupEta: planned.pickupEta,
      dropoffEta: planned.dropoffEta,
      timeline: planned.timeline,
      stage: 'received',
      status: 'RECEIVED',
      rejectedReason: null,
      completedAt: null,
      // `is_required: false` enables nothing: no PIN, no handshake event (docs/platform.md#handshake).
      handshake: handshakeRequired === true ? { isRequired: true, pinCode: newPin() } : null,
    };
  };

  return {
    book(booking) {
      const delivery = create(booking);
      start(delivery);
      return delivery;
    },
    isActive,
    advanceTo(delivery, target, reverseAction = false) {
      advanceTo(delivery, target, reverseAction);
      scheduleAuto(delivery);
    },
    reject(delivery, reason) {
      delivery.status = 'REJECTED';
      delivery.rejectedReason = reason;
      stopAuto(delivery);
      ctx.hub.emit(delivery.merchantId, [genericEvent(delivery, 'order.rejected', ctx.nowDate())]);
    },
    customerNoShow(delivery) {
      if (stageIndex(delivery.stage) < stageIndex('dropoff_arrival'))
        advanceTo(delivery, 'dropoff_arrival');
      delivery.status = 'CUSTOMER_NO_SHOW';
      stopAuto(delivery);
      ctx.hub.emit(delivery.merchantId, [
        genericEvent(delivery, 'order.customer_no_show', ctx.nowDate()),
      ]);
    },
    close() {
      for (const cancel of autoJobs.values()) cancel();
      autoJobs.clear();
    },
  };
};

export const deliveryBody = (delivery: Delivery) => ({
  platform_order_reference_id: delivery.reference,
  tracking: { id: delivery.trackingId, url: delivery.trackingUrl },
  status: delivery.status,
  venue_id: delivery.venueId,
  shipment_promise_id: delivery.shipmentPromiseId,
  created_at: delivery.createdAt,
  price: delivery.price,
  pickup: {
    name: delivery.pickup.name,
    location: {
      formatted_address: delivery.pickup.formattedAddress,
      coordinates: delivery.pickup.location,
    },
    comment: delivery.pickup.comment,
    eta: delivery.pickupEta,
  },
  dropoff: {
    location: {
      formatted_address: delivery.dropoff.formattedAddress,
      coordinates: delivery.dropoff.location,
    },
    comment: delivery.dropoff.comment,
    eta: delivery.dropoffEta,
    options: {
      is_no_contact: delivery.dropoff.isNoContact,
      scheduled_time: delivery.dropoff.scheduledTime,
    },
  },
  recipient: delivery.recipient,
  parcels: delivery.parcels,
  tips: delivery.tips,
  sms_notifications: delivery.smsNotifications,
  bag_count: delivery.bagCount,
  customer_support: delivery.customerSupport,
  merchant_order_reference_id: delivery.merchantOrderReferenceId,
  order_number: delivery.orderNumber,
  cash: delivery.cash,
  handshake_delivery:
    delivery.handshake === null ? null : { is_required: delivery.handshake.isRequired },
});

// The terminal's deliveries. A delivery's live state is folded from every verified event of its
// platform reference, so events that arrive out of order, twice, or before the booking's answer
// all end in the same state, and a delivery never moves backwards.
import { randomUUID } from 'node:crypto';
import {
  DELIVERY_CANCEL_CODES,
  furtherStatus,
  isBeforePickup,
  isFinalDelivery,
} from '../../shared/domain';
import type {
  Delivery,
  DeliveryAddress,
  DeliveryCancelCode,
  DeliveryPendingAction,
  DeliveryStatus,
  Money,
} from '../../shared/domain';
import type { Database } from '../storage/database';
import type { OpenAction } from '../outbox/outbox';
import type { DeliveryEvent } from './event-token';
import type { CreateDeliveryRequest, ShipmentPromiseRequest } from './schemas';
import {
  genericEventDetailsSchema,
  handshakeEventDetailsSchema,
  locationEventDetailsSchema,
} from './schemas';

/** What staff entered when booking; stored as JSON with the delivery. */
export type DeliveryBooking = {
  orderNumber: string | null;
  recipientName: string;
  recipientPhone: string;
  address: DeliveryAddress;
  parcels: Array<{ description: string; count: number }>;
  cashToCollect: number | null;
  handshakeRequired: boolean;
  // Kept since the whole booking form; bookings stored before have none of them.
  pickupLocation?: { lat: number; lon: number } | null;
  scheduledDropoff?: string | null;
  noContact?: boolean;
  idCheck?: boolean;
};

const EVENT_STATUS: Record<string, DeliveryStatus> = {
  'order.received': 'received',
  'order.pickup_started': 'pickup_started',
  'order.pickup_arrival': 'pickup_arrival',
  'order.picked_up': 'picked_up',
  'order.dropoff_started': 'dropoff_started',
  'order.dropoff_arrival': 'dropoff_arrival',
  'order.dropoff_completed': 'dropoff_completed',
  'order.delivered': 'delivered',
  'order.customer_no_show': 'customer_no_show',
  'order.rejected': 'rejected',
};

type Row = {
  id: string;
  reference: string | null;
  booking_ref: string | null;
  unconfirmed_at: string | null;
  abandoned_at: string | null;
  request: string | null;
  venue_id: string;
  booking: string;
  status: DeliveryStatus;
  tracking_url: string | null;
  price: string | null;
  rejected_reason: string | null;
  cancel_code: string | null;
  created_at: string;
  updated_at: string;
};

/** A stored cancel code, if it is one this version knows. */
const cancelCodeOf = (stored: string | null): DeliveryCancelCode | null =>
  (DELIVERY_CANCEL_CODES as readonly (string | null)[]).includes(stored)
    ? (stored as DeliveryCancelCode)
    : null;

type EventRow = { type: string; dispatched_at: string; payload: string };

/** The fields of a delivery that its events decide. */
type Folded = Pick<
  Delivery,
  | 'status'
  | 'price'
  | 'pickupEta'
  | 'dropoffEtaMin'
  | 'dropoffEtaMax'
  | 'completedAt'
  | 'courier'
  | 'courierLocation'
  | 'handshakePin'
  | 'rejectedReason'
>;

/** Folds events, oldest dispatch first: later news of a field wins, status only moves forward. */
export const foldEvents = (events: DeliveryEvent[]): Folded => {
  const folded: Folded = {
    status: 'booking',
    price: null,
    pickupEta: null,
    dropoffEtaMin: null,
    dropoffEtaMax: null,
    completedAt: null,
    courier: null,
    courierLocation: null,
    handshakePin: null,
    rejectedReason: null,
  };
  const sorted = [...events].sort(
    (a, b) => Date.parse(a.dispatched_at) - Date.parse(b.dispatched_at),
  );
  for (const event of sorted) {
    if (event.type === 'order.location_updated') {
      const details = locationEventDetailsSchema.safeParse(event.details);
      if (details.success)
        folded.courierLocation = {
          x: details.data.courier_location.lon,
          y: details.data.courier_location.lat,
        };
      continue;
    }
    if (event.type === 'order.handshake_delivery') {
      const details = handshakeEventDetailsSchema.safeParse(event.details);
      if (details.success) folded.handshakePin = String(details.data.pin_code);
      continue;
    }
    const status = EVENT_STATUS[event.type];
    if (!status && !['order.pickup_eta_updated', 'order.dropoff_eta_updated'].includes(event.type))
      continue; // unknown types are kept, not acted on (docs/platform.md#unknown-fields-and-events)
    const details = genericEventDetailsSchema.safeParse(event.details);
    if (status) folded.status = furtherStatus(folded.status, status);
    if (!details.success) continue;
    const d = details.data;
    if (d.price) folded.price = { amount: d.price.amount, currency: d.price.currency };
    if (d.pickup?.eta) folded.pickupEta = d.pickup.eta;
    if (d.dropoff?.eta?.min) folded.dropoffEtaMin = d.dropoff.eta.min;
    if (d.dropoff?.eta?.max) folded.dropoffEtaMax = d.dropoff.eta.max;
    if (d.dropoff?.completed_at) folded.completedAt = d.dropoff.completed_at;
    if (d.courier)
      folded.courier = { id: d.courier.id ?? null, vehicleType: d.courier.vehicle_type ?? null };
    if (d.purchase_rejected_reason) folded.rejectedReason = d.purchase_rejected_reason;
  }
  return folded;
};

/**
 * What was asked of the service for a delivery: the create-delivery body (its
 * merchant_order_reference_id names the attempt) and the shipment promise's, which "book again"
 * asks anew (the first promise is spent or expired).
 */
export type SentBooking = { create: CreateDeliveryRequest; promise: ShipmentPromiseRequest | null };

export type DeliveryStore = {
  create(id: string, venueId: string, booking: DeliveryBooking, request: SentBooking): void;
  /** What was last asked for this delivery; null once retention forgot it. */
  requestOf(id: string): SentBooking | null;
  /** The booking's answer was lost: it may or may not have been made. */
  setUnconfirmed(id: string): void;
  /** Staff book again after a lost answer: a new attempt, with the new reference in `request`. */
  rebook(id: string, request: SentBooking): void;
  /**
   * Staff cancel a booking whose answer was lost: it shows as cancelled, and if an event shows it
   * was booked after all, `onAdopted` says so, so the slice cancels it with the service.
   */
  abandon(id: string, reason: string, code: DeliveryCancelCode | null): void;
  /** A delivery's abandoned booking turned out booked; the slice cancels it. */
  isAbandoned(id: string): boolean;
  /** The platform accepted the booking; events already received for it apply now. */
  setBooked(
    id: string,
    booked: { reference: string; trackingUrl: string | null; price: Money | null },
  ): void;
  /** The platform confirmed a cancellation. */
  setRejected(id: string, reason: string | null, code: DeliveryCancelCode | null): void;
  get(id: string): Delivery | null;
  findByReference(reference: string): Delivery | null;
  list(): Delivery[];
  /** Stores a verified event once; false when its id was seen before. */
  recordEvent(event: DeliveryEvent, receivedAt: string): boolean;
  /**
   * Finished deliveries booked before `cutoff` lose their recipient's name, phone and street
   * address, and the events that place the courier at the door or carry the handshake PIN.
   * Returns how many deliveries it changed.
   */
  forgetPersonalBefore(cutoff: string): number;
};

/** The outbox's open rows of one delivery's subject (`delivery:<id>`), oldest first. */
export type OpenDeliveryActions = (subject: string) => OpenAction[];

export type DeliveryStoreOptions = {
  /** How long after a lost answer staff may book again or cancel (default 3 min). */
  bookingCheckMs?: number;
  /** An event named a booking whose answer was lost: this delivery now has its reference. */
  onAdopted?: (id: string) => void;
  /**
   * An event named an attempt a "book again" replaced: it was made after all. `id` is the new
   * delivery that now shows that second courier; the slice cancels it.
   */
  onStray?: (id: string) => void;
};

export const DEFAULT_BOOKING_CHECK_MS = 3 * 60_000;

const prepareStatements = (db: Database) => {
  const insert = db.prepare(
    `INSERT INTO deliveries (id, venue_id, booking, status, created_at, updated_at, booking_ref, request)
     VALUES (?, ?, ?, 'booking', ?, ?, ?, ?)`,
  );
  const updateUnconfirmed = db.prepare(
    'UPDATE deliveries SET unconfirmed_at = ?, updated_at = ? WHERE id = ? AND reference IS NULL',
  );
  const updateRebook = db.prepare(
    'UPDATE deliveries SET booking_ref = ?, request = ?, unconfirmed_at = NULL, updated_at = ? WHERE id = ? AND reference IS NULL',
  );
  const updateAbandoned = db.prepare(
    `UPDATE deliveries SET status = 'rejected', rejected_reason = ?, cancel_code = ?, abandoned_at = ?, unconfirmed_at = NULL, updated_at = ?
     WHERE id = ? AND reference IS NULL`,
  );
  const insertReplaced = db.prepare(
    `INSERT OR IGNORE INTO delivery_replaced_bookings (booking_ref, delivery_id, replaced_at)
     SELECT booking_ref, id, ? FROM deliveries WHERE id = ? AND booking_ref IS NOT NULL AND reference IS NULL`,
  );
  const takeReplaced = db.prepare<[string], { delivery_id: string }>(
    'DELETE FROM delivery_replaced_bookings WHERE booking_ref = ? RETURNING delivery_id',
  );
  const insertStray = db.prepare(
    `INSERT INTO deliveries (id, venue_id, booking, status, created_at, updated_at, booking_ref)
     SELECT ?, venue_id, booking, 'booking', ?, ?, ? FROM deliveries WHERE id = ?`,
  );
  const selectByBookingRef = db.prepare<[string], Row>(
    'SELECT * FROM deliveries WHERE booking_ref = ? AND reference IS NULL',
  );
  const selectOne = db.prepare<[string], Row>('SELECT * FROM deliveries WHERE id = ?');
  const selectAll = db.prepare<[], Row>(
    'SELECT * FROM deliveries ORDER BY created_at DESC, rowid DESC LIMIT 200',
  );
  const updateBooked = db.prepare(
    'UPDATE deliveries SET reference = ?, tracking_url = COALESCE(?, tracking_url), price = COALESCE(?, price), unconfirmed_at = NULL, updated_at = ? WHERE id = ?',
  );
  const updateCancelCode = db.prepare('UPDATE deliveries SET cancel_code = ? WHERE id = ?');
  const updateStatus = db.prepare(
    'UPDATE deliveries SET status = ?, rejected_reason = COALESCE(?, rejected_reason), updated_at = ? WHERE id = ?',
  );
  const insertEvent = db.prepare(
    `INSERT OR IGNORE INTO delivery_events (id, reference, type, dispatched_at, payload, received_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const selectEvents = db.prepare<[string], EventRow>(
    'SELECT type, dispatched_at, payload FROM delivery_events WHERE reference = ?',
  );
  const selectByReference = db.prepare<[string], Row>(
    'SELECT * FROM deliveries WHERE reference = ?',
  );
  const selectOlder = db.prepare<[string], Row>('SELECT * FROM deliveries WHERE created_at < ?');
  const updateBooking = db.prepare(
    'UPDATE deliveries SET booking = ?, request = NULL WHERE id = ?',
  );
  const deleteDoorEvents = db.prepare(
    "DELETE FROM delivery_events WHERE reference = ? AND type IN ('order.location_updated', 'order.handshake_delivery')",
  );

  return {
    insert,
    updateUnconfirmed,
    updateRebook,
    updateAbandoned,
    insertReplaced,
    takeReplaced,
    insertStray,
    selectByBookingRef,
    selectOne,
    selectAll,
    updateBooked,
    updateStatus,
    updateCancelCode,
    insertEvent,
    selectEvents,
    selectByReference,
    selectOlder,
    updateBooking,
    deleteDoorEvents,
  };
};

/** The delivery store's statements and dependencies, passed to the module-level functions below. */
type StoreContext = {
  sql: ReturnType<typeof prepareStatements>;
  now: () => Date;
  openActions: OpenDeliveryActions;
  options: DeliveryStoreOptions;
  bookingCheckMs: number;
};

const eventsOf = (ctx: StoreContext, reference: string): DeliveryEvent[] =>
  ctx.sql.selectEvents.all(reference).map((row) => ({
    type: row.type,
    dispatched_at: row.dispatched_at,
    details: JSON.parse(row.payload) as DeliveryEvent['details'],
  }));

/** Moves the stored status forward to what the events say (stored status covers booking/cancel answers). */
const settleStatus = (ctx: StoreContext, row: Row): void => {
  if (!row.reference) return;
  const folded = foldEvents(eventsOf(ctx, row.reference));
  const next = furtherStatus(row.status, folded.status);
  if (next !== row.status || (folded.rejectedReason && !row.rejected_reason))
    ctx.sql.updateStatus.run(next, folded.rejectedReason, ctx.now().toISOString(), row.id);
};

const pendingOf = (ctx: StoreContext, id: string): DeliveryPendingAction | null => {
  const open = ctx.openActions(`delivery:${id}`)[0];
  return open
    ? {
        actionId: open.id,
        kind: open.kind === 'delivery-cancel' ? 'cancel' : 'book',
        state: open.state === 'failed' ? 'failed' : 'pending',
        error: open.error,
      }
    : null;
};

const toDelivery = (ctx: StoreContext, row: Row): Delivery => {
  const booking = JSON.parse(row.booking) as DeliveryBooking;
  const folded = row.reference ? foldEvents(eventsOf(ctx, row.reference)) : null;
  const status = folded ? furtherStatus(row.status, folded.status) : row.status;
  return {
    id: row.id,
    reference: row.reference,
    venueId: row.venue_id,
    orderNumber: booking.orderNumber,
    recipientName: booking.recipientName,
    recipientPhone: booking.recipientPhone,
    address: booking.address,
    parcels: booking.parcels,
    status,
    price: folded?.price ?? (row.price ? (JSON.parse(row.price) as Money) : null),
    pickupEta: folded?.pickupEta ?? null,
    dropoffEtaMin: folded?.dropoffEtaMin ?? null,
    dropoffEtaMax: folded?.dropoffEtaMax ?? null,
    completedAt: folded?.completedAt ?? null,
    trackingUrl: row.tracking_url,
    courier: folded?.courier ?? null,
    courierLocation: folded?.courierLocation ?? null,
    pickupLocation: booking.pickupLocation ?? null,
    scheduledDropoff: booking.scheduledDropoff ?? null,
    noContact: booking.noContact ?? false,
    idCheck: booking.idCheck ?? false,
    handshakeRequired: booking.handshakeRequired,
    handshakePin: folded?.handshakePin ?? null,
    cashToCollect: booking.cashToCollect,
    rejectedReason: folded?.rejectedReason ?? row.rejected_reason,
    cancelCode: cancelCodeOf(row.cancel_code),
    cancellable: isBeforePickup(status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    pending: pendingOf(ctx, row.id),
    bookingCheck:
      row.unconfirmed_at && !row.reference
        ? {
            since: row.unconfirmed_at,
            staffMayDecide:
              ctx.now().getTime() - Date.parse(row.unconfirmed_at) >= ctx.bookingCheckMs,
          }
        : null,
  };
};

const setBooked = (
  ctx: StoreContext,
  id: string,
  booked: { reference: string; trackingUrl: string | null; price: Money | null },
): void => {
  const { sql, now } = ctx;
  sql.updateBooked.run(
    booked.reference,
    booked.trackingUrl,
    booked.price ? JSON.stringify(booked.price) : null,
    now().toISOString(),
    id,
  );
  const row = sql.selectOne.get(id);
  if (row) {
    if (row.status === 'booking') sql.updateStatus.run('received', null, now().toISOString(), id);
    settleStatus(ctx, { ...row, status: row.status === 'booking' ? 'received' : row.status });
  }
};

/**
 * The first news of a booking whose answer was lost: its merchant_order_reference_id is ours, so
 * the booking was made, under this reference. Returns whether one was found.
 */
const adoptLost = (ctx: StoreContext, ours: string, reference: string): boolean => {
  const { sql, now } = ctx;
  const lost = sql.selectByBookingRef.get(ours);
  if (!lost) return false;
  sql.updateBooked.run(reference, null, null, now().toISOString(), lost.id);
  if (lost.status === 'booking')
    sql.updateStatus.run('received', null, now().toISOString(), lost.id);
  const adopted = sql.selectOne.get(lost.id);
  if (adopted) settleStatus(ctx, adopted);
  ctx.options.onAdopted?.(lost.id);
  return true;
};

/**
 * An attempt a "book again" replaced was made after all: a second courier. It becomes a delivery
 * of its own, shown, which the slice cancels.
 */
const adoptStray = (ctx: StoreContext, ours: string, reference: string): void => {
  const { sql, now } = ctx;
  const replaced = sql.takeReplaced.get(ours);
  if (!replaced) return;
  const strayId = randomUUID();
  const at = now().toISOString();
  sql.insertStray.run(strayId, at, at, ours, replaced.delivery_id);
  sql.updateBooked.run(reference, null, null, at, strayId);
  sql.updateStatus.run('received', null, at, strayId);
  const stray = sql.selectOne.get(strayId);
  if (stray) settleStatus(ctx, stray);
  ctx.options.onStray?.(strayId);
};

const recordEvent = (ctx: StoreContext, event: DeliveryEvent, receivedAt: string): boolean => {
  const reference = event.details.platform_order_reference_id ?? null;
  const added =
    ctx.sql.insertEvent.run(
      event.details.id,
      reference,
      event.type,
      event.dispatched_at,
      JSON.stringify(event.details),
      receivedAt,
    ).changes > 0;
  if (added && reference) {
    const row = ctx.sql.selectByReference.get(reference);
    if (row) settleStatus(ctx, row);
    const ours = event.details.merchant_order_reference_id;
    if (!row && typeof ours === 'string' && !adoptLost(ctx, ours, reference))
      adoptStray(ctx, ours, reference);
  }
  return added;
};

const forgetPersonalBefore = (ctx: StoreContext, cutoff: string): number => {
  let count = 0;
  for (const row of ctx.sql.selectOlder.all(cutoff)) {
    const booking = JSON.parse(row.booking) as DeliveryBooking;
    if (!isFinalDelivery(toDelivery(ctx, row).status)) continue;
    if (booking.recipientName === '' && booking.recipientPhone === '') continue;
    const scrubbed: DeliveryBooking = {
      ...booking,
      recipientName: '',
      recipientPhone: '',
      address: {
        ...booking.address,
        street: '',
        postCode: '',
        formatted: null,
        lat: null,
        lon: null,
      },
    };
    ctx.sql.updateBooking.run(JSON.stringify(scrubbed), row.id);
    if (row.reference) ctx.sql.deleteDoorEvents.run(row.reference);
    count += 1;
  }
  return count;
};

export const createDeliveryStore = (
  db: Database,
  now: () => Date,
  openActions: OpenDeliveryActions,
  options: DeliveryStoreOptions = {},
): DeliveryStore => {
  const ctx: StoreContext = {
    sql: prepareStatements(db),
    now,
    openActions,
    options,
    bookingCheckMs: options.bookingCheckMs ?? DEFAULT_BOOKING_CHECK_MS,
  };
  const { sql } = ctx;
  return {
    create: (id, venueId, booking, request) => {
      const at = now().toISOString();
      sql.insert.run(
        id,
        venueId,
        JSON.stringify(booking),
        at,
        at,
        request.create.merchant_order_reference_id ?? id,
        JSON.stringify(request),
      );
    },
    requestOf: (id) => {
      const row = sql.selectOne.get(id);
      return row?.request ? (JSON.parse(row.request) as SentBooking) : null;
    },
    setUnconfirmed: (id) => {
      const at = now().toISOString();
      sql.updateUnconfirmed.run(at, at, id);
    },
    rebook: (id, request) => {
      sql.insertReplaced.run(now().toISOString(), id);
      sql.updateRebook.run(
        request.create.merchant_order_reference_id ?? id,
        JSON.stringify(request),
        now().toISOString(),
        id,
      );
    },
    abandon: (id, reason, code) => {
      const at = now().toISOString();
      sql.updateAbandoned.run(reason, code, at, at, id);
    },
    isAbandoned: (id) => sql.selectOne.get(id)?.abandoned_at != null,
    setBooked: (id, booked) => setBooked(ctx, id, booked),
    setRejected: (id, reason, code) => {
      const row = sql.selectOne.get(id);
      if (!row || isFinalDelivery(row.status)) return;
      sql.updateStatus.run('rejected', reason, now().toISOString(), id);
      if (code) sql.updateCancelCode.run(code, id);
    },
    get: (id) => {
      const row = sql.selectOne.get(id);
      return row ? toDelivery(ctx, row) : null;
    },
    findByReference: (reference) => {
      const row = sql.selectByReference.get(reference);
      return row ? toDelivery(ctx, row) : null;
    },
    list: () => sql.selectAll.all().map((row) => toDelivery(ctx, row)),
    recordEvent: (event, receivedAt) => recordEvent(ctx, event, receivedAt),
    forgetPersonalBefore: db.transaction((cutoff: string): number =>
      forgetPersonalBefore(ctx, cutoff),
    ),
  };
};

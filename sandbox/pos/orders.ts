// Orders: creation (as a customer would place them), the state table of
// docs/platform.md#order-transitions, and the v1 / v2 views of the order API.
import type { OrderStatus } from '../../shared/domain';
import { CONSUMER_COMMENTS, CONSUMER_NAMES, DROP_OFF_NOTES, STREETS } from '../demo-data';
import { HttpError } from '../../kit/http';
import { hexId } from '../random';
import type { OrderLine, SandboxOrder, Venue, World } from '../world';
import { firstText, isOrderable, menuItems, toMinor } from './menu';
import type { MenuItem } from './menu';

const MINUTE = 60_000;
/** Courier ride from the venue to the customer, used for pre-order pickup times. */
const RIDE_MS = 15 * MINUTE;
export const MAX_PICKUP_ADJUSTMENT_MS = 25 * MINUTE;
const DELIVERY_FEE = 290;
const SELF_DELIVERY_FEE = 390;

export type NewOrder = {
  venueId: string;
  deliveryType: 'takeaway' | 'homedelivery';
  selfDelivery: boolean;
  preorderTime: number | null;
  attributionId?: string | null;
  /** How many lines the customer ordered (default: 1 to 4 at random). */
  lineCount?: number | null;
};

/** The 409 of docs/architecture.md: the order cannot take this transition from its current status. */
export const conflict = (order: SandboxOrder, message: string): HttpError =>
  new HttpError(409, message, { extra: { order_status: order.status } });

function pickLines(
  world: World,
  venue: Venue,
  deliveryType: NewOrder['deliveryType'],
  wanted: number | null = null,
): OrderLine[] {
  const { prng } = world;
  const now = world.clock.now();
  // Only what the customer could order for this delivery method (e.g. no beer delivered).
  const candidates = venue.menu
    ? menuItems(venue.menu).filter(
        (l) =>
          isOrderable(l.item, now) &&
          (l.item.delivery_methods === undefined || l.item.delivery_methods.includes(deliveryType)),
      )
    : [];
  if (candidates.length === 0) {
    // A venue without a (orderable) menu still gets orders, as a platform-side catalogue would.
    return [
      {
        id: hexId(),
        name: 'Chef special',
        count: 1,
        posId: null,
        sku: null,
        gtin: null,
        category: { id: 'specials', name: 'Specials' },
        basePrice: 1250,
        vat: 14,
        options: [],
      },
    ];
  }
  const lines: OrderLine[] = [];
  const lineCount = wanted ?? prng.int(1, 4);
  for (let i = 0; i < lineCount; i++) {
    const { item, category } = prng.pick(candidates);
    lines.push({
      id: hexId(),
      name: firstText(item.name),
      count: prng.chance(0.25) ? prng.int(2, 3) : 1,
      posId: item.external_data,
      sku: item.merchant_sku ?? null,
      gtin: item.gtin_barcode ?? null,
      category,
      basePrice: toMinor(item.price),
      vat: item.sales_tax_percentage ?? 14,
      options: pickOptions(world, item),
    });
  }
  return lines;
}

function pickOptions(world: World, item: MenuItem): OrderLine['options'] {
  const { prng } = world;
  const chosen: OrderLine['options'] = [];
  for (const option of item.options ?? []) {
    const values = (option.values ?? []).filter((v) => v.enabled !== false);
    if (values.length === 0) continue;
    // A menu may leave an option's range out (no field of it is required): one value at most.
    const { min, max } = option.selection_range ?? { min: 0, max: 1 };
    const count = min > 0 ? min : prng.chance(0.4) ? 1 : 0;
    const pool = [...values];
    for (let i = 0; i < Math.min(count, max, pool.length); i++) {
      const [value] = pool.splice(prng.int(0, pool.length - 1), 1);
      if (!value) break;
      chosen.push({
        id: hexId(),
        name: firstText(option.name),
        value: firstText(value.name),
        price: toMinor(value.price ?? 0),
        posId: option.external_data ?? null,
        valuePosId: value.external_data ?? null,
        vat: value.vat_percentage ?? item.sales_tax_percentage ?? 14,
      });
    }
  }
  return chosen;
}

export function createOrder(world: World, venue: Venue, input: NewOrder): SandboxOrder {
  const { clock, prng } = world;
  const now = clock.now();
  world.orderCounter++;
  const prep = venue.prepTimeSeconds * 1000;
  const pickupEta =
    input.preorderTime === null
      ? now + Math.max(prep, 15 * MINUTE)
      : input.deliveryType === 'homedelivery'
        ? input.preorderTime - RIDE_MS
        : input.preorderTime;
  const street = prng.pick(STREETS);
  const houseNumber = prng.int(1, 120);
  const order: SandboxOrder = {
    id: hexId(),
    orderNumber: String(100 + (world.orderCounter % 900)),
    venueId: venue.id,
    status: 'CREATED',
    type: input.preorderTime === null ? 'instant' : 'preorder',
    deliveryType: input.deliveryType,
    selfDelivery: input.deliveryType === 'homedelivery' && input.selfDelivery,
    preorderTime: input.preorderTime,
    preorderStatus: input.preorderTime === null ? null : 'waiting',
    currency: venue.menu?.currency ?? 'EUR',
    lines: pickLines(world, venue, input.deliveryType, input.lineCount ?? null),
    deliveryFee:
      input.deliveryType === 'takeaway' ? 0 : input.selfDelivery ? SELF_DELIVERY_FEE : DELIVERY_FEE,
    consumerName: prng.pick(CONSUMER_NAMES),
    consumerPhone: input.selfDelivery
      ? `+358 40 ${prng.int(100, 999)} ${prng.int(1000, 9999)}`
      : null,
    consumerComment: prng.chance(0.35) ? prng.pick(CONSUMER_COMMENTS) : null,
    attributionId: input.attributionId ?? null,
    location:
      input.deliveryType === 'homedelivery' && input.selfDelivery
        ? {
            street_address: `${street.name} ${houseNumber}`,
            apartment: prng.chance(0.5) ? `A ${prng.int(1, 40)}` : null,
            city: 'Helsinki',
            zip_code: street.zip,
            country: 'FIN',
            coordinates: {
              lon: street.lon + prng.next() / 1000,
              lat: street.lat + prng.next() / 1000,
            },
            // The platform's lines may carry door codes and instructions.
            formatted_address: [
              `${street.name} ${houseNumber}`,
              `${street.zip} Helsinki`,
              ...(prng.chance(0.5) ? [prng.pick(DROP_OFF_NOTES)] : []),
            ].join('\n'),
          }
        : null,
    createdAt: now,
    modifiedAt: now,
    pickupEta,
    originalPickupEta: pickupEta,
    deliveredAt: null,
    totalDeliveryTime: null,
    noContact: input.deliveryType === 'homedelivery' && input.selfDelivery && prng.chance(0.3),
    courierTip:
      input.deliveryType === 'homedelivery' && input.selfDelivery && prng.chance(0.4)
        ? prng.pick([100, 200, 300])
        : null,
    deliveryStatus: input.deliveryType === 'takeaway' ? 'none' : 'estimated',
    fetched: false,
    sentToPos: null,
    acceptanceStatus: 'to_be_accepted_by_venue',
    prepSeconds: venue.prepTimeSeconds,
    prepSource: 'venue_default',
    courierNotified: false,
    pickedUp: false,
    reject: null,
    history: [{ status: 'CREATED', at: clock.iso(now) }],
    timers: [],
  };
  world.orders.set(order.id, order);
  world.notifier.orderStatus({ id: order.id, venueId: order.venueId }, 'CREATED');
  return order;
}

function setStatus(world: World, order: SandboxOrder, status: OrderStatus): void {
  order.status = status;
  order.modifiedAt = world.clock.now();
  order.history.push({ status, at: world.clock.iso() });
  if (status === 'DELIVERED' || status === 'REJECTED' || status === 'CANCELED') {
    for (const cancel of order.timers) cancel();
    order.timers = [];
  }
  world.notifier.orderStatus({ id: order.id, venueId: order.venueId }, status);
  if (status === 'PRODUCTION') world.onProduction?.(order);
}

const isPlatformDelivery = (order: SandboxOrder): boolean =>
  order.deliveryType === 'homedelivery' && !order.selfDelivery;

function requireCreated(order: SandboxOrder, action: string): void {
  if (order.status !== 'CREATED') {
    throw conflict(
      order,
      `The order cannot be ${action}: it is ${order.status}, and only CREATED orders can be.`,
    );
  }
}

export function accept(world: World, order: SandboxOrder, adjustedPickupTime: number | null): void {
  if (order.type === 'preorder') {
    throw conflict(
      order,
      'Pre-orders are not accepted: confirm them with PUT /orders/{id}/confirm-preorder.',
    );
  }
  if (order.selfDelivery) {
    throw conflict(
      order,
      'Self-delivery orders are accepted with PUT /orders/{id}/self-delivery/accept.',
    );
  }
  requireCreated(order, 'accepted');
  const now = world.clock.now();
  if (adjustedPickupTime !== null) {
    order.pickupEta = adjustedPickupTime;
    order.prepSeconds = Math.max(0, Math.round((adjustedPickupTime - now) / 1000));
    order.prepSource = 'adjusted_by_venue';
  }
  order.acceptanceStatus = 'accepted_by_venue';
  setStatus(world, order, 'PRODUCTION');
}

/**
 * The v2 order's delivery time: when the order was delivered; before that, for a self-delivery
 * order, the time its accept promised (our reading: docs/platform.md#self-delivery-orders).
 */
function deliveryTimeOf(order: SandboxOrder, iso: (at: number) => string): string | null {
  if (order.deliveredAt !== null) return iso(order.deliveredAt);
  return order.totalDeliveryTime === null ? null : iso(order.totalDeliveryTime);
}

/** Checks accept's adjusted_pickup_time against the 25-minute limit (400 when beyond it). */
export function checkAdjustedPickup(order: SandboxOrder, value: string): number {
  const at = Date.parse(value);
  const limit = order.originalPickupEta + MAX_PICKUP_ADJUSTMENT_MS;
  if (at > limit) {
    throw new HttpError(
      400,
      `adjusted_pickup_time: cannot be more than 25 minutes after the original pickup estimate (${new Date(order.originalPickupEta).toISOString()}); latest allowed is ${new Date(limit).toISOString()}.`,
      { extra: { field: 'adjusted_pickup_time' } },
    );
  }
  return at;
}

export function acceptSelfDelivery(
  world: World,
  order: SandboxOrder,
  totalDeliveryTime: number | null,
): void {
  if (!order.selfDelivery) {
    throw conflict(
      order,
      'Only self-delivery orders are accepted with this endpoint; use PUT /orders/{id}/accept.',
    );
  }
  if (order.type === 'preorder') {
    throw conflict(
      order,
      'Pre-orders are not accepted: confirm them with PUT /orders/{id}/confirm-preorder.',
    );
  }
  requireCreated(order, 'accepted');
  order.totalDeliveryTime = totalDeliveryTime;
  order.acceptanceStatus = 'accepted_by_venue';
  setStatus(world, order, 'PRODUCTION');
}

export function reject(world: World, order: SandboxOrder, reason: string, code: string): void {
  requireCreated(order, 'rejected');
  order.reject = { reason, code };
  order.acceptanceStatus = 'other';
  setStatus(world, order, 'REJECTED');
}

export function markReady(world: World, order: SandboxOrder): void {
  if (order.status !== 'PRODUCTION') {
    throw conflict(
      order,
      `The order cannot be marked ready: it is ${order.status}, and only PRODUCTION orders can be.`,
    );
  }
  setStatus(world, order, 'READY');
}

/** The partner's mark-delivered: takeaway from READY; self-delivery from PRODUCTION or READY. */
export function markDelivered(world: World, order: SandboxOrder): void {
  if (isPlatformDelivery(order)) {
    throw conflict(
      order,
      "Delivery orders are marked delivered by the platform's courier, not by the venue.",
    );
  }
  const allowed: OrderStatus[] = order.selfDelivery ? ['PRODUCTION', 'READY'] : ['READY'];
  if (!allowed.includes(order.status)) {
    throw conflict(
      order,
      `The order cannot be marked delivered: it is ${order.status}, and only ${allowed.join(' or ')} orders can be.`,
    );
  }
  order.deliveredAt = world.clock.now();
  order.deliveryStatus = 'delivered';
  setStatus(world, order, 'DELIVERED');
}

export function confirmPreorder(world: World, order: SandboxOrder, prepTimeSeconds: number): void {
  if (order.type !== 'preorder')
    throw conflict(order, 'Only pre-orders can be confirmed; accept instant orders instead.');
  if (order.preorderStatus === 'confirmed')
    throw conflict(order, 'The pre-order is already confirmed.');
  requireCreated(order, 'confirmed');
  order.preorderStatus = 'confirmed';
  order.modifiedAt = world.clock.now();
  // The platform accepts a confirmed pre-order when its preparation has to start: the venue's
  // preparation time before pickup (the courier's, for delivery; the customer's, for takeaway).
  const startAt = order.pickupEta - prepTimeSeconds * 1000;
  order.timers.push(
    world.clock.schedule(startAt, () => {
      if (order.status !== 'CREATED') return;
      order.acceptanceStatus = 'auto_accepted_by_platform';
      setStatus(world, order, 'PRODUCTION');
    }),
  );
}

/**
 * The venue's own courier picked a self-delivery order up (`PUT /orders/{id}/pickup-completed`):
 * self-delivery only, after ready; the platform tells the customer. The status stays READY and
 * the partner gets no notification of it; a repeat is taken again (docs/platform.md#order-endpoints).
 */
export function pickupCompleted(world: World, order: SandboxOrder): void {
  if (!order.selfDelivery) {
    throw conflict(order, "Only self-delivery orders are picked up by the venue's own courier.");
  }
  if (order.status !== 'READY') {
    throw conflict(
      order,
      `The order cannot be marked picked up: it is ${order.status}, and only READY orders can be.`,
    );
  }
  order.pickedUp = true;
  order.modifiedAt = world.clock.now();
}

/**
 * The order calls that take no body, `PUT /orders/{id}/<path>` (docs/platform.md#order-endpoints):
 * each with its rule and its answer's status. pos-service.ts mounts one route per entry (whatever
 * body was sent is read and ignored), so a new bodiless call is its rule and one entry here.
 */
export const BODILESS_ORDER_CALLS: Record<
  string,
  { status: 202 | 204; apply: (world: World, order: SandboxOrder, venue: () => Venue) => void }
> = {
  ready: { status: 202, apply: (world, order) => markReady(world, order) },
  delivered: { status: 202, apply: (world, order) => markDelivered(world, order) },
  'pickup-completed': { status: 202, apply: (world, order) => pickupCompleted(world, order) },
  'confirm-preorder': {
    status: 204,
    apply: (world, order, venue) => confirmPreorder(world, order, venue().prepTimeSeconds),
  },
};

export function markSentToPos(
  world: World,
  order: SandboxOrder,
  success: boolean,
  time: string,
): void {
  order.sentToPos = { success, time };
  order.modifiedAt = world.clock.now();
}

export type CourierEvent = 'arriving' | 'picked_up' | 'delivered';

/** The platform courier's steps (control API and the demo's automatic couriers). */
export function courierEvent(world: World, order: SandboxOrder, event: CourierEvent): void {
  if (!isPlatformDelivery(order)) {
    throw conflict(
      order,
      order.selfDelivery
        ? "Self-delivery orders have no platform courier; the venue's own courier delivers."
        : 'Takeaway orders have no courier; the customer picks them up.',
    );
  }
  const now = world.clock.now();
  const ref = { id: order.id, venueId: order.venueId };
  if (event === 'arriving') {
    if (!['CREATED', 'PRODUCTION', 'READY'].includes(order.status)) {
      throw conflict(order, `No courier comes for a ${order.status} order.`);
    }
    if (order.courierNotified)
      throw conflict(order, 'The courier arrival was already notified for this order.');
    // The notification goes out the venue's preparation time ahead of the courier, so a shorter
    // ETA is adjusted to it, and the order's pickup_eta follows (sandbox README, Marketplace API).
    const prepMs = (world.venues.get(order.venueId)?.prepTimeSeconds ?? 0) * 1000;
    order.pickupEta = Math.max(order.pickupEta, now + prepMs);
    order.courierNotified = true;
    // On its way, not there yet: the notification comes ahead of the courier.
    order.deliveryStatus = 'assigned';
    order.modifiedAt = now;
    world.notifier.courierArrival(ref, world.clock.iso(order.pickupEta));
  } else if (event === 'picked_up') {
    if (order.status !== 'READY') {
      throw conflict(order, `The courier picks up READY orders; this one is ${order.status}.`);
    }
    if (order.pickedUp) throw conflict(order, 'The courier already picked this order up.');
    order.pickedUp = true;
    order.deliveryStatus = 'picked_up';
    order.modifiedAt = now;
    world.notifier.pickupCompleted(ref);
  } else {
    if (order.status !== 'READY' && order.status !== 'PRODUCTION') {
      throw conflict(
        order,
        `The courier delivers READY or PRODUCTION orders; this one is ${order.status}.`,
      );
    }
    order.deliveredAt = now;
    order.deliveryStatus = 'delivered';
    setStatus(world, order, 'DELIVERED');
  }
}

export function cancel(world: World, order: SandboxOrder): void {
  if (!['CREATED', 'PRODUCTION', 'READY'].includes(order.status)) {
    throw conflict(order, `A ${order.status} order cannot be canceled.`);
  }
  order.acceptanceStatus = order.status === 'CREATED' ? 'other' : order.acceptanceStatus;
  setStatus(world, order, 'CANCELED');
}

// ---- views ---------------------------------------------------------------------------

export function lowerStatus(order: SandboxOrder): string {
  switch (order.status) {
    case 'CREATED':
      return order.sentToPos ? 'acknowledged' : order.fetched ? 'fetched' : 'received';
    case 'CANCELED':
      return 'other';
    default:
      return order.status.toLowerCase();
  }
}

const lineUnit = (line: OrderLine): number =>
  line.basePrice + line.options.reduce((sum, o) => sum + o.price, 0);
const basketTotal = (order: SandboxOrder): number =>
  order.lines.reduce((sum, l) => sum + lineUnit(l) * l.count, 0);

function common(order: SandboxOrder, venue: Venue, iso: (at: number) => string) {
  const money = (amount: number) => ({ amount, currency: order.currency });
  return {
    money,
    head: {
      id: order.id,
      venue: { id: venue.id, name: venue.name, external_venue_id: null },
    },
    tail: {
      created_at: iso(order.createdAt),
      consumer_comment: order.consumerComment,
      consumer_name: order.consumerName,
      consumer_phone_number: order.consumerPhone,
      pickup_eta: iso(order.pickupEta),
      type: order.type,
      pre_order:
        order.preorderTime === null
          ? null
          : { preorder_time: iso(order.preorderTime), pre_order_status: order.preorderStatus },
      order_number: order.orderNumber,
      order_status: lowerStatus(order),
      modified_at: iso(order.modifiedAt),
      company_tax_id: null,
      loyalty_card_number: null,
      is_platform_plus: false,
      is_no_contact_delivery: order.deliveryType === 'homedelivery' ? order.noContact : null,
    },
    orderHandling: {
      preparation_time: {
        preparation_time_seconds: order.prepSeconds,
        preparation_time_source: order.prepSource,
      },
      acceptance_status: order.acceptanceStatus,
      courier_arrival: isPlatformDelivery(order)
        ? order.courierNotified
          ? 'notification_sent'
          : 'subscribed_to_notification'
        : 'other',
    },
  };
}

/** The older v1 order (docs/platform.md#order-endpoints): one `price`, the fee in `delivery`. */
export function orderV1(
  order: SandboxOrder,
  venue: Venue,
  iso: (at: number) => string,
): Record<string, unknown> {
  const { money, head, tail, orderHandling } = common(order, venue, iso);
  return {
    ...head,
    price: money(basketTotal(order) + order.deliveryFee),
    delivery: {
      status: order.deliveryStatus,
      type: order.deliveryType,
      time: deliveryTimeOf(order, iso),
      fee: null,
      location: order.location,
      small_order_surcharge: null,
      self_delivery: order.selfDelivery,
      courier_tip: order.courierTip === null ? null : money(order.courierTip),
    },
    items: order.lines.map((line) => ({
      id: line.id,
      name: line.name,
      count: line.count,
      options: line.options.map((o) => ({
        id: o.id,
        name: o.name,
        value: o.value,
        price: money(o.price),
        pos_id: o.posId,
        count: 1,
        value_pos_id: o.valuePosId,
        deposit: null,
      })),
      category: line.category,
      deposit: null,
      // row_number: retail only (every venue here is a restaurant).
      total_price: money(lineUnit(line) * line.count),
      unit_price: money(lineUnit(line)),
      base_price: money(line.basePrice),
      sku: line.sku,
      gtin: line.gtin,
      pos_id: line.posId,
      item_type: 'order-item',
      weight_details: null,
    })),
    ...tail,
    // v1 types attribution_id as a string (only v2 allows null): absent when there is none.
    ...(order.attributionId === null ? {} : { attribution_id: order.attributionId }),
    cash_payment: { cash_amount: money(0), cash_to_expect: null },
    order_handling: orderHandling,
    in_store_operations: null,
  };
}

/** OrderV2: `basket_price` and `fees` instead of `price`, per-item price breakdowns. */
export function orderV2(
  order: SandboxOrder,
  venue: Venue,
  iso: (at: number) => string,
): Record<string, unknown> {
  const { money, head, tail, orderHandling } = common(order, venue, iso);
  const zero = money(0);
  const basket = basketTotal(order);
  const feeParts =
    order.deliveryFee > 0
      ? [{ type: 'type_base_delivery', total: money(order.deliveryFee), vat_percentage: 14 }]
      : [];
  return {
    ...head,
    basket_price: {
      total: money(basket),
      price_breakdown: {
        total_before_discounts: money(basket),
        total_discounts: zero,
        subtotal_basket_discounts: zero,
        subtotal_item_discounts: zero,
      },
    },
    delivery: {
      status: order.deliveryStatus,
      type: order.deliveryType,
      time: deliveryTimeOf(order, iso),
      location: order.location,
      self_delivery: order.selfDelivery,
      courier_tip: order.courierTip === null ? null : money(order.courierTip),
    },
    fees: {
      total: money(order.deliveryFee),
      price_breakdown: {
        total_before_discounts: money(order.deliveryFee),
        total_discounts: zero,
        liability: zero,
      },
      parts: feeParts,
    },
    items: order.lines.map((line) => {
      const unit = lineUnit(line);
      return {
        item_type: 'order-item-with-price-breakdown',
        id: line.id,
        count: line.count,
        pos_id: line.posId,
        sku: line.sku,
        gtin: line.gtin,
        options: line.options.map((o) => ({
          id: o.id,
          name: o.name,
          value: o.value,
          price: money(o.price),
          vat_percentage: o.vat,
          price_breakdown: {
            price_before_discounts: money(o.price),
            total_discounts: zero,
            subtotal_basket_discounts: zero,
            subtotal_item_discounts: zero,
          },
          pos_id: o.posId,
          count: 1,
          value_pos_id: o.valuePosId,
          deposit: null,
        })),
        item_price: {
          unit_price: money(unit),
          base_price: money(line.basePrice),
          vat_percentage: line.vat,
          total: money(unit * line.count),
          price_breakdown: {
            total_before_discounts: money(unit * line.count),
            total_discounts: zero,
            subtotal_basket_discounts: zero,
            subtotal_item_discounts: zero,
            base_price_before_discounts: money(line.basePrice),
            unit_price_before_discounts: money(unit),
            subtotal_options_basket_discounts: zero,
            subtotal_options_item_discounts: zero,
          },
        },
        name: line.name,
        category: line.category,
        deposit: null,
        is_bundle_offer: false,
        row_number: null,
        substitution_settings: null,
        weight_details: null,
      };
    }),
    ...tail,
    attribution_id: order.attributionId,
    company_name: null,
    company_address: null,
    cash_payment: {
      cash_amount: zero,
      cash_to_expect: null,
      total_paid_by_other_methods: money(basket + order.deliveryFee),
    },
    group_participants: null,
    order_handling: orderHandling,
    in_store_operations: null,
    campaigns_applied: [],
  };
}

/** The control API's view: everything the sandbox knows, in plain words. */
export function internalView(
  order: SandboxOrder,
  iso: (at: number) => string,
): Record<string, unknown> {
  const at = (value: number | null) => (value === null ? null : iso(value));
  return {
    id: order.id,
    order_number: order.orderNumber,
    venue_id: order.venueId,
    status: order.status,
    order_status: lowerStatus(order),
    type: order.type,
    delivery_type: order.deliveryType,
    self_delivery: order.selfDelivery,
    preorder_time: at(order.preorderTime),
    pre_order_status: order.preorderStatus,
    pickup_eta: iso(order.pickupEta),
    original_pickup_eta: iso(order.originalPickupEta),
    total_delivery_time: at(order.totalDeliveryTime),
    created_at: iso(order.createdAt),
    modified_at: iso(order.modifiedAt),
    delivered_at: at(order.deliveredAt),
    delivery_status: order.deliveryStatus,
    acceptance_status: order.acceptanceStatus,
    preparation_time_seconds: order.prepSeconds,
    courier_notified: order.courierNotified,
    picked_up: order.pickedUp,
    fetched: order.fetched,
    sent_to_pos: order.sentToPos,
    reject: order.reject,
    total: { amount: basketTotal(order) + order.deliveryFee, currency: order.currency },
    items: order.lines.map((l) => ({
      name: l.name,
      count: l.count,
      pos_id: l.posId,
      options: l.options.map((o) => ({ name: o.name, value: o.value })),
    })),
    consumer_name: order.consumerName,
    consumer_phone_number: order.consumerPhone,
    consumer_comment: order.consumerComment,
    location: order.location,
    no_contact: order.noContact,
    courier_tip: order.courierTip,
    attribution_id: order.attributionId,
    history: order.history,
  };
}

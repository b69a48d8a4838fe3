// Fills a terminal's database with months of finished orders, through the orders domain's own
// store (its SQL stays in main/orders): what a venue's terminal holds after a season of service.
import type { Order, OrderStatus } from '../shared/domain';
import { openDatabase } from '../main/storage/database';
import { createOrderStore } from '../main/orders/order-store';
import type { PlatformOrder } from '../main/marketplace/order-mapping';

const DAY_MS = 86_400_000;
const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Margaret', 'Linus'];
const COMMENTS = [null, null, null, 'No onions please', 'Extra napkins', 'Ring twice, baby asleep'];

/** A small deterministic generator, so every run seeds the same history. */
const random = (seed: number) => {
  let state = seed >>> 0;
  return (): number => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
};

/** The platform's part of an order the terminal stored, for use as a template. */
export const platformPart = (order: Order): PlatformOrder => {
  const {
    status: _status,
    pending: _pending,
    courierPickupEta: _eta,
    pickupCompleted: _picked,
    preparationMinutes: _prep,
    autoAccepted: _auto,
    rejectReason: _reason,
    updatedAt: _updated,
    ...platform
  } = order;
  return platform;
};

/**
 * Writes `count` finished orders spread over the `days` before `endAt` (busier at lunch and
 * dinner), shaped like `template`: about 92 % delivered, 5 % rejected, 3 % cancelled. Returns how
 * long it took. The database must not be open elsewhere.
 */
export const seedHistory = (options: {
  dbPath: string;
  template: PlatformOrder;
  count: number;
  days: number;
  endAt: number;
  seed?: number;
}): { ms: number } => {
  const started = performance.now();
  const next = random(options.seed ?? 42);
  const db = openDatabase(options.dbPath);
  let clock = 0;
  const store = createOrderStore(
    db,
    () => new Date(clock),
    () => [],
  );
  const span = options.days * DAY_MS;
  const start = options.endAt - span;
  const insertAll = db.transaction(() => {
    for (let i = 0; i < options.count; i += 1) {
      const day = Math.floor((i / options.count) * options.days);
      // Lunch (12–14 h) and dinner (18–21 h) carry most orders, as at a real counter.
      const hour =
        next() < 0.7 ? (next() < 0.5 ? 12 + next() * 2 : 18 + next() * 3) : 10 + next() * 12;
      const createdAt = Math.min(
        start + day * DAY_MS + hour * 3_600_000,
        options.endAt - 3_600_000,
      );
      const roll = next();
      const final: OrderStatus = roll < 0.92 ? 'DELIVERED' : roll < 0.97 ? 'REJECTED' : 'CANCELED';
      const order: PlatformOrder = {
        ...options.template,
        id: `history-${i}`,
        orderNumber: String(100_000 + i),
        platformStatus: 'CREATED',
        deliveryType: next() < 0.4 ? 'homedelivery' : 'takeaway',
        consumerName: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${String.fromCharCode(65 + (i % 26))}.`,
        consumerComment: COMMENTS[i % COMMENTS.length] ?? null,
        createdAt: new Date(createdAt).toISOString(),
      };
      clock = createdAt;
      store.upsert(order);
      if (final === 'DELIVERED') {
        clock = createdAt + 60_000;
        store.setLocal(order.id, { preparationMinutes: 10 + Math.floor(next() * 20) });
        store.advance(order.id, 'PRODUCTION');
        clock = createdAt + 15 * 60_000;
        store.advance(order.id, 'READY');
      }
      if (final === 'REJECTED') store.setLocal(order.id, { rejectReason: 'Kitchen closed' });
      clock = createdAt + 25 * 60_000;
      store.advance(order.id, final);
    }
  });
  try {
    insertAll();
  } finally {
    db.close();
  }
  return { ms: performance.now() - started };
};

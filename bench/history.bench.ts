// History on a terminal that has 100,000 orders (about 200 days of a busy venue): how long a
// search, a filter, a deep page, a day's summary and its CSV take. Orders are stored through the
// order store, as the sync stores them, in a database file with the app's pragmas.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlatformOrder } from '../main/marketplace/order-mapping';
import { createAuditLog } from '../main/audit/audit-log';
import { createOutbox } from '../main/outbox/outbox';
import { createOrderHistory } from '../main/orders/order-history';
import { createOrderStore } from '../main/orders/order-store';
import { openDatabase } from '../main/storage/database';
import { createSettings } from '../main/storage/settings';
import { ORDER_ACTION_KINDS } from '../shared/order-actions';

const ORDERS = 100_000;
const RUNS = 3;
const REPEATS = 20;
const FIRST = [
  'Anna',
  'Bo',
  'Carla',
  'Dmitri',
  'Eero',
  'Farah',
  'Gustav',
  'Hanna',
  'Ilkka',
  'Jaana',
];
const LAST = Array.from({ length: 400 }, (_, i) => `Surname${i.toString(36)}`);
const ITEMS = Array.from(
  { length: 60 },
  (_, i) => `Dish ${['Pizza', 'Wrap', 'Bowl', 'Salad'][i % 4]} ${i}`,
);

const dir = mkdtempSync(join(tmpdir(), 'countertop-history-bench-'));
const db = openDatabase(join(dir, 'core.db'));
let clock = Date.parse('2026-01-01T08:00:00Z');
const now = () => new Date(clock);
const outbox = createOutbox({ db, now });
const store = createOrderStore(db, now, (id) =>
  outbox.open({ kinds: ORDER_ACTION_KINDS, ...(id ? { subject: id } : {}) }),
);
const history = createOrderHistory({
  db,
  now,
  store,
  settings: createSettings(db),
  audit: createAuditLog(db, now),
  actions: (subjects) => outbox.history(subjects),
  printJobs: () => [],
  timeZone: () => 'Europe/Helsinki',
  retention: [],
});

const seedStarted = performance.now();
db.transaction(() => {
  for (let i = 0; i < ORDERS; i += 1) {
    // 500 orders a day, 08:00–24:00 UTC.
    const created =
      Date.parse('2026-01-01T08:00:00Z') + Math.floor(i / 500) * 86_400_000 + (i % 500) * 115_000;
    clock = created;
    const order: PlatformOrder = {
      id: `order-${i}`,
      orderNumber: String(100 + (i % 900)),
      venueId: 'venue-1',
      platformStatus: 'CREATED',
      type: 'instant',
      preorderTime: null,
      preorderStatus: null,
      deliveryType: i % 3 === 0 ? 'homedelivery' : 'takeaway',
      selfDelivery: false,
      items: [0, 1, 2].map((k) => ({
        id: `i${k}`,
        name: ITEMS[(i * 7 + k * 13) % ITEMS.length] ?? 'Dish',
        count: 1 + (k % 2),
        options: [
          { name: 'Size', value: 'Large', count: 1, price: { amount: 100, currency: 'EUR' } },
        ],
        total: { amount: 900, currency: 'EUR' },
        posId: null,
      })),
      total: { amount: 2700, currency: 'EUR' },
      consumerName: `${FIRST[i % FIRST.length]} ${LAST[(i * 31) % LAST.length]}`,
      consumerPhone: `+35840${String(i).padStart(7, '0')}`,
      consumerComment: i % 5 === 0 ? 'No onions, please' : null,
      deliveryAddress: null,
      pickupEta: new Date(created + 16 * 60_000).toISOString(),
      deliveryTime: null,
      noContactDelivery: false,
      venuePreparationSeconds: 600,
      createdAt: new Date(created).toISOString(),
    };
    store.upsert(order);
    clock = created + 60_000;
    store.advance(order.id, i % 40 === 0 ? 'REJECTED' : 'PRODUCTION');
    if (i % 40 === 0) continue;
    clock = created + (10 + (i % 11)) * 60_000;
    store.advance(order.id, 'READY');
    clock += 120_000;
    store.advance(order.id, 'DELIVERED');
  }
})();
console.log(
  `seeded ${ORDERS.toLocaleString('en')} orders in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const time = async (run: () => Promise<unknown> | unknown): Promise<number> => {
  const samples: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
};

const search = history.handlers['history:search'];
// A cursor 50 pages deep, to time a page far down the list.
let deep: string | undefined;
for (let i = 0; i < 50; i += 1)
  deep = (await search({ limit: 50, ...(deep ? { cursor: deep } : {}) })).nextCursor ?? undefined;

const cases: Array<[string, () => Promise<unknown> | unknown]> = [
  ['newest 50, no filter', () => search({ limit: 50 })],
  ['order number "512" (110 matches)', () => search({ text: '512', limit: 50 })],
  [
    'customer name, rare ("Surname1a", ~250 matches)',
    () => search({ text: 'Surname1a', limit: 50 }),
  ],
  ['customer name, common ("Anna", 10,000 matches)', () => search({ text: 'anna', limit: 50 })],
  ['item, common ("pizza", ~60,000 matches)', () => search({ text: 'pizza', limit: 50 })],
  ['one letter ("s", every order)', () => search({ text: 's', limit: 50 })],
  ['no match ("zzzz")', () => search({ text: 'zzzz', limit: 50 })],
  ['day 2026-04-01', () => search({ day: '2026-04-01', limit: 50 })],
  [
    'day + text + status + type',
    () =>
      search({
        day: '2026-04-01',
        text: 'anna',
        statuses: ['DELIVERED'],
        types: ['takeaway'],
        limit: 50,
      }),
  ],
  ['rare status, no day (REJECTED: 2,500)', () => search({ statuses: ['REJECTED'], limit: 50 })],
  ['page 51 by cursor', () => search({ limit: 50, ...(deep ? { cursor: deep } : {}) })],
  ['day summary (500 orders)', () => history.daySummary('2026-04-01')],
  ['day CSV (500 orders)', () => history.handlers['history:exportCsv']({ day: '2026-04-01' })],
];
const figures = new Map<string, number[]>();
for (let run = 0; run < RUNS; run += 1)
  for (const [name, fn] of cases) figures.set(name, [...(figures.get(name) ?? []), await time(fn)]);
for (const [name, values] of figures) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(52)} ${median(values).toFixed(2)} ms (${sorted[0]?.toFixed(2)}–${sorted[sorted.length - 1]?.toFixed(2)})`,
  );
}
history.close();
db.close();
rmSync(dir, { recursive: true, force: true });

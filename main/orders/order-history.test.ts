// History on a real SQLite database, seeded through the order store the way the order sync stores
// orders: search, filters and paging, the day summary in the venue's time zone, the CSV, and the
// retention of customers' data. The platform flows (a timeline from a real accept) are in
// test/core/history.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n';
import type { DeliveryType, Money, OrderStatus } from '../../shared/domain';
import { ORDER_ACTION_KINDS } from '../../shared/order-actions';
import type { AuditLog } from '../audit/audit-log';
import { createAuditLog } from '../audit/audit-log';
import type { PlatformOrder } from '../marketplace/order-mapping';
import type { Outbox } from '../outbox/outbox';
import { createOutbox } from '../outbox/outbox';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import { createSettings } from '../storage/settings';
import { csvCell } from './csv';
import type { OrderHistoryApi, OrderPrintJobs } from './order-history';
import { createOrderHistory } from './order-history';
import type { OrderStore } from './order-store';
import { createOrderStore } from './order-store';

let dir: string;
let db: Database;
let clock: number;
let store: OrderStore;
let history: OrderHistoryApi;
let audit: AuditLog;
let outbox: Outbox;
let forgotten: string[];
let prints: ReturnType<OrderPrintJobs>;

/** The screen's language the history writes its CSV in (English unless a test switches it). */
let language: Language = 'en';

const at = (iso: string): void => {
  clock = Date.parse(iso);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'countertop-history-'));
  db = openDatabase(join(dir, 'core.db'));
  clock = Date.parse('2026-03-12T12:00:00Z');
  const now = () => new Date(clock);
  audit = createAuditLog(db, now);
  outbox = createOutbox({ db, now });
  store = createOrderStore(db, now, (id) =>
    outbox.open({ kinds: ORDER_ACTION_KINDS, ...(id ? { subject: id } : {}) }),
  );
  forgotten = [];
  prints = [];
  language = 'en';
  history = createOrderHistory({
    db,
    now,
    store,
    settings: createSettings(db),
    audit,
    actions: (subjects) => outbox.history(subjects),
    printJobs: (orderId) => (orderId === 'order-with-prints' ? prints : []),
    // Helsinki: UTC+2 in March (daylight saving starts on the 29th).
    timeZone: () => 'Europe/Helsinki',
    language: () => language,
    retention: [
      {
        name: 'deliveries',
        forget: (cutoff) => {
          forgotten.push(cutoff);
          return 2;
        },
      },
      { name: 'audit details', forget: (cutoff) => audit.forgetDetailsBefore(cutoff) },
    ],
  });
});
afterEach(async () => {
  await history.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
const order = (fields: {
  createdAt: string;
  number?: string;
  name?: string | null;
  items?: Array<{ name: string; count: number }>;
  type?: DeliveryType;
  total?: Money;
  pickupEta?: string | null;
}): PlatformOrder => {
  counter += 1;
  const total = fields.total ?? { amount: 1000, currency: 'EUR' };
  return {
    id: `order-${counter}`,
    orderNumber: fields.number ?? String(100 + counter),
    venueId: 'venue-1',
    platformStatus: 'CREATED',
    type: 'instant',
    preorderTime: null,
    preorderStatus: null,
    deliveryType: fields.type ?? 'takeaway',
    selfDelivery: false,
    items: (fields.items ?? [{ name: 'Margherita', count: 1 }]).map((item, i) => ({
      id: `item-${i}`,
      name: item.name,
      count: item.count,
      options: [],
      total: { amount: 0, currency: total.currency },
      posId: null,
    })),
    total,
    consumerName: fields.name === undefined ? 'Anna Virtanen' : fields.name,
    consumerPhone: '+358401234567',
    consumerComment: 'Ring twice at Mannerheimintie 5',
    deliveryAddress: null,
    pickupEta: fields.pickupEta ?? null,
    deliveryTime: null,
    noContactDelivery: false,
    venuePreparationSeconds: null,
    createdAt: fields.createdAt,
  };
};

/** Stores an order as the sync does, then moves it through statuses at the given times. */
const seed = (
  platform: PlatformOrder,
  steps: Array<[OrderStatus, string]> = [],
  reject?: string,
): string => {
  at(platform.createdAt);
  store.upsert(platform);
  if (reject) store.setLocal(platform.id, { rejectReason: reject });
  for (const [status, time] of steps) {
    at(time);
    store.advance(platform.id, status);
  }
  return platform.id;
};

const ids = (page: { orders: Array<{ id: string }> }): string[] => page.orders.map((o) => o.id);

describe('history search', () => {
  let anna: string;
  let jose: string;
  let falafel: string;
  let rejected: string;
  let delivery: string;
  beforeEach(() => {
    anna = seed(order({ createdAt: '2026-03-10T08:00:00Z', number: '103' }), [
      ['DELIVERED', '2026-03-10T08:30:00Z'],
    ]);
    jose = seed(
      order({
        createdAt: '2026-03-10T09:00:00Z',
        number: '204',
        name: 'José Núñez',
        items: [{ name: 'Falafel wrap', count: 2 }],
      }),
      [['DELIVERED', '2026-03-10T09:30:00Z']],
    );
    falafel = seed(
      order({
        createdAt: '2026-03-10T22:30:00Z', // 00:30 on the 11th in Helsinki
        number: '1030',
        name: 'Bo Li',
        items: [{ name: 'Falafel plate', count: 1 }],
      }),
      [['DELIVERED', '2026-03-10T23:00:00Z']],
    );
    rejected = seed(
      order({ createdAt: '2026-03-11T10:00:00Z', number: '305', name: 'Carla Díaz' }),
      [['REJECTED', '2026-03-11T10:01:00Z']],
      'Out of dough',
    );
    delivery = seed(
      order({
        createdAt: '2026-03-11T11:00:00Z',
        number: '406',
        name: 'Dan Berg',
        type: 'homedelivery',
        items: [{ name: 'Pepperoni', count: 1 }],
      }),
    );
  });

  it('finds orders by number, customer name (accents ignored) and item, newest first', async () => {
    const search = (text: string) => history.handlers['history:search']({ text, limit: 50 });
    expect(ids(await search('103'))).toEqual([falafel, anna]); // 1030 begins with 103
    expect(ids(await search('#103'))).toEqual([falafel, anna]);
    expect(ids(await search('virtanen'))).toEqual([anna]);
    expect(ids(await search('jose nunez'))).toEqual([jose]);
    expect(ids(await search('Falaf'))).toEqual([falafel, jose]);
    expect(ids(await search('falafel wrap'))).toEqual([jose]);
    expect(ids(await search('pizza'))).toEqual([]);
    // Query syntax is never read from staff's words: these are two words to find, or none.
    expect(ids(await search('" OR * NEAR('))).toEqual([]);
    expect(ids(await search('"*()'))).toHaveLength(5);
  });

  it('filters by local day, confirmed status and type, alone and together', async () => {
    const search = (query: object) => history.handlers['history:search']({ limit: 50, ...query });
    // 22:30 UTC on the 10th is the 11th in Helsinki.
    expect(ids(await search({ day: '2026-03-10' }))).toEqual([jose, anna]);
    expect(ids(await search({ day: '2026-03-11' }))).toEqual([delivery, rejected, falafel]);
    expect(ids(await search({ statuses: ['REJECTED', 'CREATED'] }))).toEqual([delivery, rejected]);
    expect(ids(await search({ types: ['homedelivery'] }))).toEqual([delivery]);
    expect(
      ids(await search({ day: '2026-03-11', statuses: ['DELIVERED'], text: 'falafel' })),
    ).toEqual([falafel]);
    expect(ids(await search({ day: '2026-03-12' }))).toEqual([]);
  });

  it('pages newest first by cursor until the last page, and refuses a cursor it did not make', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await history.handlers['history:search']({
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...ids(page));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([delivery, rejected, falafel, jose, anna]);
    await expect(
      history.handlers['history:search']({ limit: 2, cursor: 'bm90IGEgY3Vyc29y' }),
    ).rejects.toMatchObject({ bridge: { code: 'invalid-request' } });
  });
});

describe('an order timeline', () => {
  it("merges the order's events and its print jobs by time", async () => {
    const id = seed({ ...order({ createdAt: '2026-03-10T08:00:00Z' }), id: 'order-with-prints' }, [
      ['PRODUCTION', '2026-03-10T08:01:00Z'],
      ['READY', '2026-03-10T08:10:00Z'],
    ]);
    prints = [
      {
        id: 'job-1',
        document: 'kitchen-ticket',
        orderId: id,
        orderNumber: '7',
        day: null,
        printerId: 'p1',
        printerName: 'Kitchen',
        state: 'waiting',
        origin: 'auto',
        attempts: 1,
        // The spooler's words: for the audit log, never the screen.
        error: 'lp: unable to connect to 192.168.1.40:9100',
        held: true,
        createdAt: '2026-03-10T08:01:20.000Z',
        printedAt: null,
      },
    ];
    const { order: found, timeline } = await history.handlers['history:order']({ orderId: id });
    expect(found.id).toBe(id);
    expect(timeline).toEqual([
      { at: '2026-03-10T08:00:00.000Z', kind: 'received' },
      { at: '2026-03-10T08:01:00.000Z', kind: 'status', status: 'PRODUCTION' },
      {
        at: '2026-03-10T08:01:20.000Z',
        kind: 'print',
        jobId: 'job-1',
        document: 'kitchen-ticket',
        state: 'waiting',
        printerName: 'Kitchen',
        held: true,
      },
      { at: '2026-03-10T08:10:00.000Z', kind: 'status', status: 'READY' },
    ]);
    expect(JSON.stringify(timeline)).not.toContain('192.168');
  });
});

describe('history search with many matches', () => {
  it('walks the orders by time when a word matches thousands, with the same pages', async () => {
    const base = Date.parse('2026-02-01T08:00:00Z');
    const all: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < 2100; i += 1)
        all.push(
          seed(
            order({
              createdAt: new Date(base + i * 60_000).toISOString(),
              items: [{ name: i % 2 ? 'Pizza Diavola' : 'Pizza Margherita', count: 1 }],
            }),
          ),
        );
    })();
    const newest = [...all].reverse();
    const first = await history.handlers['history:search']({ text: 'pizza', limit: 3 });
    expect(ids(first)).toEqual(newest.slice(0, 3));
    const second = await history.handlers['history:search']({
      text: 'pizza',
      limit: 3,
      cursor: first.nextCursor ?? '',
    });
    expect(ids(second)).toEqual(newest.slice(3, 6));
    // Fewer matches (half of them) take the other path and agree.
    const diavola = await history.handlers['history:search']({ text: 'diavola', limit: 2 });
    expect(ids(diavola)).toEqual(newest.filter((_, i) => i % 2 === 0).slice(0, 2));
  });
});

describe('the day summary', () => {
  const day = '2026-03-10';
  // Local 10:00 on the 10th is 08:00 UTC.
  const utc = (minutesAfter8: number): string =>
    new Date(Date.parse('2026-03-10T08:00:00Z') + minutesAfter8 * 60_000).toISOString();
  beforeEach(() => {
    // Ten delivered orders, accepted at their creation + 1 min, promised ready 6 min after
    // that, ready after 1…10 minutes: four late (7, 8, 9, 10 min against 6).
    for (let i = 1; i <= 10; i += 1) {
      const created = i * 30;
      const sek = i > 8;
      seed(
        order({
          createdAt: utc(created),
          number: String(100 + i),
          total: sek
            ? { amount: 5000, currency: 'SEK' }
            : { amount: 1000 + i * 100, currency: 'EUR' },
          items: [
            { name: 'Margherita', count: 1 },
            { name: i % 2 ? 'Cola' : 'Fries', count: 2 },
          ],
          pickupEta: utc(created + 1 + 6),
          type: i % 3 === 0 ? 'homedelivery' : 'takeaway',
        }),
        [
          ['PRODUCTION', utc(created + 1)],
          ['READY', utc(created + 1 + i)],
          ['DELIVERED', utc(created + 1 + i + 2)],
        ],
      );
    }
    seed(order({ createdAt: utc(400) }), [['REJECTED', utc(401)]], 'Out of dough');
    seed(order({ createdAt: utc(410) }), [['REJECTED', utc(411)]], 'Out of dough');
    seed(order({ createdAt: utc(420) }), [['REJECTED', utc(421)]], 'Closing soon');
    seed(order({ createdAt: utc(430) }), [['CANCELED', utc(431)]]);
    // 23:30 local on the 10th (21:30 UTC) counts for the 10th; 00:10 on the 11th does not.
    seed(order({ createdAt: '2026-03-10T21:30:00Z', type: 'eatin' }));
    seed(order({ createdAt: '2026-03-10T22:10:00Z' }));
    // 00:05 local on the 10th (22:05 UTC on the 9th) counts for the 10th.
    seed(order({ createdAt: '2026-03-09T22:05:00Z' }));
  });

  it('counts statuses, types, rejections, sales per currency, timings, late orders, items and hours', () => {
    const summary = history.daySummary(day);
    expect(summary.day).toBe(day);
    expect(summary.timeZone).toBe('Europe/Helsinki');
    expect(summary.orders).toBe(16);
    expect(summary.byStatus).toEqual({
      CREATED: 2,
      PRODUCTION: 0,
      READY: 0,
      DELIVERED: 10,
      REJECTED: 3,
      CANCELED: 1,
    });
    expect(summary.byType).toEqual({ takeaway: 12, homedelivery: 3, eatin: 1 });
    expect(summary.rejections).toEqual([
      { reason: 'Out of dough', count: 2 },
      { reason: 'Closing soon', count: 1 },
    ]);
    // EUR: 1100 + 1200 + … + 1800 = 11600 over 8 orders; SEK: 2 × 5000.
    expect(summary.sales).toEqual([
      {
        currency: 'EUR',
        total: { amount: 11600, currency: 'EUR' },
        orders: 8,
        averageBasket: { amount: 1450, currency: 'EUR' },
      },
      {
        currency: 'SEK',
        total: { amount: 10000, currency: 'SEK' },
        orders: 2,
        averageBasket: { amount: 5000, currency: 'SEK' },
      },
    ]);
    expect(summary.acceptToReady).toEqual({
      count: 10,
      averageSeconds: 330, // 5.5 min
      p90Seconds: 540, // nearest rank: the 9th of 10
      promisedAverageSeconds: 360,
    });
    expect(summary.late.map((l) => l.lateBySeconds)).toEqual([240, 180, 120, 60]);
    expect(summary.items).toEqual([
      { name: 'Cola', count: 10 },
      { name: 'Fries', count: 10 },
      { name: 'Margherita', count: 10 },
    ]);
    // Local hours: delivered orders at 10:30, 11:00, … 15:00 (10:00 + i × 30 min), the others at
    // 16:40–17:10, 23:30 and 00:05.
    const hour = (h: number) => summary.hours[h];
    expect(summary.hours).toHaveLength(24);
    expect(hour(0)).toEqual({ hour: 0, orders: 1, sales: 0 });
    expect(hour(10)).toEqual({ hour: 10, orders: 1, sales: 1100 });
    expect(hour(11)).toEqual({ hour: 11, orders: 2, sales: 1200 + 1300 });
    expect(hour(14)).toEqual({ hour: 14, orders: 2, sales: 1800 }); // SEK 5000 (i = 9) not in EUR
    expect(hour(16)).toEqual({ hour: 16, orders: 2, sales: 0 });
    expect(hour(23)).toEqual({ hour: 23, orders: 1, sales: 0 });
    expect(summary.hours.reduce((sum, h) => sum + h.orders, 0)).toBe(16);
  });

  it('exports one CSV row per order with local times, and an empty day as the header alone', async () => {
    const { filename, csv } = await history.handlers['history:exportCsv']({ day });
    expect(filename).toBe('countertop-orders-2026-03-10.csv');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(17);
    expect(lines[0]).toBe(
      'Order,Venue,Placed (Europe/Helsinki),Accepted,Ready,Handed over,Status,Type,Items,Total,Currency,Prep promised (min),Accept to ready (min),Late,Late by (min),Status code,Type code',
    );
    // The tenth order: placed 15:00 local, accepted 15:01, ready 15:11, handed over 15:13; late 4 min.
    expect(lines).toContain(
      '110,,2026-03-10 15:00:00,2026-03-10 15:01:00,2026-03-10 15:11:00,2026-03-10 15:13:00,Handed over,Takeaway,3,50.00,SEK,6,10,yes,4,DELIVERED,takeaway',
    );
    expect(lines).toContain(
      '101,,2026-03-10 10:30:00,2026-03-10 10:31:00,2026-03-10 10:32:00,2026-03-10 10:34:00,Handed over,Takeaway,3,11.00,EUR,6,1,no,,DELIVERED,takeaway',
    );
    const empty = await history.handlers['history:exportCsv']({ day: '2026-01-01' });
    expect(empty.csv.split('\r\n')).toHaveLength(2);
  });

  it("writes the CSV's headers and words in the screen's language, the platform's codes as they are", async () => {
    language = 'fi';
    const lines = (await history.handlers['history:exportCsv']({ day })).csv
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Tilaus,Ravintola,Tilattu (Europe/Helsinki),Hyväksytty,Valmis,Luovutettu,Tila,Tyyppi,Tuotteita,Yhteensä,Valuutta,Luvattu valmistusaika (min),Hyväksynnästä valmiiksi (min),Myöhässä,Myöhässä (min),Tilakoodi,Tyyppikoodi',
    );
    expect(lines).toContain(
      '110,,2026-03-10 15:00:00,2026-03-10 15:01:00,2026-03-10 15:11:00,2026-03-10 15:13:00,Luovutettu,Nouto,3,50.00,SEK,6,10,kyllä,4,DELIVERED,takeaway',
    );
    // Switched back, the next export is English again: the language is read at each export.
    language = 'en';
    const english = (await history.handlers['history:exportCsv']({ day })).csv;
    expect(english.split('\r\n')[0]).toMatch(/^Order,Venue,Placed/);
  });
});

describe('history per venue', () => {
  let perVenue: OrderHistoryApi;
  beforeEach(() => {
    perVenue = createOrderHistory({
      db,
      now: () => new Date(clock),
      store,
      settings: createSettings(db),
      audit,
      actions: (subjects) => outbox.history(subjects),
      printJobs: () => [],
      timeZone: () => 'Europe/Helsinki',
      retention: [],
      venues: () => [
        { venueId: 'venue-1', name: 'Burger Bar' },
        { venueId: 'venue-2', name: null },
      ],
    });
    const burger = (createdAt: string, amount: number) =>
      seed(
        { ...order({ createdAt, total: { amount, currency: 'EUR' } }), venueName: 'Burger Bar' },
        [['DELIVERED', createdAt.replace(':00Z', ':20Z')]],
      );
    const pizza = (createdAt: string, amount: number, steps: Array<[OrderStatus, string]>) =>
      seed(
        {
          ...order({ createdAt, total: { amount, currency: 'EUR' } }),
          venueId: 'venue-2',
          venueName: 'Pizza, Place',
        },
        steps,
      );
    burger('2026-03-10T08:00:00Z', 1000);
    burger('2026-03-10T09:00:00Z', 1500);
    pizza('2026-03-10T10:00:00Z', 2000, [['DELIVERED', '2026-03-10T10:30:00Z']]);
    pizza('2026-03-10T11:00:00Z', 900, [['REJECTED', '2026-03-10T11:01:00Z']]);
  });
  afterEach(() => perVenue.close());

  it("sums the day per venue and overall, and one venue's day alone", async () => {
    const all = await perVenue.handlers['history:summary']({ day: '2026-03-10' });
    expect(all.orders).toBe(4);
    expect(all.sales).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        total: { amount: 4500, currency: 'EUR' },
        orders: 3,
      }),
    ]);
    expect(all.venues).toEqual([
      {
        venueId: 'venue-1',
        name: 'Burger Bar',
        orders: 2,
        sales: [{ currency: 'EUR', total: { amount: 2500, currency: 'EUR' }, orders: 2 }],
      },
      {
        venueId: 'venue-2',
        // Named by its orders when setup knows no name yet.
        name: 'Pizza, Place',
        orders: 2,
        sales: [{ currency: 'EUR', total: { amount: 2000, currency: 'EUR' }, orders: 1 }],
      },
    ]);
    const pizza = await perVenue.handlers['history:summary']({
      day: '2026-03-10',
      venueId: 'venue-2',
    });
    expect(pizza.orders).toBe(2);
    expect(pizza.byStatus.REJECTED).toBe(1);
    expect(pizza.sales[0]?.total.amount).toBe(2000);
    expect(pizza.venues.map((v) => v.venueId)).toEqual(['venue-2']);
  });

  it('writes the venue of every order in the CSV, and one venue’s CSV alone', async () => {
    const all = await perVenue.handlers['history:exportCsv']({ day: '2026-03-10' });
    const rows = all.csv.trimEnd().split('\r\n');
    expect(rows[0]?.startsWith('Order,Venue,')).toBe(true);
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual([
      'Burger Bar',
      'Burger Bar',
      '"Pizza',
      '"Pizza',
    ]);
    const pizza = await perVenue.handlers['history:exportCsv']({
      day: '2026-03-10',
      venueId: 'venue-2',
    });
    expect(pizza.filename).toBe('countertop-orders-2026-03-10-venue.csv');
    const burger = await perVenue.handlers['history:exportCsv']({
      day: '2026-03-10',
      venueId: 'venue-1',
    });
    expect(burger.filename).toBe('countertop-orders-2026-03-10-burger-bar.csv');
    expect(pizza.csv.trimEnd().split('\r\n').slice(1)).toHaveLength(2);
    expect(pizza.csv).toContain('"Pizza, Place"');
    expect(pizza.csv).not.toContain('Burger Bar');
  });

  it('searches one venue, and refuses a venue not connected here', async () => {
    const page = await perVenue.handlers['history:search']({ limit: 10, venueId: 'venue-1' });
    expect(page.orders.map((o) => o.venueId)).toEqual(['venue-1', 'venue-1']);
    await expect(
      perVenue.handlers['history:summary']({ day: '2026-03-10', venueId: 'venue-9' }),
    ).rejects.toThrow('This venue is not connected to this terminal.');
    await expect(
      perVenue.handlers['history:exportCsv']({ day: '2026-03-10', venueId: 'venue-9' }),
    ).rejects.toThrow('not connected');
    await expect(
      perVenue.handlers['history:search']({ limit: 10, venueId: 'venue-9' }),
    ).rejects.toThrow('not connected');
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+358 40')).toBe("'+358 40");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('keeps a hostile order number inert in the export', async () => {
    seed(order({ createdAt: '2026-03-10T08:00:00Z', number: '=HYPERLINK("http://x","y")' }));
    const { csv } = await history.handlers['history:exportCsv']({ day: '2026-03-10' });
    expect(csv.split('\r\n')[1]?.startsWith('"\'=HYPERLINK(""http://x"",""y"")",')).toBe(true);
  });
});

describe('retention', () => {
  it('anonymises orders past the retention whatever their state, keeps recent ones, and audits counts only', async () => {
    const old = seed(
      {
        ...order({ createdAt: '2026-01-01T10:00:00Z', name: 'Anna Virtanen' }),
        // A self-delivery order's address goes with the rest of the customer's data.
        deliveryAddress: {
          street: 'Mannerheimintie 5',
          apartment: 'B 7',
          postCode: '00100',
          city: 'Helsinki',
          formatted: 'Mannerheimintie 5 B 7\n00100 Helsinki',
          lat: 60.17,
          lon: 24.94,
        },
      },
      [['REJECTED', '2026-01-01T10:01:00Z']],
      'Sorry Anna, we are out of dough',
    );
    const openOld = seed(order({ createdAt: '2026-01-02T10:00:00Z', name: 'Eero Open' }));
    const recent = seed(order({ createdAt: '2026-03-11T10:00:00Z', name: 'Bo Recent' }), [
      ['DELIVERED', '2026-03-11T10:30:00Z'],
    ]);
    at('2026-03-12T12:00:00Z');
    expect(await history.handlers['history:settings']({})).toEqual({ retentionDays: 90 });
    expect(await history.handlers['history:configure']({ retentionDays: 30 })).toEqual({
      retentionDays: 30,
    });

    const gone = await history.handlers['history:order']({ orderId: old });
    expect(gone.order).toMatchObject({
      consumerName: null,
      consumerPhone: null,
      consumerComment: null,
      deliveryAddress: null,
      rejectReason: 'Sorry …, we are out of dough',
    });
    // Still counted and findable by number and item, never by the name.
    expect(ids(await history.handlers['history:search']({ text: 'virtanen', limit: 5 }))).toEqual(
      [],
    );
    expect(
      ids(await history.handlers['history:search']({ text: gone.order.orderNumber, limit: 5 })),
    ).toEqual([old]);
    expect(history.daySummary('2026-01-01')).toMatchObject({
      orders: 1,
      byStatus: { REJECTED: 1 },
    });
    // An order the platform never finished is past the retention all the same.
    expect(
      (await history.handlers['history:order']({ orderId: openOld })).order.consumerName,
    ).toBeNull();
    expect((await history.handlers['history:order']({ orderId: recent })).order.consumerName).toBe(
      'Bo Recent',
    );
    expect(forgotten).toEqual([
      new Date(Date.parse('2026-03-12T12:00:00Z') - 30 * 86_400_000).toISOString(),
    ]);

    // A late refetch of the old order does not bring the customer back.
    store.upsert({
      ...order({ createdAt: '2026-01-01T10:00:00Z' }),
      id: old,
      platformStatus: 'REJECTED',
    });
    expect(
      (await history.handlers['history:order']({ orderId: old })).order.consumerPhone,
    ).toBeNull();

    const entries = audit.list(10).filter((e) => e.action === 'retention');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toMatch(/orders 2, deliveries 2/);
    expect(JSON.stringify(audit.list(50))).not.toMatch(/Anna|Virtanen|358401234567|Mannerheim/);

    // A second run finds nothing more to do in the orders.
    await history.runRetention('schedule');
    expect(audit.list(10).filter((e) => e.action === 'retention')[0]?.detail).toMatch(/orders 0/);
  });

  it('leaves no planted name anywhere in the database file or its WAL after a run', async () => {
    // Two orders stuck unfinished, one rejected with a reason quoting the customer, an audit detail
    // quoting them, all past the retention; one recent order that must stay readable.
    seed(order({ createdAt: '2026-01-01T10:00:00Z', name: 'Zebulon Quaxley' }), [
      ['PRODUCTION', '2026-01-01T10:05:00Z'],
    ]);
    seed(order({ createdAt: '2026-01-01T11:00:00Z', name: 'Zebulon Quaxley' }));
    seed(
      order({ createdAt: '2026-01-01T12:00:00Z', name: 'Zebulon Quaxley' }),
      [['REJECTED', '2026-01-01T12:01:00Z']],
      'Sorry Zebulon Quaxley, no dough',
    );
    at('2026-01-01T12:30:00Z');
    audit.record({
      action: 'delivery-cancel',
      subject: 'delivery-1',
      outcome: 'queued',
      detail: 'Zebulon Quaxley was not at home',
    });
    seed(order({ createdAt: '2026-05-31T10:00:00Z', name: 'Ottoline Recentia' }));
    at('2026-06-01T12:00:00Z'); // the default 90 days after the planted ones
    // Pages written, checkpointed and overwritten: the old names sit in the file's pages.
    db.pragma('wal_checkpoint(TRUNCATE)');
    await history.runRetention('schedule');

    const bytes = (): string =>
      ['core.db', 'core.db-wal']
        .map((file) => {
          try {
            return readFileSync(join(dir, file)).toString('latin1');
          } catch {
            return '';
          }
        })
        .join('');
    const file = bytes().toLowerCase();
    expect(file).toContain('recentia');
    expect(file).not.toContain('quaxley');
    expect(file).not.toContain('zebulon');
    expect(audit.list(20).find((e) => e.action === 'delivery-cancel')).toMatchObject({
      outcome: 'queued',
      detail: null,
    });
  });

  it('keeps a pre-order until its own time is past the retention', async () => {
    const preorder = seed({
      ...order({ createdAt: '2026-01-01T10:00:00Z', name: 'Pia Later' }),
      type: 'preorder',
      preorderTime: '2026-06-01T10:00:00+03:00',
    });
    at('2026-06-01T12:00:00Z');
    await history.runRetention('schedule');
    expect(store.get(preorder)?.consumerName).toBe('Pia Later');
    at('2026-09-01T12:00:00Z');
    await history.runRetention('schedule');
    expect(store.get(preorder)?.consumerName).toBeNull();
  });

  it('anonymises in batches until none is left, however many there are', async () => {
    for (let i = 0; i < 450; i += 1)
      seed(
        order({
          createdAt: new Date(Date.parse('2026-01-01T10:00:00Z') + i * 60_000).toISOString(),
        }),
        [['DELIVERED', '2026-01-02T10:00:00Z']],
      );
    at('2026-06-01T12:00:00Z'); // 90 days (the default) after the last of them
    await history.runRetention('schedule');
    expect(audit.list(5).find((e) => e.action === 'retention')?.detail).toMatch(/orders 450,/);
    const named = db
      .prepare(
        "SELECT COUNT(*) AS n FROM orders WHERE json_extract(data, '$.consumerName') IS NOT NULL",
      )
      .get() as { n: number };
    expect(named.n).toBe(0);
  });

  it('refuses a retention outside 1–3650 days and keeps the setting', async () => {
    for (const retentionDays of [0, 3651, 1.5]) {
      await expect(history.handlers['history:configure']({ retentionDays })).rejects.toMatchObject({
        bridge: { code: 'invalid-request' },
      });
    }
    expect(await history.handlers['history:settings']({})).toEqual({ retentionDays: 90 });
  });
});

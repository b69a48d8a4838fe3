// The deliveries' part of retention on a real SQLite database: finished deliveries booked before
// the cutoff lose their recipient's data and the events that put the courier at the door; recent
// and unfinished ones keep theirs.
import type { SentBooking } from './delivery-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import { createOutbox } from '../outbox/outbox';
import type { DeliveryBooking, DeliveryStore } from './delivery-store';
import { createDeliveryStore } from './delivery-store';

/** A create-delivery body as the terminal sends it, naming the attempt by `ref`. */
const requestFor = (ref: string): SentBooking => ({
  create: {
    dropoff: { location: { coordinates: { lat: 60.17, lon: 24.94 } } },
    recipient: { name: 'Grace', phone_number: '+358401234567' },
    parcels: [{ description: 'Pizza', count: 1 }],
    shipment_promise_id: 'promise-1',
    merchant_order_reference_id: ref,
  },
  promise: { street: 'Mannerheimintie 10', city: 'Helsinki', post_code: '00100' },
});

let dir: string;
let db: Database;
let clock: string;
let store: DeliveryStore;

const booking = (name: string): DeliveryBooking => ({
  orderNumber: 'A1',
  recipientName: name,
  recipientPhone: '+358401234567',
  address: {
    street: 'Mannerheimintie 5 B 12',
    postCode: '00100',
    city: 'Helsinki',
    formatted: 'Mannerheimintie 5 B 12, 00100 Helsinki',
    lat: 60.17,
    lon: 24.94,
  },
  parcels: [{ description: 'Box', count: 1 }],
  cashToCollect: null,
  handshakeRequired: true,
});

const event = (reference: string, id: string, type: string, details: object = {}) =>
  store.recordEvent(
    {
      type,
      dispatched_at: clock,
      details: { id, platform_order_reference_id: reference, ...details },
    },
    clock,
  );

/** A delivery booked at `at`, with a courier position and a PIN, delivered or not. */
const book = (id: string, at: string, name: string, delivered: boolean): void => {
  clock = at;
  store.create(id, 'v', booking(name), requestFor(id));
  store.setBooked(id, { reference: `ref-${id}`, trackingUrl: null, price: null });
  event(`ref-${id}`, `${id}-loc`, 'order.location_updated', {
    courier_location: { lat: 8_000_000, lon: 2_700_000 },
  });
  event(`ref-${id}`, `${id}-pin`, 'order.handshake_delivery', { pin_code: '1234' });
  if (delivered) event(`ref-${id}`, `${id}-done`, 'order.delivered');
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'countertop-delivery-store-'));
  db = openDatabase(join(dir, 'core.db'));
  clock = '2026-03-01T10:00:00.000Z';
  const now = () => new Date(clock);
  const outbox = createOutbox({ db, now });
  store = createDeliveryStore(db, now, (subject) => outbox.open({ subject }));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('forgetPersonalBefore', () => {
  it('scrubs finished deliveries before the cutoff, and only those, once', () => {
    book('old', '2026-01-01T10:00:00.000Z', 'Grace Hopper', true);
    book('old-open', '2026-01-02T10:00:00.000Z', 'Ada Lovelace', false);
    book('recent', '2026-02-28T10:00:00.000Z', 'Alan Turing', true);
    expect(store.get('old')).toMatchObject({ status: 'delivered', handshakePin: '1234' });

    expect(store.forgetPersonalBefore('2026-02-01T00:00:00.000Z')).toBe(1);
    expect(store.get('old')).toMatchObject({
      status: 'delivered',
      recipientName: '',
      recipientPhone: '',
      address: {
        street: '',
        postCode: '',
        city: 'Helsinki',
        formatted: null,
        lat: null,
        lon: null,
      },
      courierLocation: null,
      handshakePin: null,
      parcels: [{ description: 'Box', count: 1 }],
    });
    expect(store.get('old-open')).toMatchObject({
      recipientName: 'Ada Lovelace',
      handshakePin: '1234',
    });
    expect(store.get('recent')).toMatchObject({
      recipientName: 'Alan Turing',
      recipientPhone: '+358401234567',
      courierLocation: { x: 2_700_000, y: 8_000_000 },
    });
    const stored = JSON.stringify(db.prepare('SELECT * FROM deliveries WHERE id = ?').get('old'));
    expect(stored).not.toMatch(/Grace|Hopper|358401234567|Mannerheim/);
    expect(store.forgetPersonalBefore('2026-02-01T00:00:00.000Z')).toBe(0);
  });
});

// The delivery inbox and store on a real SQLite database: reading the relay's events, dedupe by event id,
// out-of-order events, events before the booking's answer, and every payload shape
// of docs/platform.md#delivery-events.
import type { SentBooking } from './delivery-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import type { DeliveryStore } from './delivery-store';
import { createDeliveryStore } from './delivery-store';
import { createOutbox } from '../outbox/outbox';
import type { DeliveryInbox } from './delivery-inbox';
import { createDeliveryInbox } from './delivery-inbox';

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

const SECRET = 'inbox-test-secret-0123456789abcdef';
const REF = 'ref-1';
let dir: string;
let db: Database;
let store: DeliveryStore;
let inbox: DeliveryInbox;
let seq = 0;
let rejected: string[];
let changes: number;

const booking = {
  orderNumber: 'A1',
  recipientName: 'Grace',
  recipientPhone: '+358401234567',
  address: {
    street: 'S 1',
    postCode: '00100',
    city: 'Helsinki',
    formatted: null,
    lat: 60,
    lon: 24,
  },
  parcels: [{ description: 'Box', count: 1 }],
  cashToCollect: null,
  handshakeRequired: true,
};

const generic = (id: string, at: string, extra: Record<string, unknown> = {}) => ({
  id,
  venue_id: 'v',
  platform_order_reference_id: REF,
  tracking_reference: 't',
  price: { amount: 590, currency: 'EUR' },
  pickup: { eta: `2026-11-23T10:${at}:00.000Z` },
  dropoff: null,
  courier: null,
  parcels: null,
  ...extra,
});

const token = (type: string, minute: string, details: Record<string, unknown>, secret = SECRET) =>
  new SignJWT({ dispatched_at: `2026-11-23T10:${minute}:00.000Z`, type, details })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(secret));

/** What the relay client does: the raw {token} body committed with its relay seq. */
const receive = async (jwt: string): Promise<void> => {
  seq += 1;
  db.prepare('INSERT INTO delivery_inbox (relay_seq, body, received_at) VALUES (?, ?, ?)').run(
    seq,
    JSON.stringify({ token: jwt }),
    new Date().toISOString(),
  );
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'countertop-delivery-'));
  db = openDatabase(join(dir, 'core.db'));
  const now = () => new Date('2026-11-23T10:30:00Z');
  const outbox = createOutbox({ db, now });
  store = createDeliveryStore(db, now, (subject) => outbox.open({ subject }));
  rejected = [];
  changes = 0;
  inbox = createDeliveryInbox({
    db,
    store,
    venueId: () => 'v',
    now,
    onChanged: () => {
      changes += 1;
    },
    onRejected: (reason) => rejected.push(reason),
  });
  store.create('d1', 'v', booking, requestFor('d1'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('delivery events into the store', () => {
  it('applies events that arrived before the booking answer once the reference is known', async () => {
    await receive(await token('order.received', '00', generic('e1', '20')));
    await inbox.drain();
    expect(store.get('d1')?.status).toBe('booking');
    store.setBooked('d1', { reference: REF, trackingUrl: 'http://t/1', price: null });
    expect(store.get('d1')).toMatchObject({
      status: 'received',
      reference: REF,
      price: { amount: 590, currency: 'EUR' },
      pickupEta: '2026-11-23T10:20:00.000Z',
      cancellable: true,
    });
  });

  it('stores a re-served event once and never moves a delivery backwards', async () => {
    store.setBooked('d1', { reference: REF, trackingUrl: null, price: null });
    const delivered = await token(
      'order.delivered',
      '40',
      generic('e9', '20', {
        dropoff: {
          eta: { min: '2026-11-23T10:38:00.000Z', max: '2026-11-23T10:41:00.000Z' },
          completed_at: '2026-11-23T10:40:00.000Z',
        },
      }),
    );
    await receive(delivered);
    await receive(delivered);
    // Older news arriving later: picked_up (with parcels) and dropoff_completed.
    await receive(
      await token(
        'order.picked_up',
        '30',
        generic('e5', '20', { parcels: [{ description: 'Box', identifier: 'A1-1' }] }),
      ),
    );
    await receive(await token('order.dropoff_completed', '40', generic('e8', '20')));
    await inbox.drain();
    const d = store.get('d1');
    expect(d).toMatchObject({
      status: 'delivered',
      completedAt: '2026-11-23T10:40:00.000Z',
      cancellable: false,
    });
    expect(d?.dropoffEtaMax).toBe('2026-11-23T10:41:00.000Z');
    const outcomes = db
      .prepare('SELECT outcome FROM delivery_inbox ORDER BY relay_seq')
      .all() as Array<{ outcome: string }>;
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'order.delivered',
      'duplicate',
      'order.picked_up',
      'order.dropoff_completed',
    ]);
    expect((db.prepare('SELECT COUNT(*) AS n FROM delivery_events').get() as { n: number }).n).toBe(
      3,
    );
  });

  it('takes the latest ETA by dispatch time, whatever the arrival order', async () => {
    store.setBooked('d1', { reference: REF, trackingUrl: null, price: null });
    await receive(await token('order.pickup_eta_updated', '05', generic('e3', '27')));
    await receive(await token('order.received', '00', generic('e1', '20')));
    await inbox.drain();
    expect(store.get('d1')).toMatchObject({
      status: 'received',
      pickupEta: '2026-11-23T10:27:00.000Z',
    });
  });

  it('reads courier, location, handshake and rejection payloads', async () => {
    store.setBooked('d1', { reference: REF, trackingUrl: null, price: null });
    await receive(
      await token(
        'order.pickup_started',
        '10',
        generic('e2', '20', { courier: { id: 42, vehicle_type: 'bicycle' } }),
      ),
    );
    await receive(
      await token('order.location_updated', '11', {
        id: 'e3',
        platform_order_reference_id: REF,
        tracking_id: 't',
        courier_location: { lat: 8_399_737.89, lon: 2_776_072.66 },
      }),
    );
    await receive(
      await token('order.handshake_delivery', '01', {
        id: 'e4',
        platform_order_reference_id: REF,
        merchant_order_reference_id: null,
        pin_code: '0427',
      }),
    );
    await inbox.drain();
    expect(store.get('d1')).toMatchObject({
      status: 'pickup_started',
      courier: { id: 42, vehicleType: 'bicycle' },
      courierLocation: { x: 2_776_072.66, y: 8_399_737.89 },
      handshakePin: '0427',
    });
    await receive(
      await token(
        'order.rejected',
        '12',
        generic('e5', '20', { purchase_rejected_reason: 'Courier unavailable' }),
      ),
    );
    await inbox.drain();
    expect(store.get('d1')).toMatchObject({
      status: 'rejected',
      rejectedReason: 'Courier unavailable',
      cancellable: false,
    });
  });

  it('keeps unknown event types without acting on them', async () => {
    store.setBooked('d1', { reference: REF, trackingUrl: null, price: null });
    await receive(await token('order.teleported', '10', generic('e7', '59')));
    await inbox.drain();
    expect(store.get('d1')).toMatchObject({ status: 'received', pickupEta: null });
    expect(db.prepare('SELECT type FROM delivery_events').all()).toEqual([
      { type: 'order.teleported' },
    ]);
  });

  it('refuses an event that names another venue: stored as rejected, nothing changes', async () => {
    store.setBooked('d1', { reference: REF, trackingUrl: null, price: null });
    await receive(
      await token('order.delivered', '40', { ...generic('e9', '20'), venue_id: 'another-venue' }),
    );
    await inbox.drain();
    expect(rejected).toEqual(['other-venue']);
    expect(changes).toBe(0);
    expect(store.get('d1')?.status).toBe('received');
    expect(db.prepare('SELECT outcome FROM delivery_inbox').get()).toEqual({
      outcome: 'rejected: other-venue',
    });
  });
});

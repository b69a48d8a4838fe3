// One terminal with two venues against a real sandbox over HTTP: each venue signed in with its own
// grant, orders of both received, accepted, readied and handed over through one routed client,
// each call reaching its own venue at the platform; a sold-out set for both reaches both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMenu } from '../../sandbox/demo-data';
import type { Sandbox } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { randomUUID } from 'node:crypto';
import { notificationSchema } from '../../shared/notification';
import { ORDER_ACTION_KINDS } from '../../shared/order-actions';
import { createTokenManager } from '../auth/token-manager';
import { createMarketplaceClient } from './client';
import { createNotificationInbox } from '../relay-client/inbox';
import { createOrderActions } from '../orders/order-actions';
import { createOrderStore } from '../orders/order-store';
import { createOrderSync } from '../orders/order-sync';
import { createOutbox } from '../outbox/outbox';
import { createMemorySecretStore } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';
import type { Database } from '../storage/database';
import { openDatabase } from '../storage/database';
import { createSettings } from '../storage/settings';
import type { VenueConnections } from './venue-connections';
import { createVenueConnections } from './venue-connections';
import { controlCall } from '../../test/control-call';

const SECOND = 'second-brand';
let sandbox: Sandbox;
let dir: string;
let db: Database;
let secrets: SecretStore;
let venues: VenueConnections;
// What notifications name before an order is stored (the relay's row carries the order's venue).
const announced = new Map<string, string>();

const control = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  controlCall<T>(sandbox.controlUrl, method, path, body);
const signIn = async (venueId: string) => {
  const { code } = await control<{ code: string }>('POST', '/authorization-codes', {
    client_id: sandbox.demo.clientId,
    venue_id: venueId,
    redirect_uri: sandbox.demo.redirectUri,
  });
  return venues.add({
    authUrl: sandbox.authUrl,
    clientId: sandbox.demo.clientId,
    clientSecret: sandbox.demo.clientSecret,
    code,
    redirectUri: sandbox.demo.redirectUri,
  });
};
const place = async (venueId: string) => {
  const order = await control<{ id: string }>('POST', '/orders', {
    venue_id: venueId,
    type: 'takeaway',
  });
  announced.set(order.id, venueId);
  return order.id;
};
const truth = async (id: string) =>
  control<{ status: string; venue_id?: string }>('GET', `/orders/${id}`);

const open = (store: ReturnType<typeof createOrderStore> | null) =>
  createVenueConnections({
    secrets,
    settings: createSettings(db),
    now: () => new Date(),
    venueOfOrder: (id) => store?.get(id)?.venueId ?? announced.get(id) ?? null,
    client: { posUrl: () => sandbox.posUrl },
  });

beforeAll(async () => {
  sandbox = await startSandbox({ webhookUrl: null, ordersPerMinute: 0 });
  await control('POST', '/venues', { venue_id: SECOND, name: 'Night Noodles' });
  dir = mkdtempSync(join(tmpdir(), 'countertop-venues-'));
  db = openDatabase(join(dir, 'core.db'));
  secrets = createMemorySecretStore();
});
let stopOutbox: (() => Promise<void>) | null = null;
afterAll(async () => {
  await stopOutbox?.();
  db?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('several venues on one terminal', () => {
  it('keeps each venue its own grant, in the keychain under its own names', async () => {
    venues = open(null);
    await signIn(sandbox.demo.venueId);
    await signIn(SECOND);
    expect(venues.venueIds()).toEqual([sandbox.demo.venueId, SECOND]);
    const first = await secrets.get(`refresh-token@${sandbox.demo.venueId}`);
    const second = await secrets.get(`refresh-token@${SECOND}`);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
    // Nothing of a venue's grant under the single-venue names.
    expect(await secrets.get('refresh-token')).toBeNull();
    // A restart finds both venues with their grants.
    venues = open(null);
    expect(venues.venueIds()).toEqual([sandbox.demo.venueId, SECOND]);
    expect((await venues.routed.getVenueStatus(SECOND)).status).toBeDefined();
  });

  it("receives, accepts, readies and hands over both venues' orders, each at its own venue", async () => {
    const now = () => new Date();
    const outbox = createOutbox({ db, now, backoff: { baseMs: 10, capMs: 40 } });
    const orders = createOrderStore(db, now, (orderId) =>
      outbox.open({ kinds: ORDER_ACTION_KINDS, ...(orderId ? { subject: orderId } : {}) }),
    );
    venues = open(orders);
    const problems: string[] = [];
    const sync = createOrderSync({
      db,
      orders,
      client: venues.routed,
      // Every venue of the terminal is this terminal's: no order is filtered out by venue.
      venueId: () => null,
      now,
      events: { changed: () => {}, arrived: () => {}, problem: (_s, m) => problems.push(m) },
    });
    const actions = createOrderActions({
      outbox,
      orders,
      client: venues.routed,
      refetch: (id) => sync.refetch(id),
      now,
      changed: () => {},
    });
    const mine = await place(sandbox.demo.venueId);
    const theirs = await place(SECOND);
    await sync.refetch(mine);
    await sync.refetch(theirs);
    expect([orders.get(mine)?.venueId, orders.get(theirs)?.venueId]).toEqual([
      sandbox.demo.venueId,
      SECOND,
    ]);
    outbox.start();
    stopOutbox = () => outbox.stop();
    for (const orderId of [mine, theirs]) {
      actions.enqueue({ kind: 'accept', orderId, preparationMinutes: 15 });
      actions.enqueue({ kind: 'ready', orderId });
      actions.enqueue({ kind: 'delivered', orderId });
    }
    await outbox.idle();
    expect(outbox.open()).toEqual([]);
    expect(problems).toEqual([]);
    expect([(await truth(mine)).status, (await truth(theirs)).status]).toEqual([
      'DELIVERED',
      'DELIVERED',
    ]);
    // The platform refuses a venue's grant for another venue's order: a call routed to the
    // wrong venue could not have moved it.
    await expect(venues.get(sandbox.demo.venueId)?.client.getOrder(theirs)).rejects.toThrow();
    // A venue signed out takes its grant along: its orders' calls no longer go anywhere.
    await venues.remove(SECOND);
    expect(await secrets.get(`refresh-token@${SECOND}`)).toBeNull();
    await expect(venues.routed.getOrder(theirs)).rejects.toThrow(/not connected/);
    expect((await venues.routed.getOrder(mine)).venue.id).toBe(sandbox.demo.venueId);
    await outbox.stop();
    await signIn(SECOND);
  });

  it('sets an item sold out in both venues', async () => {
    venues = open(null);
    await venues.routed.createMenu(SECOND, demoMenu());
    await control('POST', '/clock', { advance_seconds: 61 });
    const item = 'burger-classic';
    await Promise.all(
      venues
        .venueIds()
        .map((v) => venues.routed.updateItems(v, [{ external_id: item, in_stock: false }])),
    );
    for (const venueId of venues.venueIds()) {
      const stored = await control<{
        menu: {
          categories: Array<{ items: Array<{ external_data: string; in_stock?: boolean }> }>;
        };
      }>('GET', `/venues/${venueId}`);
      const found = stored.menu.categories
        .flatMap((c) => c.items)
        .find((i) => i.external_data === item);
      expect(found?.in_stock).toBe(false);
    }
  });

  it("receives both venues' orders from the relay's notifications, next to the venue set up first", async () => {
    // A terminal as the core composes it: the venue set up first keeps its single-venue grant,
    // the second is added; notifications name each order's venue before it is stored.
    const own = mkdtempSync(join(tmpdir(), 'countertop-venues-sync-'));
    const local = openDatabase(join(own, 'core.db'));
    try {
      const now = () => new Date();
      const settings = createSettings(local);
      const keychain = createMemorySecretStore();
      const first = createTokenManager({ secrets: keychain, settings, now });
      const { code } = await control<{ code: string }>('POST', '/authorization-codes', {
        client_id: sandbox.demo.clientId,
        venue_id: sandbox.demo.venueId,
        redirect_uri: sandbox.demo.redirectUri,
      });
      await first.connect({
        authUrl: sandbox.authUrl,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        code,
        redirectUri: sandbox.demo.redirectUri,
      });
      const outbox = createOutbox({ db: local, now, backoff: { baseMs: 10, capMs: 40 } });
      const orders = createOrderStore(local, now, (orderId) =>
        outbox.open({ kinds: ORDER_ACTION_KINDS, ...(orderId ? { subject: orderId } : {}) }),
      );
      const posUrl = () => sandbox.posUrl;
      const terminal = createVenueConnections({
        secrets: keychain,
        settings,
        now,
        venueOfOrder: (id) => orders.get(id)?.venueId ?? null,
        client: { posUrl },
        primary: {
          venueId: () => first.state().config?.venueId ?? null,
          client: createMarketplaceClient({ posUrl, tokens: first }),
        },
      });
      const second = await control<{ code: string }>('POST', '/authorization-codes', {
        client_id: sandbox.demo.clientId,
        venue_id: SECOND,
        redirect_uri: sandbox.demo.redirectUri,
      });
      await terminal.add({
        authUrl: sandbox.authUrl,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        code: second.code,
        redirectUri: sandbox.demo.redirectUri,
      });
      const arrived: string[] = [];
      const problems: string[] = [];
      const sync = createOrderSync({
        db: local,
        orders,
        client: terminal.routed,
        venueId: () => first.state().config?.venueId ?? null,
        servesVenue: (v) => terminal.serves(v),
        orderVenueNamed: (o, v) => terminal.learn(o, v),
        now,
        events: {
          changed: () => {},
          arrived: (id) => arrived.push(id),
          problem: (_s, m) => problems.push(m),
        },
      });
      const inbox = createNotificationInbox(local);
      let seq = 0;
      const notify = (orderId: string, venueId: string) => {
        seq += 1;
        const body = JSON.stringify({
          id: randomUUID(),
          type: 'order.notification',
          order: { id: orderId, venue_id: venueId, status: 'CREATED' },
        });
        inbox.receive(notificationSchema.parse(JSON.parse(body)), {
          relaySeq: seq,
          body,
          receivedAt: now().toISOString(),
        });
      };
      await control('POST', '/venues', { venue_id: 'not-ours', name: 'Elsewhere' });
      const mine = await place(sandbox.demo.venueId);
      const theirs = await place(SECOND);
      const elsewhere = await place('not-ours');
      notify(mine, sandbox.demo.venueId);
      notify(theirs, SECOND);
      notify(elsewhere, 'not-ours');
      await sync.drain();
      expect(problems).toEqual([]);
      expect(arrived.sort()).toEqual([mine, theirs].sort());
      expect(orders.get(theirs)?.venueId).toBe(SECOND);
      expect(orders.get(elsewhere)).toBeNull();
      // The added venue's order moves at its own venue through the one routed client.
      await terminal.routed.acceptOrder(theirs, null);
      expect((await truth(theirs)).status).toBe('PRODUCTION');
      await outbox.stop();
    } finally {
      local.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});

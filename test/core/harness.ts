// A real platform sandbox and relay on 127.0.0.1 for the core's integration tests, plus a core
// connected to them. Nothing is mocked: every call crosses a socket.
import { randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox, SandboxOptions } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import type { Relay, RelayOptions } from '../../relay/server';
import { startRelay } from '../../relay/server';
import { createTerminal } from '../../relay/terminals';
import { CREDENTIALS_KEY, testFilesParent } from '../../relay/testing/test-support';
import type { Core, CoreOptions } from '../../main/core';
import { startCore } from '../../main/core';
import type { SecretStore } from '../../main/secrets/secret-store';
import { waitFor as waitUntil } from '../wait';
import type { Front } from './front';
import { startFront } from './front';
import {
  createKeytarSecretStore,
  createMemorySecretStore,
  HANDED_OVER_SECRET_NAMES,
  RETIRED_SECRET_NAMES,
  SECRET_NAMES,
  VENUE_SECRET_NAMES,
} from '../../main/secrets/secret-store';

export type World = {
  sandbox: Sandbox;
  relay: Relay;
  /** The relay's public address as the platform and terminals use it (the front, when asked for). */
  relayUrl: string;
  /** A front before the relay that can break or slow its webhook path (`startWorld({ front: true })`). */
  front: Front | null;
  relayDb: string;
  /** The keychain the world's cores use (to stage what an older version left in it). */
  secrets: SecretStore;
  terminalKey: string;
  dir: string;
  /** Sandbox time: real time plus what the tests advanced. */
  now: () => Date;
  advance(seconds: number): Promise<void>;
  control<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }>;
  mintCode(venueId?: string): Promise<string>;
  placeOrder(body?: {
    /** The demo venue unless named (a venue the world was started with). */
    venue_id?: string;
    type?: 'takeaway' | 'homedelivery';
    preorder_time?: string;
    self_delivery?: boolean;
    /** How many lines the order has (the sandbox's choice when absent). */
    line_count?: number;
  }): Promise<{ id: string; order_number: string }>;
  sandboxOrder(id: string): Promise<{ status: string; [key: string]: unknown }>;
  faults(faults: {
    error_rate?: number;
    latency_ms?: number;
    drop_webhooks?: number;
    duplicate_webhooks?: number;
    drop_answers?: number;
  }): Promise<void>;
  /** Starts a core on the world's data dir (again, after a close, to test restarts). */
  startCore(options?: Partial<CoreOptions>): Promise<Core>;
  /** setup:connect as staff do it; `terminalKey` defaults to the key made for the world's relay. */
  connect(core: Core, options?: { terminalKey?: string }): Promise<string>;
  /** setup:addVenue as staff do it: the venue's own authorization code, on a connected core. */
  addVenue(core: Core, venueId: string): Promise<string>;
  /**
   * Another terminal of the demo venue, as a second counter PC is set up: a relay key with the
   * name staff gave it, a core on a data dir and keychain of its own, connected. Closed (and its
   * keychain entries removed) with the world.
   */
  startTerminal(name: string, options?: TerminalOptions): Promise<Core>;
  close(): Promise<void>;
};

export type TerminalOptions = {
  core?: Partial<CoreOptions>;
  /** Where this terminal reaches the relay (a TCP proxy of its own, to cut it alone). */
  relayUrl?: string;
  /** Where this terminal reaches the platform's order API (a front that counts its calls). */
  posUrl?: string;
  /** More venues of the world (`startWorld`'s `venues`) this terminal serves, added after connecting. */
  venues?: readonly string[];
};

/** The real keychain when a Secret Service session exists (CI), else memory. */
export const testSecretStore = (): SecretStore =>
  process.env.DBUS_SESSION_BUS_ADDRESS
    ? createKeytarSecretStore(`countertop-test-${randomUUID()}`)
    : createMemorySecretStore();

export const startWorld = async (
  options: {
    sandbox?: SandboxOptions;
    relay?: Partial<RelayOptions>;
    /** Put a front before the relay (test/core/front.ts). */
    front?: boolean;
    /** More venues at the sandbox, all served by the world's terminal key with the demo venue. */
    venues?: ReadonlyArray<{ id: string; name: string }>;
  } = {},
): Promise<World> => {
  const dir = mkdtempSync(join(testFilesParent(), 'countertop-core-'));
  const relayDb = join(dir, 'relay.db');
  const webhookSecret = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
  const relay = await startRelay({
    dbPath: relayDb,
    marketplaceSecrets: [webhookSecret],
    maxWaitSeconds: 25,
    credentialsKey: CREDENTIALS_KEY,
    ...options.relay,
  });
  const front = options.front ? await startFront(relay.url) : null;
  const relayUrl = front?.url ?? relay.url;
  const sandbox = await startSandbox({
    webhookUrl: `${relayUrl}/hooks/marketplace`,
    webhookSecret,
    notificationRetry: { retries: 3, intervalMs: 200 },
    ...options.sandbox,
  });
  const terminal = createTerminal(relayDb, [
    sandbox.demo.venueId,
    ...(options.venues ?? []).map((v) => v.id),
  ]);
  let offsetMs = 0;
  const cores: Core[] = [];
  const secretStore = testSecretStore();
  const terminalSecrets: SecretStore[] = [];
  const coreDefaults = {
    now: () => world.now(),
    backoff: { baseMs: 50, capMs: 500 },
    reconcileIntervalMs: 60_000,
    relayWaitSeconds: 5,
  };
  const forget = async (store: SecretStore): Promise<void> => {
    for (const name of [...SECRET_NAMES, ...RETIRED_SECRET_NAMES, ...HANDED_OVER_SECRET_NAMES]) {
      await store.delete(name).catch(() => undefined);
    }
    // The grants of the venues added to a terminal, under each venue's own names.
    for (const venue of options.venues ?? [])
      for (const name of VENUE_SECRET_NAMES)
        await store.delete(`${name}@${venue.id}`).catch(() => undefined);
  };

  const control = async <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }> => {
    const response = await fetch(`${sandbox.controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
  };

  for (const venue of options.venues ?? []) {
    const r = await control('POST', '/venues', { venue_id: venue.id, name: venue.name });
    if (r.status !== 201) throw new Error(`venue: ${r.status}`);
  }

  const world: World = {
    sandbox,
    relay,
    relayUrl,
    front,
    relayDb,
    secrets: secretStore,
    terminalKey: terminal.key,
    dir,
    now: () => new Date(Date.now() + offsetMs),
    advance: async (seconds) => {
      const r = await control('POST', '/clock', { advance_seconds: seconds });
      if (r.status !== 200) throw new Error(`clock: ${r.status}`);
      offsetMs += seconds * 1000;
    },
    control,
    mintCode: async (venueId = sandbox.demo.venueId) => {
      const r = await control<{ code: string }>('POST', '/authorization-codes', {
        client_id: sandbox.demo.clientId,
        venue_id: venueId,
        redirect_uri: sandbox.demo.redirectUri,
      });
      if (r.status !== 201) throw new Error(`code: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json.code;
    },
    placeOrder: async (body = {}) => {
      const r = await control<{ id: string; order_number: string }>('POST', '/orders', {
        venue_id: sandbox.demo.venueId,
        type: 'takeaway',
        ...body,
      });
      if (r.status !== 201) throw new Error(`order: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json;
    },
    sandboxOrder: async (id) => (await control<{ status: string }>('GET', `/orders/${id}`)).json,
    faults: async (faults) => {
      const r = await control('POST', '/faults', faults);
      if (r.status !== 200) throw new Error(`faults: ${r.status}`);
    },
    startCore: async (coreOptions = {}) => {
      const core = await startCore({
        dataDir: join(dir, 'core'),
        secretStore,
        ...coreDefaults,
        ...coreOptions,
      });
      cores.push(core);
      return core;
    },
    connect: async (core, connectOptions = {}) => {
      const { venueId } = await core.api['setup:connect']({
        authUrl: sandbox.authUrl,
        posUrl: sandbox.posUrl,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        code: await world.mintCode(),
        redirectUri: sandbox.demo.redirectUri,
        relayUrl,
        terminalKey: connectOptions.terminalKey ?? terminal.key,
      });
      return venueId;
    },
    addVenue: async (core, venueId) => {
      const added = await core.api['setup:addVenue']({
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        code: await world.mintCode(venueId),
        redirectUri: sandbox.demo.redirectUri,
      });
      return added.venueId;
    },
    startTerminal: async (name, terminalOptions = {}) => {
      const served = [sandbox.demo.venueId, ...(terminalOptions.venues ?? [])];
      const key = createTerminal(relayDb, served, { name }).key;
      const store = testSecretStore();
      terminalSecrets.push(store);
      const core = await startCore({
        dataDir: join(dir, 'terminals', String(terminalSecrets.length)),
        secretStore: store,
        ...coreDefaults,
        ...terminalOptions.core,
      });
      cores.push(core);
      await core.api['setup:connect']({
        authUrl: sandbox.authUrl,
        posUrl: terminalOptions.posUrl ?? sandbox.posUrl,
        clientId: sandbox.demo.clientId,
        clientSecret: sandbox.demo.clientSecret,
        code: await world.mintCode(),
        redirectUri: sandbox.demo.redirectUri,
        relayUrl: terminalOptions.relayUrl ?? relayUrl,
        terminalKey: key,
      });
      for (const venueId of terminalOptions.venues ?? []) await world.addVenue(core, venueId);
      return core;
    },
    close: async () => {
      for (const core of cores) await core.close();
      await sandbox.close();
      await front?.close();
      await relay.close();
      for (const store of [secretStore, ...terminalSecrets]) await forget(store);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
};

/** test/wait.ts's waitFor with the label first, as the core's tests and benchmarks call it. */
export const waitFor = <T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> => waitUntil(check, { message: what, timeoutMs });

export type NotificationRow = {
  attempts: number;
  error: string | null;
  processed_at: string | null;
};

/** The core's inbox row of an order's notification (the world's first core unless named). */
export const notificationRow = (
  world: World,
  orderId: string,
  dataDir = join(world.dir, 'core'),
): NotificationRow | undefined => {
  const db = new BetterSqlite3(join(dataDir, 'countertop.db'), { readonly: true });
  try {
    return db
      .prepare('SELECT attempts, error, processed_at FROM notifications WHERE order_id = ?')
      .get(orderId) as NotificationRow | undefined;
  } finally {
    db.close();
  }
};

// Test support: every relay conformance test runs once per store. `describeEachStore` declares a
// describe block per store kind; its body gets a TestStore whose location is ready in its tests.
// PostgreSQL runs in a private cluster per test file (pg-cluster.ts), one database per block.
import { afterAll, beforeAll, describe } from 'vitest';
import { postgresSkipReason, startPgCluster, type PgCluster } from './pg-cluster';
import type { RelayOptions } from '../server';
import { createTerminalsAt, revokeTerminalAt, type NewTerminal } from '../terminals';
import { tempDir } from './test-support';

export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

export type TestStore = {
  kind: StoreKind;
  /** A SQLite file path or a postgres:// URL (the admin commands' STORE). */
  readonly location: string;
  /** The CLI arguments naming this store. */
  readonly args: string[];
  /** The startRelay options naming this store. */
  readonly options: Pick<RelayOptions, 'dbPath' | 'storeUrl'>;
  /** Another, empty store of the same kind (removed with this one). */
  fresh(): Promise<{
    location: string;
    args: string[];
    options: Pick<RelayOptions, 'dbPath' | 'storeUrl'>;
  }>;
  createTerminal(venueIds: string[], name?: string): Promise<{ id: string; key: string }>;
  /** Many terminals through one opening of the store (a PostgreSQL store opens a pool each time). */
  createTerminals(terminals: NewTerminal[]): Promise<{ id: string; key: string }[]>;
  revokeTerminal(id: string): Promise<boolean>;
  /** The PostgreSQL cluster (postgres only). */
  readonly cluster: PgCluster;
};

let shared: { cluster: Promise<PgCluster>; users: number } | null = null;

async function acquireCluster(): Promise<PgCluster> {
  shared ??= { cluster: startPgCluster(), users: 0 };
  shared.users += 1;
  return shared.cluster;
}

async function releaseCluster(): Promise<void> {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  const { cluster } = shared;
  shared = null;
  await (await cluster).stop();
}

const describeLocation = (kind: StoreKind, location: string) => ({
  location,
  args: kind === 'sqlite' ? ['--db', location] : ['--store', location],
  options: kind === 'sqlite' ? { dbPath: location } : { storeUrl: location },
});

/** A store of this kind for the enclosing describe block (created in beforeAll, removed in afterAll). */
export function useStore(kind: StoreKind): TestStore {
  let current: ReturnType<typeof describeLocation> | null = null;
  let cluster: PgCluster | null = null;
  const removals: (() => void)[] = [];
  const make = async () => {
    if (kind === 'sqlite') {
      const dir = tempDir();
      removals.push(dir.remove);
      return describeLocation(kind, dir.dbPath);
    }
    return describeLocation(kind, await (cluster as PgCluster).createDatabase());
  };
  beforeAll(async () => {
    if (kind === 'postgres') cluster = await acquireCluster();
    current = await make();
  });
  afterAll(async () => {
    removals.splice(0).forEach((remove) => remove());
    if (cluster) await releaseCluster();
  });
  const ready = () => {
    if (!current) throw new Error('The test store is ready only inside tests and hooks.');
    return current;
  };
  return {
    kind,
    get location() {
      return ready().location;
    },
    get args() {
      return ready().args;
    },
    get options() {
      return ready().options;
    },
    get cluster() {
      if (!cluster) throw new Error('Only a postgres test store has a cluster.');
      return cluster;
    },
    fresh: make,
    async createTerminal(venueIds, name) {
      const [created] = await createTerminalsAt(ready().location, [
        { venueIds, ...(name === undefined ? {} : { name }) },
      ]);
      return created as { id: string; key: string };
    },
    createTerminals: (terminals) => createTerminalsAt(ready().location, terminals),
    revokeTerminal: (id) => revokeTerminalAt(ready().location, id),
  };
}

/**
 * One describe block per store kind. PostgreSQL blocks are skipped, saying why, only where
 * PostgreSQL is not installed; in CI (CI=true) its absence fails instead.
 */
export function describeEachStore(name: string, body: (store: TestStore) => void): void {
  for (const kind of STORE_KINDS) {
    const reason = kind === 'postgres' ? postgresSkipReason() : null;
    if (reason !== null) {
      describe.skip(`${name} [postgres: SKIPPED, ${reason}]`, () => undefined);
      continue;
    }
    describe(`${name} [${kind}]`, () => body(useStore(kind)));
  }
}

// Test support: every relay conformance test runs once per store. `describeEachStore` declares a
// describe block per store kind; its body gets a TestStore whose location is ready in its tests.
// PostgreSQL runs in a private cluster (pg-cluster.ts), one database per block: in a vitest run,
// one cluster per worker process for all the files it runs (test/pg-clusters.ts stops them at the
// run's end); elsewhere one per test file.
import { afterAll, beforeAll, describe } from 'vitest';
import {
  postgresSkipReason,
  RUN_PG_CLUSTERS_ENV,
  startPgCluster,
  type PgCluster,
} from './pg-cluster';
import type { RelayOptions } from '../server';
import { createTerminalsAt, revokeTerminalAt, type NewTerminal } from '../terminals';
import { tempDir, testFilesParent } from './test-support';

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

let shared: { cluster: Promise<PgCluster>; users: number; kept: boolean } | null = null;

/**
 * This process's shared cluster: kept for the process's later files in a run that stops it at its
 * end, else stopped when its last user releases it. A test that restarts or stops a cluster, or
 * changes what every database of it sees, starts its own (startPgCluster).
 */
export async function acquirePgCluster(): Promise<PgCluster> {
  if (!shared) {
    const runDir = process.env[RUN_PG_CLUSTERS_ENV];
    const cluster = startPgCluster(runDir);
    shared = { cluster, users: 0, kept: runDir !== undefined };
    // A failed start is not kept: the next file tries again.
    cluster.catch(() => {
      if (shared?.cluster === cluster) shared = null;
    });
  }
  shared.users += 1;
  return shared.cluster;
}

export async function releasePgCluster(): Promise<void> {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0 || shared.kept) return;
  const { cluster } = shared;
  shared = null;
  await (await cluster).stop();
}

const describeLocation = (kind: StoreKind, location: string) => ({
  location,
  args: kind === 'sqlite' ? ['--db', location] : ['--store', location],
  options: kind === 'sqlite' ? { dbPath: location } : { storeUrl: location },
});

/**
 * A store of this kind for the enclosing describe block (created in beforeAll, removed in
 * afterAll). `ownCluster`: a PostgreSQL store in a cluster of the block's own, for a test that
 * restarts it.
 */
export function useStore(kind: StoreKind, { ownCluster = false } = {}): TestStore {
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
    if (kind === 'postgres')
      cluster = await (ownCluster ? startPgCluster(testFilesParent()) : acquirePgCluster());
    current = await make();
  });
  afterAll(async () => {
    removals.splice(0).forEach((remove) => remove());
    if (cluster) await (ownCluster ? cluster.stop() : releasePgCluster());
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

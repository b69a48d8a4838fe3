// Run before the relay's files: a folder for the PostgreSQL clusters the run's worker processes
// start (relay/testing/store-fixture.ts), one per worker, kept for every file it runs instead of
// one per file, and stopped here when the run ends, whoever started them.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RUN_PG_CLUSTERS_ENV, stopPgClustersIn } from '../relay/testing/pg-cluster';

export const setup = (): (() => Promise<void>) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'countertop-pg-clusters-'));
  // The clusters' own folders inside are the postgres user's (PostgreSQL refuses root).
  chmodSync(dir, 0o755);
  process.env[RUN_PG_CLUSTERS_ENV] = dir;
  return async () => {
    delete process.env[RUN_PG_CLUSTERS_ENV];
    await stopPgClustersIn(dir);
  };
};

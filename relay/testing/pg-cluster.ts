// Test support: a private PostgreSQL 15 cluster for the relay's tests and benchmarks. initdb runs
// once per machine into a template directory that every cluster copies (a copy takes milliseconds,
// initdb seconds); each cluster listens on 127.0.0.1 only, on a free port, with fsync and
// synchronous_commit on (the defaults), and is stopped and deleted by stop().
// PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const BIN = process.env.RELAY_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
const OWNER = 'postgres';

export type PgCluster = {
  port: number;
  /** postgres://…/postgres, the maintenance database. */
  url: string;
  /** Creates a fresh database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut) and starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The folder a test run's global setup (test/pg-clusters.ts) keeps its workers' clusters in, when
 * it made one: each worker then keeps one cluster for all its files (store-fixture.ts) instead of
 * one per file, whose start and stop cost about 0.6 s of CPU and 2 to 4 s of a loaded machine's
 * wall time. Each file still gets databases of its own.
 */
export const RUN_PG_CLUSTERS_ENV = 'COUNTERTOP_TEST_PG_CLUSTERS';

/** Why PostgreSQL cannot be used here, or null when it can. */
export function postgresUnavailable(): string | null {
  if (!existsSync(join(BIN, 'initdb')) || !existsSync(join(BIN, 'pg_ctl'))) {
    return `PostgreSQL 15 is not installed (no ${BIN}/initdb; apt-get install postgresql)`;
  }
  return null;
}

/**
 * Skips PostgreSQL-backed tests with a clear message where PostgreSQL is not installed, but never
 * in CI (CI=true): there a missing PostgreSQL is a failure, not a skip.
 */
export function postgresSkipReason(): string | null {
  const reason = postgresUnavailable();
  if (reason !== null && process.env.CI === 'true') {
    throw new Error(`CI must run the PostgreSQL tests: ${reason}.`);
  }
  return reason;
}

const command = (file: string, args: string[]) =>
  asRoot
    ? run('runuser', ['-u', OWNER, '--', join(BIN, file), ...args])
    : run(join(BIN, file), args);

const chownToOwner = async (path: string) => {
  if (asRoot) await run('chown', ['-R', `${OWNER}:${OWNER}`, path]);
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One initdb per machine and PostgreSQL binary; later clusters copy it. */
async function template(): Promise<string> {
  const root = join(tmpdir(), 'countertop-pg-template-15');
  const data = join(root, 'data');
  if (existsSync(join(data, 'PG_VERSION'))) return data;
  mkdirSync(root, { recursive: true, mode: 0o755 });
  const building = mkdtempSync(join(root, 'building-'));
  await chownToOwner(building);
  // --no-sync only skips flushing initdb's own files: this copy is a template, never a server.
  await command('initdb', [
    '-D',
    join(building, 'data'),
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  try {
    renameSync(join(building, 'data'), data);
  } catch {
    // Another process won the race; its template is as good as ours.
  }
  rmSync(building, { recursive: true, force: true });
  return data;
}

/**
 * A cluster in a folder of its own under `parent` (the system's temporary folder by default), so
 * stopPgClustersIn(parent) can stop it even if whoever started it is gone.
 */
export async function startPgCluster(parent = tmpdir()): Promise<PgCluster> {
  const reason = postgresSkipReason();
  if (reason !== null) throw new Error(reason);
  const dir = mkdtempSync(join(parent, 'relay-pg-'));
  const data = join(dir, 'data');
  cpSync(await template(), data, { recursive: true });
  // PostgreSQL refuses a data directory others can read; Node 22's cpSync creates the copy's top
  // directory with the default mode instead of the template's 0700.
  chmodSync(data, 0o700);
  writeFileSync(
    join(data, 'postgresql.auto.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      'fsync = on',
      'synchronous_commit = on',
      'max_connections = 200',
      "log_min_messages = 'warning'",
      '',
    ].join('\n'),
  );
  // One role logs in with a password (scram-sha-256), the relay's password-credential test's;
  // every other role is trusted, as in the template (first matching line wins).
  const hba = join(data, 'pg_hba.conf');
  writeFileSync(
    hba,
    `host all relay_password 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`,
  );
  await chownToOwner(dir);
  const port = await freePort();
  const log = join(dir, 'server.log');
  const start = () =>
    command('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', `-p ${port}`, 'start']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let made = 0;
  let stopped = false;
  return {
    port,
    url,
    async createDatabase(name = `relay_${process.pid}_${(made += 1)}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart() {
      await command('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
      await start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await command('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Stops every cluster startPgCluster(parent) started that still runs, and deletes parent. Their
 * data is thrown away: an immediate shutdown (SIGQUIT to each postmaster, as `pg_ctl -m
 * immediate` sends) without a pg_ctl process each, which took seconds on a loaded machine.
 */
export async function stopPgClustersIn(parent: string): Promise<void> {
  const postmasters = (existsSync(parent) ? readdirSync(parent) : []).flatMap((name) => {
    try {
      const pidFile = readFileSync(join(parent, name, 'data', 'postmaster.pid'), 'utf8');
      return [Number(pidFile.split('\n')[0])];
    } catch {
      return []; // never started, or already stopped
    }
  });
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const pid of postmasters) if (alive(pid)) process.kill(pid, 'SIGQUIT');
  for (const deadline = Date.now() + 10_000; postmasters.some(alive) && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 20));
  rmSync(parent, { recursive: true, force: true });
}

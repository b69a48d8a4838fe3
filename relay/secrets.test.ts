// The relay's secrets out of plain files: systemd credentials read at start and again on SIGHUP
// (a rotation with no webhook refused), database files readable by the relay's user only, and no
// password of a PostgreSQL URL in any message.
import { chmodSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { CREDENTIALS } from './credentials';
import { redactUrl, redactUrls } from './printable';
import { startRelay } from './server';
import { postgresSkipReason } from './testing/pg-cluster';
import { describeEachStore, useStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  MARKETPLACE_SECRET_NEXT,
  collect,
  orderNotification,
  postMarketplace,
  runCli,
  send,
  sign,
  spawnRelay,
  tempDir,
  type RelayProcess,
} from './testing/test-support';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const METRICS_TOKEN_NEXT = 'metrics-token-next-fedcba9876543210';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function credentialsDir(): {
  dir: string;
  /** Replaces a credential the way a deploy tool does: a new file renamed over the old one. */
  put(name: string, text: string): void;
} {
  const made = tempDir();
  cleanups.push(made.remove);
  return {
    dir: made.dir,
    put(name, text) {
      const next = join(made.dir, `.${name}.next`);
      writeFileSync(next, text, { mode: 0o400 });
      renameSync(next, join(made.dir, name));
    },
  };
}

async function stopProcess(relay: RelayProcess): Promise<void> {
  if (relay.child.exitCode !== null) return;
  relay.child.kill('SIGTERM');
  await relay.exited;
}

/** Sends SIGHUP and waits for the relay's line saying what the reload did (the `count`-th). */
async function reload(relay: RelayProcess, count: number): Promise<string> {
  relay.child.kill('SIGHUP');
  return waitFor(
    () => {
      const lines = relay.stderr().match(/relay: SIGHUP, secrets .*/g) ?? [];
      return lines.length >= count ? (lines[count - 1] as string) : undefined;
    },
    { message: `reload ${count} of the secrets` },
  );
}

const metricsStatus = async (url: string, token: string) =>
  (await send(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status;

describeEachStore('relay secrets from systemd credentials', (store) => {
  it('reads them from $CREDENTIALS_DIRECTORY and rotates them on SIGHUP with no webhook refused', async () => {
    const target = await store.fresh();
    const credentials = credentialsDir();
    credentials.put(CREDENTIALS.marketplaceSecrets, `${MARKETPLACE_SECRET}\n`);
    credentials.put(CREDENTIALS.metricsToken, `${METRICS_TOKEN}\n`);
    const relay = await spawnRelay([...target.args, '--port', '0'], {
      CREDENTIALS_DIRECTORY: credentials.dir,
      // The environment is the fallback only: a credential wins over it.
      RELAY_MARKETPLACE_SECRETS: 'an-env-secret-that-is-not-used-0123',
    });
    cleanups.push(() => stopProcess(relay));
    expect(relay.stderr()).not.toContain(MARKETPLACE_SECRET);
    const envSigned = orderNotification('env-signed', 'v-rotate');
    const refusedEnv = await postMarketplace(
      relay.url,
      envSigned,
      sign(envSigned, 'an-env-secret-that-is-not-used-0123'),
    );
    expect(refusedEnv.status).toBe(401);

    // The platform signs with `platformSecret` all along; a sender posts without a pause.
    let platformSecret = MARKETPLACE_SECRET;
    let sending = true;
    const statuses: number[] = [];
    const sender = (async () => {
      for (let n = 0; sending; n += 1) {
        const body = orderNotification(`stream-${n}`, 'v-rotate');
        statuses.push((await postMarketplace(relay.url, body, sign(body, platformSecret))).status);
      }
    })();
    const sent = (more: number) => {
      const target = statuses.length + more;
      return waitFor(() => statuses.length >= target, { message: `${more} more webhooks` });
    };
    await sent(5);

    // 1. The new secret is added next to the old one: both verify, without a restart.
    credentials.put(
      CREDENTIALS.marketplaceSecrets,
      `${MARKETPLACE_SECRET}\n${MARKETPLACE_SECRET_NEXT}\n`,
    );
    credentials.put(CREDENTIALS.metricsToken, `${METRICS_TOKEN_NEXT}\n`);
    expect(await reload(relay, 1)).toMatch(
      /secrets reloaded: 2 marketplace secret\(s\) from credential/,
    );
    const early = orderNotification('new-in-overlap', 'v-rotate');
    expect(
      (await postMarketplace(relay.url, early, sign(early, MARKETPLACE_SECRET_NEXT))).status,
    ).toBe(200);
    expect(await metricsStatus(relay.url, METRICS_TOKEN_NEXT)).toBe(200);
    expect(await metricsStatus(relay.url, METRICS_TOKEN)).toBe(401);
    await sent(5);

    // 2. The platform switches to the new secret.
    platformSecret = MARKETPLACE_SECRET_NEXT;
    await sent(5);

    // 3. A broken credential is refused: the secrets in force stay.
    credentials.put(CREDENTIALS.marketplaceSecrets, 'short\n');
    expect(await reload(relay, 2)).toMatch(/secrets NOT reloaded .*at least 16 characters/);
    await sent(5);

    // 4. The old secret is removed: from now on it no longer verifies.
    credentials.put(CREDENTIALS.marketplaceSecrets, `${MARKETPLACE_SECRET_NEXT}\n`);
    expect(await reload(relay, 3)).toMatch(/secrets reloaded: 1 marketplace secret\(s\)/);
    await sent(5);
    sending = false;
    await sender;

    const late = orderNotification('old-after-rotation', 'v-rotate');
    expect((await postMarketplace(relay.url, late, sign(late, MARKETPLACE_SECRET))).status).toBe(
      401,
    );
    expect(statuses.length).toBeGreaterThanOrEqual(25);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The same process all along, and no secret in its output.
    expect(relay.child.exitCode).toBeNull();
    for (const secret of [MARKETPLACE_SECRET, MARKETPLACE_SECRET_NEXT, METRICS_TOKEN_NEXT]) {
      expect(relay.stderr()).not.toContain(secret);
    }
  });
});

describe.skipIf(postgresSkipReason() !== null)('the PostgreSQL password as a credential', () => {
  const store = useStore('postgres');

  it('connects with the store-password credential and uses a rotated one after SIGHUP', async () => {
    const role = 'relay_password';
    const admin = new pg.Client({ connectionString: store.cluster.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const database = `relay_pw_${process.pid}`;
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'first-password-0123456789'`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${role}`);
    // A role is the whole cluster's, and the cluster outlives this file in a test run.
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.query(`DROP ROLE ${role}`);
    });
    const url = `postgres://${role}@127.0.0.1:${store.cluster.port}/${database}`;
    const credentials = credentialsDir();
    credentials.put(CREDENTIALS.marketplaceSecrets, MARKETPLACE_SECRET);
    credentials.put(CREDENTIALS.storePassword, 'first-password-0123456789\n');
    const relay = await spawnRelay(['--store', url, '--port', '0'], {
      CREDENTIALS_DIRECTORY: credentials.dir,
      PGPASSFILE: join(credentials.dir, 'no-pgpass'),
    });
    cleanups.push(() => stopProcess(relay));
    const first = orderNotification('pw-first', 'v-pw');
    expect((await postMarketplace(relay.url, first, sign(first, MARKETPLACE_SECRET))).status).toBe(
      200,
    );

    await admin.query(`ALTER ROLE ${role} PASSWORD 'second-password-9876543210'`);
    credentials.put(CREDENTIALS.storePassword, 'second-password-9876543210\n');
    expect(await reload(relay, 1)).toMatch(/secrets reloaded: .*store password from credential/);
    // Every connection the relay holds is cut: only the new password opens new ones.
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [
      role,
    ]);
    const after = orderNotification('pw-after-rotation', 'v-pw');
    await waitFor(
      async () =>
        (await postMarketplace(relay.url, after, sign(after, MARKETPLACE_SECRET))).status === 200,
      { message: 'a webhook stored over a connection made with the new password' },
    );
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1`,
      [role],
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect(relay.stderr()).not.toContain('password authentication failed');
    expect(relay.stderr()).not.toMatch(/first-password|second-password/);
  });
});

describe('relay database files', () => {
  it('creates the SQLite file and its WAL and SHM files readable by the relay user only', async () => {
    const made = tempDir();
    cleanups.push(made.remove);
    const previous = process.umask(0o022);
    cleanups.push(() => void process.umask(previous));
    const relay = await startRelay({
      dbPath: made.dbPath,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    cleanups.push(() => relay.close());
    const body = orderNotification('private', 'v-private');
    expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
      200,
    );
    for (const file of [made.dbPath, `${made.dbPath}-wal`, `${made.dbPath}-shm`]) {
      expect({ file, mode: (statSync(file).mode & 0o777).toString(8) }).toEqual({
        file,
        mode: '600',
      });
    }
  });

  it('narrows an existing database file left readable by others', async () => {
    const made = tempDir();
    cleanups.push(made.remove);
    const first = await startRelay({
      dbPath: made.dbPath,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    await first.close();
    chmodSync(made.dbPath, 0o644);
    const relay = await startRelay({
      dbPath: made.dbPath,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    cleanups.push(() => relay.close());
    expect((statSync(made.dbPath).mode & 0o777).toString(8)).toBe('600');
  });
});

describe('passwords of PostgreSQL URLs', () => {
  it.each([
    [
      'postgres://relay:hunter2@db.internal:5432/relay',
      'postgres://relay:***@db.internal:5432/relay',
    ],
    [
      'postgresql://relay:p@ss:w@rd@db/relay?sslmode=require',
      'postgresql://relay:***@db/relay?sslmode=require',
    ],
    [
      'postgres://relay@db/relay?password=hunter2&sslmode=require',
      'postgres://relay@db/relay?password=***&sslmode=require',
    ],
    [
      'postgres://db/relay?sslmode=require&PASSWORD=hunter2',
      'postgres://db/relay?sslmode=require&PASSWORD=***',
    ],
    ['postgres://relay@db/relay', 'postgres://relay@db/relay'],
  ])('redacts %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
    expect(redactUrls(`Cannot reach ${url}: ECONNREFUSED`)).toBe(
      `Cannot reach ${redacted}: ECONNREFUSED`,
    );
  });

  const url = 'postgres://relay:hunter2-in-userinfo@127.0.0.1:1/relay?password=hunter3-in-query';

  it('leaves them out of the error startRelay throws', async () => {
    const error = await startRelay({
      storeUrl: url,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    }).then(
      () => null,
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).toMatch(
      /^Cannot open the store postgres:\/\/relay:\*\*\*@127\.0\.0\.1:1\/relay\?password=\*\*\*/,
    );
    expect(error?.message).not.toContain('hunter');
  });

  it.each([
    ['the server', ['--store', url]],
    ['an admin command', ['admin', 'list-terminals', '--store', url]],
  ])('leaves them out of what %s prints', async (_name, args) => {
    const result = await collect(runCli(args, { RELAY_MARKETPLACE_SECRETS: MARKETPLACE_SECRET }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/relay: /);
    expect(`${result.stdout}${result.stderr}`).not.toContain('hunter');
  });
});

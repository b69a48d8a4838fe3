// `npm run doctor [-- --data-dir DIR]`: what this counter machine needs, one line each, OK or what
// to do. Runs without a keychain and reads no secret: the data folder's stored addresses (no
// key), the keychain's answer (whether it answers, not what it holds), the network and the disk.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statfsSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import type { PrinterConfig, PrintSettings } from '../shared/printing';
import { CLOCK_SKEW_WARNING_MS } from '../shared/domain';
import { SETTINGS_KEY as PRINT_SETTINGS_KEY } from '../main/printing/printing-context';
import type { Connection } from '../main/setup/setup';
import { storedConnection } from '../main/setup/setup';
import {
  createKeytarSecretStore,
  KeychainUnavailableError,
  keychainHelp,
} from '../main/secrets/secret-store';
import type { Database } from '../main/storage/database';
import { createSettings } from '../main/storage/settings';
import { defaultDataDir, ROOT } from './start-web';

export type Verdict = 'ok' | 'warn' | 'fail';
export type Finding = { check: string; verdict: Verdict; text: string };

const CHECK_TIMEOUT_MS = 5_000;
/** Below this, the log, the database's growth and an update may not fit. */
const LOW_DISK_BYTES = 1024 ** 3;

const ok = (check: string, text: string): Finding => ({ check, verdict: 'ok', text });
const warn = (check: string, text: string): Finding => ({ check, verdict: 'warn', text });
const fail = (check: string, text: string): Finding => ({ check, verdict: 'fail', text });

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} did not answer in ${ms / 1000} s`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

const parseVersion = (text: string): number[] =>
  text
    .replace(/^[^\d]*/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
const atLeast = (have: number[], want: number[]): boolean => {
  for (let i = 0; i < Math.max(have.length, want.length); i += 1) {
    const a = have[i] ?? 0;
    const b = want[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
};

export const checkNode = (nodeVersion = process.versions.node): Finding => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    engines?: { node?: string };
  };
  const floor = (pkg.engines?.node ?? '').replace(/^>=\s*/, '');
  const where = `${os.type()} ${os.release()} (${process.arch})`;
  if (floor && !atLeast(parseVersion(nodeVersion), parseVersion(floor)))
    return fail(
      'Node',
      `Node ${nodeVersion} on ${where} is older than ${floor}. Install Node ${floor} or newer (nodejs.org or your package manager), then run npm ci again.`,
    );
  return ok('Node', `Node ${nodeVersion} on ${where}`);
};

export const checkKeychain = async (): Promise<Finding> => {
  const store = createKeytarSecretStore(`countertop-doctor`);
  try {
    // A name nothing is stored under in this service: the keychain answers, nothing is read.
    await withTimeout(store.get('client-secret'), CHECK_TIMEOUT_MS, 'The keychain');
    return ok('Keychain', 'the system keychain answers');
  } catch (error) {
    if (error instanceof KeychainUnavailableError) return fail('Keychain', error.message);
    return fail('Keychain', `${keychainHelp('no-keychain')} (${(error as Error).message})`);
  }
};

const modeText = (mode: number): string => (mode & 0o777).toString(8).padStart(4, '0');

export const checkDataFolder = (dataDir: string): Finding[] => {
  if (!existsSync(dataDir))
    return [
      warn(
        'Data folder',
        `${dataDir} does not exist yet: Countertop makes it at its first start. Nothing to do unless you expected a venue here (then give --data-dir).`,
      ),
    ];
  const findings: Finding[] = [];
  if (process.platform === 'win32') return [ok('Data folder', dataDir)];
  const folderMode = statSync(dataDir).mode;
  if ((folderMode & 0o077) !== 0)
    findings.push(
      fail(
        'Data folder',
        `${dataDir} can be read by other users of this machine (mode ${modeText(folderMode)}). Run: chmod 700 "${dataDir}"`,
      ),
    );
  for (const name of ['countertop.db', 'countertop.db-wal', 'countertop.db-shm']) {
    const file = path.join(dataDir, name);
    if (!existsSync(file)) continue;
    const mode = statSync(file).mode;
    if ((mode & 0o077) !== 0)
      findings.push(
        fail(
          'Data folder',
          `${name} can be read by other users (mode ${modeText(mode)}). Run: chmod 600 "${file}"`,
        ),
      );
  }
  if (findings.length === 0) findings.push(ok('Data folder', `${dataDir}, private to this user`));
  return findings;
};

/** What the data folder holds of the set-up: addresses and printers, never a secret. */
export const readStored = (
  dataDir: string,
): { connection: Connection | null; printers: PrinterConfig[] } | null => {
  const file = path.join(dataDir, 'countertop.db');
  if (!existsSync(file)) return null;
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const settings = createSettings(db as unknown as Database);
    return {
      connection: storedConnection(settings),
      printers: settings.get<Partial<PrintSettings>>(PRINT_SETTINGS_KEY)?.printers ?? [],
    };
  } finally {
    db.close();
  }
};

const reach = async (
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; date: string | null } | { error: string }> => {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, date: response.headers.get('date') };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { error: cause ?? (error as Error).name };
  }
};

const base = (url: string, suffix: string): string => `${url.replace(/\/+$/, '')}${suffix}`;

/** The platform's services at the stored addresses, and this machine's clock against theirs. */
export const checkPlatform = async (
  connection: Connection,
  nowMs: () => number = Date.now,
): Promise<Finding[]> => {
  const findings: Finding[] = [];
  const token = await reach(base(connection.authUrl, '/oauth2/token'));
  // Any answer but a network failure: the token service is there (it answers GET with 405).
  findings.push(
    'error' in token
      ? fail(
          'Platform sign-in',
          `${connection.authUrl} does not answer (${token.error}). Check this machine's network and firewall; if others reach it, the Auth URL may have changed: Venue → Connection, or set up again.`,
        )
      : ok('Platform sign-in', `${connection.authUrl} answers`),
  );
  const sentAt = nowMs();
  const pos = await reach(base(connection.posUrl, '/orders/countertop-doctor'));
  if ('error' in pos) {
    findings.push(
      fail(
        'Platform orders',
        `${connection.posUrl} does not answer (${pos.error}). Check this machine's network and firewall.`,
      ),
    );
    return findings;
  }
  findings.push(
    pos.status === 401 || pos.status === 403
      ? ok('Platform orders', `${connection.posUrl} answers`)
      : warn(
          'Platform orders',
          `${connection.posUrl} answers ${pos.status}, not as the platform's order service does (401 without a token). Check the Order API URL.`,
        ),
  );
  const platformMs = pos.date ? Date.parse(pos.date) : Number.NaN;
  if (Number.isNaN(platformMs)) {
    findings.push(warn('Clock', 'the platform sent no time to compare with'));
    return findings;
  }
  // The Date header has one-second steps; the request's midpoint is our best guess of its time.
  const offsetMs = platformMs + 500 - (sentAt + nowMs()) / 2;
  const off = Math.abs(offsetMs);
  const seconds = Math.round(off / 1000);
  const words = `${Math.floor(seconds / 60)} min ${seconds % 60} s ${offsetMs > 0 ? 'behind' : 'ahead of'} the platform`;
  findings.push(
    off > CLOCK_SKEW_WARNING_MS
      ? fail(
          'Clock',
          `this machine's clock is ${words}. Order ages and countdowns would be wrong: turn on automatic time (Linux: sudo timedatectl set-ntp true; Windows: Settings → Time → Set time automatically).`,
        )
      : ok('Clock', `within ${Math.max(1, Math.round(off / 1000))} s of the platform`),
  );
  return findings;
};

export const checkRelay = async (relayUrl: string): Promise<Finding> => {
  const answer = await reach(base(relayUrl, '/healthz'));
  if ('error' in answer)
    return fail(
      'Relay',
      `${relayUrl} does not answer (${answer.error}): orders cannot reach this terminal. Check the network; if it is down for everyone, call whoever runs your relay.`,
    );
  if (answer.status === 200) return ok('Relay', `${relayUrl} answers`);
  return fail(
    'Relay',
    `${relayUrl} answers ${answer.status}${answer.status === 503 ? ' (shutting down)' : ''}, not as a healthy relay. Call whoever runs your relay; if its address changed: Venue → Connection.`,
  );
};

const tcpReachable = (host: string, port: number): Promise<string | null> =>
  new Promise((resolve) => {
    const socket = connect({ host, port, timeout: CHECK_TIMEOUT_MS });
    const done = (error: string | null): void => {
      socket.destroy();
      resolve(error);
    };
    socket.once('connect', () => done(null));
    socket.once('timeout', () => done('no answer'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });

const lpstat = (queue: string): Promise<string | null> =>
  new Promise((resolve) => {
    execFile('lpstat', ['-p', queue], { timeout: CHECK_TIMEOUT_MS }, (error, stdout) =>
      resolve(error ? (error.message.split('\n')[0] ?? 'lpstat failed') : stdout.trim() || null),
    );
  });

export const checkPrinters = async (printers: readonly PrinterConfig[]): Promise<Finding[]> => {
  if (printers.length === 0) return [ok('Printers', 'none set up (Venue → Printers)')];
  return Promise.all(
    printers.map(async (printer) => {
      const label = `Printer "${printer.name}"`;
      if (printer.connection.kind === 'network') {
        const { host, port } = printer.connection;
        const error = await tcpReachable(host, port);
        return error === null
          ? ok(label, `${host}:${port} answers`)
          : fail(
              label,
              `${host}:${port} does not answer (${error}). Check that it is on and its cable is in, and its address under Venue → Printers.`,
            );
      }
      const { queue } = printer.connection;
      const state = await lpstat(queue);
      return state !== null && !/disabled|not exist|Invalid/i.test(state)
        ? ok(label, `system queue ${queue}: ${state.split('\n')[0]}`)
        : fail(
            label,
            `system queue ${queue} is not ready (${state ?? 'no answer'}). Check it in the system's printer settings (lpstat -p).`,
          );
    }),
  );
};

export const checkDisk = (dataDir: string): Finding => {
  let folder = dataDir;
  while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  const stats = statfsSync(folder);
  const free = stats.bavail * stats.bsize;
  const gb = (free / 1024 ** 3).toFixed(1);
  return free < LOW_DISK_BYTES
    ? fail(
        'Disk',
        `only ${gb} GB free where the data folder is. Free some space: the log, the database and updates need it.`,
      )
    : ok('Disk', `${gb} GB free`);
};

export const runDoctor = async (dataDir: string): Promise<Finding[]> => {
  const findings: Finding[] = [checkNode(), await checkKeychain(), ...checkDataFolder(dataDir)];
  let stored: ReturnType<typeof readStored> = null;
  try {
    stored = readStored(dataDir);
  } catch (error) {
    findings.push(
      fail('Database', `the data folder's database cannot be read (${(error as Error).message}).`),
    );
  }
  if (stored?.connection) {
    const [platform, relay] = await Promise.all([
      checkPlatform(stored.connection),
      checkRelay(stored.connection.relayUrl),
    ]);
    findings.push(...platform, relay);
  } else {
    findings.push(
      warn('Platform', 'no venue is connected in this data folder: nothing to reach yet.'),
    );
  }
  findings.push(...(await checkPrinters(stored?.printers ?? [])), checkDisk(dataDir));
  return findings;
};

const MARK: Record<Verdict, string> = { ok: '✓', warn: '!', fail: '✗' };

export const formatFinding = (finding: Finding): string =>
  `${MARK[finding.verdict]} ${finding.check}: ${finding.text}`;

export const DOCTOR_USAGE = `usage: npm run doctor [-- --data-dir DIR]
Checks this counter machine without a keychain; each line OK or what to do.
The data folder is --data-dir, else COUNTERTOP_DATA_DIR, else the app's own (${defaultDataDir()}).`;

const main = async (): Promise<void> => {
  let values: { 'data-dir'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`doctor: ${(error as Error).message}\n${DOCTOR_USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) {
    console.log(DOCTOR_USAGE);
    return;
  }
  const dataDir = values['data-dir'] ?? process.env.COUNTERTOP_DATA_DIR ?? defaultDataDir();
  const findings = await runDoctor(dataDir);
  for (const finding of findings) console.log(formatFinding(finding));
  const failed = findings.filter((f) => f.verdict === 'fail').length;
  console.log(failed === 0 ? 'doctor: all good' : `doctor: ${failed} to fix`);
  process.exitCode = failed === 0 ? 0 : 1;
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`doctor: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  });
}

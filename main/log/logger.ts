// The core's one log: JSON lines through pino (fast, structured, redaction built in, and it keeps
// no worker thread when given a plain stream, so it bundles into the Electron main), written to
// logs/countertop.log in the data folder and rotated by rotating-file-stream (daily or at 5 MB,
// 14 files kept). Lines carry an event name and fields, never an order's payload. Fields named
// like secrets or personal data are censored by name; secret values are scrubbed wherever they
// appear (the Redactor). The activity screen and the diagnostics bundle read these files.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { createStream } from 'rotating-file-stream';
import type { LogEntry, LogLevel } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import { LOG_LEVELS } from '../../shared/domain';
import { REDACTED } from './redactor';
import type { Redactor } from './redactor';

export const LOG_FILE = 'countertop.log';
/**
 * How much of the newest log `recent` reads at most (Activity → Problems): two weeks of logs can
 * be 70 MB, and reading and parsing them all on main to find 50 warnings stalled the app.
 */
export const RECENT_BYTE_BUDGET = 8 * 1024 * 1024;
/** Read backwards in chunks this big; each is parsed in well under a millisecond. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * The lines of `file` from the last one back, read in chunks (each read is asynchronous, so the
 * event loop runs between them) until the budget is spent. Lines are cut at byte level, so a
 * character split across two chunks is never torn. Resolves with the bytes read.
 */
const readLinesBackwards = async (
  file: string,
  budget: number,
  onLine: (line: string) => boolean,
): Promise<number> => {
  const handle = await open(file, 'r');
  try {
    let position = (await handle.stat()).size;
    let read = 0;
    let carry = Buffer.alloc(0);
    while (position > 0 && read < budget) {
      const length = Math.min(CHUNK_BYTES, position, budget - read);
      position -= length;
      const chunk = Buffer.alloc(length);
      await handle.read(chunk, 0, length, position);
      read += length;
      const bytes = Buffer.concat([chunk, carry]);
      let end = bytes.length;
      for (let i = bytes.length - 1; i >= 0; i -= 1) {
        if (bytes[i] !== NEWLINE) continue;
        if (end > i + 1 && !onLine(bytes.toString('utf8', i + 1, end))) return read;
        end = i;
      }
      carry = bytes.subarray(0, end);
    }
    // The file's first line, whole only when the file was read to its start.
    if (position === 0 && carry.length > 0) onLine(carry.toString('utf8'));
    return read;
  } finally {
    await handle.close();
  }
};

/** pino writes the level first: lines below the floor are skipped without parsing them. */
const LEVEL_PREFIX = /^\{"level":(\d+)/;
const PINO_LEVEL_NUMBERS: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

/** Field names whose values never reach the file, wherever they sit in a line. */
const SENSITIVE_FIELDS = [
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'secret',
  'clientSecret',
  'terminalKey',
  'merchantKey',
  'pin',
  'password',
  'consumerName',
  'consumerPhone',
  'phone',
  'name',
  'address',
  'street',
  'email',
];

export type LogFields = Record<string, string | number | boolean | null | undefined>;
export type Logger = Record<LogLevel, (event: string, fields?: LogFields) => void> & {
  /** The newest lines at or above `minLevel`, newest first (every line logged before the call). */
  recent(options: { limit: number; minLevel: LogLevel }): Promise<LogEntry[]>;
  /** Resolves once every line logged before the call is in the file. */
  written(): Promise<void>;
  /** The log files, oldest first (the diagnostics bundle takes them). */
  files(): string[];
  close(): Promise<void>;
};

const PINO_LEVELS: Record<number, LogLevel> = { 20: 'debug', 30: 'info', 40: 'warn', 50: 'error' };

/** One line of a log file as an entry; null for anything else (a torn last line). */
export const parseLogLine = (line: string): LogEntry | null => {
  try {
    const raw = JSON.parse(line) as { level?: number; at?: string; event?: string };
    const level = PINO_LEVELS[raw.level ?? 0];
    if (!level || typeof raw.at !== 'string' || typeof raw.event !== 'string') return null;
    const fields: Record<string, unknown> = { ...raw };
    delete fields.level;
    delete fields.at;
    delete fields.event;
    return { at: raw.at, level, event: raw.event, fields };
  } catch {
    return null;
  }
};

export const createLogger = (options: {
  dir: string;
  level?: LogLevel;
  redactor: Redactor;
  now?: () => Date;
  /** Rotation size (rotating-file-stream's notation); tests make it small. */
  size?: string;
  /** How many of the newest bytes `recent` reads at most (default RECENT_BYTE_BUDGET). */
  recentBytes?: number;
}): Logger => {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const stream = createStream(LOG_FILE, {
    path: options.dir,
    size: options.size ?? '5M',
    interval: '1d',
    maxFiles: 14,
    mode: 0o600,
  });
  const now = options.now ?? (() => new Date());
  const log = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: () => `,"at":"${now().toISOString()}"`,
      messageKey: 'event',
      redact: {
        paths: SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`]),
        censor: REDACTED,
      },
      hooks: { streamWrite: (line) => options.redactor.scrub(line) },
    },
    stream,
  );

  const files = (): string[] =>
    existsSync(options.dir)
      ? readdirSync(options.dir)
          .filter((name) => name.includes(LOG_FILE))
          .map((name) => path.join(options.dir, name))
          // Rotated files carry a date prefix; the live one has none and is the newest.
          .sort((a, b) =>
            path.basename(a) === LOG_FILE ? 1 : path.basename(b) === LOG_FILE ? -1 : a < b ? -1 : 1,
          )
      : [];

  // The file stream writes in order: an empty write's callback runs after every line before it.
  const written = (): Promise<void> =>
    new Promise((resolve) => {
      if (stream.destroyed || stream.writableEnded) resolve();
      else stream.write('', () => resolve());
    });

  const write =
    (level: LogLevel) =>
    (event: string, fields: LogFields = {}): void =>
      log[level](fields, event);

  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    recent: async ({ limit, minLevel }) => {
      await written();
      const floor = LOG_LEVELS.indexOf(minLevel);
      const floorNumber = PINO_LEVEL_NUMBERS[minLevel];
      const found: LogEntry[] = [];
      let budget = options.recentBytes ?? RECENT_BYTE_BUDGET;
      // Newest file first, each from its end, within one byte budget for all of them.
      for (const file of files().reverse()) {
        if (budget <= 0 || found.length >= limit) break;
        budget -= await readLinesBackwards(file, budget, (line) => {
          const level = LEVEL_PREFIX.exec(line);
          if (level && Number(level[1]) < floorNumber) return true;
          const entry = parseLogLine(line);
          if (entry && LOG_LEVELS.indexOf(entry.level) >= floor) found.push(entry);
          return found.length < limit;
        }).catch(() => 0); // A file rotated away meanwhile has nothing to add.
      }
      return found;
    },
    files,
    written,
    close: () =>
      new Promise<void>((resolve) => {
        log.flush();
        stream.end(() => resolve());
      }),
  };
};

/** The log's one channel: its newest lines at or above a level, newest first. */
export const logHandlers = (log: Logger): Pick<ServiceApi, 'log:recent'> => ({
  'log:recent': async (request) => log.recent(request),
});

// The diagnostics bundle: one zip support can read when a counter calls, with what the app knows
// about itself (version, OS, settings, the audit log and outbox of the last days, the order
// stream's and the platform's link history, recent errors, the database's integrity) and nothing
// of its secrets or its customers. It reads the other slices only through the public API, like a
// host does, and scrubs every file by value (the keychain's secrets, today's customers' names,
// phones, comments and addresses) on top of the log's own redaction.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { Logger } from '../log/logger';
import type { LoopLagFigures } from '../log/loop-lag';
import { parseLogLine } from '../log/logger';
import type { LogEntry } from '../../shared/domain';
import { createRedactor } from '../log/redactor';
import type { Redactor } from '../log/redactor';
import type { SecretStore } from '../secrets/secret-store';
import { HANDED_OVER_SECRET_NAMES, SECRET_NAMES } from '../secrets/secret-store';

type ReadApi = Pick<
  ServiceApi,
  | 'setup:get'
  | 'status:get'
  | 'venue:get'
  | 'machine:get'
  | 'delivery:get'
  | 'delivery:list'
  | 'orders:list'
  | 'outbox:list'
  | 'audit:list'
>;

export const DIAGNOSTICS_DAYS = 7;

export type DiagnosticsSlice = {
  handlers: Pick<ServiceApi, 'diagnostics:export'>;
};

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const jsonLines = (values: readonly unknown[]): string =>
  values.map((value) => JSON.stringify(value)).join('\n') + (values.length ? '\n' : '');

const personalData = async (api: ReadApi): Promise<Array<string | null>> => {
  const [orders, deliveries] = await Promise.all([
    api['orders:list']({}),
    api['delivery:list']({}),
  ]);
  return [
    ...orders.flatMap((order) => [
      order.consumerName,
      order.consumerPhone,
      order.consumerComment,
      // Street and full address name a home; a city or post code alone does not.
      order.deliveryAddress?.street ?? null,
      order.deliveryAddress?.formatted ?? null,
    ]),
    ...deliveries.flatMap((delivery) => [
      delivery.recipientName,
      delivery.recipientPhone,
      // Street and full address name a home; a city or post code alone does not.
      delivery.address.street,
      delivery.address.formatted,
    ]),
  ];
};

export const createDiagnosticsSlice = (deps: {
  dataDir: string;
  version: string;
  now: () => Date;
  /** The API, read lazily: this slice is part of it. */
  api: () => ReadApi;
  log: Logger;
  redactor: Redactor;
  secrets: SecretStore;
  integrity: () => string[];
  /** Main's event-loop lag since start. */
  loopLag: () => LoopLagFigures;
}): DiagnosticsSlice => {
  const build = async (): Promise<Record<string, string>> => {
    const api = deps.api();
    const since = deps.now().getTime() - DIAGNOSTICS_DAYS * 24 * 3600_000;
    const [setup, status, venue, machine, delivery, outbox, audit] = await Promise.all([
      api['setup:get']({}),
      api['status:get']({}),
      api['venue:get']({}),
      // Whether a staff PIN is set is asked of the keychain: a keychain that does not answer (the
      // very fault support may be looking for) leaves it out instead of failing the bundle.
      api['machine:get']({}).catch((error: unknown) => ({
        unavailable: error instanceof Error ? error.message : String(error),
      })),
      api['delivery:get']({}),
      api['outbox:list']({}),
      api['audit:list']({ limit: 1000 }),
    ]);
    // The log files of the same days (older rotated files stay out of the bundle), read once:
    // they go in whole, and their lines give the link history and the warnings.
    // Every line logged before the export is in the files first (the writer is asynchronous).
    await deps.log.written();
    const logs = await Promise.all(
      deps.log
        .files()
        .filter((file) => statSync(file).mtimeMs >= since)
        .map(async (file) => ({
          name: `logs/${path.basename(file)}`,
          text: await readFile(file, 'utf8'),
        })),
    );
    const entries = logs
      .flatMap(({ text }) => text.split('\n').map(parseLogLine))
      .filter((entry): entry is LogEntry => entry !== null && Date.parse(entry.at) >= since);
    let integrity: string[];
    try {
      integrity = deps.integrity();
    } catch (error) {
      integrity = [`integrity check failed: ${error instanceof Error ? error.message : error}`];
    }
    const files: Record<string, string> = {
      'manifest.json': json({
        app: 'Countertop',
        version: deps.version,
        createdAt: deps.now().toISOString(),
        os: { platform: process.platform, release: os.release(), arch: process.arch },
        runtime: { node: process.versions.node, electron: process.versions.electron ?? null },
        days: DIAGNOSTICS_DAYS,
        // How long main's event loop was held up since start (a stalled counter shows here).
        eventLoopLag: deps.loopLag(),
      }),
      'settings.json': json({ setup, machine, delivery, venue }),
      'status.json': json(status),
      'outbox.json': json(outbox),
      'audit.jsonl': jsonLines(audit.filter((entry) => Date.parse(entry.at) >= since).reverse()),
      'links.jsonl': jsonLines(entries.filter((entry) => entry.event === 'link')),
      'errors.jsonl': jsonLines(
        entries.filter((entry) => entry.level === 'warn' || entry.level === 'error'),
      ),
      'integrity.txt': `${integrity.join('\n')}\n`,
    };
    for (const { name, text } of logs) files[name] = text;
    return files;
  };

  return {
    handlers: {
      'diagnostics:export': async () => {
        // A fresh redactor per bundle: every secret and today's customers, plus what the log's
        // redactor learnt since start.
        const scrubber = createRedactor();
        for (const name of [...SECRET_NAMES, ...HANDED_OVER_SECRET_NAMES])
          scrubber.add(await deps.secrets.get(name).catch(() => null));
        scrubber.add(...(await personalData(deps.api())));
        const files = await build();
        const zipped = zipSync(
          Object.fromEntries(
            Object.entries(files).map(([name, text]) => [
              name,
              strToU8(scrubber.scrub(deps.redactor.scrub(text))),
            ]),
          ),
        );
        const dir = path.join(deps.dataDir, 'diagnostics');
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        const stamp = deps.now().toISOString().replace(/[:.]/g, '-');
        const file = path.join(dir, `countertop-diagnostics-${stamp}.zip`);
        writeFileSync(file, zipped, { mode: 0o600 });
        deps.log.info('diagnostics exported', { file, bytes: zipped.byteLength });
        return { file, bytes: zipped.byteLength };
      },
    },
  };
};

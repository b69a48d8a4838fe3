// The terminal's health report to the relay (shared/terminal-health.ts), every 30 s over its own
// key: what the partner who runs the relay sees of this terminal in /fleet and /metrics. The
// report is built from what the slices' ports say (core.ts hands them over as HealthFacts), never
// from their tables; a report that fails is dropped (the next one says the same, newer), and a
// report never waits behind staff's actions (it is not an outbox row: only the latest matters).
import type { AppStatus, VenueState } from '../../shared/domain';
import type { PrinterConfig, PrinterStatus } from '../../shared/printing';
import type { PrinterState, TerminalHealth } from '../../shared/terminal-health';
import {
  TERMINAL_HEALTH_INTERVAL_MS,
  TERMINAL_HEALTH_MAX_VENUES,
  TERMINAL_NAME_MAX_LENGTH,
  terminalHealthSchema,
} from '../../shared/terminal-health';
import { z } from 'zod';
import type { RelayKeyAccess } from './relay-call';
export type { RelayKeyAccess } from './relay-call';
import { relayCall } from './relay-call';

/** What the slices say now, through their ports (core.ts). */
export type HealthFacts = {
  version: string;
  /**
   * The name staff gave this terminal, or null: the relay then keeps the name its key was given
   * ("Till 1"), which tells the venue's terminals apart better than the computer's name.
   */
  name: string | null;
  status: AppStatus;
  /** Every venue of the terminal, the one set up first first. */
  venues: Array<{
    venueId: string;
    /** As last read from the platform (null: not read yet). */
    state: VenueState | null;
    /** When this terminal's order-stream guard took the venue offline, and still owns that pause. */
    pausedByCountertopAt: string | null;
  }>;
  /** Actions not confirmed by the platform yet (waiting, sending or failed): their creation times. */
  actionsWaitingSince: string[];
  /** Orders nobody answered yet: their placing times. */
  unansweredSince: string[];
  printers: Array<{ config: PrinterConfig; status: PrinterStatus | undefined }>;
};

const PRINTER_STATE: Record<PrinterStatus['state'], PrinterState | null> = {
  ready: 'ready',
  'paper-out': 'out_of_paper',
  offline: 'offline',
  'cover-open': 'error',
  error: 'error',
  // Not checked yet: no word either way, so no trouble reported.
  unknown: null,
};

// One line of plain text, as the relay's schema wants it (a name is shown to people).
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const plainLabel = (text: string, max: number): string | null => {
  const cleaned = text.replace(CONTROL, ' ').trim().slice(0, max).trim();
  return cleaned === '' ? null : cleaned;
};

const oldestAgeSeconds = (times: string[], at: number): number | null => {
  const stamps = times.map((t) => Date.parse(t)).filter((t) => Number.isFinite(t));
  if (stamps.length === 0) return null;
  return Math.max(0, Math.floor((at - Math.min(...stamps)) / 1000));
};

const platformLink = (status: AppStatus): TerminalHealth['platform'] => {
  if (status.needsReconnect) return 'refused';
  if (status.platform === 'reachable') return 'ok';
  return status.platform;
};

const appVersion = (version: string): string => {
  const cleaned = version.replace(/[^0-9A-Za-z.+_-]/g, '').slice(0, 40);
  return cleaned === '' ? 'unknown' : cleaned;
};

/** The report these facts make, checked by the same schema the relay checks it with. */
export const healthReport = (facts: HealthFacts, at: number): TerminalHealth => {
  const { status } = facts;
  const printers = facts.printers.flatMap(({ config, status: printer }) => {
    const state = printer ? PRINTER_STATE[printer.state] : null;
    const name = plainLabel(config.name, 60);
    return state === null || name === null ? [] : [{ name, state }];
  });
  return terminalHealthSchema.parse({
    app_version: appVersion(facts.version),
    name: facts.name === null ? null : plainLabel(facts.name, TERMINAL_NAME_MAX_LENGTH),
    stream: status.relay === 'connected' ? 'up' : 'down',
    platform: platformLink(status),
    // Each venue as /fleet shows it: its own online state and its own pause.
    venues: facts.venues.slice(0, TERMINAL_HEALTH_MAX_VENUES).map((venue) => ({
      venue_id: venue.venueId,
      online:
        venue.state !== null && venue.state.venueId === venue.venueId ? venue.state.isOnline : null,
      paused_by_countertop_since: venue.pausedByCountertopAt,
    })),
    actions_waiting: facts.actionsWaitingSince.length,
    oldest_action_age_seconds: oldestAgeSeconds(facts.actionsWaitingSince, at),
    orders_unanswered: facts.unansweredSince.length,
    oldest_unanswered_age_seconds: oldestAgeSeconds(facts.unansweredSince, at),
    printers: printers.slice(0, 8),
    // AppStatus keeps the platform's clock minus ours; the report wants ours minus the platform's.
    clock_offset_ms: status.clockOffsetMs === null ? null : -Math.round(status.clockOffsetMs),
  });
};

export const sendHealthReport = async (
  access: RelayKeyAccess,
  report: TerminalHealth,
  signal?: AbortSignal,
): Promise<void> => {
  // The relay's answer says nothing a terminal acts on.
  await relayCall(
    access,
    { method: 'PUT', path: '/v1/terminal/health', body: report, signal },
    z.unknown(),
  );
};

export type HealthReporter = {
  /** Reports now (a link or a pause changed), then every interval from there. */
  reportSoon(): void;
  /** No report after this; resolves once a report under way has ended (the core closes its
   *  log and database next, which that report reads and writes to). */
  close(): Promise<void>;
};

export type HealthReporterDeps = {
  /** The relay and this terminal's key; null while the terminal is not connected. */
  access: () => Promise<RelayKeyAccess | null>;
  facts: () => HealthFacts;
  now: () => Date;
  intervalMs?: number;
  /** A report that did not reach the relay (logged; the next one goes at its time). */
  failed?: (error: unknown) => void;
};

/** Sends a report every interval (30 s), one at a time; the first right away. */
export const startHealthReports = (deps: HealthReporterDeps): HealthReporter => {
  const intervalMs = deps.intervalMs ?? TERMINAL_HEALTH_INTERVAL_MS;
  let closed = false;
  let inFlight = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: Promise<void> | null = null;
  const closing = new AbortController();

  const schedule = (ms: number): void => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      current = send();
    }, ms);
    timer.unref();
  };

  const send = async (): Promise<void> => {
    if (closed) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    try {
      const access = await deps.access();
      if (access !== null && !closed) {
        const report = healthReport(deps.facts(), deps.now().getTime());
        await sendHealthReport(access, report, closing.signal);
      }
    } catch (error) {
      // One that failed because the terminal is closing is no failure to report.
      if (!closed) deps.failed?.(error);
    } finally {
      inFlight = false;
      if (again) {
        again = false;
        schedule(0);
      } else {
        schedule(intervalMs);
      }
    }
  };

  schedule(0);
  return {
    reportSoon: () => schedule(0),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      closing.abort();
      await current;
    },
  };
};

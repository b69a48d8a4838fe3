// The partner's fleet view (GET /fleet, GET /fleet.json, behind the metrics token): every venue
// this relay serves, with its terminals, the state a terminal last reported and since when, its
// last poll and whether orders are arriving, worst first. The "no orders arriving" verdict is the
// intake watch's own (intake-watch.ts), never judged again here; a terminal silent while its venue
// was last reported open is judged with the watch's own freshness. Each terminal shows when it was
// last heard from and its last health report (presence.ts, shared/terminal-health.ts); a venue
// its terminal's order-stream guard took offline ("paused by Countertop") leads the list.
import type { IntakeVerdict, IntakeWatch } from './intake-watch';
import type { EventStore, TerminalPresenceRow, VenueIntakeRow } from './store/event-store';
import {
  HEALTH_LIMITS,
  TERMINAL_HEALTH_INTERVAL_MS,
  TERMINAL_SILENT_MS,
  terminalHealthSchema,
  type TerminalHealth,
} from '../shared/terminal-health';

/** Worst first: the order of the list. */
export const FLEET_STATUSES = [
  'paused_by_countertop',
  'no_terminal_polling',
  'no_orders_arriving',
  'terminal_trouble',
  'paused',
  'ok',
] as const;
export type FleetStatus = (typeof FLEET_STATUSES)[number];

const STATUS_WORDS: Record<FleetStatus, string> = {
  paused_by_countertop: 'Paused by Countertop',
  no_terminal_polling: 'No terminal polling while open',
  no_orders_arriving: 'No orders arriving',
  terminal_trouble: 'Terminal trouble',
  paused: 'Offline, closed or not reported',
  ok: 'Fine',
};

/**
 * A report this old no longer describes the terminal now (two intervals missed, with room for a
 * slow link): its counts are shown as of then and judge nothing, except a pause it reported.
 */
export const REPORT_CURRENT_MS = 3 * TERMINAL_HEALTH_INTERVAL_MS;

export type TerminalProblem = { code: string; text: string };

/**
 * Not heard from (no poll, no report) for longer than a live terminal's poll period allows
 * (TERMINAL_SILENT_MS), or never: the one rule of "silent" for the fleet, its venue page and
 * `/metrics`.
 */
export const isSilent = (lastSeenAt: number | null, at: number): boolean =>
  lastSeenAt === null || at - lastSeenAt > TERMINAL_SILENT_MS;

export type FleetTerminal = {
  id: string;
  /** As the admin created it. */
  name: string | null;
  /** As staff named it on the terminal (its last report). */
  reported_name: string | null;
  last_seen_at: string | null;
  silent: boolean;
  reported_at: string | null;
  /** The last report is recent enough to judge the terminal by. */
  report_current: boolean;
  health: TerminalHealth | null;
  problems: TerminalProblem[];
};

export type FleetRow = {
  venue_id: string;
  status: FleetStatus;
  terminals: FleetTerminal[];
  /** The venue's terminal's order-stream guard took it offline then, as its newest report says. */
  paused_by_countertop_since: string | null;
  /** As a terminal last reported it (null: never reported). */
  online: boolean | null;
  open: boolean | null;
  reported_at: string | null;
  /** A terminal of the venue last polled (the store keeps it per venue). */
  last_poll_at: string | null;
  last_webhook_at: string | null;
  no_orders_arriving: boolean;
  quiet_seconds: number;
  threshold_seconds: number;
};

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const statusOf = (
  row: VenueIntakeRow | undefined,
  verdict: IntakeVerdict | undefined,
  terminals: FleetTerminal[],
  pausedSince: string | null,
  at: number,
  freshMs: number,
): FleetStatus => {
  const report = row?.report ?? null;
  const polledAt = row?.polledAt ?? null;
  if (pausedSince !== null) return 'paused_by_countertop';
  if (report?.open && (polledAt === null || at - polledAt > freshMs)) return 'no_terminal_polling';
  if (verdict?.no_orders_arriving) return 'no_orders_arriving';
  const open = report?.open === true;
  if (terminals.some((t) => t.problems.some((p) => p.code !== 'silent' || open))) {
    return 'terminal_trouble';
  }
  if (report === null || !report.online || !report.open) return 'paused';
  return 'ok';
};

export const span = (seconds: number): string =>
  seconds < 120
    ? `${seconds} s`
    : seconds < 7200
      ? `${Math.round(seconds / 60)} min`
      : `${Math.round(seconds / 3600)} h`;

/** A stored report, read back through the same schema it was checked with (null if unreadable). */
const readReport = (text: string | null): TerminalHealth | null => {
  if (text === null) return null;
  try {
    const parsed = terminalHealthSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const PRINTER_WORDS = { out_of_paper: 'out of paper', offline: 'offline', error: 'in error' };

/** What is wrong with a terminal now, as its presence and its current report say. */
export const terminalProblems = (
  lastSeenAt: number | null,
  health: TerminalHealth | null,
  current: boolean,
  at: number,
): TerminalProblem[] => {
  const problems: TerminalProblem[] = [];
  if (isSilent(lastSeenAt, at)) {
    problems.push({
      code: 'silent',
      text:
        lastSeenAt === null
          ? 'Never heard from'
          : `Silent for ${span(Math.round((at - lastSeenAt) / 1000))}`,
    });
  }
  if (health === null || !current) return problems;
  if (health.stream === 'down') problems.push({ code: 'stream_down', text: 'Order stream down' });
  if (health.platform === 'unreachable')
    problems.push({ code: 'platform_unreachable', text: 'Cannot reach the platform' });
  if (health.platform === 'refused')
    problems.push({ code: 'platform_refused', text: 'The platform refuses its sign-in' });
  const oldAction = health.oldest_action_age_seconds;
  if (
    health.actions_waiting > 0 &&
    oldAction !== null &&
    oldAction * 1000 >= HEALTH_LIMITS.actionWaitingMs
  ) {
    problems.push({
      code: 'actions_waiting',
      text: `${health.actions_waiting} action${health.actions_waiting === 1 ? '' : 's'} waiting, oldest ${span(oldAction)}`,
    });
  }
  const oldOrder = health.oldest_unanswered_age_seconds;
  if (
    health.orders_unanswered > 0 &&
    oldOrder !== null &&
    oldOrder * 1000 >= HEALTH_LIMITS.unansweredMs
  ) {
    problems.push({
      code: 'orders_unanswered',
      text: `${health.orders_unanswered} order${health.orders_unanswered === 1 ? '' : 's'} unanswered, oldest ${span(oldOrder)}`,
    });
  }
  for (const printer of health.printers) {
    if (printer.state !== 'ready') {
      problems.push({
        code: `printer_${printer.state}`,
        text: `Printer ${printer.name} ${PRINTER_WORDS[printer.state]}`,
      });
    }
  }
  const offset = health.clock_offset_ms;
  if (offset !== null && Math.abs(offset) >= HEALTH_LIMITS.clockOffsetMs) {
    problems.push({
      code: 'clock_off',
      text: `Clock off by ${span(Math.round(Math.abs(offset) / 1000))}`,
    });
  }
  return problems;
};

const fleetTerminal = (
  terminal: { id: string; name: string | null },
  presence: TerminalPresenceRow | undefined,
  at: number,
): FleetTerminal => {
  const lastSeenAt = presence?.lastSeenAt ?? null;
  const reportedAt = presence?.reportedAt ?? null;
  const health = readReport(presence?.report ?? null);
  const current = reportedAt !== null && at - reportedAt <= REPORT_CURRENT_MS;
  return {
    id: terminal.id,
    name: terminal.name,
    reported_name: health?.name ?? null,
    last_seen_at: iso(lastSeenAt),
    silent: isSilent(lastSeenAt, at),
    reported_at: iso(reportedAt),
    report_current: current,
    health,
    problems: terminalProblems(lastSeenAt, health, current, at),
  };
};

/**
 * Paused by Countertop, as the venue's newest report says: a pause outlives the terminal that
 * made it (a terminal gone silent leaves its venue paused), and a newer report of any terminal of
 * the venue saying otherwise (resumed, or staff took over) ends it.
 */
const pausedSince = (venueId: string, terminals: FleetTerminal[]): string | null => {
  let newest: { at: string; since: string | null } | null = null;
  for (const t of terminals) {
    const venue = t.health?.venues.find((v) => v.venue_id === venueId);
    if (!venue || t.reported_at === null) continue;
    if (newest === null || t.reported_at > newest.at) {
      newest = { at: t.reported_at, since: venue.paused_by_countertop_since };
    }
  }
  return newest?.since === null || newest === null ? null : new Date(newest.since).toISOString();
};

export async function fleetRows(
  store: Pick<EventStore, 'venueIntake' | 'listTerminals'>,
  intake: Pick<IntakeWatch, 'list' | 'now' | 'freshMs'>,
  // Presence's own (presence.ts), named here so the fleet does not import what imports it.
  presence: { list: () => Promise<TerminalPresenceRow[]>; flush: () => Promise<void> },
): Promise<FleetRow[]> {
  // The calls this instance noted are in the store before it is read: the page never calls a
  // terminal silent that just called here.
  await presence.flush();
  const [terminals, rows, verdicts, presences] = await Promise.all([
    store.listTerminals(),
    store.venueIntake(null),
    intake.list(),
    presence.list(),
  ]);
  const at = intake.now();
  const presenceOf = new Map(presences.map((p) => [p.terminalId, p]));
  const byVenue = new Map<string, FleetTerminal[]>();
  const served = (id: string) => {
    let list = byVenue.get(id);
    if (!list) {
      list = [];
      byVenue.set(id, list);
    }
    return list;
  };
  for (const t of terminals) {
    if (t.revokedAt !== null) continue;
    const shown = fleetTerminal(t, presenceOf.get(t.id), at);
    for (const venueId of t.venueIds) served(venueId).push(shown);
  }
  const intakeRows = new Map(rows.map((row) => [row.venueId, row]));
  const verdictsOf = new Map(verdicts.map((v) => [v.venue_id, v]));
  for (const id of [...intakeRows.keys(), ...verdictsOf.keys()]) served(id);
  const rank = (s: FleetStatus) => FLEET_STATUSES.indexOf(s);
  return [...byVenue.entries()]
    .map(([venueId, venueTerminals]): FleetRow => {
      const row = intakeRows.get(venueId);
      const verdict = verdictsOf.get(venueId);
      const paused = pausedSince(venueId, venueTerminals);
      return {
        venue_id: venueId,
        status: statusOf(row, verdict, venueTerminals, paused, at, intake.freshMs),
        terminals: venueTerminals.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
        paused_by_countertop_since: paused,
        online: row?.report ? row.report.online : null,
        open: row?.report ? row.report.open : null,
        reported_at: iso(row?.report?.at ?? null),
        last_poll_at: iso(row?.polledAt ?? null),
        last_webhook_at: iso(row?.lastWebhookAt ?? null),
        no_orders_arriving: verdict?.no_orders_arriving ?? false,
        quiet_seconds: verdict?.quiet_seconds ?? 0,
        threshold_seconds: verdict?.threshold_seconds ?? 0,
      };
    })
    .sort(
      (a, b) =>
        rank(a.status) - rank(b.status) ||
        (a.venue_id < b.venue_id ? -1 : a.venue_id > b.venue_id ? 1 : 0),
    );
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** "12:04:05 UTC, 3 min ago" from an ISO stamp (the view is the partner's, in UTC). */
const when = (stamp: string | null, at: number): string => {
  if (stamp === null) return 'never';
  const ms = Date.parse(stamp);
  const ago = Math.max(0, Math.round((at - ms) / 1000));
  const span =
    ago < 120
      ? `${ago} s`
      : ago < 7200
        ? `${Math.round(ago / 60)} min`
        : `${Math.round(ago / 3600)} h`;
  return `${stamp.slice(0, 10)} ${stamp.slice(11, 19)} UTC, ${span} ago`;
};

const yesNo = (value: boolean | null, yes: string, no: string) =>
  value === null ? 'not reported' : value ? yes : no;

/** One terminal's cell: when it was last heard from, its version, and what is wrong. */
const terminalCell = (t: FleetTerminal, at: number): string => {
  const e = escapeHtml;
  const named =
    t.reported_name !== null && t.reported_name !== t.name ? ` (${e(t.reported_name)})` : '';
  const version = t.health ? `, version ${e(t.health.app_version)}` : '';
  const report =
    t.reported_at === null ? 'no health report' : `health reported ${e(when(t.reported_at, at))}`;
  const problems =
    t.problems.length === 0
      ? '<span class="fine">fine</span>'
      : t.problems.map((p) => `<span class="problem">${e(p.text)}</span>`).join('; ');
  return `<div class="terminal"><b>${e(t.name ?? t.id)}</b>${named}: ${problems}<br><small>heard from ${e(when(t.last_seen_at, at))}${version}; ${report}</small></div>`;
};

export function renderFleetHtml(rows: FleetRow[], at: number): string {
  const e = escapeHtml;
  const body = rows
    .map((row) => {
      const terminals =
        row.terminals.length === 0
          ? 'none'
          : row.terminals.map((t) => e(t.name ?? t.id)).join('<br>');
      const health =
        row.terminals.length === 0 ? '' : row.terminals.map((t) => terminalCell(t, at)).join('');
      const intake = row.no_orders_arriving
        ? `No orders arriving (quiet ${row.quiet_seconds} s, threshold ${row.threshold_seconds} s)`
        : `Last notification: ${e(when(row.last_webhook_at, at))}`;
      const paused =
        row.paused_by_countertop_since === null
          ? ''
          : `<b>Paused by Countertop since ${e(when(row.paused_by_countertop_since, at))}</b><br>`;
      return [
        `<tr class="${row.status}">`,
        `<td>${e(STATUS_WORDS[row.status])}</td>`,
        `<td><a href="/fleet/venue?id=${encodeURIComponent(row.venue_id)}">${e(row.venue_id)}</a></td>`,
        `<td>${terminals}</td>`,
        `<td>${health}</td>`,
        `<td>${e(when(row.last_poll_at, at))}</td>`,
        `<td>${paused}${e(yesNo(row.online, 'online', 'offline'))}, ${e(yesNo(row.open, 'open', 'closed'))}<br>since ${e(when(row.reported_at, at))}</td>`,
        `<td>${intake}</td>`,
        '</tr>',
      ].join('');
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Relay fleet</title>
<style>
body{font:15px system-ui,sans-serif;margin:1.5rem}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #ccc;padding:.4rem .6rem;text-align:left;vertical-align:top}
tr.paused_by_countertop td:first-child,tr.no_terminal_polling td:first-child,tr.no_orders_arriving td:first-child{color:#fff;background:#b00020;font-weight:600}
tr.terminal_trouble td:first-child{background:#ffb74d;font-weight:600}
tr.paused td:first-child{background:#ffe08a}
.problem{color:#b00020;font-weight:600}
.terminal+.terminal{margin-top:.4rem}
</style></head><body>
<h1>Fleet</h1>
<p>${rows.length} venue${rows.length === 1 ? '' : 's'}, worst first. As of ${e(when(iso(at), at))}.</p>
<table><thead><tr><th>Status</th><th>Venue</th><th>Terminals</th><th>Terminal health</th><th>Last poll</th><th>State as last reported</th><th>Orders</th></tr></thead>
<tbody>
${body}
</tbody></table></body></html>
`;
}

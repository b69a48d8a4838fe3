// The partner's fleet view (GET /fleet, GET /fleet.json, behind the metrics token): every venue
// this relay serves, with its terminals, the state a terminal last reported and since when, its
// last poll and whether orders are arriving, worst first. The "no orders arriving" verdict is the
// intake watch's own (intake-watch.ts), never judged again here; a terminal silent while its venue
// was last reported open is judged with the watch's own freshness.
import type { IntakeVerdict, IntakeWatch } from './intake-watch';
import type { EventStore, VenueIntakeRow } from './store/event-store';

/** Worst first: the order of the list. */
export const FLEET_STATUSES = [
  'no_terminal_polling',
  'no_orders_arriving',
  'paused',
  'ok',
] as const;
export type FleetStatus = (typeof FLEET_STATUSES)[number];

const STATUS_WORDS: Record<FleetStatus, string> = {
  no_terminal_polling: 'No terminal polling while open',
  no_orders_arriving: 'No orders arriving',
  paused: 'Offline, closed or not reported',
  ok: 'Fine',
};

export type FleetRow = {
  venue_id: string;
  status: FleetStatus;
  terminals: { id: string; name: string | null }[];
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
  at: number,
  freshMs: number,
): FleetStatus => {
  const report = row?.report ?? null;
  const polledAt = row?.polledAt ?? null;
  if (report?.open && (polledAt === null || at - polledAt > freshMs)) return 'no_terminal_polling';
  if (verdict?.no_orders_arriving) return 'no_orders_arriving';
  if (report === null || !report.online || !report.open) return 'paused';
  return 'ok';
};

export async function fleetRows(
  store: Pick<EventStore, 'venueIntake' | 'listTerminals'>,
  intake: Pick<IntakeWatch, 'list' | 'now' | 'freshMs'>,
): Promise<FleetRow[]> {
  const [terminals, rows, verdicts] = await Promise.all([
    store.listTerminals(),
    store.venueIntake(null),
    intake.list(),
  ]);
  const at = intake.now();
  const byVenue = new Map<string, FleetRow['terminals']>();
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
    for (const venueId of t.venueIds) served(venueId).push({ id: t.id, name: t.name });
  }
  const intakeRows = new Map(rows.map((row) => [row.venueId, row]));
  const verdictsOf = new Map(verdicts.map((v) => [v.venue_id, v]));
  for (const id of [...intakeRows.keys(), ...verdictsOf.keys()]) served(id);
  const rank = (s: FleetStatus) => FLEET_STATUSES.indexOf(s);
  return [...byVenue.entries()]
    .map(([venueId, venueTerminals]): FleetRow => {
      const row = intakeRows.get(venueId);
      const verdict = verdictsOf.get(venueId);
      return {
        venue_id: venueId,
        status: statusOf(row, verdict, at, intake.freshMs),
        terminals: venueTerminals.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
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

export function renderFleetHtml(rows: FleetRow[], at: number): string {
  const e = escapeHtml;
  const body = rows
    .map((row) => {
      const terminals =
        row.terminals.length === 0
          ? 'none'
          : row.terminals.map((t) => e(t.name ?? t.id)).join('<br>');
      const intake = row.no_orders_arriving
        ? `No orders arriving (quiet ${row.quiet_seconds} s, threshold ${row.threshold_seconds} s)`
        : `Last notification: ${e(when(row.last_webhook_at, at))}`;
      return [
        `<tr class="${row.status}">`,
        `<td>${e(STATUS_WORDS[row.status])}</td>`,
        `<td>${e(row.venue_id)}</td>`,
        `<td>${terminals}</td>`,
        `<td>${e(when(row.last_poll_at, at))}</td>`,
        `<td>${e(yesNo(row.online, 'online', 'offline'))}, ${e(yesNo(row.open, 'open', 'closed'))}<br>since ${e(when(row.reported_at, at))}</td>`,
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
tr.no_terminal_polling td:first-child,tr.no_orders_arriving td:first-child{color:#fff;background:#b00020;font-weight:600}
tr.paused td:first-child{background:#ffe08a}
</style></head><body>
<h1>Fleet</h1>
<p>${rows.length} venue${rows.length === 1 ? '' : 's'}, worst first. As of ${e(when(iso(at), at))}.</p>
<table><thead><tr><th>Status</th><th>Venue</th><th>Terminals</th><th>Last poll</th><th>State as last reported</th><th>Orders</th></tr></thead>
<tbody>
${body}
</tbody></table></body></html>
`;
}

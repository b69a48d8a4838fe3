// The fleet's per-terminal and pause series for /metrics, from the same rows as the fleet view
// (fleet.ts), so the partner's alerts and the page never disagree. Label sets are bounded: one
// terminal_id per active terminal key (made by the admin commands), one venue_id per venue, each
// checked at the door. A report's figures are exposed only while it is current (fleet.ts
// REPORT_CURRENT_MS): a silent terminal's old counts are no alert of their own, its silence is.
import type { FleetRow, FleetTerminal } from './fleet';
import { PRINTER_STATES } from '../shared/terminal-health';

const seconds = (stamp: string) => (Date.parse(stamp) / 1000).toFixed(3);
const label = (id: string) => id.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

type Sample = { labels: string; value: string };
type Series = {
  name: string;
  help: string;
  samples: (t: FleetTerminal, at: number) => Sample[];
};

const one = (t: FleetTerminal, value: string | null): Sample[] =>
  value === null ? [] : [{ labels: `terminal_id="${label(t.id)}"`, value }];

/** The report's figures, while current; ages as of now (the report's age plus its own). */
const current = (t: FleetTerminal) => (t.report_current ? t.health : null);
const since = (t: FleetTerminal, at: number) =>
  t.reported_at === null ? 0 : Math.max(0, Math.round((at - Date.parse(t.reported_at)) / 1000));

const TERMINAL_SERIES: Series[] = [
  {
    name: 'relay_terminal_report_timestamp_seconds',
    help: 'When the terminal last sent its health report (every 30 s).',
    samples: (t) => one(t, t.reported_at === null ? null : seconds(t.reported_at)),
  },
  {
    name: 'relay_terminal_stream_up',
    help: "Whether the terminal's order stream is up as it reports (1 or 0; current reports only).",
    samples: (t) => one(t, current(t) ? (current(t)?.stream === 'up' ? '1' : '0') : null),
  },
  {
    name: 'relay_terminal_actions_waiting',
    help: "Staff actions in the terminal's outbox not yet confirmed by the platform.",
    samples: (t) => one(t, current(t) ? String(current(t)?.actions_waiting) : null),
  },
  {
    name: 'relay_terminal_oldest_action_age_seconds',
    help: "Age of the oldest action waiting in the terminal's outbox (absent: none waiting).",
    samples: (t, at) => {
      const age = current(t)?.oldest_action_age_seconds ?? null;
      return one(t, age === null ? null : String(age + since(t, at)));
    },
  },
  {
    name: 'relay_terminal_orders_unanswered',
    help: 'Orders waiting for staff to accept or reject on the terminal.',
    samples: (t) => one(t, current(t) ? String(current(t)?.orders_unanswered) : null),
  },
  {
    name: 'relay_terminal_oldest_unanswered_age_seconds',
    help: 'Age of the oldest order nobody answered on the terminal (absent: none).',
    samples: (t, at) => {
      const age = current(t)?.oldest_unanswered_age_seconds ?? null;
      return one(t, age === null ? null : String(age + since(t, at)));
    },
  },
  {
    name: 'relay_terminal_printers',
    help: "The terminal's printers by state.",
    samples: (t) => {
      const health = current(t);
      if (!health) return [];
      return PRINTER_STATES.map((state) => ({
        labels: `terminal_id="${label(t.id)}",state="${state}"`,
        value: String(health.printers.filter((p) => p.state === state).length),
      }));
    },
  },
  {
    name: 'relay_terminal_clock_offset_seconds',
    help: "The terminal's clock minus the platform's.",
    samples: (t) => {
      const offset = current(t)?.clock_offset_ms ?? null;
      return one(t, offset === null ? null : (offset / 1000).toFixed(3));
    },
  },
];

/** Per-terminal series (each terminal once, whatever its venues) and the venues paused by Countertop. */
export function renderFleetMetrics(rows: FleetRow[], at: number): string {
  const terminals = new Map<string, FleetTerminal>();
  for (const row of rows) for (const t of row.terminals) terminals.set(t.id, t);
  const sorted = [...terminals.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Last seen once per terminal and venue, so an alert can ask whether the venue is open.
  const seen = rows
    .flatMap((row) => row.terminals.map((t) => ({ t, venue: row.venue_id })))
    .filter(({ t }) => t.last_seen_at !== null)
    .sort((a, b) =>
      a.t.id < b.t.id
        ? -1
        : a.t.id > b.t.id
          ? 1
          : a.venue < b.venue
            ? -1
            : a.venue > b.venue
              ? 1
              : 0,
    );
  const blocks = [
    [
      '# HELP relay_terminal_last_seen_timestamp_seconds When the relay last heard from the terminal (any call of its key; noted at most every 15 s per instance), for each of its venues.',
      '# TYPE relay_terminal_last_seen_timestamp_seconds gauge',
      ...seen.map(
        ({ t, venue }) =>
          `relay_terminal_last_seen_timestamp_seconds{terminal_id="${label(t.id)}",venue_id="${label(venue)}"} ${seconds(t.last_seen_at as string)}`,
      ),
    ],
  ];
  blocks.push(
    ...TERMINAL_SERIES.map((series) => [
      `# HELP ${series.name} ${series.help}`,
      `# TYPE ${series.name} gauge`,
      ...sorted.flatMap((t) =>
        series.samples(t, at).map((s) => `${series.name}{${s.labels}} ${s.value}`),
      ),
    ]),
  );
  blocks.push([
    "# HELP relay_venue_paused_by_countertop_since_timestamp_seconds When a terminal's order-stream guard took the venue offline, while its newest report says it still is.",
    '# TYPE relay_venue_paused_by_countertop_since_timestamp_seconds gauge',
    ...[...rows]
      .filter((row) => row.paused_by_countertop_since !== null)
      .sort((a, b) => (a.venue_id < b.venue_id ? -1 : a.venue_id > b.venue_id ? 1 : 0))
      .map(
        (row) =>
          `relay_venue_paused_by_countertop_since_timestamp_seconds{venue_id="${label(row.venue_id)}"} ${seconds(row.paused_by_countertop_since as string)}`,
      ),
  ]);
  return `${blocks.map((lines) => lines.join('\n')).join('\n')}\n`;
}

// Per-venue series for /metrics, from what the store keeps of each venue (a terminal's last poll,
// the state a terminal last reported, the last notification), so every instance on a shared
// store exposes the same values and the alert rules (deploy/relay-alerts.yml) need only
// `max by (venue_id)`. The label set is bounded: one series per venue a terminal was created for
// or a notification named, each id checked against the venue-id rule at the door.
import type { EventStore, VenueIntakeRow } from './store/event-store';

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const label = (id: string) => id.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

type Series = {
  name: string;
  help: string;
  value: (row: VenueIntakeRow) => string | null;
};

const SERIES: Series[] = [
  {
    name: 'relay_venue_last_poll_timestamp_seconds',
    help: 'When a terminal of the venue last polled (noted at most every 15 s per instance).',
    value: (row) => (row.polledAt === null ? null : seconds(row.polledAt)),
  },
  {
    name: 'relay_venue_reported_open',
    help: 'Whether the venue is open (within its opening hours) as its terminal last reported (1 or 0).',
    value: (row) => (row.report === null ? null : row.report.open ? '1' : '0'),
  },
  {
    name: 'relay_venue_reported_online',
    help: 'Whether the venue is online on the platform as its terminal last reported (1 or 0).',
    value: (row) => (row.report === null ? null : row.report.online ? '1' : '0'),
  },
  {
    name: 'relay_venue_report_timestamp_seconds',
    help: "When the venue's terminal last reported its state.",
    value: (row) => (row.report === null ? null : seconds(row.report.at)),
  },
  {
    name: 'relay_venue_last_notification_timestamp_seconds',
    help: 'When the relay last received a notification for the venue.',
    value: (row) => (row.lastWebhookAt === null ? null : seconds(row.lastWebhookAt)),
  },
];

/** The per-venue series in Prometheus' text format (one block per metric, venues sorted). */
export async function renderVenueMetrics(store: Pick<EventStore, 'venueIntake'>): Promise<string> {
  const rows = [...(await store.venueIntake(null))].sort((a, b) =>
    a.venueId < b.venueId ? -1 : a.venueId > b.venueId ? 1 : 0,
  );
  const blocks = SERIES.map((series) => {
    const lines = [`# HELP ${series.name} ${series.help}`, `# TYPE ${series.name} gauge`];
    for (const row of rows) {
      const value = series.value(row);
      if (value !== null) lines.push(`${series.name}{venue_id="${label(row.venueId)}"} ${value}`);
    }
    return lines.join('\n');
  });
  return `${blocks.join('\n')}\n`;
}

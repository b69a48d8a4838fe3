// A minimal Prometheus text exposition: the relay needs a few counters, one gauge and histograms,
// which is less code than wiring a client library through the server.

type Labels = Record<string, string>;

const escapeLabel = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

// Called for every answered poll (a thousand per webhook on a busy venue), so the label text is
// built with a loop and concatenation: no arrays or closures per call.
const labelText = (labels: Labels): string => {
  let text = '';
  for (const key in labels) {
    text += `${text === '' ? '{' : ','}${key}="${escapeLabel(labels[key] as string)}"`;
  }
  return text === '' ? '' : `${text}}`;
};

export type Counter = { inc(labels?: Labels, by?: number): void; render(): string };

export function counter(name: string, help: string): Counter {
  const values = new Map<string, number>();
  return {
    inc(labels = {}, by = 1) {
      const key = labelText(labels);
      values.set(key, (values.get(key) ?? 0) + by);
    },
    render() {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} counter`];
      for (const [key, value] of values) lines.push(`${name}${key} ${value}`);
      return lines.join('\n');
    },
  };
}

export function gauge(name: string, help: string, read: () => number): { render(): string } {
  return { render: () => `# HELP ${name} ${help}\n# TYPE ${name} gauge\n${name} ${read()}` };
}

export type Histogram = { observe(seconds: number): void; render(): string };

export function histogram(name: string, help: string, buckets: readonly number[]): Histogram {
  const counts = buckets.map(() => 0);
  let sum = 0;
  let total = 0;
  return {
    observe(value) {
      total += 1;
      sum += value;
      for (let i = 0; i < buckets.length; i += 1) {
        if (value <= (buckets[i] as number)) counts[i] = (counts[i] as number) + 1;
      }
    },
    render() {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
      buckets.forEach((bound, i) => lines.push(`${name}_bucket{le="${bound}"} ${counts[i]}`));
      lines.push(
        `${name}_bucket{le="+Inf"} ${total}`,
        `${name}_sum ${sum}`,
        `${name}_count ${total}`,
      );
      return lines.join('\n');
    },
  };
}

export type RelayMetrics = ReturnType<typeof createRelayMetrics>;

export function createRelayMetrics(openPolls: () => number) {
  const received = counter(
    'relay_events_received_total',
    'Verified events committed (kind; outcome stored|duplicate|held).',
  );
  const refused = counter('relay_events_refused_total', 'Webhook requests refused (kind; reason).');
  const polls = counter('relay_polls_total', 'Event polls answered (outcome).');
  const rechecks = counter(
    'relay_poll_rechecks_total',
    'Waiting polls that read the store again because a published batch did not cover their cursor.',
  );
  const shed = counter(
    'relay_connections_shed_total',
    'Connections closed at the connection cap (victim unproven|idle|incoming), and terminal connections refused past their share (terminal_over_share).',
  );
  const pollDuration = histogram(
    'relay_poll_duration_seconds',
    'Time from a poll arriving to its answer (long-polls included).',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 30],
  );
  const delivery = histogram(
    'relay_event_to_poll_seconds',
    'Time from a webhook being received (before its check and commit) to its answer on a waiting poll.',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  );
  const open = gauge('relay_polls_open', 'Polls currently waiting for events.', openPolls);
  const rss = gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () =>
    process.memoryUsage.rss(),
  );
  const heap = gauge(
    'nodejs_heap_size_used_bytes',
    'V8 heap in use, in bytes.',
    () => process.memoryUsage().heapUsed,
  );
  return {
    received,
    refused,
    polls,
    pollDuration,
    delivery,
    shed,
    rechecks,
    render: () =>
      [received, refused, polls, rechecks, shed, open, pollDuration, delivery, rss, heap]
        .map((m) => m.render())
        .join('\n\n') + '\n',
  };
}

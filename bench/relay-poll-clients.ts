// The polling terminals of the relay benchmark, in their own process so the relay's memory and
// CPU figures are the relay's alone. Driven over IPC by relay.bench.ts.
import { Agent, request } from 'node:http';

type Command =
  | {
      cmd: 'open';
      /** Terminal i polls urls[i % urls.length]. */
      urls: string[];
      keys: string[];
      wait: number;
      rampBatch: number;
      /** Pause after a failed poll (default 1 s). */
      retryMs?: number;
    }
  | { cmd: 'collect' }
  | { cmd: 'stop' };

// Terminals keep their connection between polls, as a real client would.
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 100_000 });
const now = () => performance.timeOrigin + performance.now();
const receipts: [string, number][] = [];
const counters = { answers: 0, errors: 0, inFlight: 0 };
let stopping = false;
let retryMs = 1000;

function pollLoop(url: string, key: string, wait: number, after: number): void {
  if (stopping) return;
  counters.inFlight += 1;
  const req = request(
    `${url}/v1/events?after=${after}&wait=${wait}`,
    { headers: { Authorization: `Bearer ${key}` }, agent },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const at = now();
        counters.inFlight -= 1;
        counters.answers += 1;
        let next = after;
        if (res.statusCode === 200) {
          // Parsing and the next poll wait until every answer that arrived together is timestamped:
          // one process plays 1,000 terminals, and must not charge one terminal's work to another.
          setImmediate(() => {
            const { events } = JSON.parse(Buffer.concat(chunks).toString()) as {
              events: { seq: number; body: string }[];
            };
            for (const event of events) {
              receipts.push([(JSON.parse(event.body) as { id: string }).id, at]);
              next = Math.max(next, event.seq);
            }
            pollLoop(url, key, wait, next);
          });
        } else {
          counters.errors += 1;
          setTimeout(() => pollLoop(url, key, wait, next), retryMs);
        }
      });
    },
  );
  req.on('error', () => {
    counters.inFlight -= 1;
    counters.errors += 1;
    if (!stopping) setTimeout(() => pollLoop(url, key, wait, after), retryMs);
  });
  req.end();
}

process.on('message', async (message: Command) => {
  if (message.cmd === 'open') {
    retryMs = message.retryMs ?? 1000;
    for (let i = 0; i < message.keys.length; i += 1) {
      pollLoop(
        message.urls[i % message.urls.length] as string,
        message.keys[i] as string,
        message.wait,
        0,
      );
      // Ramp up so the relay's accept backlog is not overrun by thousands of SYNs at once.
      if ((i + 1) % message.rampBatch === 0)
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.send?.({ type: 'opened', ...counters });
  } else if (message.cmd === 'collect') {
    process.send?.({ type: 'collected', receipts: receipts.splice(0), ...counters });
  } else {
    stopping = true;
    process.send?.({ type: 'stopped' }, () => process.exit(0));
  }
});

// What the relay benchmarks share: a signed marketplace webhook sent as the platform sends it,
// and how their figures are summarised (median with min–max, percentiles, the target verdict).
import { fork } from 'node:child_process';
import type { Agent } from 'node:http';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { MARKETPLACE_SECRET, sign } from '../relay/testing/test-support';

export const now = (): number => performance.timeOrigin + performance.now();
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs one notification to the relay's marketplace hook, signed; resolves with the status. */
export function post(url: string, body: string, agent: Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/hooks/marketplace`,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'PLATFORM-SIGNATURE': sign(body, MARKETPLACE_SECRET),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A target's verdict; a missed one also makes the benchmark exit non-zero (bench/README.md). */
export const verdict = (ok: boolean): string => {
  if (!ok) process.exitCode = 1;
  return ok ? 'meets target' : 'MISSES target';
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

// A histogram percentile past its last bucket is Infinity: printed as "> 1 s".
export const figure = (value: number): string =>
  !Number.isFinite(value)
    ? '> 1 s'
    : Math.abs(value) >= 100
      ? value.toFixed(0)
      : value.toPrecision(3).replace(/\.?0+$/, '');

export const spreadOf = (values: number[]): string =>
  `${figure(median(values))} (${figure(Math.min(...values))}–${figure(Math.max(...values))})`;

/** A process of polling terminals (relay-poll-clients.ts), spoken to by messages. */
export type PollClientProcess = {
  send(message: object): void;
  /** The next message of this type from the process. */
  next(type: string): Promise<Record<string, unknown>>;
  /** Asks the process to stop and waits until it has exited. */
  stop(): Promise<void>;
};

export function forkPollClients(): PollClientProcess {
  const child = fork(fileURLToPath(new URL('./relay-poll-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: Record<string, unknown>) => void>();
  child.on('message', (message: Record<string, unknown>) =>
    waiting.get(String(message.type))?.(message),
  );
  return {
    send: (message) => child.send(message),
    next: (type) => new Promise((resolve) => waiting.set(type, resolve)),
    async stop() {
      const stopped = new Promise((resolve) => child.on('exit', resolve));
      child.send({ cmd: 'stop' });
      await stopped;
    },
  };
}

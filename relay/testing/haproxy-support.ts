// Test support: the production HAProxy configuration (deploy/haproxy.cfg) run for real in front
// of relay instances, on 127.0.0.1 and free ports.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './pg-cluster';

export const HAPROXY_CONFIG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
const HAPROXY = process.env.RELAY_HAPROXY_BIN ?? '/usr/sbin/haproxy';

export type Haproxy = { url: string; stop(): Promise<void> };

export function haproxyUnavailable(): string | null {
  return existsSync(HAPROXY)
    ? null
    : `HAProxy is not installed (no ${HAPROXY}; apt-get install haproxy)`;
}

/** Starts HAProxy with deploy/haproxy.cfg balancing over the given instance ports. */
export async function startHaproxy(instancePorts: [number, number]): Promise<Haproxy> {
  const port = await freePort();
  const child = spawn(HAPROXY, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      PATH: process.env.PATH ?? '',
      RELAY_LB_BIND: `127.0.0.1:${port}`,
      RELAY_A: `127.0.0.1:${instancePorts[0]}`,
      RELAY_B: `127.0.0.1:${instancePorts[1]}`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Listening once /healthz answers through it.
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

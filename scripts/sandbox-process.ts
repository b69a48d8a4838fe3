// The platform sandbox as a process of its own (`node --import tsx sandbox/cli.ts`), for what
// measures the app's own process: the soak judges the memory of the core and web host, and the
// sandbox keeps every order of the shift, as the platform does. Same secrets rule as the relay's
// process: the webhook secret goes in the environment, never on the command line; the child
// stops with its parent (scripts/exit-with-parent.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Sandbox, SandboxOptions } from '../sandbox/server';
import { exitOf, stopChild } from './child-stop';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../sandbox/cli.ts', import.meta.url));
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export type SandboxProcess = Sandbox & { pid: number };

/** The `name: value` lines the sandbox prints once it listens, by name. */
const startupLines = (text: string): Map<string, string> =>
  new Map(
    text
      .split('\n')
      .filter((line) => line.includes(': '))
      .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
  );

export const startSandboxProcess = (
  options: SandboxOptions & { webhookSecret: string },
): Promise<SandboxProcess> => {
  const args = ['--port', String(options.port ?? 0)];
  if (options.webhookUrl) args.push('--webhook-url', options.webhookUrl);
  if (options.ordersPerMinute !== undefined)
    args.push('--orders-per-minute', String(options.ordersPerMinute));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.demoBrands) args.push('--demo-brands');
  if (options.notificationRetry)
    args.push(
      '--notification-retries',
      String(options.notificationRetry.retries),
      '--notification-interval-ms',
      String(options.notificationRetry.intervalMs),
    );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', EXIT_WITH_PARENT, CLI, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_WEBHOOK_SECRET: options.webhookSecret },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = exitOf(child);
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const close = (): Promise<void> => stopChild(child, STOP_TIMEOUT_MS);

  return new Promise<SandboxProcess>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`the sandbox did not start within ${START_TIMEOUT_MS / 1000} s: ${stderr}`));
    }, START_TIMEOUT_MS);
    const onData = (data: Buffer): void => {
      stdout += data.toString();
      // The webhook line is printed last of the start-up lines.
      if (!/^webhook secret: /m.test(stdout)) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume();
      const lines = startupLines(stdout);
      const line = (name: string): string => {
        const value = lines.get(name);
        if (value === undefined) throw new Error(`the sandbox printed no '${name}' line`);
        return value;
      };
      try {
        const authUrl = line('auth');
        resolve({
          url: new URL(authUrl).origin,
          authUrl,
          posUrl: line('pos'),
          gatewayUrl: line('gateway'),
          driveUrl: line('drive'),
          controlUrl: line('control'),
          webhookSecret: options.webhookSecret,
          demo: {
            clientId: line('demo client id') as 'demo-client',
            clientSecret: line('demo client secret'),
            venueId: line('demo venue') as 'demo-venue',
            venueIds: line('demo venues').split(' '),
            redirectUri: line('demo redirect uri'),
          },
          pid: child.pid ?? -1,
          close,
        });
      } catch (error) {
        void close();
        reject(error as Error);
      }
    };
    child.stdout.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited before listening: ${stderr.trim()}`));
    });
  });
};

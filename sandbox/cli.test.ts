import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { CliError, parseCliArgs } from './cli-args';

describe('sandbox CLI arguments', () => {
  it('defaults, aliases and the secret from the environment', () => {
    expect(parseCliArgs([], {}).options).toEqual({
      port: 4010,
      host: '127.0.0.1',
      webhookUrl: null,
      ordersPerMinute: 0,
      demo: true,
    });
    const config = parseCliArgs(
      [
        '--port',
        '0',
        '--relay-url',
        'http://127.0.0.1:4020/hooks/marketplace',
        '--orders-per-minute',
        '6',
        '--seed',
        '9',
      ],
      { SANDBOX_WEBHOOK_SECRET: 'env-secret-0123456789' },
    );
    expect(config.options).toMatchObject({
      port: 0,
      webhookUrl: 'http://127.0.0.1:4020/hooks/marketplace',
      ordersPerMinute: 6,
      seed: 9,
      webhookSecret: 'env-secret-0123456789',
    });
    expect(config.secretSource).toBe('SANDBOX_WEBHOOK_SECRET');
    expect(config.options.notificationRetry).toBeUndefined();
    expect(
      parseCliArgs(['--notification-retries', '4', '--notification-interval-ms', '1000'], {})
        .options.notificationRetry,
    ).toEqual({ retries: 4, intervalMs: 1000 });
    expect(
      parseCliArgs(['--notification-interval-ms', '250'], {}).options.notificationRetry,
    ).toEqual({ retries: 3, intervalMs: 250 });
    expect(
      parseCliArgs(['--webhook-secret-env', 'MY_SECRET'], { MY_SECRET: 'another-secret-0123' })
        .options.webhookSecret,
    ).toBe('another-secret-0123');
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535/],
    [['--port', '70000'], /--port must be an integer/],
    [['--orders-per-minute=-1'], /--orders-per-minute must be an integer/],
    [['--seed', '1.5'], /--seed must be an integer/],
    [['--notification-retries', '11'], /--notification-retries must be an integer from 0 to 10/],
    [['--notification-interval-ms', '5'], /--notification-interval-ms must be an integer/],
    [['--webhook-url', 'not a url'], /--webhook-url must be an absolute http\(s\) URL/],
    [['--webhook-url', 'ftp://x/y'], /must be an http\(s\) URL/],
    [['--webhook-secret', 'plain'], /Secrets are not accepted on the command line/],
    [['--webhook-secret-env', 'UNSET_VAR'], /UNSET_VAR named by --webhook-secret-env is not set/],
    [['--frobnicate'], /Unknown option '--frobnicate'/],
  ])('rejects %j with a clear message', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(CliError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });
});

it('npm run sandbox prints one line per service and stops cleanly on SIGTERM', async () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0'], {
    cwd: root,
    env: { ...process.env, SANDBOX_WEBHOOK_SECRET: 'cli-test-secret-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitFor(() => out.includes('webhook secret:'), {
      timeoutMs: 15_000,
      message: "the sandbox's start-up lines",
    });
    const lines = Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    expect(lines.auth).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
    expect(lines.pos).toBe(lines.auth!.replace(/\/auth$/, '/pos'));
    expect(lines.gateway).toBe(lines.auth!.replace(/\/auth$/, '/gateway'));
    expect(lines.drive).toBe(lines.auth!.replace(/\/auth$/, '/drive'));
    expect(lines.control).toBe(lines.auth!.replace(/\/auth$/, '/_sandbox'));
    expect(lines['demo client id']).toBe('demo-client');
    expect(lines['demo merchant']).toContain(`${lines.control}/drive/demo`);
    expect(lines['demo client secret']).toMatch(/^[0-9a-f]{64}$/);
    expect(out).not.toContain('cli-test-secret');
    const clock = await fetch(`${lines.control}/clock`);
    expect(clock.status).toBe(200);
    // The printed drive URL is the delivery service itself: a merchant-keyed call answers there.
    const demo = (await (await fetch(`${lines.control}/drive/demo`)).json()) as {
      merchant_id: string;
      merchant_key: string;
    };
    const areas = await fetch(`${lines.drive}/merchants/${demo.merchant_id}/delivery-areas`, {
      headers: { authorization: `Bearer ${demo.merchant_key}` },
    });
    expect(areas.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(out).toContain('sandbox: stopped (SIGTERM)');
  expect(err).toBe('');
}, 30_000);

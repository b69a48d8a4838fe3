import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startSandboxProcess } from '../scripts/sandbox-process';
import { waitFor } from './wait';

describe('the sandbox as its own process', () => {
  it('starts with the given options, keeps its secret off the command line, and stops on close', async () => {
    const secret = 'process-test-secret-0123456789';
    const sandbox = await startSandboxProcess({
      webhookSecret: secret,
      webhookUrl: 'http://127.0.0.1:9/hooks/marketplace',
      ordersPerMinute: 0,
      seed: 7,
      notificationRetry: { retries: 4, intervalMs: 1_000 },
    });
    try {
      expect(sandbox.pid).not.toBe(process.pid);
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.authUrl).toBe(`${sandbox.url}/auth`);
      expect(sandbox.controlUrl).toBe(`${sandbox.url}/_sandbox`);
      expect(sandbox.demo).toMatchObject({ clientId: 'demo-client', venueId: 'demo-venue' });
      expect(sandbox.demo.clientSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(sandbox.webhookSecret).toBe(secret);
      // The control API answers from the child: it is the sandbox, not a stand-in.
      expect((await fetch(`${sandbox.controlUrl}/clock`)).status).toBe(200);
      const cmdline = readFileSync(`/proc/${sandbox.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline.join(' ')).not.toContain(secret);
      expect(cmdline).toEqual(
        expect.arrayContaining([
          '--notification-retries',
          '4',
          '--notification-interval-ms',
          '1000',
        ]),
      );
    } finally {
      await sandbox.close();
    }
    await waitFor(() => !existsSync(`/proc/${sandbox.pid}`), {
      timeoutMs: 10_000,
      message: 'the sandbox process to end',
    });
    await expect(fetch(`${sandbox.controlUrl}/clock`)).rejects.toThrow();
  }, 30_000);
});

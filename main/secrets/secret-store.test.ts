// Runs against the real Secret Service (gnome-keyring in a private D-Bus session, see scripts/test.sh).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  KeychainUnavailableError,
  createKeytarSecretStore,
  createMemorySecretStore,
} from './secret-store';

const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);

describe.runIf(hasSecretService)('keytar secret store (real keychain)', () => {
  it('stores, reads, replaces and deletes; a missing secret is null', async () => {
    const store = createKeytarSecretStore(`countertop-test-${randomUUID()}`);
    expect(await store.get('refresh-token')).toBeNull();
    await store.set('refresh-token', 'first');
    await store.set('refresh-token', 'second');
    expect(await store.get('refresh-token')).toBe('second');
    expect(await store.get('client-secret')).toBeNull();
    await store.delete('refresh-token');
    expect(await store.get('refresh-token')).toBeNull();
    await store.delete('refresh-token');
  });

  it('keeps services apart', async () => {
    const a = createKeytarSecretStore(`countertop-test-${randomUUID()}`);
    const b = createKeytarSecretStore(`countertop-test-${randomUUID()}`);
    await a.set('terminal-key', 'key-a');
    expect(await b.get('terminal-key')).toBeNull();
    await a.delete('terminal-key');
  });
});

describe.runIf(!hasSecretService)('keytar secret store without a keychain', () => {
  it('fails with a plain sentence instead of falling back to a file', async () => {
    const store = createKeytarSecretStore('countertop-test');
    const error = await store.get('refresh-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect((error as Error).message).toMatch(/keychain .* not available/);
  });
});

describe('keytar secret store with no Secret Service reachable', () => {
  it('a fresh process gets KeychainUnavailableError, and no file is written instead', async () => {
    const script = `
      import { createKeytarSecretStore } from ${JSON.stringify(resolve(import.meta.dirname, 'secret-store.ts'))};
      const store = createKeytarSecretStore('countertop-test');
      try { await store.set('refresh-token', 'never-stored'); console.log('stored'); }
      catch (error) { console.log(error.name + ': ' + error.message); }
    `;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    };
    delete env.DISPLAY;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env },
    );
    expect(stdout).toMatch(
      /^KeychainUnavailableError: The system keychain \(Secret Service\) is not available/,
    );
    expect(stdout).not.toContain('never-stored');
  });
});

describe('memory secret store', () => {
  it('answers null for what it does not hold', async () => {
    const store = createMemorySecretStore();
    expect(await store.get('client-secret')).toBeNull();
    await store.set('client-secret', 's');
    expect(await store.get('client-secret')).toBe('s');
    await store.delete('client-secret');
    expect(await store.get('client-secret')).toBeNull();
  });
});

// Runs against the real Secret Service (gnome-keyring in a private D-Bus session, see scripts/test.sh).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import {
  KeychainUnavailableError,
  createKeytarSecretStore,
  createMemorySecretStore,
  keychainHelp,
  venueSecretStore,
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

describe.runIf(hasSecretService)("a venue's grant in the real keychain", () => {
  it("keeps each venue its own grant and shares the terminal's own secrets", async () => {
    const store = createKeytarSecretStore(`countertop-test-${randomUUID()}`);
    const brand = venueSecretStore(store, 'brand-a');
    const other = venueSecretStore(store, 'brand-b');
    await brand.set('refresh-token', 'token-a');
    await other.set('refresh-token', 'token-b');
    await brand.set('terminal-key', 'key');
    expect(await store.get('refresh-token@brand-a')).toBe('token-a');
    expect(await other.get('refresh-token')).toBe('token-b');
    expect(await store.get('refresh-token')).toBeNull();
    expect(await other.get('terminal-key')).toBe('key');
    await brand.delete('refresh-token');
    expect(await other.get('refresh-token')).toBe('token-b');
    await other.delete('refresh-token');
    await store.delete('terminal-key');
  });
});

describe("a venue's part of the keychain", () => {
  it('refuses a venue id that could reach another name', () => {
    const store = createMemorySecretStore();
    expect(() => venueSecretStore(store, 'a@b')).toThrow(/venue id/);
    expect(() => venueSecretStore(store, '')).toThrow(/venue id/);
  });
});

describe.runIf(!hasSecretService)('keytar secret store without a keychain', () => {
  it('fails with a plain sentence instead of falling back to a file', async () => {
    const store = createKeytarSecretStore('countertop-test');
    const error = await store.get('refresh-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect((error as Error).message).toMatch(/keychain .* not available/);
    expect((error as KeychainUnavailableError).problem).toBe('no-keychain');
  });
});

describe('keytar secret store when keytar is not installed (an npm ci without libsecret headers)', () => {
  // The loader resolves a module that does not exist, exactly as import('keytar') fails when npm
  // skipped the optional dependency.
  const missing = './keytar-that-is-not-installed.js';
  const loadMissing = vi.fn(() => import(/* @vite-ignore */ missing));

  it('every operation fails with what to install, and a later call tries to load again', async () => {
    const store = createKeytarSecretStore('countertop-test', { load: loadMissing });
    for (const attempt of [
      () => store.get('refresh-token'),
      () => store.set('refresh-token', 'never-stored'),
      () => store.delete('refresh-token'),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KeychainUnavailableError);
      expect((error as KeychainUnavailableError).problem).toBe('module-missing');
      expect((error as Error).message).toBe(keychainHelp('module-missing'));
      expect((error as Error).message).not.toContain('never-stored');
      expect(String((error as Error).cause)).toMatch(/keytar-that-is-not-installed/);
    }
    expect(loadMissing).toHaveBeenCalledTimes(3);
  });

  it('a module that is not keytar is refused the same way', async () => {
    const store = createKeytarSecretStore('countertop-test', { load: async () => ({}) });
    const error = await store.get('client-secret').catch((e: unknown) => e);
    expect((error as KeychainUnavailableError).problem).toBe('module-missing');
  });

  it('names the exact packages on Linux: Debian/Ubuntu and Fedora, to run and to build', () => {
    const missingModule = keychainHelp('module-missing', 'linux');
    expect(missingModule).toContain('sudo apt install gnome-keyring libsecret-1-0 libsecret-1-dev');
    expect(missingModule).toContain('sudo dnf install gnome-keyring libsecret libsecret-devel');
    expect(missingModule).toContain('npm ci');
    const noKeychain = keychainHelp('no-keychain', 'linux');
    expect(noKeychain).toContain('sudo apt install gnome-keyring libsecret-1-0`');
    expect(noKeychain).toContain('sudo dnf install gnome-keyring libsecret`');
    expect(noKeychain).not.toContain('-dev');
    expect(keychainHelp('no-keychain', 'darwin')).not.toContain('apt');
    expect(keychainHelp('module-missing', 'win32')).toContain('Reinstall Countertop');
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
    expect(stdout).toContain('sudo apt install gnome-keyring libsecret-1-0');
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

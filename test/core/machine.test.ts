import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MachineSettings } from '../../shared/domain';
import { startCore } from '../../main/core';
import type { Core } from '../../main/core';
import type { SecretStore } from '../../main/secrets/secret-store';
import { testSecretStore } from './harness';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const setUp = async (restart?: () => void) => {
  const dir = mkdtempSync(join(tmpdir(), 'countertop-machine-'));
  const secretStore: SecretStore = testSecretStore();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const cores: Core[] = [];
  const start = async () => {
    const core = await startCore({
      dataDir: dir,
      secretStore,
      now,
      machine: restart ? { restart } : undefined,
    });
    cores.push(core);
    return core;
  };
  cleanups.push(async () => {
    for (const core of cores) await core.close();
    await secretStore.delete('staff-pin').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, secretStore, start, advance: (ms: number) => (offsetMs += ms) };
};

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { bridge: { code: string; message: string } };
  }
  throw new Error('expected a refusal');
};

describe('the counter machine’s settings', () => {
  it('start with kiosk and start-on-login off and no PIN', async () => {
    const core = await (await setUp()).start();
    expect(await core.api['machine:get']({})).toEqual({
      kiosk: false,
      kioskUnlocked: false,
      startOnLogin: false,
      pinSet: false,
    });
  });

  it('refuse kiosk mode without a staff PIN, and change nothing', async () => {
    const core = await (await setUp()).start();
    const error = await refusal(core.api['machine:set']({ kiosk: true }));
    expect(error.bridge.message).toMatch(/staff PIN/);
    expect((await core.api['machine:get']({})).kiosk).toBe(false);
  });

  it('keep the PIN only as a salted hash in the keychain, never in the database', async () => {
    const world = await setUp();
    const core = await world.start();
    const events: MachineSettings[] = [];
    core.on('machine:changed', (settings) => events.push(settings));
    const saved = await core.api['machine:set']({ kiosk: true, startOnLogin: true, pin: '482916' });
    expect(saved).toMatchObject({ kiosk: true, startOnLogin: true, pinSet: true });
    expect(events.at(-1)).toEqual(saved);
    const stored = await world.secretStore.get('staff-pin');
    expect(stored).toMatch(/^scrypt:/);
    expect(stored).not.toContain('482916');
    await core.close();
    for (const file of ['countertop.db', 'countertop.db-wal']) {
      let bytes = '';
      try {
        bytes = readFileSync(join(world.dir, file)).toString('latin1');
      } catch {
        continue;
      }
      expect(bytes).not.toContain('482916');
    }
  });

  it('need the current PIN for any change once a PIN is set', async () => {
    const core = await (await setUp()).start();
    await core.api['machine:set']({ kiosk: true, pin: '1234' });
    expect((await refusal(core.api['machine:set']({ kiosk: false }))).bridge.message).toMatch(
      /Enter the staff PIN/,
    );
    expect(
      (await refusal(core.api['machine:set']({ kiosk: false, currentPin: '9999' }))).bridge.message,
    ).toMatch(/not right/);
    expect((await core.api['machine:get']({})).kiosk).toBe(true);
    const changed = await core.api['machine:set']({ kiosk: false, currentPin: '1234' });
    expect(changed.kiosk).toBe(false);
  });

  it('leave kiosk mode with the PIN until the app restarts', async () => {
    const world = await setUp();
    const core = await world.start();
    await core.api['machine:set']({ kiosk: true, pin: '1234' });
    await refusal(core.api['machine:unlock']({ pin: '4321' }));
    expect((await core.api['machine:get']({})).kioskUnlocked).toBe(false);
    expect((await core.api['machine:unlock']({ pin: '1234' })).kioskUnlocked).toBe(true);
    await core.close();
    const again = await world.start();
    expect(await again.api['machine:get']({})).toMatchObject({ kiosk: true, kioskUnlocked: false });
    const audit = await again.api['audit:list']({ limit: 20 });
    expect(audit.map((entry) => `${entry.action} ${entry.outcome}`)).toEqual(
      expect.arrayContaining(['machine/kiosk unlocked', 'machine/pin refused']),
    );
  });

  it('lock the PIN for a minute after 5 wrong tries, even against the right one', async () => {
    const world = await setUp();
    const core = await world.start();
    await core.api['machine:set']({ kiosk: true, pin: '1234' });
    for (let i = 0; i < 5; i += 1) await refusal(core.api['machine:unlock']({ pin: '0000' }));
    expect((await refusal(core.api['machine:unlock']({ pin: '1234' }))).bridge.message).toMatch(
      /Too many wrong PINs/,
    );
    world.advance(61_000);
    expect((await core.api['machine:unlock']({ pin: '1234' })).kioskUnlocked).toBe(true);
  });

  it('evaluate at most 5 of 50 parallel guesses, and refuse the right PIN among them', async () => {
    const world = await setUp();
    const core = await world.start();
    await core.api['machine:set']({ kiosk: true, pin: '1234' });
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 30 ? '1234' : String(5000 + i)));
    const answers = await Promise.all(
      guesses.map((pin) => refusal(core.api['machine:unlock']({ pin }))),
    );
    const messages = answers.map((error) => error.bridge.message);
    const evaluated = messages.filter((message) => /not right/.test(message));
    // One guess at a time: the first five are checked (all wrong), the fifth locks the rest out.
    expect(evaluated).toHaveLength(5);
    expect(messages.filter((message) => /Too many wrong PINs/.test(message))).toHaveLength(
      50 - evaluated.length,
    );
    expect((await core.api['machine:get']({})).kioskUnlocked).toBe(false);
    const audit = await core.api['audit:list']({ limit: 100 });
    expect(audit.filter((entry) => entry.action === 'machine/pin')).toHaveLength(evaluated.length);
  });

  it('keep the lockout across a restart', async () => {
    const world = await setUp();
    const core = await world.start();
    await core.api['machine:set']({ kiosk: true, pin: '1234' });
    for (let i = 0; i < 5; i += 1) await refusal(core.api['machine:unlock']({ pin: '0000' }));
    await core.close();
    const again = await world.start();
    expect((await refusal(again.api['machine:unlock']({ pin: '1234' }))).bridge.message).toMatch(
      /Too many wrong PINs/,
    );
    world.advance(61_000);
    expect((await again.api['machine:unlock']({ pin: '1234' })).kioskUnlocked).toBe(true);
  });

  it('lock for longer with each wrong try after the fifth, until the right PIN', async () => {
    const world = await setUp();
    const core = await world.start();
    await core.api['machine:set']({ kiosk: true, pin: '1234' });
    for (let i = 0; i < 5; i += 1) await refusal(core.api['machine:unlock']({ pin: '0000' }));
    world.advance(61_000);
    expect((await refusal(core.api['machine:unlock']({ pin: '0000' }))).bridge.message).toMatch(
      /not right/,
    );
    // The sixth wrong try locks for two minutes: one minute later it is still locked.
    world.advance(61_000);
    expect((await refusal(core.api['machine:unlock']({ pin: '1234' }))).bridge.message).toMatch(
      /Too many wrong PINs. Wait a minute/,
    );
    world.advance(60_000);
    await refusal(core.api['machine:unlock']({ pin: '0000' }));
    expect((await refusal(core.api['machine:unlock']({ pin: '1234' }))).bridge.message).toMatch(
      /Wait 4 minutes/,
    );
    world.advance(4 * 60_000 + 1000);
    expect((await core.api['machine:unlock']({ pin: '1234' })).kioskUnlocked).toBe(true);
    // The right PIN ends the run: five more wrong tries before the next lockout.
    for (let i = 0; i < 4; i += 1)
      expect(
        (await refusal(core.api['machine:set']({ currentPin: '0000' }))).bridge.message,
      ).toMatch(/not right/);
  });

  it('restart only where the host can', async () => {
    const restart = vi.fn();
    const desktop = await (await setUp(restart)).start();
    await desktop.api['machine:restart']({});
    expect(restart).toHaveBeenCalledTimes(1);
    const web = await (await setUp()).start();
    expect((await refusal(web.api['machine:restart']({}))).bridge.message).toMatch(/desktop app/);
  });
});

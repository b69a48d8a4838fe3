import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '../../shared/domain';
import { createTestPublisher } from '../update-trust/test-publisher';
import { UPDATE_ACTION, UPDATE_CHECK_INTERVAL_MS, keepUpdated, startUpdates } from './updates';
import type { UpdateEventInfo, Updater } from './updates';

const publisher = createTestPublisher();
const trust = { keys: [publisher.publicKey], currentVersion: '0.1.0' };
const dir = mkdtempSync(join(tmpdir(), 'countertop-updates-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for electron-updater's AppUpdater: the test drives its events. */
class StandInUpdater extends EventEmitter implements Updater {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  checks = 0;
  downloads = 0;
  offered: UpdateEventInfo | null = null;
  installs: Array<[boolean | undefined, boolean | undefined]> = [];
  checkForUpdates = async (): Promise<unknown> => {
    this.checks += 1;
    return null;
  };
  /** The feed offers `version`: an installer written to disk, its metadata signed. */
  offer(version: string, sign = publisher.sign): void {
    const file = join(dir, `countertop-${version}.AppImage`);
    const bytes = Buffer.from(`installer ${version}`);
    writeFileSync(file, bytes);
    const sha512 = createHash('sha512').update(bytes).digest('base64');
    this.offered = sign({
      version,
      files: [{ url: `countertop-${version}.AppImage`, sha512, size: bytes.length }],
      releaseDate: '2026-11-26T12:00:00.000Z',
    });
    this.emit('update-available', this.offered);
  }
  // electron-updater's download of what was offered: 'update-downloaded' with the file.
  downloadUpdate = async (): Promise<unknown> => {
    this.downloads += 1;
    const offered = this.offered!;
    this.emit('update-downloaded', {
      ...offered,
      downloadedFile: join(dir, `countertop-${offered.version}.AppImage`),
    });
    return [];
  };
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

const order = (id: string, platformStatus: OrderStatus) => ({ id, platformStatus }) as Order;

const makeCore = () => {
  const listeners = new Map<string, () => void>();
  const core = {
    orders: [] as Order[],
    listeners,
    record: vi.fn(),
    /** What the core's updates slice was told to hold, and the way on if staff confirm. */
    held: [] as Array<[string, () => void]>,
    holdUpdate(version: string, confirm: () => void) {
      core.held.push([version, confirm]);
    },
    on: vi.fn((event: string, listener: () => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    }),
    api: { 'orders:list': vi.fn(async () => core.orders) } as never,
    /** The core changed orders: as main/orders emits it, with the changed ones only. */
    changeOrders(orders: Order[]) {
      core.orders = orders;
      listeners.get('orders:changed')?.();
    },
  };
  return core;
};
const outcomes = (core: ReturnType<typeof makeCore>) =>
  core.record.mock.calls.map(([entry]) => `${entry.subject} ${entry.outcome}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the update policy', () => {
  it('downloads in the background, installs itself, and checks at start and every 4 hours', () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    // The policy starts each download itself, once the signed metadata verified.
    expect(updater.autoDownload).toBe(false);
    // Installing is the policy's call, never a quit's (a mid-rush restart must not install).
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.checks).toBe(1);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(updater.checks).toBe(1);
    vi.advanceTimersByTime(1);
    expect(updater.checks).toBe(2);
    vi.advanceTimersByTime(2 * UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(4);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(4 * 3600_000);
  });

  it('installs a downloaded update at once when no order is active, and records each step', async () => {
    const core = makeCore();
    core.orders = [order('done', 'DELIVERED'), order('no', 'REJECTED'), order('gone', 'CANCELED')];
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    updater.offer('0.2.0');
    await vi.waitFor(() => expect(updater.installs).toEqual([[true, true]]));
    expect(outcomes(core)).toEqual(['0.2.0 downloading', '0.2.0 downloaded', '0.2.0 installing']);
    expect(core.record).toHaveBeenCalledWith(expect.objectContaining({ action: UPDATE_ACTION }));
  });

  it('never installs while an order is active, and installs once the last one is finished', async () => {
    const core = makeCore();
    core.orders = [order('a', 'CREATED'), order('b', 'READY'), order('c', 'DELIVERED')];
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    updater.offer('0.2.0');
    await vi.waitFor(() => expect(outcomes(core)).toContain('0.2.0 waiting'));
    expect(core.record).toHaveBeenLastCalledWith(
      expect.objectContaining({ outcome: 'waiting', detail: '2 active orders' }),
    );

    // Mid-rush: orders move on and new ones come, but one is always open.
    core.changeOrders([order('a', 'PRODUCTION'), order('b', 'DELIVERED')]);
    core.changeOrders([order('a', 'READY'), order('d', 'CREATED')]);
    core.changeOrders([order('a', 'DELIVERED'), order('d', 'PRODUCTION')]);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    // The first change's look, then one more for all that came during it (the 4-hour tick too).
    await vi.waitFor(() => expect(core.api['orders:list']).toHaveBeenCalledTimes(3));
    await Promise.resolve();
    expect(updater.installs).toEqual([]);
    // The wait is recorded once, not at every change.
    expect(outcomes(core).filter((o) => o.endsWith('waiting'))).toHaveLength(1);

    core.changeOrders([order('a', 'DELIVERED'), order('d', 'REJECTED')]);
    await vi.waitFor(() => expect(updater.installs).toEqual([[true, true]]));
    expect(outcomes(core).at(-1)).toBe('0.2.0 installing');

    // One install attempt: no more checks, no second install.
    const checks = updater.checks;
    core.changeOrders([]);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(checks);
    expect(updater.installs).toHaveLength(1);
  });

  it('counts an order the platform has not closed as active, whatever staff have pressed', async () => {
    const core = makeCore();
    // Staff marked it delivered; the platform has not confirmed yet.
    core.orders = [{ ...order('a', 'READY'), status: 'DELIVERED' }];
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    updater.offer('0.2.0');
    await vi.waitFor(() => expect(outcomes(core)).toContain('0.2.0 waiting'));
    expect(updater.installs).toEqual([]);
  });

  it('records errors of the check and the download, and keeps checking', async () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    updater.checkForUpdates = async () => {
      updater.checks += 1;
      const error = new Error('net::ERR_NAME_NOT_RESOLVED');
      updater.emit('error', error);
      throw error;
    };
    keepUpdated(core, updater, trust);
    await vi.waitFor(() =>
      expect(core.record).toHaveBeenCalledWith({
        action: UPDATE_ACTION,
        subject: 'check',
        outcome: 'failed',
        detail: 'net::ERR_NAME_NOT_RESOLVED',
      }),
    );
    updater.downloadUpdate = async () => [];
    updater.offer('0.3.0');
    updater.emit('error', new Error('sha512 checksum mismatch'));
    expect(core.record).toHaveBeenLastCalledWith(
      expect.objectContaining({
        subject: '0.3.0',
        outcome: 'failed',
        detail: 'sha512 checksum mismatch',
      }),
    );
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(2);
  });

  it('says each step once while an update waits, though every check finds it again', async () => {
    const core = makeCore();
    core.orders = [order('a', 'CREATED')];
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    for (let check = 0; check < 3; check += 1) {
      updater.offer('0.2.0');
      await vi.waitFor(() => expect(core.api['orders:list']).toHaveBeenCalledTimes(check + 1));
    }
    await vi.waitFor(() => expect(outcomes(core)).toContain('0.2.0 waiting'));
    expect(outcomes(core)).toEqual(['0.2.0 downloading', '0.2.0 downloaded', '0.2.0 waiting']);
  });

  it('records a failed install, and tries no second one in this run', async () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    updater.quitAndInstall = () => {
      updater.emit('error', new Error('Command dpkg exited with code 1'));
    };
    keepUpdated(core, updater, trust);
    updater.offer('0.2.0');
    await vi.waitFor(() =>
      expect(core.record).toHaveBeenLastCalledWith(
        expect.objectContaining({
          subject: '0.2.0',
          outcome: 'failed',
          detail: 'Command dpkg exited with code 1',
        }),
      ),
    );
    core.changeOrders([]);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    await Promise.resolve();
    expect(outcomes(core).filter((o) => o.endsWith('installing'))).toHaveLength(1);
  });

  it('does not install when the orders cannot be read', async () => {
    const core = makeCore();
    (core.api as Record<string, () => Promise<never>>)['orders:list'] = async () => {
      throw new Error('database closed');
    };
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    updater.offer('0.2.0');
    await vi.waitFor(() =>
      expect(core.record).toHaveBeenLastCalledWith(
        expect.objectContaining({
          outcome: 'failed',
          detail: 'cannot read the orders: database closed',
        }),
      ),
    );
    expect(updater.installs).toEqual([]);
  });

  it('stops its timer and its listeners on quit', () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    const stop = keepUpdated(core, updater, trust);
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(core.listeners.size).toBe(0);
    expect(updater.listenerCount('update-downloaded')).toBe(0);
    expect(updater.listenerCount('error')).toBe(0);
    vi.advanceTimersByTime(2 * UPDATE_CHECK_INTERVAL_MS);
    expect(updater.checks).toBe(1);
  });

  it('starts once the updater has loaded, and a quit before that cancels it', async () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    let resolve: (u: Updater) => void = () => undefined;
    const stop = startUpdates(core, () => new Promise((r) => (resolve = r)), trust);
    stop();
    resolve(updater);
    await Promise.resolve();
    await Promise.resolve();
    expect(updater.checks).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    const started = startUpdates(core, async () => updater, trust);
    await vi.waitFor(() => expect(updater.checks).toBe(1));
    started();
    expect(vi.getTimerCount()).toBe(0);

    startUpdates(
      core,
      async () => {
        throw new Error('Cannot find module electron-updater');
      },
      trust,
    );
    await vi.waitFor(() =>
      expect(core.record).toHaveBeenLastCalledWith(
        expect.objectContaining({ subject: 'updater', outcome: 'failed' }),
      ),
    );
  });

  it('downloads nothing unsigned, signed by another key, or not newer, and holds a far-ahead major', async () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    updater.offer('0.2.0', (info) => info);
    updater.offer('0.3.0', createTestPublisher().sign);
    updater.offer('0.0.9');
    updater.offer('999.0.0');
    expect(updater.downloads).toBe(0);
    expect(outcomes(core)).toEqual([
      '0.2.0 refused',
      '0.3.0 refused',
      '0.0.9 refused',
      '999.0.0 held',
    ]);
    expect(core.record.mock.calls.map(([entry]) => entry.detail)).toEqual([
      'the update is not signed by the publisher',
      "the update is signed by a key that is not the publisher's",
      '0.0.9 is not newer than the installed 0.1.0',
      '999.0.0 is more than one major version ahead of 0.1.0; not installed without staff',
    ]);
    expect(updater.installs).toEqual([]);
  });

  it('a held version goes on only when staff confirm it, then installs when no order is active', async () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    updater.offer('3.0.0');
    expect(updater.downloads).toBe(0);
    expect(core.held.map(([version]) => version)).toEqual(['3.0.0']);
    // Staff let it in (updates:install): downloaded, its sha512 checked, installed when idle.
    core.held[0]![1]();
    expect(updater.downloads).toBe(1);
    await vi.waitFor(() => expect(updater.installs).toEqual([[true, true]]));
    expect(outcomes(core)).toEqual([
      '3.0.0 held',
      '3.0.0 downloading',
      '3.0.0 downloaded',
      '3.0.0 installing',
    ]);
  });

  it('installs no downloaded file whose sha512 is not the signed one', async () => {
    const core = makeCore();
    const updater = new StandInUpdater();
    keepUpdated(core, updater, trust);
    // The download brought other bytes than the publisher signed (a swapped cached file).
    updater.downloadUpdate = async () => {
      const file = join(dir, 'swapped.AppImage');
      writeFileSync(file, 'not the signed installer');
      updater.emit('update-downloaded', { ...updater.offered!, downloadedFile: file });
      return [];
    };
    updater.offer('0.2.0');
    await vi.waitFor(() => expect(outcomes(core)).toContain('0.2.0 refused'));
    expect(core.record).toHaveBeenLastCalledWith(
      expect.objectContaining({
        detail: 'the downloaded file is not the one the publisher signed',
      }),
    );
    // A download event for a version never verified is refused as well.
    updater.emit('update-downloaded', { version: '0.4.0', downloadedFile: join(dir, 'x') });
    expect(outcomes(core)).toContain('0.4.0 refused');
    expect(updater.installs).toEqual([]);
  });
});

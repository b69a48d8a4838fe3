// The app updates itself from the feed electron-builder.yml's `publish` names (docs/operations.md,
// "Publishing an update"): a check at start and every 4 hours, the download in the background, and the install
// only while no order is active, so a counter is never restarted mid-rush. Only what the publisher
// signed goes further (main/update-trust/): the feed's metadata is judged before the download is
// started, and the downloaded file's sha512 is matched against the signed one before the install.
// electron-updater itself honours the feed's stagingPercentage and refuses a file whose sha512
// (and, on Windows, signature) does not match; nothing here turns those checks off.
import { isFinalStatus } from '../../shared/domain';
import type { Order } from '../../shared/domain';
import type { ServiceHost } from '../host/dispatch';
import { fileSha512, judgeUpdate } from '../update-trust/update-trust';
import type { FeedInfo } from '../update-trust/update-trust';

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** Where an update's steps go: the audit log staff and support read. */
export const UPDATE_ACTION = 'app/update';

/** An order the platform has not closed yet: the counter is still working on it. */
export const isActiveOrder = (order: Pick<Order, 'platformStatus'>): boolean =>
  !isFinalStatus(order.platformStatus);

/** The feed's info as electron-updater hands it over; a download adds the file it wrote. */
export type UpdateEventInfo = FeedInfo & { downloadedFile?: string };
type VersionListener = (info: UpdateEventInfo) => void;
type ErrorListener = (error: Error) => void;

/** The part of electron-updater's AppUpdater this policy uses. */
export type Updater = {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-available' | 'update-downloaded', listener: VersionListener): unknown;
  on(event: 'error', listener: ErrorListener): unknown;
  off(event: 'update-available' | 'update-downloaded', listener: VersionListener): unknown;
  off(event: 'error', listener: ErrorListener): unknown;
};

export type UpdatesCore = Pick<ServiceHost, 'api' | 'on'> & {
  record(entry: { action: string; subject: string; outcome: string; detail?: string }): void;
  /** Holds a signed update for staff (updates:held); `confirm` runs if they let it in. */
  holdUpdate(version: string, confirm: () => void): void;
};

/** What the app trusts: the publisher's public keys, and the version it is. */
export type UpdateTrust = { keys: readonly string[]; currentVersion: string };

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Runs the update policy around an updater; returns the stop for quit. */
// eslint-disable-next-line max-lines-per-function -- the update policy's check, download and install share one timer and one status shown to staff; to be cut into module-level functions with the module pass (issue 37)
export const keepUpdated = (
  core: UpdatesCore,
  updater: Updater,
  trust: UpdateTrust,
): (() => void) => {
  let stopped = false;
  /** Versions whose signed metadata verified, with the sha512s the publisher signed. */
  const approved = new Map<string, readonly string[]>();
  let available: string | null = null;
  let downloaded: string | null = null;
  let installing = false;
  let deciding = false;
  let again = false;
  const record = (subject: string, outcome: string, detail?: string): void =>
    core.record({ action: UPDATE_ACTION, subject, outcome, ...(detail ? { detail } : {}) });
  // Each check while an update waits finds it again; the audit log says each step once.
  const said = new Set<string>();
  const recordOnce = (version: string, outcome: string, detail?: string): void => {
    if (said.has(`${version} ${outcome}`)) return;
    said.add(`${version} ${outcome}`);
    record(version, outcome, detail);
  };

  // Downloads run in the background once the signed metadata verified (never before: the
  // policy starts each one); installing is this policy's decision, never a quit's: a restart from
  // the recovery screen mid-rush must not turn into an install.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;

  const decide = async (): Promise<void> => {
    const version = downloaded;
    if (stopped || installing || version === null) return;
    let active: number;
    try {
      active = (await core.api['orders:list']({})).filter(isActiveOrder).length;
    } catch (error) {
      record(version, 'failed', `cannot read the orders: ${messageOf(error)}`);
      return;
    }
    if (stopped || installing) return;
    if (active > 0) {
      recordOnce(version, 'waiting', `${active} active order${active === 1 ? '' : 's'}`);
      return;
    }
    // One attempt per run: the updater reports a failed install as an 'error' (recorded), and
    // the next start finds the update again.
    installing = true;
    clearInterval(timer);
    record(version, 'installing');
    try {
      updater.quitAndInstall(true, true);
    } catch (error) {
      record(version, 'failed', messageOf(error));
    }
  };
  // One decision at a time; changes during one make one more after it.
  const installWhenIdle = (): void => {
    if (deciding) {
      again = true;
      return;
    }
    deciding = true;
    void decide().finally(() => {
      deciding = false;
      if (!again) return;
      again = false;
      installWhenIdle();
    });
  };

  const onAvailable = (info: UpdateEventInfo): void => {
    const judged = judgeUpdate(info, trust.keys, trust.currentVersion);
    if (judged.verdict === 'refuse') {
      recordOnce(judged.version, 'refused', judged.reason);
      return;
    }
    if (judged.verdict === 'hold') {
      recordOnce(judged.version, 'held', `${judged.reason}; not installed without staff`);
      // Signed by the publisher, so staff may let it in: then it goes on as any update does.
      core.holdUpdate(judged.version, () => {
        if (!stopped) download(judged.version, judged.sha512s);
      });
      return;
    }
    download(judged.version, judged.sha512s);
  };
  const download = (version: string, sha512s: readonly string[]): void => {
    available = version;
    approved.set(version, sha512s);
    recordOnce(version, 'downloading');
    // Its failures come as 'error' events too, recorded below.
    updater.downloadUpdate().catch(() => undefined);
  };
  const onDownloaded = (info: UpdateEventInfo): void => {
    const version = typeof info.version === 'string' ? info.version : '?';
    const signed = approved.get(version);
    const file = info.downloadedFile;
    if (!signed || !file) {
      recordOnce(version, 'refused', 'downloaded without a verified signature');
      return;
    }
    fileSha512(file).then(
      (sha512) => {
        if (stopped) return;
        if (!signed.includes(sha512)) {
          recordOnce(version, 'refused', 'the downloaded file is not the one the publisher signed');
          return;
        }
        downloaded = version;
        recordOnce(version, 'downloaded');
        installWhenIdle();
      },
      (error: unknown) =>
        record(version, 'failed', `cannot read the download: ${messageOf(error)}`),
    );
  };
  const onError = (error: Error): void =>
    record(downloaded ?? available ?? 'check', 'failed', messageOf(error));
  updater.on('update-available', onAvailable);
  updater.on('update-downloaded', onDownloaded);
  updater.on('error', onError);
  const unorders = core.on('orders:changed', () => {
    if (downloaded !== null) installWhenIdle();
  });

  const check = (): void => {
    // The updater reports its failures as 'error' events too, recorded once above.
    try {
      updater.checkForUpdates().catch(() => undefined);
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const timer = setInterval(() => {
    check();
    // Also the safety net should an order change ever go unheard.
    if (downloaded !== null) installWhenIdle();
  }, UPDATE_CHECK_INTERVAL_MS);
  timer.unref?.();
  check();

  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    unorders();
    updater.off('update-available', onAvailable);
    updater.off('update-downloaded', onDownloaded);
    updater.off('error', onError);
  };
};

/**
 * The packaged app's updater: electron-updater picks the class for this platform and package
 * (NSIS, DMG, AppImage, deb) and reads the feed from app-update.yml, which electron-builder writes
 * from the `publish` entry. Loaded on demand, so a development run never touches it.
 */
export const loadElectronUpdater = async (): Promise<Updater> => {
  const module = await import('electron-updater');
  // Node's ESM loader sees this CommonJS package's getter only on the default export.
  const { autoUpdater } = module.default ?? module;
  // Its own console lines reach no one on a counter; every step is in the audit log instead.
  autoUpdater.logger = null;
  return autoUpdater;
};

/** keepUpdated once the updater has loaded; a stop before that cancels it. */
export const startUpdates = (
  core: UpdatesCore,
  load: () => Promise<Updater>,
  trust: UpdateTrust,
): (() => void) => {
  let stop: (() => void) | null = null;
  let cancelled = false;
  load().then(
    (updater) => {
      if (!cancelled) stop = keepUpdated(core, updater, trust);
    },
    (error: unknown) => {
      if (!cancelled)
        core.record({
          action: UPDATE_ACTION,
          subject: 'updater',
          outcome: 'failed',
          detail: messageOf(error),
        });
    },
  );
  return () => {
    cancelled = true;
    stop?.();
  };
};

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

/** The update policy's state, passed to the module-level functions below. */
type UpdateContext = {
  core: UpdatesCore;
  updater: Updater;
  trust: UpdateTrust;
  stopped: boolean;
  /** Versions whose signed metadata verified, with the sha512s the publisher signed. */
  approved: Map<string, readonly string[]>;
  available: string | null;
  downloaded: string | null;
  installing: boolean;
  deciding: boolean;
  again: boolean;
  // Each check while an update waits finds it again; the audit log says each step once.
  said: Set<string>;
  timer: ReturnType<typeof setInterval> | undefined;
};

const record = (ctx: UpdateContext, subject: string, outcome: string, detail?: string): void =>
  ctx.core.record({ action: UPDATE_ACTION, subject, outcome, ...(detail ? { detail } : {}) });

const recordOnce = (
  ctx: UpdateContext,
  version: string,
  outcome: string,
  detail?: string,
): void => {
  if (ctx.said.has(`${version} ${outcome}`)) return;
  ctx.said.add(`${version} ${outcome}`);
  record(ctx, version, outcome, detail);
};

const decide = async (ctx: UpdateContext): Promise<void> => {
  const version = ctx.downloaded;
  if (ctx.stopped || ctx.installing || version === null) return;
  let active: number;
  try {
    active = (await ctx.core.api['orders:list']({})).filter(isActiveOrder).length;
  } catch (error) {
    record(ctx, version, 'failed', `cannot read the orders: ${messageOf(error)}`);
    return;
  }
  if (ctx.stopped || ctx.installing) return;
  if (active > 0) {
    recordOnce(ctx, version, 'waiting', `${active} active order${active === 1 ? '' : 's'}`);
    return;
  }
  // One attempt per run: the updater reports a failed install as an 'error' (recorded), and
  // the next start finds the update again.
  ctx.installing = true;
  clearInterval(ctx.timer);
  record(ctx, version, 'installing');
  try {
    ctx.updater.quitAndInstall(true, true);
  } catch (error) {
    record(ctx, version, 'failed', messageOf(error));
  }
};

// One decision at a time; changes during one make one more after it.
const installWhenIdle = (ctx: UpdateContext): void => {
  if (ctx.deciding) {
    ctx.again = true;
    return;
  }
  ctx.deciding = true;
  void decide(ctx).finally(() => {
    ctx.deciding = false;
    if (!ctx.again) return;
    ctx.again = false;
    installWhenIdle(ctx);
  });
};

const download = (ctx: UpdateContext, version: string, sha512s: readonly string[]): void => {
  ctx.available = version;
  ctx.approved.set(version, sha512s);
  recordOnce(ctx, version, 'downloading');
  // Its failures come as 'error' events too, recorded below.
  ctx.updater.downloadUpdate().catch(() => undefined);
};

const onAvailable = (ctx: UpdateContext, info: UpdateEventInfo): void => {
  const judged = judgeUpdate(info, ctx.trust.keys, ctx.trust.currentVersion);
  if (judged.verdict === 'refuse') {
    recordOnce(ctx, judged.version, 'refused', judged.reason);
    return;
  }
  if (judged.verdict === 'hold') {
    recordOnce(ctx, judged.version, 'held', `${judged.reason}; not installed without staff`);
    // Signed by the publisher, so staff may let it in: then it goes on as any update does.
    ctx.core.holdUpdate(judged.version, () => {
      if (!ctx.stopped) download(ctx, judged.version, judged.sha512s);
    });
    return;
  }
  download(ctx, judged.version, judged.sha512s);
};

const onDownloaded = (ctx: UpdateContext, info: UpdateEventInfo): void => {
  const version = typeof info.version === 'string' ? info.version : '?';
  const signed = ctx.approved.get(version);
  const file = info.downloadedFile;
  if (!signed || !file) {
    recordOnce(ctx, version, 'refused', 'downloaded without a verified signature');
    return;
  }
  fileSha512(file).then(
    (sha512) => {
      if (ctx.stopped) return;
      if (!signed.includes(sha512)) {
        recordOnce(
          ctx,
          version,
          'refused',
          'the downloaded file is not the one the publisher signed',
        );
        return;
      }
      ctx.downloaded = version;
      recordOnce(ctx, version, 'downloaded');
      installWhenIdle(ctx);
    },
    (error: unknown) =>
      record(ctx, version, 'failed', `cannot read the download: ${messageOf(error)}`),
  );
};

const onError = (ctx: UpdateContext, error: Error): void =>
  record(ctx, ctx.downloaded ?? ctx.available ?? 'check', 'failed', messageOf(error));

const check = (ctx: UpdateContext): void => {
  // The updater reports its failures as 'error' events too, recorded once above.
  try {
    ctx.updater.checkForUpdates().catch(() => undefined);
  } catch (error) {
    onError(ctx, error instanceof Error ? error : new Error(String(error)));
  }
};

/** Runs the update policy around an updater; returns the stop for quit. */
export const keepUpdated = (
  core: UpdatesCore,
  updater: Updater,
  trust: UpdateTrust,
): (() => void) => {
  const ctx: UpdateContext = {
    core,
    updater,
    trust,
    stopped: false,
    approved: new Map(),
    available: null,
    downloaded: null,
    installing: false,
    deciding: false,
    again: false,
    said: new Set(),
    timer: undefined,
  };
  // Downloads run in the background once the signed metadata verified (never before: the
  // policy starts each one); installing is this policy's decision, never a quit's: a restart from
  // the recovery screen mid-rush must not turn into an install.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;

  const available = (info: UpdateEventInfo): void => onAvailable(ctx, info);
  const downloaded = (info: UpdateEventInfo): void => onDownloaded(ctx, info);
  const failed = (error: Error): void => onError(ctx, error);
  updater.on('update-available', available);
  updater.on('update-downloaded', downloaded);
  updater.on('error', failed);
  const unorders = core.on('orders:changed', () => {
    if (ctx.downloaded !== null) installWhenIdle(ctx);
  });

  ctx.timer = setInterval(() => {
    check(ctx);
    // Also the safety net should an order change ever go unheard.
    if (ctx.downloaded !== null) installWhenIdle(ctx);
  }, UPDATE_CHECK_INTERVAL_MS);
  ctx.timer.unref?.();
  check(ctx);

  return () => {
    if (ctx.stopped) return;
    ctx.stopped = true;
    clearInterval(ctx.timer);
    unorders();
    updater.off('update-available', available);
    updater.off('update-downloaded', downloaded);
    updater.off('error', failed);
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

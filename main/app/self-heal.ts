// A renderer that crashes or hangs must not leave a counter with a dead screen. The core keeps
// running in main (the outbox never stops), so a reload brings back the whole board from it. A
// renderer that keeps crashing (3 times in 10 minutes) gets the recovery screen instead of a loop.
import type { BrowserWindow, RenderProcessGoneDetails } from 'electron';

export const CRASH_LIMIT = 3;
export const CRASH_WINDOW_MS = 10 * 60_000;
/** How long a renderer may stay unresponsive before it is restarted. */
export const HANG_GRACE_MS = 10_000;

export type SelfHealOptions = {
  appUrl: string;
  /** The recovery screen (a route of the same renderer that shows no board). */
  recoveryUrl: string;
  now?: () => number;
  record: (entry: { action: string; subject: string; outcome: string; detail?: string }) => void;
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
};

const defaultTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return { cancel: () => clearTimeout(timer) };
};

export const superviseRenderer = (
  window: Pick<BrowserWindow, 'on' | 'isDestroyed' | 'loadURL' | 'webContents'>,
  options: SelfHealOptions,
): void => {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? defaultTimer;
  let failures: number[] = [];
  let hang: { cancel(): void } | null = null;
  let killedHung = false;

  const recover = (what: string, detail: string): void => {
    if (window.isDestroyed()) return;
    const at = now();
    failures = [...failures.filter((t) => at - t < CRASH_WINDOW_MS), at];
    const givingUp = failures.length >= CRASH_LIMIT;
    options.record({
      action: 'app/renderer',
      subject: what,
      outcome: givingUp ? 'recovery screen' : 'reloaded',
      detail,
    });
    void window.loadURL(givingUp ? options.recoveryUrl : options.appUrl).catch(() => undefined);
  };

  window.webContents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
    hang?.cancel();
    hang = null;
    const wasHung = killedHung;
    killedHung = false;
    if (details.reason === 'clean-exit') return;
    if (wasHung) recover('hung', `unresponsive for ${HANG_GRACE_MS / 1000} s, restarted`);
    else recover('crashed', `${details.reason} (exit code ${details.exitCode})`);
  });
  window.on('unresponsive', () => {
    if (hang) return;
    hang = setTimer(() => {
      hang = null;
      if (window.isDestroyed()) return;
      // A hung renderer cannot reload itself: ending its process frees it, and the
      // render-process-gone that follows reloads it like any crash.
      killedHung = true;
      window.webContents.forcefullyCrashRenderer();
    }, HANG_GRACE_MS);
  });
  window.on('responsive', () => {
    hang?.cancel();
    hang = null;
  });
};

import { describe, expect, it, vi } from 'vitest';
import { CRASH_WINDOW_MS, HANG_GRACE_MS, superviseRenderer } from './self-heal';

type Listener = (...args: unknown[]) => void;
const setUp = () => {
  const events = new Map<string, Listener>();
  const contents = new Map<string, Listener>();
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  let clock = 1_000_000;
  const window = {
    on: (event: string, listener: Listener) => events.set(event, listener),
    isDestroyed: () => false,
    loadURL: vi.fn(async () => undefined),
    webContents: {
      on: (event: string, listener: Listener) => contents.set(event, listener),
      forcefullyCrashRenderer: vi.fn(() =>
        contents.get('render-process-gone')!({}, { reason: 'killed', exitCode: 9 }),
      ),
    },
  };
  const record = vi.fn();
  superviseRenderer(window as never, {
    appUrl: 'app://countertop/index.html',
    recoveryUrl: 'app://countertop/index.html#recovery',
    now: () => clock,
    record,
    setTimer: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  });
  return {
    window,
    record,
    timers,
    crash: (reason = 'crashed') =>
      contents.get('render-process-gone')!({}, { reason, exitCode: 139 }),
    emit: (event: string) => events.get(event)!(),
    advance: (ms: number) => (clock += ms),
  };
};

describe('a renderer that crashes or hangs', () => {
  it('is reloaded after a crash, and the crash is recorded', () => {
    const app = setUp();
    app.crash('oom');
    expect(app.window.loadURL).toHaveBeenLastCalledWith('app://countertop/index.html');
    expect(app.record).toHaveBeenLastCalledWith(
      expect.objectContaining({ action: 'app/renderer', subject: 'crashed', outcome: 'reloaded' }),
    );
  });

  it('is left alone when it exits cleanly', () => {
    const app = setUp();
    app.crash('clean-exit');
    expect(app.window.loadURL).not.toHaveBeenCalled();
  });

  it('gets the recovery screen on the third crash within 10 minutes, not before', () => {
    const app = setUp();
    app.crash();
    app.advance(CRASH_WINDOW_MS - 1000);
    app.crash();
    expect(app.window.loadURL).toHaveBeenLastCalledWith('app://countertop/index.html');
    app.advance(500);
    app.crash();
    expect(app.window.loadURL).toHaveBeenLastCalledWith('app://countertop/index.html#recovery');
    expect(app.record).toHaveBeenLastCalledWith(
      expect.objectContaining({ outcome: 'recovery screen' }),
    );
  });

  it('forgets crashes older than 10 minutes', () => {
    const app = setUp();
    app.crash();
    app.advance(CRASH_WINDOW_MS + 1);
    app.crash();
    app.crash();
    expect(app.window.loadURL).toHaveBeenLastCalledWith('app://countertop/index.html');
  });

  it('is restarted when it stays unresponsive, but not when it recovers in time', () => {
    const app = setUp();
    app.emit('unresponsive');
    app.emit('unresponsive');
    expect(app.timers).toHaveLength(1);
    expect(app.timers[0]!.ms).toBe(HANG_GRACE_MS);
    app.emit('responsive');
    expect(app.timers[0]!.cancelled).toBe(true);

    app.emit('unresponsive');
    app.timers[1]!.run();
    expect(app.window.webContents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    expect(app.window.loadURL).toHaveBeenCalledTimes(1);
    expect(app.record).toHaveBeenLastCalledWith(
      expect.objectContaining({ subject: 'hung', outcome: 'reloaded' }),
    );
  });
});

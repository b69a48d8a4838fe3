// Kiosk mode on a counter: full screen, no menu bar, and none of the keys that close, reload or
// leave the window. The way out is the staff PIN (machine:unlock) or the OS itself; the OS's own
// keys (Ctrl+Alt+Del, a power button) stay, on purpose.
import type { BrowserWindow, Input } from 'electron';

/** Keys that would close, reload or leave the app's window. */
export const isEscapeKey = (input: Pick<Input, 'key' | 'control' | 'meta' | 'alt' | 'shift'>) => {
  const key = input.key.toLowerCase();
  const command = input.control || input.meta;
  if (input.alt && key === 'f4') return true;
  if (key === 'f11' || key === 'f12' || key === 'f5') return true;
  if (command && ['w', 'q', 'r', 'n', 't', 'm', 'h'].includes(key)) return true;
  if (command && input.shift && ['i', 'j', 'c'].includes(key)) return true;
  return false;
};

export type KioskGuard = {
  /** Locked: full screen, escape keys and closing refused. */
  set(locked: boolean): void;
  /** The app itself is quitting (the OS shuts down): let the window go. */
  release(): void;
};

export const guardKiosk = (
  window: Pick<BrowserWindow, 'on' | 'setKiosk' | 'setMenuBarVisibility' | 'webContents'>,
): KioskGuard => {
  let locked = false;
  let released = false;
  window.webContents.on('before-input-event', (event, input) => {
    if (locked && input.type === 'keyDown' && isEscapeKey(input)) event.preventDefault();
  });
  window.on('close', (event) => {
    if (locked && !released) event.preventDefault();
  });
  return {
    set: (next) => {
      locked = next;
      window.setKiosk(next);
      window.setMenuBarVisibility(!next);
    },
    release: () => {
      released = true;
    },
  };
};

// Start with the machine: a POS box is switched on in the morning by someone who is not going to
// look for an icon. Windows and macOS keep login items themselves; on Linux the app writes (or
// removes) an XDG autostart entry, which every desktop session runs at login.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { App } from 'electron';

export type StartOnLoginTarget = {
  platform: NodeJS.Platform;
  app: Pick<App, 'setLoginItemSettings'>;
  /** The program to start: the AppImage when run as one (its mount path changes every run). */
  executable: string;
  args: string[];
  /** $XDG_CONFIG_HOME/autostart, or ~/.config/autostart. */
  autostartDir: string;
};

export const AUTOSTART_FILE = 'countertop.desktop';

export const defaultStartOnLoginTarget = (
  app: Pick<App, 'setLoginItemSettings'>,
  env: NodeJS.ProcessEnv = process.env,
): StartOnLoginTarget => ({
  platform: process.platform,
  app,
  executable: env.APPIMAGE ?? process.execPath,
  args: [],
  autostartDir: path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'autostart'),
});

// Desktop Entry Specification: quote arguments that hold spaces or reserved characters.
const quote = (arg: string): string =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `"${arg.replace(/(["`$\\])/g, '\\$1')}"`;

export const desktopEntry = (executable: string, args: string[]): string =>
  [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Countertop',
    'Comment=Order terminal for the counter',
    `Exec=${[executable, ...args].map(quote).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');

export const applyStartOnLogin = async (
  enabled: boolean,
  target: StartOnLoginTarget,
): Promise<void> => {
  if (target.platform === 'win32' || target.platform === 'darwin') {
    target.app.setLoginItemSettings({ openAtLogin: enabled, args: target.args });
    return;
  }
  const file = path.join(target.autostartDir, AUTOSTART_FILE);
  if (!enabled) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(target.autostartDir, { recursive: true });
  await writeFile(file, desktopEntry(target.executable, target.args), { mode: 0o644 });
};

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOSTART_FILE, applyStartOnLogin, desktopEntry } from './start-on-login';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const target = async (platform: NodeJS.Platform) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'countertop-autostart-'));
  dirs.push(dir);
  return {
    platform,
    app: { setLoginItemSettings: vi.fn() },
    executable: '/opt/Countertop/countertop',
    args: ['--kiosk'],
    autostartDir: path.join(dir, 'autostart'),
  };
};

describe('start on login', () => {
  it('writes an XDG autostart entry on Linux, and removes it when turned off', async () => {
    const linux = await target('linux');
    const file = path.join(linux.autostartDir, AUTOSTART_FILE);
    await applyStartOnLogin(true, linux);
    const entry = await readFile(file, 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec=/opt/Countertop/countertop --kiosk');
    expect(linux.app.setLoginItemSettings).not.toHaveBeenCalled();
    await applyStartOnLogin(false, linux);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    // Turning off what is already off is not an error.
    await applyStartOnLogin(false, linux);
  });

  it('quotes a path with spaces as the desktop entry specification asks', () => {
    expect(desktopEntry('/home/a b/Countertop.AppImage', [])).toContain(
      'Exec="/home/a b/Countertop.AppImage"',
    );
  });

  it('uses the OS login items on Windows and macOS', async () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const other = await target(platform);
      await applyStartOnLogin(true, other);
      expect(other.app.setLoginItemSettings).toHaveBeenCalledWith({
        openAtLogin: true,
        args: ['--kiosk'],
      });
      await expect(stat(other.autostartDir)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });
});

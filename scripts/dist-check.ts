// `npm run dist` first asks whether Electron's binary for this machine can be had, before minutes
// of building: electron-builder fetches it at the end and, offline, fails with a stack trace.
// It can be had from electronDist (electron-builder.yml: an unpacked Electron), from the
// cache (ELECTRON_CACHE or the OS's cache folder, where a first fetch puts the zip), or from the
// download mirror (ELECTRON_MIRROR, else GitHub) when it answers. Otherwise one line says so.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './start-web';

const ANSWER_TIMEOUT_MS = 4_000;

export const electronVersion = (): string =>
  (
    JSON.parse(
      readFileSync(path.join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'),
    ) as {
      version: string;
    }
  ).version;

/** Where @electron/get keeps downloads (it names them by URL hash in subfolders). */
export const electronCacheDir = (env: NodeJS.ProcessEnv = process.env): string => {
  if (env.ELECTRON_CACHE) return env.ELECTRON_CACHE;
  if (process.platform === 'darwin')
    return path.join(os.homedir(), 'Library', 'Caches', 'electron');
  if (process.platform === 'win32')
    return path.join(
      env.LOCALAPPDATA ?? path.join(os.homedir(), 'AppData', 'Local'),
      'electron',
      'Cache',
    );
  return path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'electron');
};

const findFile = (dir: string, name: string, depth = 2): string | null => {
  if (!existsSync(dir)) return null;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === name) return full;
    if (depth > 0 && statSync(full).isDirectory()) {
      const found = findFile(full, name, depth - 1);
      if (found) return found;
    }
  }
  return null;
};

/** electron-builder.yml's `electronDist` (an unpacked Electron), resolved from the project. */
export const configuredElectronDist = (
  yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8'),
): string | null => {
  const match = /^electronDist:\s*['"]?([^'"#\n]+?)['"]?\s*(#.*)?$/m.exec(yml);
  return match?.[1] ? path.resolve(ROOT, match[1]) : null;
};

export type ElectronSource = { ok: true; from: string } | { ok: false; line: string };

export const findElectron = async (
  env: NodeJS.ProcessEnv = process.env,
  version = electronVersion(),
): Promise<ElectronSource> => {
  const target = `electron-v${version}-${process.platform}-${process.arch}.zip`;
  const dist = configuredElectronDist();
  if (dist) {
    if (existsSync(dist)) return { ok: true, from: `electronDist ${dist}` };
    return {
      ok: false,
      line: `dist: electronDist in electron-builder.yml (${dist}) does not exist; point it at an unpacked Electron ${version} for ${process.platform}-${process.arch}.`,
    };
  }
  const cache = electronCacheDir(env);
  const cached = findFile(cache, target);
  if (cached) return { ok: true, from: `cache ${cached}` };
  const mirror = (
    env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/'
  ).replace(/\/?$/, '/');
  const url = `${mirror}v${version}/${target}`;
  let why: string;
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    if (response.status < 400) return { ok: true, from: `mirror ${mirror}` };
    why = `answers ${response.status}`;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    why = `does not answer (${code ?? (error as Error).name})`;
  }
  return {
    ok: false,
    line:
      `dist: Electron ${version} for ${process.platform}-${process.arch} cannot be had: not in ${cache}, and ${new URL(mirror).host} ${why}. ` +
      `Put ${target} in ${cache}, set ELECTRON_MIRROR to a mirror that has it, or set electronDist in electron-builder.yml to an unpacked Electron ${version}.`,
  };
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  findElectron()
    .then((found) => {
      if (found.ok) return;
      console.error(found.line);
      process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(`dist: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
}

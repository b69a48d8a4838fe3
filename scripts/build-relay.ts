// `npm run build:relay [-- --out DIR]`: the relay as a lean install, for a relay host (deploy/):
//   DIR/relay.mjs         the whole relay (its CLI and server) as one ESM bundle, run with plain node
//   DIR/package.json      its runtime packages only: the PostgreSQL client and better-sqlite3
//   DIR/node_modules/     those packages and their own dependencies, copied from this checkout
// No TypeScript runtime, no Electron, Vite or Playwright: `node DIR/relay.mjs …` is the whole of
// it. better-sqlite3 is a native module built for this machine's Node and CPU: build on (or for)
// the relay host's platform, or run `npm rebuild better-sqlite3` in DIR there.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { RELAY_BUNDLE_FILES } from './relay-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The relay's runtime packages: native (better-sqlite3) or with optional natives (pg). */
export const RELAY_RUNTIME_PACKAGES = ['pg', 'better-sqlite3'] as const;
// Optional peers pg only loads when asked for (native bindings, Cloudflare sockets): never used.
const NEVER_LOADED = ['pg-native', 'cloudflare:sockets'];

type PackageJson = {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

const readPackage = (dir: string): PackageJson =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;

/** Where Node would resolve `name` from `fromDir`'s package (nested node_modules first). */
function packageDir(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (path.basename(dir) !== 'node_modules' && existsSync(path.join(candidate, 'package.json')))
      return candidate;
    if (dir === ROOT || path.dirname(dir) === dir) return null;
  }
}

/** The runtime packages and everything they depend on (optional dependencies when installed). */
function runtimeClosure(): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, fromDir: string, optional: boolean) => {
    const dir = packageDir(name, fromDir);
    if (dir === null) {
      if (optional) return;
      throw new Error(`${name} is not installed (npm ci first).`);
    }
    const relative = path.relative(ROOT, dir);
    if (found.has(relative)) return;
    found.set(relative, dir);
    const manifest = readPackage(dir);
    for (const dependency of Object.keys(manifest.dependencies ?? {}))
      visit(dependency, dir, false);
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {}))
      visit(dependency, dir, true);
  };
  for (const name of RELAY_RUNTIME_PACKAGES) visit(name, ROOT, false);
  return found;
}

/** The relay's CLI and server as one ESM bundle, the runtime packages left to `import`. */
export async function bundleRelay(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'relay', 'cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: [...RELAY_RUNTIME_PACKAGES, ...NEVER_LOADED],
    // Bundled CommonJS dependencies may still call require(); give ESM one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
}

/**
 * The relay bundle and the hook that stops it with its parent (scripts/exit-with-parent.ts), in
 * `dir`, for startRelayProcess's bundleDir: run from there, the bundle finds its runtime packages
 * through `dir/node_modules` (a link to this checkout's).
 */
export async function bundleRelayProcess(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) symlinkSync(path.join(ROOT, 'node_modules'), modules, 'dir');
  await Promise.all([
    bundleRelay(path.join(dir, RELAY_BUNDLE_FILES.cli)),
    build({
      entryPoints: [path.join(ROOT, 'scripts', 'exit-with-parent.ts')],
      outfile: path.join(dir, RELAY_BUNDLE_FILES.exitWithParent),
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'warning',
    }),
  ]);
}

export async function buildRelay(outDir: string): Promise<{ packages: string[] }> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await bundleRelay(path.join(outDir, 'relay.mjs'));
  const root = readPackage(ROOT);
  const dependencies = Object.fromEntries(
    RELAY_RUNTIME_PACKAGES.map((name) => [
      name,
      readPackage(path.join(ROOT, 'node_modules', name)).version,
    ]),
  );
  writeFileSync(
    path.join(outDir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'countertop-relay',
        version: root.version,
        private: true,
        description: 'The Countertop relay: node relay.mjs --help',
        type: 'module',
        engines: { node: '>=22.12' },
        dependencies,
      },
      null,
      2,
    )}\n`,
  );
  const packages: string[] = [];
  for (const [relative, dir] of runtimeClosure()) {
    cpSync(dir, path.join(outDir, relative), {
      recursive: true,
      // better-sqlite3's sources and build intermediates are not needed at run time.
      filter: (source) =>
        !/[\\/](deps|src|build[\\/](Release[\\/])?(obj|\.deps))([\\/]|$)/.test(
          source.slice(dir.length),
        ),
    });
    packages.push(path.basename(relative));
  }
  return { packages: packages.sort() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--out');
  const outDir = path.resolve(
    at === -1 ? path.join(ROOT, 'dist', 'relay') : (process.argv[at + 1] ?? ''),
  );
  buildRelay(outDir)
    .then(({ packages }) =>
      console.log(
        `built ${path.relative(process.cwd(), outDir) || '.'}/relay.mjs with ${packages.join(', ')}`,
      ),
    )
    .catch((error: unknown) => {
      console.error(`build-relay: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}

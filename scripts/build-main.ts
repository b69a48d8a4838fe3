// Bundles the Electron main process and the preload for electron-builder (`npm run dist`):
// dist/main/app/electron-main.js (ESM, like package.json "main") and dist/preload/preload.cjs
// (a sandboxed preload must be a single CommonJS file). Native modules stay external.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE = ['electron', 'better-sqlite3', 'keytar'];

export const buildMain = async (): Promise<void> => {
  await Promise.all([
    build({
      entryPoints: [path.join(ROOT, 'main', 'app', 'electron-main.ts')],
      outfile: path.join(ROOT, 'dist', 'main', 'app', 'electron-main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      external: NATIVE,
      // Bundled CommonJS dependencies may still call require(); give ESM one.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      sourcemap: true,
      logLevel: 'warning',
    }),
    build({
      entryPoints: [path.join(ROOT, 'preload', 'preload.ts')],
      outfile: path.join(ROOT, 'dist', 'preload', 'preload.cjs'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'chrome130',
      external: ['electron'],
      sourcemap: true,
      logLevel: 'warning',
    }),
  ]);
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildMain()
    .then(() => console.log('built dist/main/app/electron-main.js and dist/preload/preload.cjs'))
    .catch((error: unknown) => {
      console.error(`build-main: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}

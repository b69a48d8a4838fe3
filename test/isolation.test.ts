// The node, integration and e2e projects share their workers' modules between files
// (vitest.config.ts): a module mocked or an environment variable set by one file would reach the
// files after it in the same worker, and fail them or not depending on the order. Such a file runs
// isolated instead (the node-isolated project; an end-to-end file would need one of its own).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ISOLATED_FILES } from './isolated-files';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED_FOLDERS = ['kit', 'main', 'preload', 'shared', 'sandbox', 'relay', 'test'];
/** What carries over to the next file in a shared worker. */
const CARRIES_OVER =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.chdir\(/;

const testFiles = (): string[] =>
  SHARED_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
      .filter((file) => /\.test\.tsx?$/.test(file)),
  );

it('no file of the shared-module projects mocks a module or changes process.env', () => {
  const files = testFiles();
  expect(files.length).toBeGreaterThan(100);
  const offending = files.filter(
    (file) =>
      !ISOLATED_FILES.includes(file) &&
      CARRIES_OVER.test(readFileSync(path.join(ROOT, file), 'utf8')),
  );
  expect(offending).toEqual([]);
  // Each isolated file still needs it (a file cleaned up moves back to the shared project).
  for (const file of ISOLATED_FILES)
    expect(CARRIES_OVER.test(readFileSync(path.join(ROOT, file), 'utf8')), file).toBe(true);
});

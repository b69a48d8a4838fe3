// `npm run bench -- --list` names every benchmark with the environment variables it reads, the
// bench README describes every one, and a name that matches no benchmark is refused.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
    timeout: 30_000,
  });

const benches = readdirSync('bench').filter((name) => name.endsWith('.bench.ts'));

it('--list names every benchmark and the environment variables each reads', async () => {
  const { stdout } = await run('--list');
  const lines = stdout.split('\n');
  for (const file of benches) {
    const name = file.replace(/\.bench\.ts$/, '');
    const at = lines.findIndex((line) => line.startsWith(`${name} `));
    expect(at, `${name} is listed`).toBeGreaterThan(-1);
    expect(lines[at]!.slice(name.length).trim().length, `${name} has a title`).toBeGreaterThan(10);
    const env = [...readFileSync(`bench/${file}`, 'utf8').matchAll(/process\.env\.([A-Z0-9_]+)/g)];
    for (const [, variable] of env) {
      const block = lines.slice(at, at + 2).join('\n');
      expect(block, `${name} names ${variable}`).toContain(variable);
    }
  }
  expect(stdout).toContain('SOAK_HOURS');
});

it('bench/README.md describes every benchmark and names every variable they read', () => {
  const readme = readFileSync('bench/README.md', 'utf8');
  for (const file of benches) {
    expect(readme, file).toContain(`| \`${file}\``);
    for (const [, variable] of readFileSync(`bench/${file}`, 'utf8').matchAll(
      /process\.env\.([A-Z0-9_]+)/g,
    ))
      expect(readme, `${file}: ${variable}`).toContain(variable);
  }
});

it('a name no benchmark has is refused, pointing at --list', async () => {
  const failed = await run('no-such-bench').then(
    () => null,
    (error: unknown) => error as { code: number; stderr: string },
  );
  expect(failed?.code).toBe(2);
  expect(failed?.stderr).toMatch(/no benchmark's name contains no-such-bench/);
  expect(failed?.stderr).toContain('--list');
});

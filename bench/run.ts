// Runs every bench/*.bench.ts in turn, each in its own process so one benchmark's memory and
// open sockets cannot skew the next, and prints their figures followed by a summary that names
// every target missed (bench-summary.ts).
// `--list` names each benchmark with the first words of its header and the environment
// variables it reads, both taken from the file itself, so the list cannot fall behind it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise, type BenchOutcome } from './bench-summary';

const here = fileURLToPath(new URL('.', import.meta.url));
const USAGE = `usage: npm run bench [-- NAME...]   runs every bench/*.bench.ts, or those whose file name contains a NAME
       npm run bench -- --list        names each benchmark and the environment variables it reads
Figures and targets of each: bench/README.md.`;

const args = process.argv.slice(2);
const all = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();

/** The header comment's first clause: what the file's own first line says it measures. */
const titleOf = (source: string): string => {
  const header: string[] = [];
  for (const line of source.split('\n')) {
    const match = /^\/\/ ?(.*)$/.exec(line);
    if (!match) break;
    header.push(match[1]!.trim());
  }
  const text = header.join(' ');
  const end = text.search(/[.:](\s|$)/);
  return end > 0 ? text.slice(0, end) : text;
};

const envOf = (source: string): string[] =>
  [...new Set([...source.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!))].sort();

if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
} else if (args.includes('--list')) {
  const width = Math.max(...all.map((file) => file.length - '.bench.ts'.length));
  for (const file of all) {
    const source = readFileSync(join(here, file), 'utf8');
    const env = envOf(source);
    console.log(`${file.replace(/\.bench\.ts$/, '').padEnd(width)}  ${titleOf(source)}`);
    if (env.length > 0) console.log(`${' '.repeat(width)}  environment: ${env.join(', ')}`);
  }
  console.log(`\nnpm run bench -- NAME runs one; figures and targets: bench/README.md.`);
} else {
  const unknown = args.filter((arg) => arg.startsWith('-'));
  const files = all.filter(
    (name) => args.length === 0 || args.some((filter) => name.includes(filter)),
  );
  if (unknown.length > 0 || files.length === 0) {
    console.error(
      unknown.length > 0
        ? `npm run bench: unknown option ${unknown.join(' ')}`
        : `npm run bench: no benchmark's name contains ${args.join(' or ')}; npm run bench -- --list names them.`,
    );
    console.error(USAGE);
    process.exit(2);
  }
  await runAll(files);
}

async function runAll(files: string[]): Promise<void> {
  const results: BenchOutcome[] = [];
  for (const file of files) {
    console.log(`\n=== ${file} ===`);
    const started = performance.now();
    // Its output is shown as it comes and kept, for the summary to name the targets it missed.
    let output = '';
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(here, file)], {
        cwd: join(here, '..'),
        stdio: ['inherit', 'pipe', 'inherit'],
      });
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        output += chunk.toString();
      });
      child.on('close', resolve);
    });
    results.push({ file, code, seconds: (performance.now() - started) / 1000, output });
  }

  console.log('\n=== summary ===');
  const { lines, failed } = summarise(results);
  for (const line of lines) console.log(line);
  process.exitCode = failed ? 1 : 0;
}

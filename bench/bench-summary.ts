// The summary `npm run bench` prints after every benchmark ran: each one's outcome and, for one
// that missed a target, the lines that say which. A benchmark's exit code alone does not say what
// was missed, and one that printed a missed target but exited 0 would read as "ok".

export type BenchOutcome = { file: string; code: number | null; seconds: number; output: string };

/**
 * A benchmark's lines that report a missed target, in the words the benchmarks use ("MISSES
 * target" from relay-bench-kit.ts's verdict, "MISSED", "FAIL"), trimmed, each once.
 */
export const missedTargets = (output: string): string[] => [
  ...new Set(
    output
      .split('\n')
      .filter((line) => /\bMISSES target\b|\bMISSED\b|\bFAIL\b/.test(line))
      .map((line) => line.trim()),
  ),
];

/** The summary's lines; `failed` when any benchmark missed a target or did not finish. */
export const summarise = (results: BenchOutcome[]): { lines: string[]; failed: boolean } => {
  const lines: string[] = [];
  let failed = false;
  for (const { file, code, seconds, output } of results) {
    const missed = missedTargets(output);
    const status =
      missed.length > 0 ? 'MISSED' : code === 0 ? 'ok    ' : `FAILED (exit ${code ?? 'signal'})`;
    if (status !== 'ok    ') failed = true;
    lines.push(`${status} ${file} (${seconds.toFixed(1)} s)`);
    for (const line of missed) lines.push(`         ${line}`);
    if (missed.length > 0 && code !== 0 && code !== 1) lines.push(`         and exited ${code}`);
  }
  return { lines, failed };
};

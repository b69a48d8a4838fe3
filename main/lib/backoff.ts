/** Full-jitter exponential backoff (AWS architecture blog): random in [0, min(cap, base·2^n)). */
export const fullJitterDelay = (
  attempt: number,
  {
    baseMs = 1000,
    capMs = 60_000,
    random = Math.random,
  }: { baseMs?: number; capMs?: number; random?: () => number } = {},
): number => {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
};

/** The wait before the next attempt: at least what the server asked for with Retry-After. */
export const retryDelay = (
  attempt: number,
  retryAfterMs: number | null,
  options?: Parameters<typeof fullJitterDelay>[1],
): number => Math.max(retryAfterMs ?? 0, fullJitterDelay(attempt, options));

// The one way tests (and benchmarks) wait: poll a condition until it holds, never sleep a fixed
// time before an assertion. A loaded 2-core machine can be several times slower than a quiet one;
// a condition holds as soon as it is true, whatever the load.
//
// Not built on vi.waitFor: the benchmarks run this through test/core/harness.ts under tsx, outside
// vitest, where vi.waitFor throws ("Vitest failed to access its internal state"). A test that fakes
// timers uses vi.waitFor directly, as this loop waits with the real setTimeout.

export type WaitOptions = {
  /** Give up after this long (default 10 s: generous, since a condition returns as soon as it holds). */
  timeoutMs?: number;
  /** Pause between checks (default 25 ms). */
  intervalMs?: number;
  /** What is awaited, for the timeout's message. */
  message?: string;
};

/**
 * Resolves with the condition's first value that is neither `undefined` nor `false`. The condition
 * may also throw (e.g. an `expect`) until it holds; on timeout the last error is in the message.
 */
export const waitFor = async <T>(
  condition: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 25, message = 'a condition' }: WaitOptions = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${message}${last ? `: ${String(last)}` : ''}`, {
        cause: last,
      });
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

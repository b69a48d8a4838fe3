import type { Bucket, SlotView } from './terminal-records';

export type RateLimit = { perSecond: number; burst: number };

/**
 * Token buckets per key; an answer in seconds says when the next request would be allowed. The
 * buckets live where the caller keeps them: a terminal's in its record (terminal-records.ts).
 */
export function createRateLimiter(
  limit: RateLimit,
  now: () => number,
  buckets: SlotView<Bucket> = new Map<string, Bucket>(),
) {
  return {
    /** Returns 0 when allowed, else the seconds to wait. */
    take(key: string): number {
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: time };
      bucket.tokens = Math.min(
        limit.burst,
        bucket.tokens + ((time - bucket.at) / 1000) * limit.perSecond,
      );
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
    },
    /** Charges polls another instance let through for this key (the bucket may go below zero). */
    debit(key: string, count: number): void {
      if (count <= 0) return;
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: time };
      bucket.tokens =
        Math.min(limit.burst, bucket.tokens + ((time - bucket.at) / 1000) * limit.perSecond) -
        count;
      bucket.at = time;
      buckets.set(key, bucket);
    },
    /** Forgets full buckets, so the map holds only recently active keys. */
    sweep(): void {
      const time = now();
      for (const [key, bucket] of buckets.entries()) {
        if (bucket.tokens + ((time - bucket.at) / 1000) * limit.perSecond >= limit.burst)
          buckets.delete(key);
      }
    },
  };
}

export type RateLimit = { perSecond: number; burst: number };

/** Token buckets per key; an answer in seconds says when the next request would be allowed. */
export function createRateLimiter(limit: RateLimit, now: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
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
      for (const [key, bucket] of buckets) {
        if (bucket.tokens + ((time - bucket.at) / 1000) * limit.perSecond >= limit.burst)
          buckets.delete(key);
      }
    },
  };
}

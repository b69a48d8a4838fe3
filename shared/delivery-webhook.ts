// The delivery webhook's resend policy, declared once: the terminal (today) or the relay registers
// the webhook with it, and the relay derives from it how old a genuine event can be when it
// arrives (docs/platform.md#delivery-event-freshness).

export type RetryBackoff = { exponent_base: number; max_retry_count: number };

/** Resend n comes base^n seconds after try n (docs/platform.md#delivery-event-retries). */
export const DELIVERY_RETRY_BACKOFF: RetryBackoff = { exponent_base: 2, max_retry_count: 6 };

/** Seconds from an event's first try to its last resend: the sum of base^n for n = 1…max. */
export const retrySpanSeconds = (backoff: RetryBackoff): number => {
  let total = 0;
  for (let n = 1; n <= backoff.max_retry_count; n += 1) total += backoff.exponent_base ** n;
  return total;
};

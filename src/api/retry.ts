/** How the client retries transient failures of idempotent calls. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After the client waits for inside one execution; longer ones are returned as errors. */
  maxRetryAfterMs: number;
}

/**
 * Six attempts: a fetchAll round fails as a whole when one of its requests times out (Apps Script
 * throws for the batch), so on a flaky hub a request may lose several rounds through no fault of
 * its own. Backoff waits 0.5 + 1 + 2 + 4 + 8 s at most in all.
 */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 10_000 };

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1): exponential with full jitter,
 * never shorter than what the hub asked for in Retry-After.
 */
export function backoffDelay(policy: RetryPolicy, attempt: number, retryAfterMs: number | null, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}

/**
 * Sliding-window rate limiter on the emulator clock (Get Orders: 1 call per minute by default).
 * Counted per token; a refused call does not count, so a client that obeys Retry-After gets in.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();

  /** Counts the call and returns 0, or returns the seconds to wait (the call is not counted). */
  take(key: string, now: number, calls: number, windowMs: number): number {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (recent.length >= calls) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[recent.length - calls] + windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    return 0;
  }

  reset(): void {
    this.hits.clear();
  }
}

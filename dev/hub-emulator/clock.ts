/**
 * The emulator clock: real time plus an offset that the admin API can move. Token expiry, the
 * Get Orders rate limit, job progress and new order dates all read this clock, so a test can
 * "wait a minute" or "wait a week" in one call instead of sleeping.
 */
export class Clock {
  offsetMs = 0;

  constructor(startAt?: number) {
    if (startAt !== undefined) this.set(startAt);
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** Makes `now()` answer `epochMs` at this instant; time keeps running from there. */
  set(epochMs: number): void {
    this.offsetMs = epochMs - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * The emulator clock: real time plus an offset that the admin API can move. Token expiry, the
 * Get Orders rate limit, job progress and new order dates all read this clock, so a test can
 * "wait a minute" or "wait a week" in one call instead of sleeping.
 *
 * Frozen, it moves only when told (`set`, `advance`): the test kit freezes it and sets it to the
 * runtime emulator's virtual time before every fetch, so what the hub has done by a request
 * (jobs processed, rate-limit windows) depends on virtual time alone, not on how much real time
 * a busy machine took between two requests.
 */
export class Clock {
  offsetMs = 0;
  /** The time it shows while frozen; null while it runs. */
  private frozenAt: number | null = null;

  constructor(startAt?: number) {
    if (startAt !== undefined) this.set(startAt);
  }

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  /** Makes `now()` answer `epochMs` at this instant; unless frozen, time keeps running from there. */
  set(epochMs: number): void {
    this.offsetMs = epochMs - Date.now();
    if (this.frozenAt !== null) this.frozenAt = epochMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
    if (this.frozenAt !== null) this.frozenAt += ms;
  }

  /** Stops the clock at its current time (true) or lets it run on from there (false). */
  freeze(frozen: boolean): void {
    if (frozen === this.frozen) return;
    const at = this.now();
    this.frozenAt = frozen ? at : null;
    if (!frozen) this.set(at);
  }
}

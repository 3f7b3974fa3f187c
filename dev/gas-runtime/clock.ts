/**
 * The virtual clock shared by a world. Service calls advance it by their cost (see costs.ts), so
 * time in the emulator is deterministic and independent of how fast the host is; only fetches
 * charge their measured real latency.
 */
export class VirtualClock {
  private t: number;

  constructor(startMs: number) {
    this.t = startMs;
  }

  /** Current virtual time in ms (may carry a fraction; Date inside the bundle sees it floored). */
  now(): number {
    return this.t;
  }

  /** Moves forward by `ms` (negative values are ignored: time never runs backwards). */
  advance(ms: number): void {
    if (ms > 0) this.t += ms;
  }

  /** Moves forward to `ms` if it is later than now. */
  advanceTo(ms: number): void {
    if (ms > this.t) this.t = ms;
  }
}

import type { BackgroundKind } from './schema';

/** Background work that should be running, how often, since when and whose it is. */
export interface Expectation {
  kind: BackgroundKind;
  intervalMs: number;
  /** When the work became due (schedule switched on, job sent, push handed to the trigger). */
  since: number;
  owner: string;
}

/**
 * Work is not running when more than twice its interval passed without success (one missed run is
 * a slow trigger; two in a row mean the trigger is gone or failing), and at least 10 minutes: a
 * schedule of a minute waits on the hub's rate limit of one call a minute without failing.
 */
const FLOOR_MS = 10 * 60_000;

/** True when `expected.since` is too long ago for its interval. */
export function isStale(expected: Expectation, now: number): boolean {
  return now - expected.since > Math.max(2 * expected.intervalMs, FLOOR_MS);
}

/** Since when the work has not succeeded, when that makes it stale; else null. */
export function staleSince(expected: Expectation, lastSuccess: number | undefined, now: number): number | null {
  const since = Math.max(expected.since, lastSuccess ?? Number.NEGATIVE_INFINITY);
  return isStale({ ...expected, since }, now) ? since : null;
}

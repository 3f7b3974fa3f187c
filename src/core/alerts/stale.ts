import type { BackgroundKind } from './schema';

/** Background work that should be running, how often, since when and whose it is. */
export interface Expectation {
  kind: BackgroundKind;
  intervalMs: number;
  /** When the work became due (schedule switched on, job sent, push handed to the trigger). */
  since: number;
  owner: string;
  /** The Marketplace add-on's work: its hourly trigger stops where the add-on is turned off (the alert says so). */
  addon?: boolean;
}

/**
 * What a stale alert of the add-on adds: its one hourly trigger lives in the spreadsheet where it
 * was created and Google stops it while the add-on is turned off there (editor add-on trigger
 * restrictions); opening the sidebar elsewhere creates it again (background/trigger-home.ts).
 */
export const ADDON_TRIGGER_STOPPED =
  "The add-on's hourly trigger stops when Hub Sync is turned off (Extensions \u203a Add-ons \u203a Manage add-ons) in the spreadsheet where it was set up.";

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

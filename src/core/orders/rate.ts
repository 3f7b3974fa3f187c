/**
 * The Get Orders rate limit, shared by every execution on the document (every user, the
 * schedule, the menu): the time of the last call and any Retry-After deadline live in document
 * properties and are written under the document lock, but for the idle import's calls (their own
 * key). Nobody sleeps to wait: a caller that is early leaves and says when the next call is
 * possible.
 */
import type { KeyValueStore } from '../kernel/ports';

const RATE_KEY = 'orders.rate';

export interface RateState {
  /** When the last Get Orders call was started (recorded before sending: a killed execution still counts it). */
  lastCallAt: number | null;
  /** Not before this time (from the hub's Retry-After). */
  notBefore: number | null;
}

/**
 * Added to every interval (at most a tenth of it): the hub times calls by its own clock, and the
 * moment a request reaches it varies with network latency. Calls exactly one interval apart are
 * refused now and then (measured: about one in five against the emulator, at 1 ms of jitter), so
 * a call waits a little longer. With a 1-minute schedule this means a call every other run.
 */
export const CLOCK_SLACK_MS = 2_000;

/** Milliseconds between calls for a calls-per-minute setting, slack included. */
export function callInterval(callsPerMinute: number): number {
  const interval = Math.ceil(60_000 / callsPerMinute);
  return interval + Math.min(CLOCK_SLACK_MS, Math.ceil(interval / 10));
}

/** The earliest time the next call may start. */
export function nextCallAt(state: RateState, callsPerMinute: number): number {
  const byInterval = state.lastCallAt === null ? Number.NEGATIVE_INFINITY : state.lastCallAt + callInterval(callsPerMinute);
  return Math.max(byInterval, state.notBefore ?? Number.NEGATIVE_INFINITY);
}

/** After a 429: the hub's Retry-After, or one interval when it sent none. */
export function afterRateLimit(state: RateState, now: number, retryAfterMs: number | null, callsPerMinute: number): RateState {
  return { ...state, notBefore: now + (retryAfterMs ?? callInterval(callsPerMinute)) };
}

/**
 * The time of the last call made without the lock (the idle import's), in its own key: that
 * writer never rewrites RATE_KEY, whose Retry-After a locked import may store during its call.
 */
const UNLOCKED_CALL_KEY = 'orders.unlockedCall';

function parsed(store: KeyValueStore, key: string): Partial<RateState> | null {
  try {
    return JSON.parse(store.get(key) ?? 'null') as Partial<RateState> | null;
  } catch {
    return null;
  }
}

/** The rate limit's state: the later of the two last calls, and the hub's Retry-After. */
export function readRate(store: KeyValueStore): RateState {
  const locked = parsed(store, RATE_KEY);
  const unlocked = num(parsed(store, UNLOCKED_CALL_KEY)?.lastCallAt);
  const last = num(locked?.lastCallAt);
  return { lastCallAt: unlocked !== null && (last === null || unlocked > last) ? unlocked : last, notBefore: num(locked?.notBefore) };
}

/** The entry recording a call made without the lock, at `at`. */
export function unlockedCallEntry(at: number): Record<string, string> {
  return { [UNLOCKED_CALL_KEY]: JSON.stringify({ lastCallAt: at }) };
}

export function writeRate(store: KeyValueStore, state: RateState): void {
  store.set(RATE_KEY, JSON.stringify(state));
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

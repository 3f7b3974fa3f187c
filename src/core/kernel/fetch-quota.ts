/**
 * The day's UrlFetch calls. Google allows 20,000 UrlFetch calls a day to a consumer account and
 * 100,000 to Google Workspace, and says "Quotas are per user and reset 24 hours after the first
 * request" (https://developers.google.com/apps-script/guides/services/quotas). Apps Script does
 * not tell a script how much of it is left, so the add-on counts the calls it makes itself
 * (src/platform/transport.ts counts, the end of each execution records: fetch-store.ts) in a
 * window that opens with the first call counted and closes 24 hours later, as Google's does. Calls
 * made by other scripts of the same user are not seen: what is left is at most what is said.
 * Pure arithmetic.
 */
import type { Settings } from './settings-schema';

/** Google's daily UrlFetch calls by account type. */
export const FETCH_QUOTA = { consumer: 20_000, workspace: 100_000 } as const;

/** A quota window: Google's resets 24 hours after its first request. */
export const FETCH_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The calls counted in the window open now. */
export interface FetchWindow {
  /** When the window's first call was made (epoch ms). */
  since: number;
  calls: number;
}

/** The window still open at `now`, or null (none counted, or 24 hours have passed: the quota is whole again). */
export function openWindow(window: FetchWindow | null, now: number): FetchWindow | null {
  return window !== null && now < window.since + FETCH_WINDOW_MS ? window : null;
}

/** The window after `calls` more at `now`: the first call after a window closed opens a new one. */
export function addCalls(window: FetchWindow | null, calls: number, now: number): FetchWindow {
  const open = openWindow(window, now);
  return open ? { since: open.since, calls: open.calls + calls } : { since: now, calls };
}

/** The account's daily quota, from the account type the settings give (Settings › Background). */
export function fetchQuota(settings: Pick<Settings, 'runtime'>): number {
  return FETCH_QUOTA[settings.runtime.account];
}

/** What the day's quota holds now: used (as counted), left, and when it is whole again (null: nothing used). */
export interface FetchDay {
  quota: number;
  used: number;
  left: number;
  resetsAt: number | null;
}

export function fetchDay(window: FetchWindow | null, quota: number, now: number): FetchDay {
  const open = openWindow(window, now);
  const used = open?.calls ?? 0;
  return { quota, used, left: Math.max(0, quota - used), resetsAt: open ? open.since + FETCH_WINDOW_MS : null };
}

/**
 * What pressing a preview's button costs, in the seller's words: the hub requests, the UrlFetch
 * calls of the day's quota they take and how many are left, and roughly how long it takes. Shared
 * by every preview (a push's, an undo's, the push question) and by the sidebar, whose bundle takes
 * this file: no imports but the words' helper.
 */
import { countOf } from '../../sheet/count-words';

export interface SendCost {
  /** Hub requests the button makes: reading the hub again to check, sending, reading an async job's results once. */
  requests: number;
  /** UrlFetch calls they take of the day's quota: one per request (fetchAll counts each of its requests). */
  calls: number;
  /** The day's UrlFetch quota of the account type in Settings (20,000 consumer, 100,000 Workspace). */
  quota: number;
  /** Calls left today as the add-on counted its own (other scripts of the same Google account are not seen). */
  left: number;
  /** When the counted window is whole again, in the spreadsheet's time zone; null when nothing was counted. */
  resetsAt: string | null;
  /** Roughly how long it takes, in seconds. */
  seconds: number;
}

const n = (x: number): string => x.toLocaleString('en-US');

/** "about 4 s", "about 3 min": rounded the way a seller reads a wait. */
export function aboutDuration(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds))} s`;
  return `about ${Math.round(seconds / 60)} min`;
}

/** The cost line: "12 hub requests · 12 UrlFetch calls of 20,000 today (19,640 left) · about 4 s". */
export function costLine(c: SendCost): string {
  return `${countOf(c.requests, 'hub request')} \u00B7 ${countOf(c.calls, 'UrlFetch call')} of ${n(c.quota)} today (${n(c.left)} left) \u00B7 ${aboutDuration(c.seconds)}`;
}

/** One sentence, said first, when the calls would not fit in what is left today; null when they fit. */
export function overQuotaLine(c: SendCost, what: string): string | null {
  if (c.calls <= c.left) return null;
  const when = c.resetsAt ? `after ${c.resetsAt}` : 'tomorrow';
  return `${what} needs ${n(c.calls)} UrlFetch calls but only ${n(c.left)} of today's ${n(c.quota)} are left, so it would stop part-way: send fewer rows (select them and push Selected rows), or wait until ${when}, when Google's daily quota is whole again.`;
}

/** The cost's lines for a summary: the warning (when over) first, the cost line after the rest. */
export function costLines(c: SendCost | undefined, what: string): { first: string[]; last: string[] } {
  if (!c) return { first: [], last: [] };
  const over = overQuotaLine(c, what);
  return { first: over ? [over] : [], last: [`${what}: ${costLine(c)}.`] };
}

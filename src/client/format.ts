/** Small text formatters for the sidebar (pure: unit-tested without a DOM). */
import { countOf } from '../sheet/count-words';
import { zonedDateTime } from '../core/kernel/time';

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** `1 row`, `2 rows`. */
export const plural = countOf;

/** Epoch ms or an ISO string as a number, or null when it is not a date. */
export function toEpoch(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** A time zone for display: the browser's, UTC, or an IANA name (the spreadsheet's). */
export type Zone = 'local' | 'utc' | string;

/**
 * The zone times are shown in when a caller names none: the spreadsheet's time zone once the
 * sidebar has its state, so the sidebar, the Log and the result columns show the same clock time.
 */
let displayZone: Zone = 'local';
export function setDisplayZone(zone: Zone | null | undefined): void {
  displayZone = zone || 'local';
}

/**
 * `2024-05-01 14:03` in the spreadsheet's time zone (see setDisplayZone; the browser's before
 * it is known, UTC for tests). Text that is not a date is returned as is, so a hand-edited Log
 * cell still shows something.
 */
export function formatDateTime(value: number | string | null | undefined, zone: Zone = displayZone): string {
  const ms = toEpoch(value);
  if (ms === null) return value === null || value === undefined ? '' : String(value);
  if (zone !== 'local' && zone !== 'utc') {
    const zoned = zonedDateTime(ms, zone);
    if (zoned) return zoned;
  }
  const d = new Date(ms);
  const utc = zone === 'utc';
  const y = utc ? d.getUTCFullYear() : d.getFullYear();
  const mo = (utc ? d.getUTCMonth() : d.getMonth()) + 1;
  const day = utc ? d.getUTCDate() : d.getDate();
  const hh = utc ? d.getUTCHours() : d.getHours();
  const mi = utc ? d.getUTCMinutes() : d.getMinutes();
  return `${y}-${pad(mo)}-${pad(day)} ${pad(hh)}:${pad(mi)}`;
}

/** `45 s`, `3 min 20 s`, `2 h 5 min`, `3 days 4 h`: the two largest units, rounded down. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return s % 60 ? `${min} min ${s % 60} s` : `${min} min`;
  const hours = Math.floor(min / 60);
  if (hours < 24) return min % 60 ? `${hours} h ${min % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${plural(days, 'day')} ${hours % 24} h` : plural(days, 'day');
}

/** `in 5 h` / `3 min ago`, relative to `now`. */
export function formatRelative(at: number, now: number): string {
  const diff = at - now;
  if (Math.abs(diff) < 60_000) return diff >= 0 ? 'in less than a minute' : 'just now';
  return diff > 0 ? `in ${formatDuration(diff)}` : `${formatDuration(-diff)} ago`;
}

/** Whole percent of done/total, never above 100; 0 for an empty total. */
export function percent(done: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}

/** `42 %` */
export function formatPercent(done: number, total: number): string {
  return `${percent(done, total)} %`;
}

/** Seconds as the Log sheet stores them (`3.4`) → `3.4 s`; empty for a blank cell. */
export function formatSeconds(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === '' || value === null || value === undefined || !Number.isFinite(n)) return '';
  return `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
}

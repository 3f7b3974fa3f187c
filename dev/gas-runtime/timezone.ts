/**
 * Wall-clock parts of an instant in a time zone, and back, using the host's Intl data. Accepts
 * IANA names ("Europe/Madrid") and fixed offsets ("GMT+2", "GMT-03:30", "UTC"), as Apps Script's
 * Utilities.formatDate does.
 */

export interface ZonedParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** 0 = Sunday */
  weekday: number;
  /** Minutes east of UTC at that instant. */
  offsetMinutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function fixedOffset(tz: string): number | null {
  if (/^(UTC|GMT|Z)$/i.test(tz)) return 0;
  const m = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(tz);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Throws RangeError for an unknown zone name. */
export function offsetMinutesAt(ms: number, tz: string): number {
  const fixed = fixedOffset(tz);
  if (fixed !== null) return fixed;
  const parts = formatter(tz).formatToParts(new Date(Math.floor(ms / 1000) * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

/** Wall-clock parts of `ms` in `tz`. */
export function zonedParts(ms: number, tz: string): ZonedParts {
  const offsetMinutes = offsetMinutesAt(ms, tz);
  const d = new Date(ms + offsetMinutes * 60000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
    offsetMinutes,
  };
}

/** The instant whose wall clock in `tz` reads the given parts (month 1-12). */
export function zonedToEpoch(tz: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Two passes settle the offset even next to a daylight-saving change.
  let t = wall - offsetMinutesAt(wall, tz) * 60000;
  t = wall - offsetMinutesAt(t, tz) * 60000;
  return t;
}

/** True when `tz` is a zone the host can resolve. */
export function isValidTimeZone(tz: string): boolean {
  try {
    offsetMinutesAt(0, tz);
    return true;
  } catch {
    return false;
  }
}

/** Short zone name at an instant ("EST", "GMT+02:00") as SimpleDateFormat's "z". */
export function zoneAbbreviation(ms: number, tz: string, long = false): string {
  const fixed = fixedOffset(tz);
  if (fixed !== null) return fixed === 0 ? (long ? 'Coordinated Universal Time' : 'UTC') : `GMT${formatOffset(fixed, true)}`;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: long ? 'long' : 'short' }).formatToParts(new Date(ms));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? tz;
}

/** "+0100" or "+01:00". */
export function formatOffset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return colon ? `${sign}${hh}:${mm}` : `${sign}${hh}${mm}`;
}

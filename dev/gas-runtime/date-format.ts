import { formatOffset, zoneAbbreviation, zonedParts, type ZonedParts } from './timezone';

/**
 * Java SimpleDateFormat patterns, as Utilities.formatDate(date, timeZone, pattern) takes them:
 * G y Y M L w W D d F E u a H k K h m s S z Z X, with 'quoted text' and '' for a quote.
 * English names only (Apps Script formats with the script's locale; en is the common case).
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function pad(n: number, width: number): string {
  const s = String(Math.abs(n));
  return (n < 0 ? '-' : '') + (s.length >= width ? s : '0'.repeat(width - s.length) + s);
}

function dayOfYear(p: ZonedParts): number {
  return Math.round((Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86400000) + 1;
}

/** ISO-like week of year with Sunday start and minimal days 1 (Java's en_US default). */
function weekOfYear(p: ZonedParts): number {
  const jan1 = new Date(Date.UTC(p.year, 0, 1)).getUTCDay();
  return Math.floor((dayOfYear(p) - 1 + jan1) / 7) + 1;
}

function field(letter: string, count: number, p: ZonedParts, ms: number, tz: string): string {
  switch (letter) {
    case 'G':
      return 'AD';
    case 'y':
    case 'Y':
      return count === 2 ? pad(p.year % 100, 2) : pad(p.year, count);
    case 'M':
    case 'L':
      if (count >= 4) return MONTHS[p.month - 1];
      if (count === 3) return MONTHS[p.month - 1].slice(0, 3);
      return pad(p.month, count);
    case 'w':
      return pad(weekOfYear(p), count);
    case 'W':
      return pad(Math.floor((p.day - 1 + new Date(Date.UTC(p.year, p.month - 1, 1)).getUTCDay()) / 7) + 1, count);
    case 'D':
      return pad(dayOfYear(p), count);
    case 'd':
      return pad(p.day, count);
    case 'F':
      return pad(Math.floor((p.day - 1) / 7) + 1, count);
    case 'E':
      return count >= 4 ? DAYS[p.weekday] : DAYS[p.weekday].slice(0, 3);
    case 'u':
      return pad(p.weekday === 0 ? 7 : p.weekday, count);
    case 'a':
      return p.hour < 12 ? 'AM' : 'PM';
    case 'H':
      return pad(p.hour, count);
    case 'k':
      return pad(p.hour === 0 ? 24 : p.hour, count);
    case 'K':
      return pad(p.hour % 12, count);
    case 'h':
      return pad(p.hour % 12 === 0 ? 12 : p.hour % 12, count);
    case 'm':
      return pad(p.minute, count);
    case 's':
      return pad(p.second, count);
    case 'S':
      return pad(p.ms, Math.max(count, 3)).slice(0, Math.max(count, 3));
    case 'z':
      return zoneAbbreviation(ms, tz, count >= 4);
    case 'Z':
      return formatOffset(p.offsetMinutes, false);
    case 'X':
      if (p.offsetMinutes === 0) return 'Z';
      if (count === 1) return formatOffset(p.offsetMinutes, false).slice(0, 3);
      return formatOffset(p.offsetMinutes, count >= 3);
    default:
      throw new Error(`Illegal pattern character '${letter}'`);
  }
}

/** Formats epoch ms in `tz` with a SimpleDateFormat pattern. */
export function formatSimpleDate(ms: number, tz: string, pattern: string): string {
  const p = zonedParts(ms, tz);
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === "'") {
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      const end = pattern.indexOf("'", i + 1);
      const stop = end < 0 ? pattern.length : end;
      out += pattern.slice(i + 1, stop);
      i = stop + 1;
      continue;
    }
    if (/[A-Za-z]/.test(ch)) {
      let j = i;
      while (pattern[j] === ch) j++;
      out += field(ch, j - i, p, ms, tz);
      i = j;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

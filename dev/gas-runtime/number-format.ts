import { dateMs, isDate } from './realm';
import { zonedParts, zonedToEpoch } from './timezone';
import { DEFAULT_NUMBER_FORMAT, type CellValue } from './values';

/**
 * getDisplayValues: a simplified rendering of Sheets number formats (en-US locale).
 * - Number patterns: 0 # placeholders, "," thousands, "." decimals, "%", literal prefix/suffix
 *   ("$", quoted text), up to three ";" sections (positive;negative;zero).
 * - Date patterns: y yy yyyy, m mm mmm mmmm (minutes after h / before s), d dd ddd dddd,
 *   h hh, s ss, .000, AM/PM, quoted text.
 * - The default format ("0.###############", what an unformatted cell reports), "General" and
 *   "@" (plain text) show numbers like Sheets' automatic format (integers in full below 1e15,
 *   others to 10 significant digits: 0.1 + 0.2 shows "0.3") and Dates as "M/d/yyyy H:mm:ss"
 *   ("M/d/yyyy" at midnight).
 * - Patterns round half up on the number's first 15 significant digits (see fixed()).
 * Not emulated: scientific patterns, fractions, colors, conditions, locales other than en-US.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);

/** Shows a stored value the way Sheets displays it with number format `format`. */
export function displayValue(v: CellValue | '' | undefined, format: string | undefined, tz: string): string {
  if (v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  const fmt = format ?? DEFAULT_NUMBER_FORMAT;
  if (isDate(v)) {
    const ms = dateMs(v);
    if (isDateFormat(fmt)) return formatSheetsDate(ms, tz, fmt);
    if (fmt === DEFAULT_NUMBER_FORMAT || fmt === '' || fmt === '@') {
      const p = zonedParts(ms, tz);
      const midnight = p.hour === 0 && p.minute === 0 && p.second === 0;
      return formatSheetsDate(ms, tz, midnight ? 'M/d/yyyy' : 'M/d/yyyy H:mm:ss');
    }
    return formatNumber(toSerial(ms, tz), fmt);
  }
  if (fmt === '@' || fmt === DEFAULT_NUMBER_FORMAT || fmt === '' || /^general$/i.test(fmt)) return generalNumber(v);
  if (isDateFormat(fmt)) return formatSheetsDate(fromSerial(v, tz), tz, fmt);
  return formatNumber(v, fmt);
}

/** Sheets' automatic number display. */
export function generalNumber(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '#NUM!' : n < 0 ? '-#NUM!' : '#NUM!';
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(10))).replace(/e([+-])/, 'E$1');
}

function stripQuoted(fmt: string): string {
  return fmt.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
}

/** True when the pattern formats dates/times rather than plain numbers. */
export function isDateFormat(fmt: string): boolean {
  const bare = stripQuoted(fmt);
  return /[ydhs]/i.test(bare) || (/m/i.test(bare) && !/[0#?]/.test(bare));
}

/** Days since 1899-12-30 in the sheet's wall time (Sheets' date serial). */
export function toSerial(ms: number, tz: string): number {
  const p = zonedParts(ms, tz);
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.ms) - SERIAL_EPOCH) / 86400000;
}

/** The instant of a Sheets date serial in the sheet's time zone. */
export function fromSerial(serial: number, tz: string): number {
  const wall = new Date(SERIAL_EPOCH + Math.round(serial * 86400000));
  return zonedToEpoch(tz, wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds());
}

type DateToken = { kind: 'lit'; text: string } | { kind: 'field'; text: string };

function tokenizeDate(fmt: string): DateToken[] {
  const out: DateToken[] = [];
  let i = 0;
  while (i < fmt.length) {
    const ch = fmt[i];
    if (ch === '"') {
      const end = fmt.indexOf('"', i + 1);
      const stop = end < 0 ? fmt.length : end;
      out.push({ kind: 'lit', text: fmt.slice(i + 1, stop) });
      i = stop + 1;
    } else if (ch === '\\') {
      out.push({ kind: 'lit', text: fmt[i + 1] ?? '' });
      i += 2;
    } else if (/^(am\/pm|a\/p)/i.test(fmt.slice(i))) {
      const len = /^am\/pm/i.test(fmt.slice(i)) ? 5 : 3;
      out.push({ kind: 'field', text: fmt.slice(i, i + len).toLowerCase() });
      i += len;
    } else if (/[ymdhs]/i.test(ch)) {
      let j = i;
      while (j < fmt.length && fmt[j].toLowerCase() === ch.toLowerCase()) j++;
      out.push({ kind: 'field', text: fmt.slice(i, j).toLowerCase() });
      i = j;
    } else if (ch === '.' && /^\.0+/.test(fmt.slice(i))) {
      const m = /^\.0+/.exec(fmt.slice(i))![0];
      out.push({ kind: 'field', text: m });
      i += m.length;
    } else {
      out.push({ kind: 'lit', text: ch });
      i++;
    }
  }
  return out;
}

/** Formats an instant with a Sheets date/time pattern. */
export function formatSheetsDate(ms: number, tz: string, fmt: string): string {
  const p = zonedParts(ms, tz);
  const tokens = tokenizeDate(fmt);
  const twelve = tokens.some((t) => t.kind === 'field' && (t.text === 'am/pm' || t.text === 'a/p'));
  const fields = tokens.filter((t) => t.kind === 'field').map((t) => t.text);
  let out = '';
  let fieldIndex = -1;
  for (const t of tokens) {
    if (t.kind === 'lit') {
      out += t.text;
      continue;
    }
    fieldIndex++;
    const prev = fields[fieldIndex - 1] ?? '';
    const next = fields[fieldIndex + 1] ?? '';
    const f = t.text;
    const two = (n: number) => String(n).padStart(2, '0');
    if (f[0] === 'y') out += f.length <= 2 ? two(p.year % 100) : String(p.year);
    else if (f[0] === 'm') {
      const minutes = f.length <= 2 && (prev[0] === 'h' || next[0] === 's');
      if (minutes) out += f.length === 2 ? two(p.minute) : String(p.minute);
      else if (f.length >= 4) out += MONTHS[p.month - 1];
      else if (f.length === 3) out += MONTHS[p.month - 1].slice(0, 3);
      else out += f.length === 2 ? two(p.month) : String(p.month);
    } else if (f[0] === 'd') {
      if (f.length >= 4) out += DAYS[p.weekday];
      else if (f.length === 3) out += DAYS[p.weekday].slice(0, 3);
      else out += f.length === 2 ? two(p.day) : String(p.day);
    } else if (f[0] === 'h') {
      const h = twelve ? (p.hour % 12 === 0 ? 12 : p.hour % 12) : p.hour;
      out += f.length >= 2 ? two(h) : String(h);
    } else if (f[0] === 's') out += f.length >= 2 ? two(p.second) : String(p.second);
    else if (f[0] === '.') out += '.' + String(p.ms).padStart(3, '0').slice(0, f.length - 1).padEnd(f.length - 1, '0');
    else if (f === 'am/pm') out += p.hour < 12 ? 'AM' : 'PM';
    else if (f === 'a/p') out += p.hour < 12 ? 'A' : 'P';
  }
  return out;
}

function splitSections(fmt: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of fmt) {
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function literal(text: string): string {
  return text
    .replace(/\[\$([^\]-]*)(-[^\]]*)?\]/g, '$1')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/"([^"]*)"/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/_./g, ' ')
    .replace(/\*./g, '');
}

/**
 * `value` (>= 0) with `decimals` decimals, rounded half up on its first 15 significant digits,
 * the precision spreadsheets keep: 1.005 (stored as 1.00499999999999989...) shows 1.01 under
 * "0.00", where toFixed gives "1.00" (a choice, not checked against Sheets). Falls back to
 * toFixed beyond 2^53.
 */
function fixed(value: number, decimals: number): string {
  const [mantissa, exp = '0'] = value.toPrecision(15).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exp) + decimals}`));
  if (!Number.isSafeInteger(shifted)) return value.toFixed(decimals);
  return (shifted / 10 ** decimals).toFixed(decimals);
}

/** Formats a number with a Sheets number pattern (see the file comment for what is supported). */
export function formatNumber(n: number, fmt: string): string {
  const sections = splitSections(fmt);
  let section = sections[0];
  let value = n;
  let sign = '';
  if (n < 0 && sections.length > 1 && sections[1] !== '') {
    section = sections[1];
    value = -n;
  } else if (n === 0 && sections.length > 2) section = sections[2];
  else if (n < 0) {
    sign = '-';
    value = -n;
  }
  // The numeric core runs from the first to the last digit placeholder, outside quotes.
  const mask = (m: string) => '\u0000'.repeat(m.length);
  const bare = section.replace(/"[^"]*"/g, mask).replace(/\[[^\]]*\]/g, mask).replace(/\\./g, mask);
  const first = bare.search(/[0#?]/);
  if (first < 0) return section.trim() === '' ? generalNumber(n) : literal(section);
  let last = first;
  for (let i = first; i < bare.length; i++) if (/[0#?.,]/.test(bare[i])) last = i;
  while (last > first && !/[0#?]/.test(bare[last]) && bare[last] !== '.') last--;
  const core = section.slice(first, last + 1);
  const prefix = literal(section.slice(0, first));
  const suffix = literal(section.slice(last + 1));
  if (section.includes('%')) value *= 100;
  const dot = core.indexOf('.');
  const intPart = dot < 0 ? core : core.slice(0, dot);
  const decPart = dot < 0 ? '' : core.slice(dot + 1);
  const minDec = (decPart.match(/0/g) ?? []).length;
  const maxDec = (decPart.match(/[0#?]/g) ?? []).length;
  const minInt = (intPart.match(/0/g) ?? []).length;
  const thousands = intPart.includes(',');
  const rounded = fixed(value, maxDec);
  let [i, d = ''] = rounded.split('.');
  while (d.length > minDec && d.endsWith('0')) d = d.slice(0, -1);
  if (i === '0' && minInt === 0) i = '';
  i = i.padStart(minInt, '0');
  if (thousands) i = i.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = d.length > 0 ? `${i}.${d}` : dot >= 0 && decPart.length === 0 ? `${i}.` : i;
  const isZero = Number(rounded) === 0;
  return (isZero ? '' : sign) + prefix + body + suffix;
}

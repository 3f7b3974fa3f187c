import SSF from 'ssf';
import { HarnessError } from './errors';
import { DEFAULT_LOCALE, localeRules, type LocaleRules } from './locale';
import { dateMs, isDate } from './realm';
import { zonedParts, zonedToEpoch } from './timezone';
import { DEFAULT_NUMBER_FORMAT, type CellValue } from './values';

/**
 * getDisplayValues: number format codes rendered by SheetJS SSF (npm `ssf`, Apache-2.0), which
 * implements the ECMA-376 codes Sheets shares (placeholders, thousands, %, scientific,
 * fractions, [colour] and [condition] sections, text sections, dates). This file is the adapter
 * that keeps where Sheets differs from ssf (Excel):
 * - the automatic format (`0.###############`, `General`, `@`): Sheets shows integers in full
 *   below 1e15 and others to 10 significant digits (ssf's General fits Excel's 11-character
 *   cell: 4006381333931 → 4.00638E+12); Dates as the locale's date and time;
 * - rounding: half up on the number's first 15 significant digits (ssf rounds the binary
 *   double: 1.005 under 0.00 gives 1.00, Sheets-like 1.01);
 * - date serials: Sheets counts from 1899-12-30 with no 29 Feb 1900, so serials below 61
 *   (before 1 March 1900) and negative ones are one day off or refused by ssf;
 * - the locale's decimal and thousands separators (ssf writes en-US).
 */

const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
/** Days in 400 Gregorian years: dates that far apart share day, month and weekday. */
const GREGORIAN_CYCLE_DAYS = 146097;
/** First serial on which Sheets and ssf (Excel's 1900 system) name the same day: 1900-03-01. */
const FIRST_SHARED_SERIAL = 61;

/** ssf's own section splitter (quotes and escapes aware); not in its typings. */
const splitSections = (SSF as unknown as { _split(fmt: string): string[] })._split;

/** Shows a stored value the way Sheets displays it with number format `format`. */
export function displayValue(v: CellValue | '' | undefined, format: string | undefined, tz: string, locale = DEFAULT_LOCALE): string {
  if (v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const fmt = format ?? DEFAULT_NUMBER_FORMAT;
  const rules = localeRules(locale);
  // Text shows as typed unless the pattern has a text section ("@") to put it in.
  if (typeof v === 'string') return isAutomatic(fmt) || !fmt.includes('@') ? v : ssfFormat(fmt, v);
  if (isDate(v)) {
    const ms = dateMs(v);
    if (!isAutomatic(fmt)) return formatNumberOrDate(toSerial(ms, tz), fmt, rules);
    const p = zonedParts(ms, tz);
    const midnight = p.hour === 0 && p.minute === 0 && p.second === 0;
    return formatDateSerial(toSerial(ms, tz), midnight ? rules.date : rules.dateTime);
  }
  if (isAutomatic(fmt)) return localizeNumber(generalNumber(v), rules);
  return formatNumberOrDate(v, fmt, rules);
}

/** The formats under which Sheets shows a value its automatic way. */
function isAutomatic(fmt: string): boolean {
  return fmt === DEFAULT_NUMBER_FORMAT || fmt === '' || fmt === '@' || /^general$/i.test(fmt);
}

/** Sheets' automatic number display (en-US separators). */
export function generalNumber(n: number): string {
  if (!Number.isFinite(n)) return n < 0 ? '-#NUM!' : '#NUM!';
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(10))).replace(/e([+-])/, 'E$1');
}

/** True when the pattern formats dates/times rather than plain numbers. */
export function isDateFormat(fmt: string): boolean {
  return SSF.is_date(fmt);
}

/** Days since 1899-12-30 in the sheet's wall time (Sheets' date serial). */
export function toSerial(ms: number, tz: string): number {
  const p = zonedParts(ms, tz);
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.ms) - SERIAL_EPOCH) / 86400000;
}

/** The instant of a Sheets date serial in the sheet's time zone. */
export function fromSerial(serial: number, tz: string): number {
  const wall = new Date(SERIAL_EPOCH + Math.round(serial * 86400000));
  return zonedToEpoch(
    tz,
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
}

function formatNumberOrDate(n: number, fmt: string, rules: LocaleRules): string {
  if (isDateFormat(fmt)) return formatDateSerial(n, fmt);
  return localizeNumber(ssfFormat(fmt, roundHalfUp(n, fmt)), rules, fmt);
}

/** ssf, with an unsupported code reported as the emulator's limit rather than a wrong display. */
function ssfFormat(fmt: string, v: number | string): string {
  try {
    return SSF.format(fmt, v);
  } catch (e) {
    throw new HarnessError(`Number format ${JSON.stringify(fmt)} is not rendered by the emulator (ssf: ${(e as Error).message})`);
  }
}

/**
 * A Sheets date serial under a date pattern. Before 1900-03-01 ssf counts Excel's phantom
 * 29 Feb 1900 (and refuses negative serials), so such dates are rendered 400 years later, where
 * day, month and weekday are the same, with the year written in as text.
 */
export function formatDateSerial(serial: number, fmt: string): string {
  if (serial >= FIRST_SHARED_SERIAL) return ssfFormat(fmt, serial);
  const year = new Date(SERIAL_EPOCH + Math.floor(serial) * 86400000).getUTCFullYear();
  const cycles = Math.ceil((FIRST_SHARED_SERIAL - serial) / GREGORIAN_CYCLE_DAYS);
  return ssfFormat(withLiteralYear(fmt, year), serial + cycles * GREGORIAN_CYCLE_DAYS);
}

/** `fmt` with its year fields (y, yy, yyyy outside quotes, escapes and brackets) as quoted text. */
function withLiteralYear(fmt: string, year: number): string {
  return fmt.replace(/"[^"]*"|\\.|\[[^\]]*\]|[yY]+/g, (m) => {
    if (!/^[yY]/.test(m)) return m;
    return `"${m.length <= 2 ? String(year % 100).padStart(2, '0') : String(year)}"`;
  });
}

/** The section of a number format that shows `n`, chosen as ssf (and Excel) choose it. */
function sectionFor(fmt: string, n: number): string {
  const sections = splitSections(fmt);
  if (sections.length < 4 && sections.length > 1 && sections[sections.length - 1].includes('@')) sections.pop();
  const [first, second = first, zero = first] = sections;
  const cond = (s: string) => /\[(=|>=?|<[>=]?)(-?\d+(?:\.\d*)?)\]/.exec(s);
  const c1 = cond(first);
  const c2 = sections.length > 1 ? cond(second) : null;
  if (c1 || c2) {
    const holds = (c: RegExpExecArray | null) => c !== null && compare(n, c[1], Number(c[2]));
    return holds(c1) ? first : holds(c2) ? second : c1 && c2 ? zero : second;
  }
  return n > 0 ? first : n < 0 ? second : zero;
}

function compare(n: number, op: string, t: number): boolean {
  return op === '=' ? n === t : op === '>' ? n > t : op === '<' ? n < t : op === '<>' ? n !== t : op === '>=' ? n >= t : n <= t;
}

/** The section without quoted text, escapes, [brackets] and the _x / *x spacing codes. */
function bare(section: string): string {
  return section.replace(/"[^"]*"|\\.|\[[^\]]*\]|_.|\*./g, '');
}

/**
 * `n` rounded half up on its first 15 significant digits to what its section shows, so that ssf,
 * which rounds the binary double (1.005 is 1.00499999999999989...), shows what Sheets shows.
 * Scientific and fraction sections are left to ssf. The original value is kept when rounding
 * would move it to another section (to zero, or across a [condition]).
 */
function roundHalfUp(n: number, fmt: string): number {
  const section = sectionFor(fmt, n);
  const code = bare(section);
  if (/[eE/]/.test(code) || !/[0#?]/.test(code)) return n;
  const decimals = (/\.([0#?]+)/.exec(code)?.[1] ?? '').length;
  const percents = (code.match(/%/g) ?? []).length;
  const thousandsDivisions = /[0#?](,+)[^0#?]*$/.exec(code)?.[1].length ?? 0;
  const exponent = 2 * percents - 3 * thousandsDivisions;
  const rounded = Number(fixed(Math.abs(n) * 10 ** exponent, decimals)) / 10 ** exponent;
  const kept = Math.sign(n) * rounded;
  return kept === 0 || sectionFor(fmt, kept) !== section ? n : kept;
}

/**
 * `value` (>= 0) with `decimals` decimals, rounded half up on its first 15 significant digits,
 * the precision spreadsheets keep (a choice, not checked against Sheets). Beyond 2^53 the digits
 * after the 15th are zeros (12345678901234567890 → 12345678901234600000).
 */
function fixed(value: number, decimals: number): string {
  const [mantissa, exp = '0'] = value.toPrecision(15).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exp) + decimals}`));
  if (!Number.isSafeInteger(shifted)) return String(Number(value.toPrecision(15)));
  return (shifted / 10 ** decimals).toFixed(decimals);
}

/**
 * Rewrites ssf's en-US separators into the locale's. Literal text of the pattern (quoted,
 * escaped) that holds "." or "," is kept: it is swapped out before and restored after.
 */
function localizeNumber(shown: string, rules: LocaleRules, fmt?: string): string {
  if (rules.decimal === '.') return shown;
  const swap = (s: string) => s.replace(/[.,]/g, (c) => (c === '.' ? rules.decimal : rules.group));
  if (fmt === undefined) return swap(shown);
  const literals = (fmt.match(/"[^"]*"|\\./g) ?? [])
    .map((l) => (l.startsWith('"') ? l.slice(1, -1) : l.slice(1)))
    .filter((l) => /[.,]/.test(l));
  if (literals.length === 0) return swap(shown);
  // A literal holding a separator is rare ("1.234 u."): find each in the output and leave it as is.
  let out = '';
  let rest = shown;
  for (const lit of literals) {
    const at = rest.indexOf(lit);
    if (at < 0) continue;
    out += swap(rest.slice(0, at)) + lit;
    rest = rest.slice(at + lit.length);
  }
  return out + swap(rest);
}

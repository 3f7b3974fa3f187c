import type { LocaleRules } from './locale';
import { zonedToEpoch } from './timezone';

/**
 * Numbers, currency amounts and dates as Sheets reads them when typed, in the separators and
 * date order of the spreadsheet's locale. en_US / es_MX: `1,234.5`; es_ES: `1.234,5`. A string
 * that does not fit the locale (`1.5` in es_ES, `1,5` in en_US) is not a number here and stays
 * text, as in Sheets.
 */

const escapeChar = (c: string) => `\\${c}`;

/** Pattern of a plain number in the locale: optional sign, grouped or plain digits, decimals, exponent. */
function numberPattern(rules: LocaleRules): RegExp {
  const g = escapeChar(rules.group);
  const d = escapeChar(rules.decimal);
  return new RegExp(`^[+-]?(?:\\d{1,3}(?:${g}\\d{3})+|\\d+)?(?:${d}\\d+)?(?:[eE][+-]?\\d+)?$`);
}

/** A typed number in the locale's separators, or null. */
export function parseTypedNumber(s: string, rules: LocaleRules): number | null {
  if (!numberPattern(rules).test(s) || !/\d/.test(s)) return null;
  const plain = s.split(rules.group).join('').replace(rules.decimal, '.');
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/** "$12.50", "-$3" (prefix symbol) or "12,50 €" (suffix symbol, es_ES), or null. */
export function parseTypedCurrency(s: string, rules: LocaleRules): number | null {
  const { symbol, prefix } = rules.currency;
  const sym = escapeChar(symbol);
  const m = prefix ? new RegExp(`^([+-]?)${sym}\\s*(.*)$`).exec(s) : new RegExp(`^([+-]?)(.*?)\\s*${sym}$`).exec(s);
  if (!m) return null;
  const n = parseTypedNumber(m[2], rules);
  if (n === null) return null;
  return m[1] === '-' ? -n : n;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * "2026-01-31[ 13:45[:10]]" everywhere; "1/31/2026[ 9:05]" in en_US, "31/1/2026[ 9:05]" in the
 * day-first locales → epoch ms of that wall time in `tz`, and the format Sheets gives the cell.
 */
export function parseTypedDate(s: string, tz: string, rules: LocaleRules): { ms: number; format: string } | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  const m = iso ?? slashed;
  if (!m) return null;
  const [first, second] = [Number(m[1]), Number(m[2])];
  const [y, mo, d] = iso ? [first, second, Number(m[3])] : rules.dayFirst ? [Number(m[3]), second, first] : [Number(m[3]), first, second];
  const [h, mi, sec] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || sec > 59) return null;
  const hasTime = m[4] !== undefined;
  const format = iso ? (hasTime ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd') : hasTime ? rules.dateTime : rules.date;
  return { ms: zonedToEpoch(tz, y, mo, d, h, mi, sec), format };
}

import { dateMs, isDate } from './realm';
import { DEFAULT_LOCALE, localeRules } from './locale';
import { parseTypedCurrency, parseTypedDate, parseTypedNumber } from './typed-input';

/**
 * Cell values and how a write is interpreted. Values written by the bundle through setValues /
 * setValue are read like a user typing them into Sheets (numbers, booleans, dates, formulas and
 * the leading apostrophe, with the spreadsheet locale's separators and date order: see
 * typed-input.ts), unless the cell is formatted as plain text ("@"). Values seeded by the test
 * API are stored as given.
 */

/** A stored cell value; '' is the empty cell. Dates are host Dates (copied in and out). */
export type CellValue = string | number | boolean | Date;

/** Number format of a cell nobody formatted (what getNumberFormat returns for it). */
export const DEFAULT_NUMBER_FORMAT = '0.###############';

/** What a write stores in a cell. */
export interface Interpreted {
  value: CellValue | '';
  formula?: string;
  /** A number format Sheets applies by itself (typed date, percent, currency) on an unformatted cell. */
  autoFormat?: string;
}

/** A value stored as given (test seeding): Dates copied, null/undefined empty, objects as text. */
export function storeAsGiven(v: unknown): CellValue | '' {
  if (v === null || v === undefined) return '';
  if (isDate(v)) return new Date(dateMs(v));
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

/** Interprets a value written by the bundle into a cell with number format `format`. */
export function interpretWrite(v: unknown, format: string | undefined, timeZone: string, locale = DEFAULT_LOCALE): Interpreted {
  if (v === null || v === undefined) return { value: '' };
  if (isDate(v)) return { value: new Date(dateMs(v)), autoFormat: localeRules(locale).dateTime };
  if (typeof v === 'number' || typeof v === 'boolean') return { value: v };
  if (typeof v === 'string') return interpretTyped(v, format, timeZone, locale);
  return { value: String(v) };
}

/** The value Sheets would show for a formula; only HYPERLINK is computed, anything else is an error. */
export function evaluateFormula(formula: string): CellValue {
  return parseHyperlink(formula)?.label ?? '#ERROR!';
}

/** `=HYPERLINK("url"[,"label"])` → its URL and label (the URL when no label), else null. */
export function parseHyperlink(formula: string): { url: string; label: string } | null {
  const m = /^=\s*HYPERLINK\(\s*"((?:[^"]|"")*)"\s*(?:[,;]\s*"((?:[^"]|"")*)"\s*)?\)\s*$/i.exec(formula);
  if (!m) return null;
  const url = m[1].replace(/""/g, '"');
  return { url, label: m[2] === undefined ? url : m[2].replace(/""/g, '"') };
}

/** A string as Sheets reads it when typed into a cell of a spreadsheet in `locale`. */
export function interpretTyped(s: string, format: string | undefined, tz: string, locale = DEFAULT_LOCALE): Interpreted {
  if (format === '@') return { value: s };
  if (s === '') return { value: '' };
  if (s.startsWith("'")) return { value: s.slice(1) };
  if (s.startsWith('=') && s.length > 1) return { value: evaluateFormula(s), formula: s };
  const rules = localeRules(locale);
  const t = s.trim();
  const n = parseTypedNumber(t, rules);
  if (n !== null) return { value: n };
  const pct = /^(.*)%$/.exec(t);
  if (pct) {
    const p = parseTypedNumber(pct[1].trim(), rules);
    if (p !== null) return { value: p / 100, autoFormat: Number.isInteger(p) ? '0%' : '0.00%' };
  }
  const c = parseTypedCurrency(t, rules);
  if (c !== null) return { value: c, autoFormat: rules.currency.format };
  if (/^true$/i.test(t)) return { value: true };
  if (/^false$/i.test(t)) return { value: false };
  const d = parseTypedDate(t, tz, rules);
  if (d) return { value: new Date(d.ms), autoFormat: d.format };
  return { value: s };
}

/** True when a stored value counts as content (for getLastRow / getLastColumn). */
export function hasContent(v: CellValue | '' | undefined): boolean {
  return v !== undefined && v !== '';
}

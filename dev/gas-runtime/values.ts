import { dateMs, isDate } from './realm';
import { zonedToEpoch } from './timezone';

/**
 * Cell values and how a write is interpreted. Values written by the bundle through setValues /
 * setValue are read like a user typing them into Sheets (numbers, booleans, dates, formulas and
 * the leading apostrophe), unless the cell is formatted as plain text ("@"). Values seeded by the
 * test API are stored as given.
 */

/** A stored cell value; '' is the empty cell. Dates are host Dates (copied in and out). */
export type CellValue = string | number | boolean | Date;

/** Number format of a cell nobody formatted (what getNumberFormat returns for it). */
export const DEFAULT_NUMBER_FORMAT = '0.###############';
/** Format Sheets gives a cell when a Date is written into an unformatted cell. */
export const DEFAULT_DATETIME_FORMAT = 'M/d/yyyy H:mm:ss';

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
export function interpretWrite(v: unknown, format: string | undefined, timeZone: string): Interpreted {
  if (v === null || v === undefined) return { value: '' };
  if (isDate(v)) return { value: new Date(dateMs(v)), autoFormat: DEFAULT_DATETIME_FORMAT };
  if (typeof v === 'number' || typeof v === 'boolean') return { value: v };
  if (typeof v === 'string') return interpretTyped(v, format, timeZone);
  return { value: String(v) };
}

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function parseNumber(s: string): number | null {
  if (!NUMBER.test(s) || !/\d/.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** "2026-01-31", "2026-01-31 13:45[:10]", "1/31/2026", "1/31/2026 9:05" → epoch ms in `tz`. */
function parseDate(s: string, tz: string): { ms: number; format: string } | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  const m = iso ?? us;
  if (!m) return null;
  const [y, mo, d] = iso ? [Number(m[1]), Number(m[2]), Number(m[3])] : [Number(m[3]), Number(m[1]), Number(m[2])];
  const [h, mi, sec] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || sec > 59) return null;
  const hasTime = m[4] !== undefined;
  const format = iso ? (hasTime ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd') : hasTime ? 'M/d/yyyy H:mm:ss' : 'M/d/yyyy';
  return { ms: zonedToEpoch(tz, y, mo, d, h, mi, sec), format };
}

/** The value Sheets would show for a formula; only HYPERLINK is computed, anything else is an error. */
export function evaluateFormula(formula: string): CellValue {
  const m = /^=\s*HYPERLINK\(\s*"((?:[^"]|"")*)"\s*(?:[,;]\s*"((?:[^"]|"")*)"\s*)?\)\s*$/i.exec(formula);
  if (!m) return '#ERROR!';
  return (m[2] ?? m[1]).replace(/""/g, '"');
}

/** A string as Sheets reads it when typed into a cell. */
export function interpretTyped(s: string, format: string | undefined, tz: string): Interpreted {
  if (format === '@') return { value: s };
  if (s === '') return { value: '' };
  if (s.startsWith("'")) return { value: s.slice(1) };
  if (s.startsWith('=') && s.length > 1) return { value: evaluateFormula(s), formula: s };
  const t = s.trim();
  const n = parseNumber(t);
  if (n !== null) return { value: n };
  const pct = /^(.*)%$/.exec(t);
  if (pct) {
    const p = parseNumber(pct[1].trim());
    if (p !== null) return { value: p / 100, autoFormat: Number.isInteger(p) ? '0%' : '0.00%' };
  }
  const cur = /^([+-]?)\$(.*)$/.exec(t);
  if (cur) {
    const c = parseNumber(cur[2]);
    if (c !== null) return { value: cur[1] === '-' ? -c : c, autoFormat: '"$"#,##0.00' };
  }
  if (/^true$/i.test(t)) return { value: true };
  if (/^false$/i.test(t)) return { value: false };
  const d = parseDate(t, tz);
  if (d) return { value: new Date(d.ms), autoFormat: d.format };
  return { value: s };
}

/** True when a stored value counts as content (for getLastRow / getLastColumn). */
export function hasContent(v: CellValue | '' | undefined): boolean {
  return v !== undefined && v !== '';
}

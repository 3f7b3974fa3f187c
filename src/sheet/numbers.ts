/**
 * Numbers from cells. A real number is taken as is (the spreadsheet already read it in its
 * locale); text is read only when it has exactly one meaning. "1,234" is 1234 in an en_US or
 * es_MX spreadsheet and 1.234 in an es_ES one: rather than guess, it is rejected unless the
 * sheet's decimal separator is known (a setting). The spreadsheet's locale does not settle it
 * (text that stayed text may have been pasted from anywhere) but says in the refusal how the
 * spreadsheet would read it and what to type.
 */
import type { SheetLocale } from './locale';
import { cleanInvisible, formulaErrorReason, isDate } from './text';

/** The decimal separator a seller's text numbers use. */
export type DecimalSeparator = '.' | ',';

/** How text numbers are read: the decimal separator setting (decides "1,234") and the spreadsheet's locale (explains a refusal). */
export interface NumberConvention {
  decimalSeparator?: DecimalSeparator;
  locale?: SheetLocale;
}

/** A number cell, read: empty, a number (with a note when a setting decided its meaning), or why not. */
export type NumberReading = { kind: 'empty' } | { kind: 'number'; value: number; note?: string } | { kind: 'error'; reason: string };

export const EMPTY: NumberReading = Object.freeze({ kind: 'empty' }) as NumberReading;

const CURRENCY = '(?:[$\u20AC]|MXN|USD|EUR)';
// ( currency? sign? currency? digits-and-separators currency? ) — at most one currency, checked below.
const SHAPE = new RegExp(`^(\\()?\\s*(${CURRENCY})?\\s*([-+\u2212])?\\s*(${CURRENCY})?\\s*([0-9.,]+)\\s*(${CURRENCY})?\\s*(\\))?$`, 'i');
// Doubles hold 15 significant decimal digits exactly; more would be silently rounded.
const MAX_DIGITS = 15;

/** Reads a cell value as a number: finite numbers as is, text in either convention, everything else rejected. */
export function readNumber(value: unknown, decimalSeparator?: DecimalSeparator, locale?: SheetLocale): NumberReading {
  if (value === '' || value === null || value === undefined) return EMPTY;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { kind: 'error', reason: 'the cell does not hold a finite number' };
    return { kind: 'number', value: denoise(value) };
  }
  if (typeof value === 'boolean') return { kind: 'error', reason: `${value ? 'TRUE' : 'FALSE'} is not a number` };
  if (isDate(value)) return { kind: 'error', reason: 'a date is not a number; format the column as Number' };
  if (typeof value !== 'string') return { kind: 'error', reason: 'the cell does not hold a number' };
  return readNumberText(value, decimalSeparator, locale);
}

/** Reads text as a number ("$1,234.50", "1.234,50", "(5)", "1234,5"); ambiguous or broken text is rejected. */
export function readNumberText(raw: string, decimalSeparator?: DecimalSeparator, locale?: SheetLocale): NumberReading {
  const text = cleanInvisible(raw).trim();
  if (text === '') return EMPTY;
  const formulaError = formulaErrorReason(text);
  if (formulaError) return { kind: 'error', reason: formulaError };
  const notANumber: NumberReading = { kind: 'error', reason: `'${text}' is not a number` };

  const m = SHAPE.exec(text);
  if (!m) return notANumber;
  const [, open, cur1, sign, cur2, body, cur3, close] = m;
  const currencies = (cur1 ? 1 : 0) + (cur2 ? 1 : 0) + (cur3 ? 1 : 0);
  if (!open !== !close || currencies > 1 || (open && sign) || (cur2 && !sign) || !/[0-9]/.test(body)) return notANumber;

  const read = readDigits(body, text, decimalSeparator, locale);
  if (read.kind !== 'number') return read;
  const negative = Boolean(open) || sign === '-' || sign === '\u2212';
  const value = negative && read.value !== 0 ? -read.value : read.value;
  return read.note ? { kind: 'number', value, note: read.note } : { kind: 'number', value };
}

/** The digits-and-separators part: decides which separator (if any) is the decimal one. */
function readDigits(body: string, text: string, hint: DecimalSeparator | undefined, locale: SheetLocale | undefined): NumberReading {
  const dots = count(body, '.');
  const commas = count(body, ',');
  if (dots === 0 && commas === 0) return fromParts(body, '', text);
  const misplaced: NumberReading = { kind: 'error', reason: `'${text}' is not a number: its separators are misplaced` };

  if (dots > 0 && commas > 0) {
    // Both present: the last one is the decimal point, appears once, and the other only groups thousands.
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (count(body, decimal) > 1) return misplaced;
    const at = body.indexOf(decimal);
    const grouped = ungroup(body.slice(0, at), group);
    const fraction = body.slice(at + 1);
    if (grouped === null || fraction === '') return misplaced;
    return fromParts(grouped, fraction, text);
  }

  const sep = dots > 0 ? '.' : ',';
  if (count(body, sep) > 1) {
    const grouped = ungroup(body, sep);
    return grouped === null ? misplaced : fromParts(grouped, '', text);
  }
  const at = body.indexOf(sep);
  const whole = body.slice(0, at);
  const fraction = body.slice(at + 1);
  if (fraction === '') return misplaced;
  // One separator, 1–3 digits before (not 0) and 3 after: a thousands separator or a decimal point.
  // With 4+ digits before, grouping is impossible, so "1234,567" can only be 1234.567.
  if (fraction.length === 3 && /^[1-9][0-9]{0,2}$/.test(whole)) {
    if (!hint) return { kind: 'error', reason: ambiguous(text, whole, fraction, sep, locale) };
    const note = `'${text}' read as ${hint === sep ? `${whole}.${fraction}` : whole + fraction} (decimal separator setting: '${hint}')`;
    return withNote(hint === sep ? fromParts(whole, fraction, text) : fromParts(whole + fraction, '', text), note);
  }
  return fromParts(whole, fraction, text);
}

/**
 * Why "1.234" (one separator, three digits after) is refused: both readings, the one the
 * spreadsheet's locale would make, and what to type so that it reads as meant.
 */
function ambiguous(text: string, whole: string, fraction: string, sep: string, locale: SheetLocale | undefined): string {
  const both = `'${text}' could be ${whole}${fraction} or ${whole}.${fraction}`;
  if (!locale) return `${both}: write it without a thousands separator`;
  const between = `between ${whole} and ${Number(whole) + 1}`;
  const here = locale.decimal === sep ? `${whole}.${fraction}` : whole + fraction;
  return (
    `${both} (${between}); this spreadsheet's locale (${locale.code}) reads it as ${here}. ` +
    `Type ${whole}${fraction}, or ${whole}${locale.decimal}${fraction} for the number ${between}, in a cell formatted as Number, or choose the decimal separator in Settings`
  );
}

/** "1,234,567" → "1234567"; null when groups are not 1–3 digits then exactly 3 each. */
function ungroup(s: string, group: string): string | null {
  const parts = s.split(group);
  if (parts.length < 2 || !/^[1-9][0-9]{0,2}$/.test(parts[0])) return null;
  for (let i = 1; i < parts.length; i++) if (!/^[0-9]{3}$/.test(parts[i])) return null;
  return parts.join('');
}

/** Builds the number from digit strings, refusing more digits than a double keeps exactly. */
function fromParts(whole: string, fraction: string, text: string): NumberReading {
  if (!/^[0-9]*$/.test(whole) || !/^[0-9]*$/.test(fraction)) return { kind: 'error', reason: `'${text}' is not a number` };
  const significant = (whole.replace(/^0+/, '') + fraction).replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > MAX_DIGITS) return { kind: 'error', reason: `'${text}' has more digits than can be sent exactly` };
  return { kind: 'number', value: Number(`${whole || '0'}.${fraction || '0'}`) };
}

function withNote(reading: NumberReading, note: string): NumberReading {
  return reading.kind === 'number' ? { kind: 'number', value: reading.value, note } : reading;
}

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s[i] === ch) n++;
  return n;
}

/**
 * Drops binary noise a formula leaves (=0.1*3 gives 0.30000000000000004, shown as 0.3) by keeping
 * 15 significant digits. Integers are left alone so a large whole number is never altered.
 */
function denoise(n: number): number {
  if (Number.isInteger(n)) return n === 0 ? 0 : n;
  if (Math.round(n * 100) / 100 === n) return n; // fast path: already the double of a 2-decimal value
  return Number(n.toPrecision(MAX_DIGITS));
}

/** A number as a plain decimal string: '.' decimal point, no grouping, no exponent ("1e21" → "1000…0"). */
export function plainDecimal(n: number): string {
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, lead, rest = '', expText] = m;
  const digits = lead + rest;
  const point = 1 + Number(expText); // position of the decimal point within `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Text clean-up shared by headers and cells. Sheets users paste from web pages and ERPs, which
 * bring characters that look like nothing (zero-width) or like a space (non-breaking) but make
 * "SKU" and "SKU\u200B" different strings.
 */

/** Zero-width space/non-joiner/joiner, word joiner, BOM. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
/** No-break space, figure space, narrow no-break space. */
const NBSP = /[\u00A0\u2007\u202F]/g;
const ANY_SPECIAL = /[\u200B-\u200D\u2060\uFEFF\u00A0\u2007\u202F]/;
const ACCENTED: Readonly<Record<string, string>> = {
  á: 'a',
  à: 'a',
  ä: 'a',
  â: 'a',
  é: 'e',
  è: 'e',
  ë: 'e',
  ê: 'e',
  í: 'i',
  ì: 'i',
  ï: 'i',
  î: 'i',
  ó: 'o',
  ò: 'o',
  ö: 'o',
  ô: 'o',
  ú: 'u',
  ù: 'u',
  ü: 'u',
  û: 'u',
  ñ: 'n',
};
// Combining marks (a decomposed "í" is "i" + U+0301); String#normalize needs ICU data we avoid relying on.
const COMBINING = /[\u0300-\u036f]/g;

/** True when the string holds zero-width characters or non-breaking spaces. */
export function hasInvisible(s: string): boolean {
  return ANY_SPECIAL.test(s);
}

/** Removes zero-width characters and turns non-breaking spaces into plain spaces. */
export function cleanInvisible(s: string): string {
  if (!ANY_SPECIAL.test(s)) return s; // the common case, tested once instead of replaced twice
  return s.replace(INVISIBLE, '').replace(NBSP, ' ');
}

/** Header text as a person reads it: invisible characters gone, spaces collapsed, no trailing ":". */
export function cleanHeaderText(s: string): string {
  return cleanInvisible(s).replace(/\s+/g, ' ').trim().replace(/\s*:$/, '').trim();
}

/** The comparison key of a header word: lower case, no accents, no spaces or underscores. */
export function headerKey(s: string): string {
  return cleanHeaderText(s)
    .toLowerCase()
    .replace(/[áàäâéèëêíìïîóòöôúùüûñ]/g, (c) => ACCENTED[c] ?? c)
    .replace(COMBINING, '')
    .replace(/[\s_]+/g, '');
}

const FORMULA_ERRORS: readonly string[] = [
  '#N/A',
  '#REF!',
  '#VALUE!',
  '#DIV/0!',
  '#NAME?',
  '#NUM!',
  '#NULL!',
  '#ERROR!',
  '#SPILL!',
  '#CALC!',
];

/**
 * The reason a cell showing a formula error (or a formula still loading) cannot be read, or null.
 * getValues() returns these as plain strings, so without this check "#N/A" would be a SKU.
 */
export function formulaErrorReason(text: string): string | null {
  const t = text.trim();
  const first = t.charAt(0);
  if (first !== '#' && first !== 'L' && first !== 'l') return null;
  return formulaErrorOf(t.toUpperCase());
}

function formulaErrorOf(t: string): string | null {
  if (FORMULA_ERRORS.indexOf(t) >= 0) return `the cell shows the formula error ${t}`;
  if (t === 'LOADING...' || t === 'LOADING\u2026')
    return 'the cell shows the formula error Loading... (wait until the formulas finish, then retry)';
  return null;
}

/** True for a Date, also one made in another realm (the runtime emulator's vm context). */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

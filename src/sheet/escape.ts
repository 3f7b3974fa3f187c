/**
 * Text that goes into a cell through setValues() is interpreted as if typed: "=HYPERLINK(…)" from
 * a hub message would become a live formula, "1/2" a date and "00123" the number 123. A leading
 * apostrophe makes Sheets store the rest as literal text and is itself never shown, so adding one
 * when in doubt costs nothing.
 */

/** Sheets' limit on characters in one cell. */
export const MAX_CELL_CHARS = 50000;

// C0 controls except tab, LF and CR (legit in multi-line messages); DEL and C1; unpaired surrogates.
const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ene|abr|ago|dic)';
const VALUE_LIKE: readonly RegExp[] = [
  /^\(?[$\u20AC\u00A3\u00A5]?\s*[0-9.,]/, // numbers, amounts, percentages, dates and times: all start so
  /^(?:true|false)$/i,
  new RegExp(`^${MONTH}[a-z]*\\.?[\\s,/-]*\\d`, 'i'), // "Jan 5", "March 2024"
  /^#(?:N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NUM!|NULL!|ERROR!|SPILL!|CALC!)/i,
];

/** True when Sheets would read the text as a formula (starts with = + - @, or a tab/CR/LF). */
export function isFormulaLike(s: string): boolean {
  return /^[\t\r\n]/.test(s) || /^[ \u00A0]*[=+\-@]/.test(s);
}

/** True when Sheets would turn the text into a number, date, time, boolean or error instead of keeping it. */
export function isValueLike(s: string): boolean {
  const t = s.trim();
  return VALUE_LIKE.some((re) => re.test(t));
}

/** Makes any string safe to write with setValues: control characters removed, capped, and kept as literal text. */
export function escapeCellText(s: string): string {
  let text = String(s ?? '').replace(CONTROL, '');
  // A leading apostrophe would itself be eaten as the text marker, so it needs one more.
  const prefix = isFormulaLike(text) || isValueLike(text) || text.charAt(0) === "'" ? "'" : '';
  const room = MAX_CELL_CHARS - prefix.length;
  if (text.length > room) {
    let cut = room - 1;
    if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--; // never split a surrogate pair
    text = `${text.slice(0, cut)}\u2026`;
  }
  return prefix + text;
}

/**
 * A cell written back as it was read (a block write rewrites cells it does not change): text is
 * escaped again, so a stored "=x", "00123" or "1/2" stays the text it was.
 */
export function rewriteAsRead<V>(value: V | string | undefined | null): V | string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' && value !== '' ? escapeCellText(value) : (value as V);
}

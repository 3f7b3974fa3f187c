/**
 * CSV/TSV text into rows of strings, by papaparse (quotes, doubled quotes, line breaks inside
 * quotes, CRLF). File › Import detects the separator as Sheets' "Detect automatically" does;
 * a paste splits on tabs (what Sheets and Excel put on the clipboard) or on commas when every
 * line has the same number of them.
 */
import Papa from 'papaparse';

const GUESSED = [',', '\t', ';', '|'];

/** Rows of a CSV/TSV text; `delimiter` omitted: guessed among comma, tab, semicolon and bar. */
export function parseDelimited(text: string, delimiter?: string): string[][] {
  // A file's final line break ends the last row; it does not start an empty one.
  const body = text.replace(/^\ufeff/, '').replace(/\r?\n$/, '');
  if (body === '') return [];
  const parsed = Papa.parse<string[]>(body, { delimiter: delimiter ?? '', delimitersToGuess: GUESSED, skipEmptyLines: false });
  return parsed.data;
}

/**
 * Rows of pasted text: tab-separated when it has a tab; comma-separated when it has several
 * lines that all split into the same number (≥ 2) of fields; else one cell per line (as Sheets
 * pastes plain text: `1,234.5` stays one cell).
 */
export function clipboardRows(text: string): string[][] {
  if (text.includes('\t')) return parseDelimited(text, '\t');
  const csv = parseDelimited(text, ',');
  const widths = new Set(csv.map((r) => r.length));
  if (csv.length >= 2 && widths.size === 1 && csv[0].length >= 2) return csv;
  return text
    .replace(/\r?\n$/, '')
    .split(/\r?\n/)
    .map((line) => [line]);
}

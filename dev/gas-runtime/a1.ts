/**
 * A1 notation: "B2", "A1:C3", "A:C" (whole columns), "2:5" (whole rows), "A2:C" (open-ended),
 * optionally prefixed by a sheet name ("Sheet1!A1", "'My sheet'!A:B"). Rows and columns are
 * 1-based like Apps Script.
 */

/** A rectangle of cells, 1-based. */
export interface Rect {
  row: number;
  col: number;
  numRows: number;
  numCols: number;
}

/** A parsed A1 reference; `wholeRows`/`wholeCols` remember the "A:C" / "2:5" forms. */
export interface A1Ref extends Rect {
  sheetName?: string;
  /** Column-only form ("A:C"): spans every row. */
  wholeCols: boolean;
  /** Row-only form ("2:5"): spans every column. */
  wholeRows: boolean;
  /**
   * No end row ("A2:C", "A:C"): the range runs to the grid's last row. A Range resolves it to
   * the grid as it is now; a conditional format rule keeps it open (conditional-format.ts).
   */
  openRows: boolean;
}

/** 1 → "A", 27 → "AA". */
export function columnLetters(col: number): string {
  let n = col;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** "A" → 1, "aa" → 27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

interface Endpoint {
  col?: number;
  row?: number;
}

function parseEndpoint(s: string): Endpoint | null {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(s);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const col = m[1] ? columnNumber(m[1]) : undefined;
  const row = m[2] ? Number(m[2]) : undefined;
  if (row !== undefined && row < 1) return null;
  return { col, row };
}

/** Splits "Sheet!A1" / "'It''s'!A1" into sheet name and the cell part. */
export function splitSheet(a1: string): { sheetName?: string; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { cells: a1 };
  let name = a1.slice(0, bang);
  if (name.startsWith("'") && name.endsWith("'")) name = name.slice(1, -1).replace(/''/g, "'");
  return { sheetName: name, cells: a1.slice(bang + 1) };
}

/**
 * Parses an A1 reference against a sheet of maxRows x maxCols; null when the text is not A1.
 * Open ends ("A:C", "A2:C") extend to the sheet's edge, as Apps Script resolves them.
 */
export function parseA1(a1: string, maxRows: number, maxCols: number): A1Ref | null {
  const { sheetName, cells } = splitSheet(a1.trim());
  const parts = cells.split(':');
  if (parts.length > 2 || parts[0] === '') return null;
  const a = parseEndpoint(parts[0]);
  const b = parts.length === 2 ? parseEndpoint(parts[1]) : a;
  if (!a || !b) return null;
  // A single endpoint must name a cell ("B2"); "B" or "2" alone is not a range.
  if (parts.length === 1 && (a.col === undefined || a.row === undefined)) return null;
  const wholeCols = a.row === undefined && b.row === undefined;
  const wholeRows = a.col === undefined && b.col === undefined;
  // "2:B5" mixes a row-only end with a cell end: not valid A1.
  if ((a.col === undefined) !== (b.col === undefined)) return null;
  const c1 = a.col ?? 1;
  const c2 = b.col ?? (wholeRows ? maxCols : c1);
  const r1 = a.row ?? 1;
  const r2 = b.row ?? maxRows;
  const row = Math.min(r1, r2);
  const col = Math.min(c1, c2);
  return {
    sheetName,
    row,
    col,
    numRows: Math.abs(r2 - r1) + 1,
    numCols: Math.abs(c2 - c1) + 1,
    wholeCols,
    wholeRows,
    openRows: b.row === undefined,
  };
}

/**
 * A1 text of a rectangle: "B2" for one cell, "A1:C3" otherwise, "A:C" / "2:5" when whole,
 * "A2:C" when open below (a conditional format rule's range written without an end row).
 */
export function toA1(rect: Rect, whole: { wholeCols?: boolean; wholeRows?: boolean; openRows?: boolean } = {}): string {
  const first = columnLetters(rect.col);
  const last = columnLetters(rect.col + rect.numCols - 1);
  if (whole.wholeCols || (whole.openRows && rect.row === 1)) return `${first}:${last}`;
  if (whole.openRows) return `${first}${rect.row}:${last}`;
  if (whole.wholeRows) return `${rect.row}:${rect.row + rect.numRows - 1}`;
  if (rect.numRows === 1 && rect.numCols === 1) return `${first}${rect.row}`;
  return `${first}${rect.row}:${last}${rect.row + rect.numRows - 1}`;
}

/** True when two rectangles share at least one cell. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.row < b.row + b.numRows && b.row < a.row + a.numRows && a.col < b.col + b.numCols && b.col < a.col + a.numCols;
}

import type { Rect } from './a1';
import { insertRuleColumns, insertRuleRows, remapRuleRanges } from './conditional-format';
import type { Cell, SheetModel } from './workbook';

/**
 * Structural edits of a sheet as Sheets makes them: inserting or deleting rows and columns moves
 * every cell with all it holds (value, formula text, formats, note), and the state indexed by
 * row or column follows (hidden rows, merges, frozen rows and columns, the ranges of conditional
 * format rules); the grid grows or
 * shrinks. Shared by the Sheet facade (the bundle's insertRowsAfter, deleteRows...) and
 * SheetHandle (a collaborator's edits). No bounds checks here: callers check with their own
 * errors. Formulas are text only (no recalculation), so their references are not rewritten.
 */

/** Where an old 1-based row/column index went, or null when it was deleted. */
export type IndexMap = (index: number) => number | null;

const FORMAT_KEYS = ['numberFormat', 'fontWeight', 'background'] as const;

/** A blank cell carrying `c`'s formats (what Sheets gives an inserted row/column), or undefined. */
function formatsOnly(c: Cell | undefined): Cell | undefined {
  if (!c) return undefined;
  const out: Cell = {};
  for (const k of FORMAT_KEYS) if (c[k] !== undefined) (out as Record<string, unknown>)[k] = c[k];
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `arr` with `fresh` inserted at 0-based `at`; extends a short array only if `fresh` holds something. */
function insertAt<T>(arr: Array<T | undefined>, at: number, fresh: Array<T | undefined>): Array<T | undefined> {
  // slice/concat rather than splice(...fresh): no argument-count limit on big inserts.
  if (arr.length > at) return arr.slice(0, at).concat(fresh, arr.slice(at));
  if (fresh.some((x) => x !== undefined)) fresh.forEach((x, i) => (arr[at + i] = x));
  return arr;
}

/** Moves a set of row indexes (hidden rows) through `map`, dropping the deleted ones. */
function remapSet(set: Set<number>, map: IndexMap): void {
  const moved = [...set].map(map).filter((r): r is number => r !== null);
  set.clear();
  moved.forEach((r) => set.add(r));
}

/**
 * Moves merges through a row (`axis` 'row') or column map: a merge keeps the span of its
 * surviving rows/columns (it grows when rows are inserted inside it, shrinks when some of its
 * rows are deleted) and disappears when one cell or none is left.
 */
export function remapMerges(sheet: SheetModel, axis: 'row' | 'col', map: IndexMap): void {
  const out: Rect[] = [];
  for (const m of sheet.merges) {
    const [start, count] = axis === 'row' ? [m.row, m.numRows] : [m.col, m.numCols];
    const kept: number[] = [];
    for (let i = start; i < start + count; i++) {
      const to = map(i);
      if (to !== null) kept.push(to);
    }
    if (kept.length === 0) continue;
    const lo = Math.min(...kept);
    const span = Math.max(...kept) - lo + 1;
    const next = axis === 'row' ? { ...m, row: lo, numRows: span } : { ...m, col: lo, numCols: span };
    if (next.numRows * next.numCols > 1) out.push(next);
  }
  sheet.merges = out;
}

/** Applies a row map to the row-indexed state: hidden rows (user and filter) and merges. */
export function remapRowState(sheet: SheetModel, map: IndexMap): void {
  remapSet(sheet.hiddenByUser, map);
  remapSet(sheet.hiddenByFilter, map);
  remapMerges(sheet, 'row', map);
}

const shiftFrom =
  (at: number, n: number): IndexMap =>
  (i) =>
    i >= at ? i + n : i;
const cutOut =
  (start: number, n: number): IndexMap =>
  (i) =>
    i < start ? i : i >= start + n ? i - n : null;

/** Inserts `n` blank rows before row `before`; they take the formats of the row above, as Sheets does. */
export function insertRows(sheet: SheetModel, before: number, n: number): void {
  const above = before > 1 ? sheet.rows[before - 2] : undefined;
  const fresh = Array.from({ length: n }, () => (above ? above.map(formatsOnly) : undefined));
  sheet.rows = insertAt(sheet.rows, before - 1, fresh);
  sheet.maxRows += n;
  // Rows inserted inside the frozen block join it.
  if (before <= sheet.frozenRows) sheet.frozenRows += n;
  remapRowState(sheet, shiftFrom(before, n));
  insertRuleRows(sheet, before, n);
}

/** Deletes rows start..start+n-1. */
export function deleteRows(sheet: SheetModel, start: number, n: number): void {
  sheet.rows.splice(start - 1, n);
  sheet.maxRows -= n;
  sheet.frozenRows -= Math.max(0, Math.min(sheet.frozenRows, start + n - 1) - start + 1);
  remapRowState(sheet, cutOut(start, n));
  remapRuleRanges(sheet, 'row', cutOut(start, n));
}

/** Inserts `n` blank columns before column `before`; they take the formats of the column to the left. */
export function insertColumns(sheet: SheetModel, before: number, n: number): void {
  sheet.rows.forEach((row, r) => {
    if (!row) return;
    const left = before > 1 ? row[before - 2] : undefined;
    sheet.rows[r] = insertAt(
      row,
      before - 1,
      Array.from({ length: n }, () => formatsOnly(left)),
    );
  });
  sheet.maxCols += n;
  // New columns have the default width: only the columns to their right move.
  sheet.columnWidths = insertAt(
    sheet.columnWidths,
    before - 1,
    Array.from({ length: n }, () => undefined),
  );
  if (before <= sheet.frozenColumns) sheet.frozenColumns += n;
  remapMerges(sheet, 'col', shiftFrom(before, n));
  insertRuleColumns(sheet, before, n);
}

/** Deletes columns start..start+n-1. */
export function deleteColumns(sheet: SheetModel, start: number, n: number): void {
  for (const row of sheet.rows) row?.splice(start - 1, n);
  sheet.columnWidths.splice(start - 1, n);
  sheet.maxCols -= n;
  sheet.frozenColumns -= Math.max(0, Math.min(sheet.frozenColumns, start + n - 1) - start + 1);
  remapMerges(sheet, 'col', cutOut(start, n));
  remapRuleRanges(sheet, 'col', cutOut(start, n));
}

import { intersects } from './a1';
import { remapRuleRanges } from './conditional-format';
import { toSerial } from './number-format';
import { isDate, dateMs } from './realm';
import { remapMerges, remapRowState, type IndexMap } from './structure';
import type { CellValue } from './values';
import type { SheetModel } from './workbook';

/**
 * Reordering rows and columns: a collaborator sorting a block of rows (Data › Sort range) or
 * dragging rows/columns elsewhere (Sheet.moveRows / moveColumns). Cells move whole (values,
 * formula text, formats, notes). Conditional format rules belong to the sheet: a sort or a row
 * move leaves their ranges where they are (values move under them); a column move carries the
 * ranges along with the columns. Errors are the caller's: these throw plain Errors.
 */

/** The new order of a block: `order[i]` is the old index now at `first + i`. */
function indexMap(first: number, order: number[]): IndexMap {
  const to = new Map(order.map((old, i) => [old, first + i]));
  return (i) => to.get(i) ?? i;
}

// Sort classes as Sheets orders a column ascending: numbers (and dates, by serial) before text,
// text before booleans; blanks always last, whatever the direction.
type SortKey = { rank: 0; n: number } | { rank: 1; s: string } | { rank: 2; n: number } | { rank: 3 };

function sortKey(v: CellValue | '' | undefined, tz: string): SortKey {
  if (v === undefined || v === '') return { rank: 3 };
  if (typeof v === 'number') return { rank: 0, n: v };
  if (isDate(v)) return { rank: 0, n: toSerial(dateMs(v), tz) };
  if (typeof v === 'boolean') return { rank: 2, n: v ? 1 : 0 };
  return { rank: 1, s: String(v) };
}

// Case-insensitive, accent-aware, en-US collation ("apple" < "Banana" < "cherry").
const collator = new Intl.Collator('en-US', { sensitivity: 'accent' });

function compareKeys(a: SortKey, b: SortKey, ascending: boolean): number {
  if (a.rank === 3 || b.rank === 3) return (a.rank === 3 ? 1 : 0) - (b.rank === 3 ? 1 : 0);
  const sign = ascending ? 1 : -1;
  if (a.rank !== b.rank) return sign * (a.rank - b.rank);
  const d = a.rank === 1 ? collator.compare(a.s, (b as { s: string }).s) : a.n - (b as { n: number }).n;
  return sign * d;
}

/**
 * Sorts rows first..last (whole rows) by the values of `column`, stably. Row properties stay
 * where they are (a hidden row position stays hidden: hiding belongs to the row, not to its
 * data); merges inside one row move with it. Sheets refuses to sort across vertical merges, so
 * does this.
 */
export function sortRows(sheet: SheetModel, first: number, last: number, column: number, ascending: boolean, tz: string): void {
  const block = { row: first, col: 1, numRows: last - first + 1, numCols: sheet.maxCols };
  if (sheet.merges.some((m) => m.numRows > 1 && intersects(m, block)))
    throw new Error('cannot sort rows that hold vertically merged cells');
  const rows = sheet.rows;
  const keyed = Array.from({ length: last - first + 1 }, (_, i) => ({
    old: first + i,
    key: sortKey(rows[first + i - 1]?.[column - 1]?.value, tz),
  }));
  keyed.sort((a, b) => compareKeys(a.key, b.key, ascending)); // Array.prototype.sort is stable.
  const moved = keyed.map((k) => rows[k.old - 1]);
  moved.forEach((row, i) => (rows[first + i - 1] = row));
  remapMerges(
    sheet,
    'row',
    indexMap(
      first,
      keyed.map((k) => k.old),
    ),
  );
}

/** Old indexes in their new order when `n` indexes from `start` move before `destination` (pre-move coordinates). */
function moveOrder(start: number, n: number, destination: number): { first: number; order: number[] } | null {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const moving = range(start, start + n - 1);
  if (destination >= start && destination <= start + n) return null; // lands where it is
  if (destination < start) return { first: destination, order: [...moving, ...range(destination, start - 1)] };
  return { first: start, order: [...range(start + n, destination - 1), ...moving] };
}

/**
 * Moves rows start..start+n-1 before row `destination` (counted before the move, like
 * Sheet.moveRows). Hidden rows and merges travel with their rows.
 */
export function moveRows(sheet: SheetModel, start: number, n: number, destination: number): void {
  const plan = moveOrder(start, n, destination);
  if (!plan) return;
  const old = plan.order.map((r) => sheet.rows[r - 1]);
  old.forEach((row, i) => (sheet.rows[plan.first + i - 1] = row));
  remapRowState(sheet, indexMap(plan.first, plan.order));
}

/** Moves columns start..start+n-1 before column `destination` (counted before the move). */
export function moveColumns(sheet: SheetModel, start: number, n: number, destination: number): void {
  const plan = moveOrder(start, n, destination);
  if (!plan) return;
  for (const row of sheet.rows) {
    if (!row) continue;
    const old = plan.order.map((c) => row[c - 1]);
    old.forEach((cell, i) => (row[plan.first + i - 1] = cell));
  }
  const widths = plan.order.map((c) => sheet.columnWidths[c - 1]);
  widths.forEach((w, i) => (sheet.columnWidths[plan.first + i - 1] = w));
  remapMerges(sheet, 'col', indexMap(plan.first, plan.order));
  remapRuleRanges(sheet, 'col', indexMap(plan.first, plan.order));
}

/**
 * Block writes for the add-on's sheets (catalogue, categories, Jobs, Preview): one setValues per
 * run of adjacent rows × run of adjacent columns, so the number of writes depends on the sheet's
 * layout, never on how many rows there are. Columns are 0-based, rows 1-based (as in the sheet).
 */
import { findMissingColumns } from '../../sheet';
import { PRICE_FORMAT } from '../../sheet/price-format';
import type { CellValue, SheetPort } from '../ports';
import { addHeaders } from '../own-columns';
import { contiguousRuns } from '../push/writeback';
import type { PullColumn } from './columns';

/** Adjacent row numbers grouped: 2,3,4,9 → [2,4], [9,9]. */
export function rowRuns(rows: Iterable<number>): Array<[number, number]> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[1] === r - 1) last[1] = r;
    else runs.push([r, r]);
  }
  return runs;
}

/** Writes `cell(row, column)` block by block; returns the number of writes. */
export function writeBlocks(
  sheet: SheetPort,
  rows: ReadonlyArray<[number, number]>,
  columns: readonly number[],
  cell: (row: number, column: number) => CellValue,
): number {
  let writes = 0;
  for (const run of contiguousRuns([...columns])) {
    for (const [top, bottom] of rows) {
      const block: CellValue[][] = [];
      for (let r = top; r <= bottom; r++) block.push(run.map((c) => cell(r, c)));
      sheet.write(top, run[0] + 1, block);
      writes++;
    }
  }
  return writes;
}

/**
 * Writes `rows` (cells in the order of `headers`) from sheet row `first` down, each cell under its
 * header's column (`at`, 0-based): one write per run of adjacent columns of ours, none elsewhere.
 */
export function writeRowsByHeader(
  sheet: SheetPort,
  at: Readonly<Record<string, number>>,
  headers: readonly string[],
  first: number,
  rows: ReadonlyArray<readonly CellValue[]>,
): number {
  if (rows.length === 0) return 0;
  const fieldAt = new Map(headers.map((h, i) => [at[h], i]));
  return writeBlocks(sheet, [[first, first + rows.length - 1]], [...fieldAt.keys()], (r, c) => rows[r - first][fieldAt.get(c)!] ?? '');
}

/** Where the wanted headers are, and the ones to add at the right of the header row. */
export interface ColumnPlan {
  where: Record<string, number>;
  missing: Array<{ header: string; column: number }>;
  /** The header row's width once the missing ones are added. */
  width: number;
}

/** Finds the columns by meaning (`Price [meli]` is `Price [mercadolibre]`); missing ones go to the right. */
export function planColumns(
  header: readonly CellValue[],
  needed: readonly string[],
  aliases: Readonly<Record<string, string>>,
): ColumnPlan {
  const { present, missing } = findMissingColumns(header, needed, { channelAliases: aliases });
  const where: Record<string, number> = { ...present };
  for (const m of missing) where[m.header] = m.column;
  const width = Math.max(header.length, ...missing.map((m) => m.column + 1));
  return { where, missing, width };
}

/** Grows the grid to `rows` × the plan's width, then writes the missing headers (bold, frozen row). */
export function applyColumnPlan(sheet: SheetPort, plan: Pick<ColumnPlan, 'missing' | 'width'>, rows: number): void {
  sheet.ensureSize(rows, plan.width);
  addHeaders(sheet, plan.missing);
}

/**
 * The price and sale price columns written (rows 2 to `lastRow`) show money as Sheets users
 * expect, `#,##0.00`, where the seller has not formatted them otherwise. A read and at most a
 * write per run of adjacent price columns (a channel's Price and Sale price): the formats of the
 * columns between them are not read.
 */
export function formatPriceColumns(sheet: SheetPort, placed: ReadonlyArray<{ column: number; spec: PullColumn }>, lastRow: number): void {
  if (lastRow < 2) return;
  const prices = placed
    .filter(({ spec }) => spec.kind === 'channelValue' && (spec.field === 'price' || spec.field === 'salePrice'))
    .map((p) => p.column + 1);
  for (const run of contiguousRuns(prices)) sheet.setDefaultNumberFormat(2, lastRow - 1, run, PRICE_FORMAT);
}

/**
 * The add-on's own columns in one of its sheets (Jobs, Log, Preview, Orders…), found by their
 * header text before anything is written, as the stock sheet's result columns are: a column the
 * seller inserted anywhere (or one of ours the seller renamed) is theirs, never read as ours nor
 * written; a column of ours that is missing is added at the right of the header row, never
 * assumed to be where it was.
 */
import { findMissingColumns } from '../sheet';
import type { CellValue, SheetPort } from './ports';

/** A column added at the right of the header row: its header and 0-based column. */
export interface AddedColumn {
  header: string;
  column: number;
}

/**
 * Writes the headers of columns added side by side at the right of the header row, in one write,
 * and makes the row bold and frozen up to the last of them. Returns the writes made.
 */
export function addHeaders(sheet: SheetPort, added: readonly AddedColumn[]): number {
  if (added.length === 0) return 0;
  sheet.write(1, added[0].column + 1, [added.map((a) => a.header)]);
  sheet.styleHeader(added[added.length - 1].column + 1);
  return 2;
}

/** Where those of `headers` that the header row holds are (by their text), and where the others would be added. */
export function findOwnColumns(headerRow: readonly CellValue[], headers: readonly string[]): ReturnType<typeof findMissingColumns> {
  return findMissingColumns(headerRow, headers, { exact: true });
}

/** Where `headers` are (0-based) in the header row just read, by their text; the missing ones are added at its right. */
export function ownColumns(sheet: SheetPort, headerRow: readonly CellValue[], headers: readonly string[]): Record<string, number> {
  const { present, missing } = findOwnColumns(headerRow, headers);
  addHeaders(sheet, missing);
  const at: Record<string, number> = { ...present };
  for (const m of missing) at[m.header] = m.column;
  return at;
}

/** A sheet row's cells under `headers`, in their order ('' for a header that has no column). */
export function cellsByHeader(row: readonly CellValue[], at: Readonly<Record<string, number>>, headers: readonly string[]): CellValue[] {
  return headers.map((h) => (at[h] === undefined ? '' : (row[at[h]] ?? '')));
}

/**
 * A row to write with the cells of `headers` (in their order) under their columns: as wide as the
 * last of them, '' in the columns between that are not ours.
 */
export function rowByHeader(cells: readonly CellValue[], at: Readonly<Record<string, number>>, headers: readonly string[]): CellValue[] {
  const row: CellValue[] = Array.from({ length: Math.max(0, ...headers.map((h) => at[h] + 1)) }, () => '');
  headers.forEach((h, i) => (row[at[h]] = cells[i] ?? ''));
  return row;
}

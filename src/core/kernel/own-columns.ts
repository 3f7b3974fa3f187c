/**
 * The add-on's own columns in one of its sheets (Jobs, Log, Preview, Orders…), found by their
 * header text before anything is written, as the stock sheet's result columns are: a column the
 * seller inserted anywhere (or one of ours the seller renamed) is theirs, never read as ours nor
 * written; a column of ours that is missing is added at the right of the header row, never
 * assumed to be where it was.
 */
import { findMissingColumns } from '../../sheet';
import { DEFAULT_COLUMN_WIDTH, widthForHeaders } from './column-width';
import type { CellValue, SheetPort } from './ports';

/** A column added at the right of the header row: its header and 0-based column. */
export interface AddedColumn {
  header: string;
  column: number;
}

/**
 * Writes the headers of columns added side by side at the right of the header row, in one write,
 * and makes the row bold and frozen up to the last of them. The added columns are widened so that
 * their headers read whole: one call for all of them (Sheet.setColumnWidths(startColumn,
 * numColumns, width), https://developers.google.com/apps-script/reference/spreadsheet/sheet#setcolumnwidthsstartcolumn,-numcolumns,-width),
 * as wide as the longest header needs, and none when the default width shows them. Not
 * autoResizeColumns: it fits the whole column's content, so a Permalink's URLs or a long title
 * would make the column as wide as the screen. A column the seller had is never resized.
 * Returns the writes made.
 */
export function addHeaders(sheet: SheetPort, added: readonly AddedColumn[]): number {
  if (added.length === 0) return 0;
  const headers = added.map((a) => a.header);
  sheet.write(1, added[0].column + 1, [headers]);
  sheet.styleHeader(added[added.length - 1].column + 1);
  const width = widthForHeaders(headers);
  if (width === DEFAULT_COLUMN_WIDTH) return 2;
  sheet.setColumnWidths(added[0].column + 1, added.length, width);
  return 3;
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

/**
 * Where result columns the add-on creates go (the resultColumns setting). At the end — the
 * default, and what earlier versions did — after the sheet's last column. After the inputs: right
 * after the last column the push reads, or after the add-on's result columns already there, so
 * that they stay together; empty columns are inserted there (one Sheets call), and the seller's
 * columns to the right move right, whole — nothing is written over them, and result columns
 * found by their header stay where they are.
 */
import type { ColumnMap } from '../../sheet';
import type { CellValue, SheetPort } from '../kernel/ports';
import type { Settings } from '../kernel/settings-schema';

export interface MissingColumns {
  /** Result headers found in the sheet → their 0-based column. */
  present: Record<string, number>;
  /** Result headers to create, each with the 0-based column it gets. */
  missing: Array<{ header: string; column: number }>;
}

/** The columns a push reads (its mapped input columns), for placing result columns after them. */
export function inputColumnsOf(columns: ColumnMap): number[] {
  const perChannel = Object.values(columns.perChannel).flatMap((fields) => Object.values(fields));
  return [...Object.values(columns.input), ...perChannel].filter((c): c is number => typeof c === 'number');
}

/**
 * Places `found.missing` (appended at the end by findMissingColumns) as the setting says; with
 * `afterInputs`, inserts the empty columns in the sheet and in `values` (row 0 = header), and
 * moves the columns found to the right of them. `resultColumns`: the add-on's columns already in
 * the sheet (Status [channel] ones included).
 */
export function placeMissingColumns(
  sheet: SheetPort,
  values: CellValue[][],
  found: MissingColumns,
  placement: { mode: Settings['resultColumns']; inputColumns: readonly number[] } | undefined,
  resultColumns: readonly number[],
): MissingColumns {
  if (!placement || placement.mode === 'end' || found.missing.length === 0) return found;
  const width = values[0]?.length ?? 0;
  const anchor = Math.max(-1, ...placement.inputColumns, ...Object.values(found.present), ...resultColumns);
  // Nothing of the seller's to the right: the end is right after the inputs already.
  if (anchor + 1 >= width) return found;
  const n = found.missing.length;
  sheet.insertColumnsAfter(anchor + 1, n);
  for (const row of values) if (row.length > anchor + 1) row.splice(anchor + 1, 0, ...Array<CellValue>(n).fill(''));
  const present: Record<string, number> = {};
  for (const [header, c] of Object.entries(found.present)) present[header] = c > anchor ? c + n : c;
  return { present, missing: found.missing.map((m, i) => ({ header: m.header, column: anchor + 1 + i })) };
}

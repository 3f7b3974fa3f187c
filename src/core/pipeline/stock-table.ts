import { mapColumns, readTable, type ColumnMapping, type TableRead } from '../../sheet';
import { loadColumnMapping } from './column-mapping';
import type { Context } from '../kernel/context';
import type { CellValue, SheetPort } from '../kernel/ports';
import { readValueRules } from './rules/read';
import { tableOptions } from './table-options';

/** The stock sheet as read now: raw values (row 0 = header) and typed rows. */
export interface StockTable {
  values: CellValue[][];
  table: TableRead;
  /** The saved mapping it was read with: a re-read in the same execution passes it back. */
  mapping: ColumnMapping | null;
}

/**
 * Reads the stock sheet in one round trip, plus one more only when a SKU cell holds a number:
 * its displayed text is the SKU the seller sees (`00123`, not 123). Text numbers are read with the
 * spreadsheet's locale in mind. The columns come from the sheet's saved mapping, else detection
 * (one place for every operation: push, pull, refresh, changed rows, snapshot). `known`: the
 * mapping an earlier read of this execution loaded — a re-read after the requests must not need
 * the properties service, whose daily quota may have run out meanwhile (results still get written).
 */
export function readStockTable(ctx: Context, sheet: SheetPort, known?: ColumnMapping | null): StockTable {
  const mapping = known === undefined ? loadColumnMapping(ctx.ports.documentStore, sheet) : known;
  const values = sheet.readAll();
  const plain = { ...tableOptions(ctx.settings, ctx.ports.workbook.locale()), mapping };
  const columns = values.length > 0 ? mapColumns(values[0], plain).columns : null;
  const options = { ...plain, valueRules: readValueRules(ctx, columns && { name: sheet.name, columns }) };
  const input = values.length > 1 && columns ? columns.input : {};
  return {
    values,
    mapping,
    table: readTable(values, {
      ...options,
      shownSkus: shownNumbers(sheet, values, input.sku),
      shownErpIds: shownNumbers(sheet, values, input.erpId),
    }),
  };
}

/** Where the stock sheet's fields are now, from its header row alone (one round trip) and its mapping. */
export function readStockColumns(ctx: Context, sheet: SheetPort): ReturnType<typeof mapColumns>['columns'] {
  const mapping = loadColumnMapping(ctx.ports.documentStore, sheet);
  return mapColumns(sheet.readHeaderRow(), { ...tableOptions(ctx.settings, ctx.ports.workbook.locale()), mapping }).columns;
}

/**
 * Rows first…last of the stock sheet and its header, read alone (two round trips, three when a
 * SKU cell holds a number): `values` has the header at 0 and these rows at their places, nothing
 * elsewhere, so row numbers are the sheet's.
 */
export function readStockBlock(ctx: Context, sheet: SheetPort, mapping: ColumnMapping | null, first: number, last: number): StockTable {
  const header = sheet.readHeaderRow();
  const rows = header.length > 0 && last >= first ? sheet.readBlock(first, 1, last - first + 1, header.length) : [];
  const values: CellValue[][] = new Array(first - 1 + rows.length);
  values[0] = header;
  rows.forEach((row, i) => (values[first - 1 + i] = row));
  const plain = { ...tableOptions(ctx.settings, ctx.ports.workbook.locale()), mapping };
  const columns = mapColumns(header, plain).columns;
  const options = { ...plain, valueRules: readValueRules(ctx, { name: sheet.name, columns }) };
  const input = columns.input;
  const shown = (column: number | undefined): Map<number, string> | undefined => {
    if (column === undefined || !rows.some((row) => typeof row[column] === 'number')) return undefined;
    const text = sheet.readDisplayBlock(first, column + 1, rows.length, 1);
    const out = new Map<number, string>();
    rows.forEach((row, i) => typeof row[column] === 'number' && out.set(first - 1 + i, String(text[i]?.[0] ?? '')));
    return out;
  };
  return { values, mapping, table: readTable(values, { ...options, shownSkus: shown(input.sku), shownErpIds: shown(input.erpId) }) };
}

/** The displayed text of the cells of a column that hold numbers (one read, only when there are any). */
function shownNumbers(sheet: SheetPort, values: CellValue[][], column: number | undefined): Map<number, string> | undefined {
  if (column === undefined || !values.some((row, r) => r > 0 && typeof row[column] === 'number')) return undefined;
  const shown = sheet.readDisplayBlock(2, column + 1, values.length - 1, 1);
  const out = new Map<number, string>();
  for (let r = 1; r < values.length; r++) if (typeof values[r][column] === 'number') out.set(r, String(shown[r - 1]?.[0] ?? ''));
  return out;
}

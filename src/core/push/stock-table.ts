import { mapHeaders, readTable, type TableRead } from '../../sheet';
import type { CellValue, SheetPort } from '../ports';
import type { Settings } from '../settings/schema';
import { tableOptions } from './table-options';

/** The stock sheet as read now: raw values (row 0 = header) and typed rows. */
export interface StockTable {
  values: CellValue[][];
  table: TableRead;
}

/**
 * Reads the stock sheet in one round trip, plus one more only when a SKU cell holds a number:
 * its displayed text is the SKU the seller sees (`00123`, not 123).
 */
export function readStockTable(sheet: SheetPort, settings: Settings): StockTable {
  const values = sheet.readAll();
  const options = tableOptions(settings);
  const sku = values.length > 1 ? mapHeaders(values[0], options).columns.input.sku : undefined;
  let shownSkus: Map<number, string> | undefined;
  if (sku !== undefined && values.some((row, r) => r > 0 && typeof row[sku] === 'number')) {
    const shown = sheet.readDisplayBlock(2, sku + 1, values.length - 1, 1);
    shownSkus = new Map();
    for (let r = 1; r < values.length; r++) if (typeof values[r][sku] === 'number') shownSkus.set(r, String(shown[r - 1]?.[0] ?? ''));
  }
  return { values, table: readTable(values, { ...options, shownSkus }) };
}

import { operationColumnProblem, type ColumnMapping, type ParsedRow, type TableRead } from '../../sheet';
import { readStockTable, type StockTable } from './stock-table';
import type { Operation } from './types';
import { stockSheetName, type Context } from '../kernel/context';
import { UserError } from '../kernel/errors';
import type { CellValue, SheetPort } from '../kernel/ports';
import { SnapshotStore, snapshotSheetName, type ConfirmedValues } from './snapshot';
import { keepEditedMarks } from './edited-marks';

/** The seller's stock sheet as one execution sees it: read once, with the snapshot. */
export interface LoadedSheet {
  sheet: SheetPort;
  values: CellValue[][];
  table: TableRead;
  /** The saved column mapping read with it (null: detected), for re-reads in this execution. */
  mapping: ColumnMapping | null;
  snapshot: SnapshotStore;
  confirmed: Map<string, ConfirmedValues>;
  /** Reads again what this load read (null: it moved; read the whole sheet). Absent: the whole sheet. */
  reread?: () => StockTable | null;
}

/** The message for a sheet that is not there, naming the setting that points at it. */
export function missingSheetMessage(name: string, what: string): string {
  return `The sheet "${name}" was not found: it may have been renamed or deleted. Rename it back, or set the ${what} sheet's new name in the sidebar \u203a Settings.`;
}

/** The message for a stock sheet that is not there: the configured one names its setting; another was renamed or deleted meanwhile. */
export function missingStockSheetMessage(ctx: Context): string {
  const name = stockSheetName(ctx);
  return ctx.stockSheet === undefined
    ? missingSheetMessage(name, 'Stock & Prices')
    : `The sheet "${name}" was not found: it was renamed or deleted since. Open the sheet to push and push again from there.`;
}

/** Reads the stock sheet (one round trip) and the snapshot (one more). */
export function loadStockSheet(ctx: Context, operation?: Operation): LoadedSheet {
  const name = stockSheetName(ctx);
  const sheet = ctx.ports.workbook.sheet(name);
  if (!sheet) throw new UserError(missingStockSheetMessage(ctx));
  const { values, table, mapping } = readStockTable(ctx, sheet);
  if (values.length === 0)
    throw new UserError(`The sheet "${name}" is empty: put the headers (SKU, Quantity, Price, …) in row 1 and one product per row below.`);
  // A merged header cell reads as "" for every column but the first: those columns would lose
  // their header silently. Only a header with an empty cell can hide one, so only then ask Sheets.
  const header = values[0];
  if (header.some((h) => h === '')) {
    const merged = sheet.mergedRanges(1, header.length);
    if (merged.length > 0) {
      throw new UserError(
        `Header cells ${merged.join(', ')} of "${name}" are merged: unmerge them (Format \u203a Merge cells \u203a Unmerge) so that each column has its own header. Nothing was sent.`,
      );
    }
  }
  // Prices by ERP id identify products by the ERP id alone: a sheet without SKUs is fine there.
  const problems = table.problems.filter(
    (p) =>
      !(operation === 'erp' && table.columns.input.sku === undefined && p.columns.length === 0 && p.message.startsWith('No SKU column')),
  );
  if (problems.length > 0) {
    throw new UserError(
      `The headers of "${name}" need fixing before a push: ${problems.map((p) => p.message).join('; ')}. Nothing was sent.`,
    );
  }
  const missing = operation && operation !== 'changes' ? operationColumnProblem(operation, table.columns) : null;
  // A mapped sheet reads only its mapped columns: a column named like an alias is not enough there.
  const where =
    table.source === 'aliases' ? '' : ` (the columns of "${name}" come from its column mapping: choose one in the sidebar \u203a Columns)`;
  if (missing) throw new UserError(`${missing}${where}. Nothing was sent.`);
  const snapshot = new SnapshotStore(ctx.ports.workbook, snapshotSheetName(ctx, sheet));
  const confirmed = snapshot.load();
  keepEditedMarks(sheet, table.columns, ctx.ports.documentStore, snapshot, confirmed);
  return { sheet, values, table, mapping, snapshot, confirmed };
}

/** The key of a row in a stored selection: its SKU, or its row number when it has none. */
export function rowKey(row: Pick<ParsedRow, 'sku' | 'rowNumber'>): string {
  return row.sku ?? `row:${row.rowNumber}`;
}

/**
 * Who a row is for a push, to find it again after rows moved: its SKU — or, for prices by ERP id,
 * its ERP id, which is what the hub goes by there (the product it updates may not be the row's SKU).
 */
/** A row with neither SKU nor (prices by ERP id) ERP id: its identity is its row number, which moves with the rows above it. */
export function isKeyless(row: Pick<ParsedRow, 'sku'> & { erpId?: string | null }, operation: Operation): boolean {
  return row.sku === null && !(operation === 'erp' && row.erpId);
}

export function rowIdentity(row: Pick<ParsedRow, 'sku' | 'rowNumber'> & { erpId?: string | null }, operation: Operation): string {
  if (operation === 'erp' && row.erpId) return `erp:${row.erpId}`;
  return rowKey(row);
}

/** The selected data rows of a sheet (for refresh and the category actions). */
import type { Context } from '../context';
import { UserError } from '../errors';
import { selectedRows as pickSelected } from '../selection';

/**
 * The 1-based rows (below the header) selected on `sheetName`, hidden ones included: a refresh
 * only reads from the hub, so checking each row's visibility (a Sheets call per row) buys nothing.
 */
export function selectedRows(ctx: Context, sheetName: string, max: number, what: string): Set<number> {
  const sheet = ctx.ports.workbook.sheet(sheetName);
  if (!sheet) throw new UserError(`Select the rows to ${what} in "${sheetName}" first.`);
  return pickSelected(ctx, sheet, { max, what, skipHidden: false }).rows;
}

/** The selected data rows of a sheet (for refresh and the category actions). */
import type { Context } from '../context';
import { UserError } from '../errors';

/**
 * The 1-based rows (below the header) selected on `sheetName`. Hidden and filtered rows inside a
 * selected range are included: checking each row's visibility costs a Sheets call per row, and
 * these actions only read from the hub or act on rows the seller picked by hand.
 */
export function selectedRows(ctx: Context, sheetName: string, max: number, what: string): Set<number> {
  const how = `Select the rows to ${what} in "${sheetName}" first (click a row number; Shift+click or Ctrl+click for more).`;
  const selection = ctx.ports.workbook.selection();
  if (!selection || selection.sheet !== sheetName) throw new UserError(how);
  const rows = new Set<number>();
  for (const range of selection.rows) {
    for (let r = Math.max(2, range.start); r <= range.end; r++) {
      rows.add(r);
      if (rows.size > max) throw new UserError(`You selected more than ${max.toLocaleString('en-US')} rows; ${what} at most that many at a time.`);
    }
  }
  if (rows.size === 0) throw new UserError(`${how} Row 1 holds the headers.`);
  return rows;
}

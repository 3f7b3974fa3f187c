/** The selected data rows of a sheet: the one walk over the seller's selection. */
import type { Context } from './context';
import { UserError } from './errors';
import type { SheetPort } from './ports';

export interface SelectedRows {
  /** 1-based rows below the header, in the selection and visible. */
  rows: Set<number>;
  /** Rows of the selection hidden by the seller or a filter, left out. */
  hidden: number[];
}

/**
 * The rows selected on `sheet` (several ranges allowed; row 1 is the header). With `skipHidden`,
 * rows hidden by the seller or by a filter are left out — an action must not touch rows the
 * seller cannot see — at the cost of a Sheets call per row. `what` completes "Select the rows to …".
 */
export function selectedRows(
  ctx: Context,
  sheet: SheetPort,
  options: { max: number; what: string; skipHidden: boolean; tooMany?: string },
): SelectedRows {
  const how = `Select the rows to ${options.what} in "${sheet.name}" first (click a row number; Shift+click or Ctrl+click for more).`;
  const selection = ctx.ports.workbook.selection();
  if (!selection || selection.sheet !== sheet.name) throw new UserError(how);
  const rows = new Set<number>();
  const hidden: number[] = [];
  let count = 0;
  for (const range of selection.rows) {
    const start = Math.max(2, range.start);
    if (range.end < start) continue;
    count += range.end - start + 1;
    if (count > options.max) {
      throw new UserError(
        options.tooMany ??
          `You selected more than ${options.max.toLocaleString('en-US')} rows; ${options.what} at most that many at a time.`,
      );
    }
    const invisible = options.skipHidden ? sheet.hiddenRows(start, range.end) : new Set<number>();
    for (let r = start; r <= range.end; r++) {
      if (invisible.has(r)) hidden.push(r);
      else rows.add(r);
    }
  }
  if (rows.size === 0 && hidden.length === 0) throw new UserError(`${how} Row 1 holds the headers.`);
  return { rows, hidden };
}

/** The "select first" sentence, for callers that find the selection holds nothing usable. */
export function selectFirst(sheetName: string, what: string): string {
  return `Select the rows to ${what} in "${sheetName}" first (click a row number; Shift+click or Ctrl+click for more).`;
}

/**
 * The 1-based rows (below the header) selected on `sheetName`, hidden ones included: a refresh
 * only reads from the hub, so checking each row's visibility (a Sheets call per row) buys nothing.
 */
export function selectedRowNumbers(ctx: Context, sheetName: string, max: number, what: string): Set<number> {
  const sheet = ctx.ports.workbook.sheet(sheetName);
  if (!sheet) throw new UserError(`Select the rows to ${what} in "${sheetName}" first.`);
  return selectedRows(ctx, sheet, { max, what, skipHidden: false }).rows;
}

/**
 * What is known of a sheet's grid size. The grid does not grow by itself: a write past its last
 * row or column throws. Each size read is a Sheets round trip, so what is known is kept: the data
 * range read by readAll() lies inside the grid, and the grid's size is read at most once, only
 * when a write goes past it.
 */
export interface SheetGrid {
  /** Rows and columns the grid has at least; exact once read from Sheets. */
  known: { rows: number; columns: number; exactRows: boolean; exactColumns: boolean };
  /** Reads the grid's row count, once. */
  readRows(): void;
  /**
   * Grows the grid to (lastRow, lastColumn), then runs `fn` (a write there). The size known may
   * be stale — a colleague deleted rows or columns since it was read, during the requests — and
   * then growing or writing fails: the size is read again and both are tried once more. Told by
   * size, not by the error's text (Apps Script words it in the user's language); an error with
   * nothing to do with the size fails again and is thrown.
   */
  grown(lastRow: number, lastColumn: number, fn: () => unknown): void;
}

export function sheetGrid(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetGrid {
  const known = { rows: 0, columns: 0, exactRows: false, exactColumns: false };
  const readRows = (): void => {
    if (known.exactRows) return;
    known.rows = sheet.getMaxRows();
    known.exactRows = true;
  };
  const readColumns = (): void => {
    if (known.exactColumns) return;
    known.columns = sheet.getMaxColumns();
    known.exactColumns = true;
  };
  const grow = (lastRow: number, lastColumn: number): void => {
    // Only the side that may be too small is asked for: each size is a round trip.
    if (lastRow > known.rows) readRows();
    if (lastColumn > known.columns) readColumns();
    if (lastRow > known.rows) {
      sheet.insertRowsAfter(known.rows, lastRow - known.rows);
      known.rows = lastRow;
    }
    if (lastColumn > known.columns) {
      sheet.insertColumnsAfter(known.columns, lastColumn - known.columns);
      known.columns = lastColumn;
    }
  };
  const grown = (lastRow: number, lastColumn: number, fn: () => unknown): void => {
    try {
      grow(lastRow, lastColumn);
      fn();
    } catch {
      Object.assign(known, { rows: 0, columns: 0, exactRows: false, exactColumns: false });
      grow(lastRow, lastColumn);
      fn();
    }
  };
  return { known, readRows, grown };
}

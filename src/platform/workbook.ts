import type { CellValue, SheetPort, Workbook } from '../core/ports';

function sheetPort(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetPort {
  // The grid does not grow by itself: a write past its last row or column throws. Its size is
  // read once per execution and kept up to date here.
  let size: { rows: number; columns: number } | null = null;
  const ensureSize = (lastRow: number, lastColumn: number): void => {
    size ??= { rows: sheet.getMaxRows(), columns: sheet.getMaxColumns() };
    if (lastRow > size.rows) {
      sheet.insertRowsAfter(size.rows, lastRow - size.rows);
      size.rows = lastRow;
    }
    if (lastColumn > size.columns) {
      sheet.insertColumnsAfter(size.columns, lastColumn - size.columns);
      size.columns = lastColumn;
    }
  };
  return {
    name: sheet.getName(),
    readAll() {
      const rows = sheet.getLastRow();
      const columns = sheet.getLastColumn();
      if (rows === 0 || columns === 0) return [];
      return sheet.getRange(1, 1, rows, columns).getValues() as CellValue[][];
    },
    write(row, column, values) {
      if (values.length === 0 || values[0].length === 0) return;
      ensureSize(row + values.length - 1, column + values[0].length - 1);
      sheet.getRange(row, column, values.length, values[0].length).setValues(values);
    },
    setNumberFormat(row, column, rows, columns, format) {
      if (rows > 0 && columns > 0) sheet.getRange(row, column, rows, columns).setNumberFormat(format);
    },
    styleHeader(columns) {
      if (columns <= 0) return;
      sheet.getRange(1, 1, 1, columns).setFontWeight('bold');
      if (sheet.getFrozenRows() !== 1) sheet.setFrozenRows(1);
    },
    hiddenRows(first, last) {
      const hidden = new Set<number>();
      for (let r = first; r <= last; r++) if (sheet.isRowHiddenByUser(r) || sheet.isRowHiddenByFilter(r)) hidden.add(r);
      return hidden;
    },
    deleteRows(row, count) {
      if (count <= 0) return;
      sheet.deleteRows(row, count);
      if (size) size.rows -= count;
    },
    maxRows: () => (size ??= { rows: sheet.getMaxRows(), columns: sheet.getMaxColumns() }).rows,
    ensureSize(rows, columns) {
      // 0 means "any": each size read is a round trip, so it is skipped when not asked for.
      const maxRows = rows > 0 ? sheet.getMaxRows() : rows;
      if (rows > maxRows) sheet.insertRowsAfter(maxRows, rows - maxRows);
      const maxColumns = columns > 0 ? sheet.getMaxColumns() : columns;
      if (columns > maxColumns) sheet.insertColumnsAfter(maxColumns, columns - maxColumns);
    },
  };
}

/** The active spreadsheet as the Workbook port. */
export function activeWorkbook(): Workbook {
  const ss = SpreadsheetApp.getActive();
  return {
    sheet(name) {
      const s = ss.getSheetByName(name);
      return s ? sheetPort(s) : null;
    },
    ensureSheet(name, header, options) {
      let s = ss.getSheetByName(name);
      if (!s) {
        s = ss.insertSheet(name);
        if (header.length > 0) {
          // Headers are plain text: "1" or "=x" must not be parsed.
          s.getRange(1, 1, 1, header.length).setNumberFormat('@').setValues([header]);
          s.getRange(1, 1, 1, header.length).setFontWeight('bold');
          s.setFrozenRows(1);
        }
        if (options?.hidden) s.hideSheet();
      }
      return sheetPort(s);
    },
    selection() {
      const sheet = ss.getActiveSheet();
      const list = ss.getActiveRangeList();
      const ranges = list ? list.getRanges() : [];
      if (ranges.length === 0) return null;
      return { sheet: sheet.getName(), rows: ranges.map((r) => ({ start: r.getRow(), end: r.getLastRow() })) };
    },
    sheetNames: () => ss.getSheets().map((s) => s.getName()),
  };
}

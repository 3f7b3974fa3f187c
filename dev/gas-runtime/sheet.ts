import { parseA1, type Rect } from './a1';
import { copyRule } from './conditional-format';
import { ruleFacade, ruleTarget } from './conditional-format-facade';
import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import { writeTyped } from './grid';
import { checkRect, rangeFacade, rangeTarget } from './range';
import { activeRects, rangeListFacade, spreadsheetFacade } from './spreadsheet';
import { deleteRows, insertColumns, insertRows } from './structure';
import type { Cell, SheetModel } from './workbook';

/**
 * Sheet: ranges, size, structure (insert/delete rows), frozen rows, row visibility. Reading the
 * data extent (getLastRow, getDataRange...) or changing structure is a Sheets round trip;
 * getRange and naming calls are cheap.
 */

const sheetTargets = new WeakMap<object, SheetModel>();

/** The sheet model behind a Sheet facade (for deleteSheet, setActiveSheet...). */
export function sheetTarget(ctx: Ctx, sheet: unknown): SheetModel {
  const model = sheet && typeof sheet === 'object' ? sheetTargets.get(sheet) : undefined;
  if (!model || !ctx.world.workbook.sheets.includes(model)) ctx.fail(MSG.invalidArgument('sheet'));
  return model;
}

/** Resolves getRange's overloads: (a1) or (row, column, numRows?, numColumns?). */
export function resolveRange(ctx: Ctx, sheet: SheetModel, args: unknown[]): object {
  if (typeof args[0] === 'string') {
    const ref = parseA1(args[0], sheet.maxRows, sheet.maxCols);
    if (!ref) ctx.fail(MSG.rangeNotFound);
    checkRect(ctx, sheet, ref);
    return rangeFacade(ctx, sheet, ref, ref);
  }
  const [row, col, numRows = 1, numCols = 1] = args.map((a) => (a === undefined ? undefined : Number(a)));
  const rect: Rect = { row: row as number, col: col as number, numRows: numRows as number, numCols: numCols as number };
  checkRect(ctx, sheet, rect);
  return rangeFacade(ctx, sheet, rect);
}

function setRowsHidden(sheet: SheetModel, row: number, n: number, hidden: boolean): void {
  for (let r = row; r < row + n; r++) {
    if (hidden) sheet.hiddenByUser.add(r);
    else sheet.hiddenByUser.delete(r);
  }
}

function eachCell(sheet: SheetModel, fn: (cell: Cell) => void): void {
  for (const row of sheet.rows) for (const cell of row ?? []) if (cell) fn(cell);
}

/** A Sheet facade. */
export function sheetFacade(ctx: Ctx, sheet: SheetModel): object {
  const wb = ctx.world.workbook;
  const cheap = (method: string) => ctx.cheap('Sheet', method);
  const read = (method: string) => ctx.sheets('Sheet', method, 'read');
  const write = (method: string) => ctx.sheets('Sheet', method, 'write');
  const colsInBounds = (column: number, n: number) => {
    if (!(column >= 1) || !(n >= 1) || column + n - 1 > sheet.maxCols) ctx.fail(MSG.columnsOutOfBounds);
  };
  const setWidths = (column: number, n: number, width: number) => {
    colsInBounds(column, n);
    if (!(width >= 0)) ctx.fail(MSG.invalidArgument('width'));
    for (let c = column; c < column + n; c++) sheet.columnWidths[c - 1] = Math.round(width);
  };
  const rowsInBounds = (row: number, n = 1) => {
    if (!(row >= 1) || !(n >= 1) || row + n - 1 > sheet.maxRows) ctx.fail(MSG.rowsOutOfBounds);
  };
  const self = facade('Sheet', {
    getName: () => (cheap('getName'), sheet.name),
    setName(name: unknown) {
      write('setName');
      const text = String(name);
      const other = wb.sheetByName(text);
      if (other && other !== sheet) ctx.fail(MSG.sheetExists(text));
      sheet.name = text;
      return self;
    },
    // Fixed when the sheet is made; setName and the seller's renames keep it ("Sheet IDs are stable,
    // even if the sheet name changes": https://developers.google.com/workspace/sheets/api/guides/concepts,
    // https://developers.google.com/apps-script/reference/spreadsheet/sheet#getSheetId()).
    getSheetId: () => (cheap('getSheetId'), sheet.id),
    getIndex: () => (cheap('getIndex'), wb.sheets.indexOf(sheet) + 1),
    getParent: () => (cheap('getParent'), spreadsheetFacade(ctx)),
    activate() {
      ctx.sheets('Sheet', 'activate', 'other');
      ctx.view.select(sheet.id, [{ row: 1, col: 1, numRows: 1, numCols: 1 }]);
      return self;
    },
    getRange: (...args: unknown[]) => (cheap('getRange'), resolveRange(ctx, sheet, args)),
    getRangeList(a1s: unknown[]) {
      cheap('getRangeList');
      return rangeListFacade(
        ctx,
        (a1s ?? []).map((a) => resolveRange(ctx, sheet, [String(a)])),
      );
    },
    getDataRange() {
      read('getDataRange');
      return rangeFacade(ctx, sheet, { row: 1, col: 1, numRows: Math.max(1, sheet.lastRow()), numCols: Math.max(1, sheet.lastColumn()) });
    },
    getLastRow: () => (read('getLastRow'), sheet.lastRow()),
    getLastColumn: () => (read('getLastColumn'), sheet.lastColumn()),
    getMaxRows: () => (read('getMaxRows'), sheet.maxRows),
    getMaxColumns: () => (read('getMaxColumns'), sheet.maxCols),
    appendRow(values: unknown[]) {
      if (!Array.isArray(values)) ctx.fail(MSG.invalidArgument('rowContents'));
      ctx.sheets('Sheet', 'appendRow', 'write', values.length);
      // appendRow is where Sheets grows the grid by itself.
      const row = sheet.lastRow() + 1;
      if (row > sheet.maxRows) sheet.maxRows = row;
      if (values.length > sheet.maxCols) sheet.maxCols = values.length;
      values.forEach((v, j) => {
        const cell = sheet.cellForWrite(row, j + 1);
        ctx.world.pendingWrites.note(ctx.exec.id, cell);
        writeTyped(cell, v, wb);
      });
      return self;
    },
    insertRowsAfter(afterPosition: number, howMany: number) {
      write('insertRowsAfter');
      rowsInBounds(afterPosition);
      if (!(howMany >= 1)) ctx.fail(MSG.invalidArgument('howMany'));
      insertRows(sheet, afterPosition + 1, howMany);
      return self;
    },
    insertRowAfter(afterPosition: number) {
      write('insertRowAfter');
      rowsInBounds(afterPosition);
      insertRows(sheet, afterPosition + 1, 1);
      return self;
    },
    insertRowsBefore(beforePosition: number, howMany: number) {
      write('insertRowsBefore');
      rowsInBounds(beforePosition);
      if (!(howMany >= 1)) ctx.fail(MSG.invalidArgument('howMany'));
      insertRows(sheet, beforePosition, howMany);
      return self;
    },
    insertRowBefore(beforePosition: number) {
      write('insertRowBefore');
      rowsInBounds(beforePosition);
      insertRows(sheet, beforePosition, 1);
      return self;
    },
    insertColumnsAfter(afterPosition: number, howMany: number) {
      write('insertColumnsAfter');
      if (!(afterPosition >= 1) || afterPosition > sheet.maxCols) ctx.fail(MSG.columnsOutOfBounds);
      if (!(howMany >= 1)) ctx.fail(MSG.invalidArgument('howMany'));
      insertColumns(sheet, afterPosition + 1, howMany);
      return self;
    },
    deleteRows(rowPosition: number, howMany: number) {
      write('deleteRows');
      rowsInBounds(rowPosition, howMany);
      if (sheet.maxRows - howMany <= sheet.frozenRows) ctx.fail(MSG.deleteAllRows);
      deleteRows(sheet, rowPosition, howMany);
    },
    deleteRow(rowPosition: number) {
      write('deleteRow');
      rowsInBounds(rowPosition);
      if (sheet.maxRows - 1 <= sheet.frozenRows) ctx.fail(MSG.deleteAllRows);
      deleteRows(sheet, rowPosition, 1);
      return self;
    },
    setFrozenRows(rows: number) {
      write('setFrozenRows');
      if (!(rows >= 0) || rows >= sheet.maxRows) ctx.fail(MSG.rowsOutOfBounds);
      sheet.frozenRows = rows;
    },
    getFrozenRows: () => (read('getFrozenRows'), sheet.frozenRows),
    setFrozenColumns(columns: number) {
      write('setFrozenColumns');
      if (!(columns >= 0) || columns >= sheet.maxCols) ctx.fail(MSG.columnsOutOfBounds);
      sheet.frozenColumns = columns;
    },
    getFrozenColumns: () => (read('getFrozenColumns'), sheet.frozenColumns),
    hideRows(rowIndex: number, numRows = 1) {
      write('hideRows');
      rowsInBounds(rowIndex, numRows);
      setRowsHidden(sheet, rowIndex, numRows, true);
    },
    showRows(rowIndex: number, numRows = 1) {
      write('showRows');
      rowsInBounds(rowIndex, numRows);
      setRowsHidden(sheet, rowIndex, numRows, false);
    },
    isRowHiddenByUser(rowPosition: number) {
      read('isRowHiddenByUser');
      rowsInBounds(rowPosition);
      return sheet.hiddenByUser.has(rowPosition);
    },
    isRowHiddenByFilter(rowPosition: number) {
      read('isRowHiddenByFilter');
      rowsInBounds(rowPosition);
      return sheet.hiddenByFilter.has(rowPosition);
    },
    hideSheet() {
      write('hideSheet');
      if (wb.sheets.filter((s) => !s.hidden && s !== sheet).length === 0) ctx.fail("You can't hide all the sheets in a document.");
      sheet.hidden = true;
      return self;
    },
    showSheet() {
      write('showSheet');
      sheet.hidden = false;
      return self;
    },
    isSheetHidden: () => (read('isSheetHidden'), sheet.hidden),
    clear() {
      write('clear');
      sheet.rows = [];
      return self;
    },
    clearContents() {
      write('clearContents');
      eachCell(sheet, (cell) => {
        ctx.world.pendingWrites.note(ctx.exec.id, cell);
        cell.value = '';
        delete cell.formula;
      });
      return self;
    },
    clearFormats() {
      write('clearFormats');
      eachCell(sheet, (cell) => {
        delete cell.numberFormat;
        delete cell.fontWeight;
        delete cell.background;
      });
      return self;
    },
    getConditionalFormatRules: () => (
      read('getConditionalFormatRules'), ctx.toRealm(sheet.conditionalRules.map((r) => ruleFacade(ctx, r, sheet)))
    ),
    setConditionalFormatRules(list: unknown) {
      write('setConditionalFormatRules');
      if (!Array.isArray(list)) ctx.fail(MSG.invalidArgument('rules'));
      const targets = list.map((r) => ruleTarget(ctx, r));
      // A rule's ranges are on one grid: this sheet's (or none yet).
      if (targets.some((t) => t.sheet !== null && t.sheet !== sheet)) ctx.fail(MSG.invalidArgument('rules'));
      sheet.conditionalRules = targets.map((t) => copyRule(t.rule));
    },
    clearConditionalFormatRules() {
      write('clearConditionalFormatRules');
      sheet.conditionalRules = [];
    },
    setColumnWidth(columnPosition: number, width: number) {
      write('setColumnWidth');
      setWidths(columnPosition, 1, width);
      return self;
    },
    setColumnWidths(startColumn: number, numColumns: number, width: number) {
      write('setColumnWidths');
      setWidths(startColumn, numColumns, width);
      return self;
    },
    getColumnWidth(columnPosition: number) {
      read('getColumnWidth');
      colsInBounds(columnPosition, 1);
      return sheet.columnWidth(columnPosition);
    },
    setRowHeight: () => (write('setRowHeight'), self),
    // Fitting to content needs the browser's text layout: counted, the widths left as they are.
    autoResizeColumn: () => (write('autoResizeColumn'), self),
    autoResizeColumns: () => (write('autoResizeColumns'), self),
    getActiveRange() {
      cheap('getActiveRange');
      const rects = activeRects(ctx, sheet);
      return rects && rangeFacade(ctx, sheet, rects[rects.length - 1]);
    },
    setActiveRange(range: unknown) {
      ctx.sheets('Sheet', 'setActiveRange', 'other');
      const t = rangeTarget(ctx, range);
      ctx.view.select(t.sheet.id, [t.rect]);
      return range;
    },
    setActiveSelection(a1OrRange: unknown) {
      ctx.sheets('Sheet', 'setActiveSelection', 'other');
      const range = typeof a1OrRange === 'string' ? resolveRange(ctx, sheet, [a1OrRange]) : a1OrRange;
      const t = rangeTarget(ctx, range);
      ctx.view.select(t.sheet.id, [t.rect]);
      return range;
    },
  });
  sheetTargets.set(self, sheet);
  return self;
}

import { intersects, toA1, type Rect } from './a1';
import { copyValidation, validationFacade, validationTarget } from './data-validation';
import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import * as grid from './grid';
import { sheetFacade } from './sheet';
import { evaluateFormula } from './values';
import type { Cell, SheetModel } from './workbook';

/**
 * Range: values, formulas, formats and notes of a rectangle. Each read or write of cell data is
 * one Sheets round trip (see costs.ts); geometry getters are cheap local calls.
 */

// The sheet and rectangle behind each Range facade, kept out of the bundle's sight.
const targets = new WeakMap<object, RangeTarget>();

export interface RangeWhole {
  wholeCols?: boolean;
  wholeRows?: boolean;
  /** Written without an end row ("A2:C"): what a conditional format rule keeps open-ended. */
  openRows?: boolean;
}

/** What a Range facade stands for. */
export interface RangeTarget {
  sheet: SheetModel;
  rect: Rect;
  whole: RangeWhole;
}

/** Checks a getRange rectangle against the sheet's size with Apps Script's messages. */
export function checkRect(ctx: Ctx, sheet: SheetModel, rect: Rect): void {
  if (!(rect.row >= 1)) ctx.fail(MSG.startRowTooSmall);
  if (!(rect.col >= 1)) ctx.fail(MSG.startColumnTooSmall);
  if (!(rect.numRows >= 1)) ctx.fail(MSG.rowsAtLeastOne);
  if (!(rect.numCols >= 1)) ctx.fail(MSG.columnsAtLeastOne);
  if (rect.row + rect.numRows - 1 > sheet.maxRows) ctx.fail(MSG.rowsOutOfBounds);
  if (rect.col + rect.numCols - 1 > sheet.maxCols) ctx.fail(MSG.columnsOutOfBounds);
}

function checkGrid(ctx: Ctx, rect: Rect, data: unknown, method: string): unknown[][] {
  if (!Array.isArray(data) || !data.every((r) => Array.isArray(r))) {
    ctx.fail(`The parameters (${typeof data}) don't match the method signature for SpreadsheetApp.Range.${method}.`);
  }
  const rows = data as unknown[][];
  if (rows.length !== rect.numRows) ctx.fail(MSG.rowsMismatch(rows.length, rect.numRows));
  for (const r of rows) if (r.length !== rect.numCols) ctx.fail(MSG.columnsMismatch(r.length, rect.numCols));
  return rows;
}

/** A Range facade over `rect` of `sheet`. */
export function rangeFacade(ctx: Ctx, sheet: SheetModel, rect: Rect, whole: RangeWhole = {}): object {
  const settings = () => ctx.world.workbook;
  const cells = rect.numRows * rect.numCols;
  // A Range is fixed coordinates, checked against the grid at getRange. A collaborator (or an
  // onServiceCall hook) may shrink the grid before it is used, so data calls check again after
  // the gate: otherwise a write would land outside the grid (getLastRow > getMaxRows).
  const read = (method: string) => (ctx.sheets('Range', method, 'read', cells), checkRect(ctx, sheet, rect));
  const write = (method: string) => (ctx.sheets('Range', method, 'write', cells), checkRect(ctx, sheet, rect));
  const cheap = (method: string) => ctx.cheap('Range', method);
  const first = () => sheet.cell(rect.row, rect.col);
  // Content writes stay unseen by other executions until a flush (pending-writes.ts).
  const pending = ctx.world.pendingWrites;
  const seen = (cell: Cell | undefined) => pending.seen(ctx.exec.id, cell);
  const fill = (method: string, apply: (cell: Cell) => void, content = false) => {
    write(method);
    grid.eachCellForWrite(sheet, rect, (cell) => {
      if (content) pending.note(ctx.exec.id, cell);
      apply(cell);
    });
    return self;
  };
  const fillEach = (method: string, data: unknown, apply: (cell: Cell, v: unknown) => void, content = false) => {
    const rows = checkGrid(ctx, rect, data, method);
    write(method);
    grid.eachCellForWrite(sheet, rect, (cell, i, j) => {
      if (content) pending.note(ctx.exec.id, cell);
      apply(cell, rows[i][j]);
    });
    return self;
  };
  const setFormula = (cell: Cell, f: unknown) => {
    const text = String(f ?? '');
    if (text === '') {
      delete cell.formula;
      cell.value = '';
    } else {
      cell.formula = text.startsWith('=') ? text : `=${text}`;
      cell.value = evaluateFormula(cell.formula);
    }
  };
  const self = facade('Range', {
    getValues: () => (read('getValues'), ctx.toRealm(grid.readValues(sheet, rect, seen))),
    getValue: () => (read('getValue'), ctx.toRealm(grid.readValues(sheet, { ...rect, numRows: 1, numCols: 1 }, seen)[0][0])),
    getDisplayValues: () => (read('getDisplayValues'), ctx.toRealm(grid.readDisplayValues(sheet, rect, settings(), seen))),
    getDisplayValue: () => (
      read('getDisplayValue'), grid.readDisplayValues(sheet, { ...rect, numRows: 1, numCols: 1 }, settings(), seen)[0][0]
    ),
    getFormulas: () => (read('getFormulas'), ctx.toRealm(grid.readFormulas(sheet, rect, seen))),
    getFormula: () => (read('getFormula'), seen(first())?.formula ?? ''),
    getNumberFormats: () => (read('getNumberFormats'), ctx.toRealm(grid.readNumberFormats(sheet, rect))),
    getNumberFormat: () => (read('getNumberFormat'), grid.readNumberFormats(sheet, { ...rect, numRows: 1, numCols: 1 })[0][0]),
    getFontWeights: () => (read('getFontWeights'), ctx.toRealm(grid.readFontWeights(sheet, rect))),
    getFontWeight: () => (read('getFontWeight'), first()?.fontWeight ?? 'normal'),
    getBackgrounds: () => (read('getBackgrounds'), ctx.toRealm(grid.readBackgrounds(sheet, rect))),
    getBackground: () => (read('getBackground'), first()?.background ?? '#ffffff'),
    getNotes: () => (read('getNotes'), ctx.toRealm(grid.readNotes(sheet, rect))),
    getNote: () => (read('getNote'), first()?.note ?? ''),

    setValues: (values: unknown) => fillEach('setValues', values, (cell, v) => grid.writeTyped(cell, v, settings()), true),
    setValue: (value: unknown) => fill('setValue', (cell) => grid.writeTyped(cell, value, settings()), true),
    setFormula: (formula: unknown) => fill('setFormula', (cell) => setFormula(cell, formula), true),
    setFormulas: (formulas: unknown) => fillEach('setFormulas', formulas, setFormula, true),
    setNumberFormat: (format: unknown) => fill('setNumberFormat', (cell) => (cell.numberFormat = String(format))),
    setNumberFormats: (formats: unknown) => fillEach('setNumberFormats', formats, (cell, f) => (cell.numberFormat = String(f))),
    setFontWeight: (weight: unknown) => fill('setFontWeight', (cell) => (cell.fontWeight = weight === 'bold' ? 'bold' : 'normal')),
    setFontWeights: (weights: unknown) =>
      fillEach('setFontWeights', weights, (cell, w) => (cell.fontWeight = w === 'bold' ? 'bold' : 'normal')),
    setBackground: (color: unknown) =>
      fill('setBackground', (cell) => (color == null ? delete cell.background : (cell.background = String(color)))),
    setBackgrounds: (colors: unknown) =>
      fillEach('setBackgrounds', colors, (cell, c) => (c == null ? delete cell.background : (cell.background = String(c)))),
    setNote: (note: unknown) => fill('setNote', (cell) => (note == null || note === '' ? delete cell.note : (cell.note = String(note)))),
    setNotes: (notes: unknown) =>
      fillEach('setNotes', notes, (cell, n) => (n == null || n === '' ? delete cell.note : (cell.note = String(n)))),
    clearContent: () =>
      fill(
        'clearContent',
        (cell) => {
          cell.value = '';
          delete cell.formula;
        },
        true,
      ),
    clearFormat: () =>
      fill('clearFormat', (cell) => {
        delete cell.numberFormat;
        delete cell.fontWeight;
        delete cell.background;
      }),
    clear: () =>
      fill(
        'clear',
        (cell) => {
          for (const k of Object.keys(cell)) delete (cell as Record<string, unknown>)[k];
        },
        true,
      ),
    clearNote: () => fill('clearNote', (cell) => delete cell.note),
    setDataValidation(rule: unknown) {
      const model = validationTarget(ctx, rule);
      return fill('setDataValidation', (cell) => (model ? (cell.validation = copyValidation(model)) : delete cell.validation));
    },
    setDataValidations(rules: unknown) {
      const models = checkGrid(ctx, rect, rules, 'setDataValidations').map((row) => row.map((r) => validationTarget(ctx, r)));
      write('setDataValidations');
      grid.eachCellForWrite(sheet, rect, (cell, i, j) => {
        const model = models[i][j];
        if (model) cell.validation = copyValidation(model);
        else delete cell.validation;
      });
      return self;
    },
    getDataValidation: () => {
      read('getDataValidation');
      const rule = first()?.validation;
      return rule ? validationFacade(ctx, rule) : null;
    },
    getDataValidations: () => {
      read('getDataValidations');
      const out: Array<Array<object | null>> = [];
      for (let i = 0; i < rect.numRows; i++) {
        const row: Array<object | null> = [];
        for (let j = 0; j < rect.numCols; j++) {
          const rule = sheet.cell(rect.row + i, rect.col + j)?.validation;
          row.push(rule ? validationFacade(ctx, rule) : null);
        }
        out.push(row);
      }
      return ctx.toRealm(out);
    },
    clearDataValidations: () => fill('clearDataValidations', (cell) => delete cell.validation),

    merge() {
      ctx.sheets('Range', 'merge', 'write');
      sheet.merges = sheet.merges.filter((m) => !intersects(m, rect));
      if (cells > 1) sheet.merges.push({ ...rect });
      return self;
    },
    breakApart() {
      ctx.sheets('Range', 'breakApart', 'write');
      sheet.merges = sheet.merges.filter((m) => !intersects(m, rect));
      return self;
    },
    isPartOfMerge() {
      ctx.sheets('Range', 'isPartOfMerge', 'read');
      return sheet.merges.some((m) => intersects(m, rect));
    },
    getMergedRanges() {
      ctx.sheets('Range', 'getMergedRanges', 'read');
      return ctx.toRealm(sheet.merges.filter((m) => intersects(m, rect)).map((m) => rangeFacade(ctx, sheet, m)));
    },
    activate() {
      ctx.sheets('Range', 'activate', 'other');
      ctx.view.select(sheet.id, [rect]);
      return self;
    },

    getRow: () => (cheap('getRow'), rect.row),
    getColumn: () => (cheap('getColumn'), rect.col),
    getLastRow: () => (cheap('getLastRow'), rect.row + rect.numRows - 1),
    getLastColumn: () => (cheap('getLastColumn'), rect.col + rect.numCols - 1),
    getNumRows: () => (cheap('getNumRows'), rect.numRows),
    getNumColumns: () => (cheap('getNumColumns'), rect.numCols),
    getHeight: () => (cheap('getHeight'), rect.numRows),
    getWidth: () => (cheap('getWidth'), rect.numCols),
    getA1Notation: () => (cheap('getA1Notation'), toA1(rect, { wholeCols: whole.wholeCols, wholeRows: whole.wholeRows })),
    getGridId: () => (cheap('getGridId'), sheet.id),
    getSheet: () => (cheap('getSheet'), sheetFacade(ctx, sheet)),
    getCell(row: number, column: number) {
      cheap('getCell');
      if (row < 1 || row > rect.numRows || column < 1 || column > rect.numCols) ctx.fail(MSG.rowsOutOfBounds);
      return rangeFacade(ctx, sheet, { row: rect.row + row - 1, col: rect.col + column - 1, numRows: 1, numCols: 1 });
    },
    offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number) {
      cheap('offset');
      const r: Rect = {
        row: rect.row + rowOffset,
        col: rect.col + columnOffset,
        numRows: numRows ?? rect.numRows,
        numCols: numColumns ?? rect.numCols,
      };
      checkRect(ctx, sheet, r);
      return rangeFacade(ctx, sheet, r);
    },
  });
  targets.set(self, { sheet, rect, whole });
  return self;
}

/** The sheet and rectangle behind a Range facade (for setActiveRange, RangeList...), without a service call. */
export function rangeTarget(ctx: Ctx, range: unknown): RangeTarget {
  const t = range && typeof range === 'object' ? targets.get(range) : undefined;
  if (!t || !ctx.world.workbook.sheets.includes(t.sheet)) ctx.fail(MSG.invalidArgument('range'));
  return t;
}

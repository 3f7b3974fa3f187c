import type { Rect } from './a1';
import type { CellSettings } from './locale';
import { displayValue } from './number-format';
import { DEFAULT_NUMBER_FORMAT, interpretWrite, storeAsGiven, type CellValue } from './values';
import type { Cell, SheetModel } from './workbook';

/**
 * Rectangle reads and writes on the sheet model, shared by the Range facade (bundle side) and
 * the test API. No counting or charging here: that is the facades' job.
 */

/** Builds a rows x cols grid by calling `fn` for each cell. */
export function mapRect<T>(sheet: SheetModel, rect: Rect, fn: (cell: Cell | undefined, row: number, col: number) => T): T[][] {
  const out: T[][] = new Array(rect.numRows);
  for (let i = 0; i < rect.numRows; i++) {
    const line: T[] = new Array(rect.numCols);
    const r = sheet.rows[rect.row + i - 1];
    for (let j = 0; j < rect.numCols; j++) line[j] = fn(r?.[rect.col + j - 1], rect.row + i, rect.col + j);
    out[i] = line;
  }
  return out;
}

/** How an execution sees a cell: without other executions' pending writes (pending-writes.ts). The test sees it as stored. */
export type CellView = (cell: Cell | undefined) => Cell | undefined;
const asStored: CellView = (cell) => cell;

/** Values as Apps Script returns them: '' for empty, Dates copied. */
export function readValues(sheet: SheetModel, rect: Rect, seen: CellView = asStored): Array<Array<CellValue | ''>> {
  return mapRect(sheet, rect, (cell) => {
    const v = seen(cell)?.value;
    if (v === undefined) return '';
    return v instanceof Date ? new Date(v.getTime()) : v;
  });
}

/** Display values in the workbook's time zone and locale. */
export function readDisplayValues(sheet: SheetModel, rect: Rect, settings: CellSettings, seen: CellView = asStored): string[][] {
  return mapRect(sheet, rect, (cell) => {
    const c = seen(cell);
    return displayValue(c?.value, c?.numberFormat, settings.timeZone, settings.locale);
  });
}

export function readFormulas(sheet: SheetModel, rect: Rect, seen: CellView = asStored): string[][] {
  return mapRect(sheet, rect, (c) => seen(c)?.formula ?? '');
}

export function readNumberFormats(sheet: SheetModel, rect: Rect): string[][] {
  return mapRect(sheet, rect, (c) => c?.numberFormat ?? DEFAULT_NUMBER_FORMAT);
}

export function readFontWeights(sheet: SheetModel, rect: Rect): string[][] {
  return mapRect(sheet, rect, (c) => c?.fontWeight ?? 'normal');
}

export function readBackgrounds(sheet: SheetModel, rect: Rect): string[][] {
  return mapRect(sheet, rect, (c) => c?.background ?? '#ffffff');
}

export function readNotes(sheet: SheetModel, rect: Rect): string[][] {
  return mapRect(sheet, rect, (c) => c?.note ?? '');
}

/** Calls `fn` with each cell of the rectangle (created for writing) and its offsets. */
export function eachCellForWrite(sheet: SheetModel, rect: Rect, fn: (cell: Cell, i: number, j: number) => void): void {
  for (let i = 0; i < rect.numRows; i++) for (let j = 0; j < rect.numCols; j++) fn(sheet.cellForWrite(rect.row + i, rect.col + j), i, j);
}

/** Writes one value into a cell as a user typing it in the workbook's time zone and locale (bundle writes). */
export function writeTyped(cell: Cell, v: unknown, settings: CellSettings): void {
  const w = interpretWrite(v, cell.numberFormat, settings.timeZone, settings.locale);
  cell.value = w.value;
  if (w.formula) cell.formula = w.formula;
  else delete cell.formula;
  if (w.autoFormat && cell.numberFormat === undefined) cell.numberFormat = w.autoFormat;
}

/** Writes a grid starting at (row, col) as given (test seeding), growing the sheet if needed. */
export function writeGiven(sheet: SheetModel, row: number, col: number, values: unknown[][]): void {
  const width = values.reduce((m, r) => Math.max(m, r.length), 0);
  sheet.maxRows = Math.max(sheet.maxRows, row + values.length - 1);
  sheet.maxCols = Math.max(sheet.maxCols, col + width - 1);
  values.forEach((line, i) =>
    line.forEach((v, j) => {
      const cell = sheet.cellForWrite(row + i, col + j);
      cell.value = storeAsGiven(v);
      delete cell.formula;
    }),
  );
}

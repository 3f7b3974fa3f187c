import type { ValidationRule } from './data-validation';
import type { Rect } from './a1';
import type { ConditionalRule } from './conditional-format';
import { hasContent, type CellValue } from './values';
import { DEFAULT_LOCALE } from './locale';

/**
 * The spreadsheet's data, independent of any execution: sheets of sparse cells with value,
 * formula, number format, font weight, background and note; row visibility; merges; frozen rows;
 * column widths set by a script;
 * conditional format rules (conditional-format.ts).
 * Facades (spreadsheet.ts, sheet.ts, range.ts) read and write it on behalf of the bundle; the
 * test API reads and seeds it directly. Structural edits (insert/delete/sort/move rows and
 * columns) are in structure.ts and reorder.ts.
 */

export interface Cell {
  value?: CellValue | '';
  formula?: string;
  numberFormat?: string;
  fontWeight?: 'bold' | 'normal';
  background?: string;
  note?: string;
  /** Data validation (data-validation.ts): a list of values, its dropdown, and whether other values are kept. */
  validation?: ValidationRule;
}

/** A column's width in pixels until something sets one (Sheets' default). */
export const DEFAULT_COLUMN_WIDTH = 100;

export class SheetModel {
  /** rows[r-1][c-1]; sparse. */
  rows: Array<Array<Cell | undefined> | undefined> = [];
  frozenRows = 0;
  frozenColumns = 0;
  hidden = false;
  hiddenByUser = new Set<number>();
  hiddenByFilter = new Set<number>();
  merges: Rect[] = [];
  /** In the sheet's order: the first rule that matches a cell decides its look. */
  conditionalRules: ConditionalRule[] = [];
  /** Widths (px) set by setColumnWidth(s), widths[c-1]; sparse: a column without one has Sheets' default. */
  columnWidths: Array<number | undefined> = [];

  constructor(
    public readonly id: number,
    public name: string,
    public maxRows = 1000,
    public maxCols = 26,
  ) {}

  /** Column `col`'s width in pixels. */
  columnWidth(col: number): number {
    return this.columnWidths[col - 1] ?? DEFAULT_COLUMN_WIDTH;
  }

  /** The widths set on columns, [column, px], left to right. */
  widthsSet(): Array<[number, number]> {
    return this.columnWidths.flatMap((w, c) => (w === undefined ? [] : [[c + 1, w] as [number, number]]));
  }

  cell(row: number, col: number): Cell | undefined {
    return this.rows[row - 1]?.[col - 1];
  }

  /** The cell, created if missing. */
  cellForWrite(row: number, col: number): Cell {
    const r = (this.rows[row - 1] ??= []);
    return (r[col - 1] ??= {});
  }

  /** Last row holding a value or formula (0 when empty), like Sheet.getLastRow(). */
  lastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) {
      const row = this.rows[r - 1];
      if (row?.some((c) => c && (hasContent(c.value) || c.formula))) return r;
    }
    return 0;
  }

  /** Last column holding a value or formula (0 when empty). */
  lastColumn(): number {
    let last = 0;
    for (const row of this.rows) {
      if (!row) continue;
      for (let c = row.length; c > last; c--) {
        const cell = row[c - 1];
        if (cell && (hasContent(cell.value) || cell.formula)) {
          last = c;
          break;
        }
      }
    }
    return last;
  }
}

export class WorkbookModel {
  sheets: SheetModel[] = [];
  nextSheetId = 0;

  constructor(
    public readonly id: string,
    public name: string,
    public timeZone: string,
    /** Spreadsheet locale (File › Settings): typed input and display separators, date order. */
    public locale: string = DEFAULT_LOCALE,
  ) {}

  get url(): string {
    return `https://docs.google.com/spreadsheets/d/${this.id}/edit`;
  }

  /** Sheet names are unique regardless of case in Sheets, and looked up that way. */
  sheetByName(name: string): SheetModel | undefined {
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  sheetById(id: number): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  /** Adds a sheet at 0-based `index` (default last). The first sheet gets id 0 like in Sheets. */
  addSheet(name: string, index = this.sheets.length, maxRows = 1000, maxCols = 26): SheetModel {
    const id = this.nextSheetId === 0 ? 0 : 100000000 + this.nextSheetId * 7919;
    this.nextSheetId++;
    const sheet = new SheetModel(id, name, maxRows, maxCols);
    this.sheets.splice(Math.max(0, Math.min(index, this.sheets.length)), 0, sheet);
    return sheet;
  }

  removeSheet(sheet: SheetModel): void {
    this.sheets = this.sheets.filter((s) => s !== sheet);
  }

  /** "Sheet2", "Sheet3"...: the first free default name. */
  freeSheetName(): string {
    for (let i = this.sheets.length + 1; ; i++) if (!this.sheetByName(`Sheet${i}`)) return `Sheet${i}`;
  }
}

/**
 * The seller's edits from the page, made through the runtime's test-side API exactly as a person
 * editing the spreadsheet would make them (typed text is read by the runtime's own typed-input
 * rules), each recorded for Edit › Undo.
 */
import type { Runtime, SheetHandle } from '../../gas-runtime';
import { columnLetters } from '../../gas-runtime/a1';
import { zonedToEpoch } from '../../gas-runtime/timezone';
import type { ImportCell, ImportedSheet, ImportTarget, StructureEdit } from '../protocol';
import type { UndoHistory } from './undo';

/** Sheets' limit on a sheet name's length. */
const MAX_SHEET_NAME = 100;
const NEW_SHEET_ROWS = 1000;
const NEW_SHEET_COLS = 26;

const a1 = (row: number, col: number): string => `${columnLetters(col)}${row}`;

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Grows the sheet to hold a block of `rows` × `cols` at (row, col), as a paste beyond the edge does in Sheets. */
function growFor(sheet: SheetHandle, row: number, col: number, rows: number, cols: number): void {
  const needRows = row + rows - 1;
  const needCols = col + cols - 1;
  if (needRows > sheet.maxRows() || needCols > sheet.maxColumns())
    sheet.resize(Math.max(sheet.maxRows(), needRows), Math.max(sheet.maxColumns(), needCols));
}

/** One imported cell, typed or kept as given (with its number format; a date placed in the spreadsheet's zone). */
function writeCell(rt: Runtime, sheet: SheetHandle, ref: string, cell: ImportCell): void {
  if (cell === null) return;
  if ('typed' in cell) {
    sheet.type(ref, cell.typed);
    return;
  }
  let value = cell.value;
  if (value instanceof Date) {
    const d = value;
    value = new Date(
      zonedToEpoch(
        rt.world.workbook.timeZone,
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ),
    );
  }
  sheet.setValues([[value]], ref);
  if (!cell.format) return;
  sheet.setNumberFormat(ref, cell.format);
  try {
    sheet.displayValues(ref);
  } catch {
    // A format the emulator cannot render: the value stays, shown as Sheets' automatic format.
    sheet.setNumberFormat(ref, '0.###############');
  }
}

function writeBlock(rt: Runtime, sheet: SheetHandle, row: number, col: number, cells: ImportCell[][]): void {
  const width = cells.reduce((m, r) => Math.max(m, r.length), 0);
  growFor(sheet, row, col, cells.length, width);
  cells.forEach((line, i) => line.forEach((cell, j) => writeCell(rt, sheet, a1(row + i, col + j), cell)));
}

function freeName(rt: Runtime, wanted: string): string {
  const base = (wanted.trim() || 'Imported').slice(0, MAX_SHEET_NAME - 4);
  const taken = (n: string) => rt.sheetNames().some((x) => sameName(x, n));
  if (!taken(base)) return base;
  for (let i = 2; ; i++) if (!taken(`${base} ${i}`)) return `${base} ${i}`;
}

export class GridEdits {
  constructor(
    private readonly rt: Runtime,
    private readonly history: UndoHistory,
  ) {}

  /** One cell typed (the grid's editor, the formula bar, Delete with an empty text). */
  type(sheetName: string, row: number, col: number, text: string): void {
    const sheet = this.rt.sheet(sheetName);
    if (row > sheet.maxRows() || col > sheet.maxColumns())
      throw new Error(`${a1(row, col)} is outside the sheet (${sheet.maxRows()} rows, ${sheet.maxColumns()} columns)`);
    this.history.record(text === '' ? 'clear' : 'typing', [sheet.name], () => sheet.type(a1(row, col), text));
  }

  /** Ctrl/Cmd+V: the rows typed cell by cell from (row, col), the sheet grown to hold them. */
  paste(sheetName: string, row: number, col: number, rows: string[][]): void {
    const sheet = this.rt.sheet(sheetName);
    this.history.record('paste', [sheet.name], () =>
      writeBlock(
        this.rt,
        sheet,
        row,
        col,
        rows.map((r) => r.map((typed) => ({ typed }))),
      ),
    );
  }

  /** File › Import: new sheets (named after the file or its worksheets), or the user's sheet replaced. Returns the sheet to show. */
  import(into: ImportTarget, sheets: ImportedSheet[]): string {
    if (sheets.length === 0) throw new Error('The file holds no sheet');
    if (into.kind === 'replace') {
      const sheet = this.rt.sheet(into.sheet);
      return this.history.record('import', [sheet.name], () => {
        sheet.clear();
        writeBlock(this.rt, sheet, 1, 1, sheets[0].cells);
        return sheet.name;
      });
    }
    return this.history.record('import', [], () => {
      const names = sheets.map((s) => {
        const name = freeName(this.rt, s.name);
        const width = s.cells.reduce((m, r) => Math.max(m, r.length), 0);
        const sheet = this.rt.addSheet(name).resize(Math.max(NEW_SHEET_ROWS, s.cells.length), Math.max(NEW_SHEET_COLS, width));
        writeBlock(this.rt, sheet, 1, 1, s.cells);
        return name;
      });
      return names[0];
    });
  }

  /** Insert › rows/columns, Edit › Delete rows/columns. */
  structure(sheetName: string, edit: StructureEdit, at: number, count: number): void {
    const sheet = this.rt.sheet(sheetName);
    const label = {
      insertRows: 'insert rows',
      deleteRows: 'delete rows',
      insertColumns: 'insert columns',
      deleteColumns: 'delete columns',
    }[edit];
    this.history.record(label, [sheet.name], () => sheet[edit](at, count));
  }

  /** The + button: "SheetN", added last, as in Sheets. */
  addSheet(): string {
    return this.history.record('add sheet', [], () => {
      const name = this.rt.world.workbook.freeSheetName();
      this.rt.addSheet(name).resize(NEW_SHEET_ROWS, NEW_SHEET_COLS);
      return name;
    });
  }

  renameSheet(from: string, to: string): void {
    const name = to.trim();
    if (name === '' || name.length > MAX_SHEET_NAME) throw new Error(`A sheet name has 1 to ${MAX_SHEET_NAME} characters`);
    if (this.rt.sheetNames().some((n) => sameName(n, name) && !sameName(n, from)))
      throw new Error(`A sheet named "${name}" already exists. Please enter another name.`);
    const sheet = this.rt.sheet(from);
    this.history.record('rename sheet', [sheet.name], () => this.rt.renameSheet(sheet.name, name));
  }

  deleteSheet(name: string): void {
    const sheet = this.rt.sheet(name);
    const visible = this.rt.sheetNames().filter((n) => !this.rt.sheet(n).isHidden());
    if (visible.length <= 1 && !sheet.isHidden()) throw new Error("You can't remove all the visible sheets in a document.");
    this.history.record('delete sheet', [sheet.name], () => this.rt.deleteSheet(sheet.name));
  }
}

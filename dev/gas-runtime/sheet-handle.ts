import { parseA1, toA1, type Rect } from './a1';
import { copyValidation, type ValidationRule } from './data-validation';
import { CRITERIA, NO_FORMAT, effectiveFormat, type Criteria } from './conditional-format';
import * as grid from './grid';
import { HarnessError } from './errors';
import * as reorder from './reorder';
import * as structure from './structure';
import type { CellValue } from './values';
import type { SheetModel, WorkbookModel } from './workbook';

/** A conditional format rule as the test API describes it. */
export interface ConditionalRuleInfo {
  criteria: Criteria;
  values: string[];
  background: string | null;
  fontColor: string | null;
  ranges: string[];
}

/**
 * The test's view of one sheet: reads and seeds the model directly, with no parsing, no
 * counters and no virtual time. Readers take an optional A1 range; by default they cover the
 * data range (A1 to the last row and column with content; [] for an empty sheet).
 */
export class SheetHandle {
  constructor(
    private readonly workbook: WorkbookModel,
    private readonly model: SheetModel,
  ) {}

  get name(): string {
    return this.model.name;
  }

  private rect(a1?: string): Rect | null {
    if (a1 === undefined) {
      const rows = this.model.lastRow();
      const cols = this.model.lastColumn();
      return rows === 0 || cols === 0 ? null : { row: 1, col: 1, numRows: rows, numCols: cols };
    }
    const ref = parseA1(a1, this.model.maxRows, this.model.maxCols);
    if (!ref) throw new HarnessError(`Not an A1 range: ${a1}`);
    return ref;
  }

  private read<T>(a1: string | undefined, fn: (s: SheetModel, r: Rect) => T[][]): T[][] {
    const r = this.rect(a1);
    return r ? fn(this.model, r) : [];
  }

  /** Values as getValues() returns them ('' for empty, Dates as host Dates). */
  values(a1?: string): Array<Array<CellValue | ''>> {
    return this.read(a1, grid.readValues);
  }

  displayValues(a1?: string): string[][] {
    return this.read(a1, (s, r) => grid.readDisplayValues(s, r, this.workbook));
  }

  formulas(a1?: string): string[][] {
    return this.read(a1, grid.readFormulas);
  }

  notes(a1?: string): string[][] {
    return this.read(a1, grid.readNotes);
  }

  numberFormats(a1?: string): string[][] {
    return this.read(a1, grid.readNumberFormats);
  }

  fontWeights(a1?: string): string[][] {
    return this.read(a1, grid.readFontWeights);
  }

  backgrounds(a1?: string): string[][] {
    return this.read(a1, grid.readBackgrounds);
  }

  /**
   * The background each cell shows: its conditional format rule's when one applies, else its
   * own (what the seller sees; Range.getBackgrounds() reports the cell's own, as in Apps Script).
   */
  effectiveBackgrounds(a1?: string): string[][] {
    return this.read(a1, (s, r) => grid.mapRect(s, r, (_, row, col) => effectiveFormat(s, row, col, this.workbook).background));
  }

  /** The font colour each cell shows (black unless a conditional format rule sets one). */
  effectiveFontColors(a1?: string): string[][] {
    return this.read(a1, (s, r) => grid.mapRect(s, r, (_, row, col) => effectiveFormat(s, row, col, this.workbook).fontColor));
  }

  /** The sheet's conditional format rules in order, ranges in A1 ("F2:F" when open below). */
  conditionalRules(): ConditionalRuleInfo[] {
    return this.model.conditionalRules.map((rule) => ({
      criteria: rule.criteria,
      values: [...rule.values],
      background: rule.format.background,
      fontColor: rule.format.fontColor,
      ranges: rule.ranges.map((r) => toA1(r, { openRows: r.openRows })),
    }));
  }

  /** Adds a rule as the seller would in Format › Conditional formatting (at the end of the list). */
  addConditionalRule(rule: { criteria: Criteria; values?: string[]; background?: string; fontColor?: string; ranges: string[] }): this {
    if (!CRITERIA.includes(rule.criteria))
      throw new HarnessError(`addConditionalRule: criteria ${rule.criteria} is not modelled (${CRITERIA.join(', ')})`);
    const ranges = rule.ranges.map((a1) => {
      const ref = parseA1(a1, this.model.maxRows, this.model.maxCols);
      if (!ref) throw new HarnessError(`Not an A1 range: ${a1}`);
      return { row: ref.row, col: ref.col, numRows: ref.numRows, numCols: ref.numCols, ...(ref.openRows ? { openRows: true } : {}) };
    });
    this.model.conditionalRules.push({
      criteria: rule.criteria,
      values: rule.values ?? [],
      format: { ...NO_FORMAT, background: rule.background ?? null, fontColor: rule.fontColor ?? null },
      ranges,
    });
    return this;
  }

  /** Each cell's data validation (a copy; null where there is none). */
  validations(a1?: string): Array<Array<ValidationRule | null>> {
    return this.read(a1, (s, r) => grid.mapRect(s, r, (cell) => (cell?.validation ? copyValidation(cell.validation) : null)));
  }

  /** Removes every conditional format rule, as the seller would one by one. */
  clearConditionalRules(): this {
    this.model.conditionalRules = [];
    return this;
  }

  /** Writes values as given (no parsing), top-left at `a1` (default A1); grows the sheet if needed. */
  setValues(values: unknown[][], a1 = 'A1'): this {
    const r = this.rect(a1)!;
    grid.writeGiven(this.model, r.row, r.col, values);
    return this;
  }

  /**
   * Writes `text` into the cell at `a1` as a user typing it into Sheets (the same reading as the
   * bundle's writes: numbers, booleans, dates, `=` formulas, a leading apostrophe for text).
   */
  type(a1: string, text: string): this {
    const r = this.rect(a1)!;
    grid.writeTyped(this.model.cellForWrite(r.row, r.col), text, this.workbook);
    return this;
  }

  /** Empties every cell (values, formulas, formats, notes) and shows hidden rows; size and frozen rows stay. */
  clear(): this {
    this.model.rows = [];
    this.model.hiddenByUser.clear();
    this.model.hiddenByFilter.clear();
    this.model.merges = [];
    return this;
  }

  /** Sets the font weight of every cell of `a1`. */
  setFontWeight(a1: string, weight: 'bold' | 'normal'): this {
    grid.eachCellForWrite(this.model, this.rect(a1)!, (c) => (c.fontWeight = weight));
    return this;
  }

  /** Freezes the first `n` rows. */
  setFrozenRows(n: number): this {
    this.model.frozenRows = n;
    return this;
  }

  /** Sets a number format on every cell of `a1`. */
  setNumberFormat(a1: string, format: string): this {
    grid.eachCellForWrite(this.model, this.rect(a1)!, (c) => (c.numberFormat = format));
    return this;
  }

  /** Sets a note on every cell of `a1`. */
  setNote(a1: string, note: string): this {
    grid.eachCellForWrite(this.model, this.rect(a1)!, (c) => (c.note = note));
    return this;
  }

  frozenRows(): number {
    return this.model.frozenRows;
  }

  /** Freezes the first `n` columns. */
  setFrozenColumns(n: number): this {
    this.model.frozenColumns = n;
    return this;
  }

  frozenColumns(): number {
    return this.model.frozenColumns;
  }

  /** Sets column `column`'s width (px), as the seller dragging its edge. */
  setColumnWidth(column: number, px: number): this {
    this.model.columnWidths[column - 1] = px;
    return this;
  }

  /** The widths set on columns, [column, px], left to right. */
  columnWidthsSet(): Array<[number, number]> {
    return this.model.widthsSet();
  }

  /** Column `column`'s width in pixels (Sheets' default until something sets one). */
  columnWidth(column: number): number {
    return this.model.columnWidth(column);
  }

  maxRows(): number {
    return this.model.maxRows;
  }

  maxColumns(): number {
    return this.model.maxCols;
  }

  lastRow(): number {
    return this.model.lastRow();
  }

  lastColumn(): number {
    return this.model.lastColumn();
  }

  /** Changes the grid size (e.g. to test "Those rows are out of bounds."). */
  resize(maxRows: number, maxColumns = this.model.maxCols): this {
    this.model.maxRows = maxRows;
    this.model.maxCols = maxColumns;
    this.model.rows.length = Math.min(this.model.rows.length, maxRows);
    return this;
  }

  /** Hides rows as a user would (isRowHiddenByUser). */
  hideRows(row: number, n = 1): this {
    for (let r = row; r < row + n; r++) this.model.hiddenByUser.add(r);
    return this;
  }

  showRows(row: number, n = 1): this {
    for (let r = row; r < row + n; r++) this.model.hiddenByUser.delete(r);
    return this;
  }

  /** Hides rows as a filter would (isRowHiddenByFilter). */
  filterRows(row: number, n = 1): this {
    for (let r = row; r < row + n; r++) this.model.hiddenByFilter.add(r);
    return this;
  }

  clearFilter(): this {
    this.model.hiddenByFilter.clear();
    return this;
  }

  isHidden(): boolean {
    return this.model.hidden;
  }

  // A collaborator's structural edits, as in the Sheets UI: cells move with everything they hold
  // (value, formula text, formats, note), hidden rows and merges follow, the grid grows or
  // shrinks. Harness methods: no counters, no virtual time; safe to call from onServiceCall
  // while an execution runs (the bundle's next Sheets call sees the change).

  /** Inserts `n` blank rows before row `beforeRow` (they take the formats of the row above). */
  insertRows(beforeRow: number, n = 1): this {
    this.checkInsert('row', beforeRow, n);
    structure.insertRows(this.model, beforeRow, n);
    return this;
  }

  /** Deletes rows row..row+n-1 (Sheets refuses to delete every non-frozen row; so does this). */
  deleteRows(row: number, n = 1): this {
    this.checkSpan('row', row, n);
    if (this.model.maxRows - n <= this.model.frozenRows)
      throw new HarnessError(`deleteRows(${row}, ${n}) would delete every non-frozen row`);
    structure.deleteRows(this.model, row, n);
    return this;
  }

  /** Inserts `n` blank columns before column `beforeColumn` (they take the formats of the column to the left). */
  insertColumns(beforeColumn: number, n = 1): this {
    this.checkInsert('column', beforeColumn, n);
    structure.insertColumns(this.model, beforeColumn, n);
    return this;
  }

  /** Deletes columns column..column+n-1. */
  deleteColumns(column: number, n = 1): this {
    this.checkSpan('column', column, n);
    if (this.model.maxCols - n <= this.model.frozenColumns)
      throw new HarnessError(`deleteColumns(${column}, ${n}) would delete every non-frozen column`);
    structure.deleteColumns(this.model, column, n);
    return this;
  }

  /**
   * Sorts rows firstRow..lastRow (whole rows) by the values of `column`, as Data › Sort range
   * does: numbers and dates before text, text case-insensitive, then booleans, blanks last in
   * both directions, stable. Hidden-row flags stay with their positions.
   */
  sortRows(firstRow: number, lastRow: number, column: number, ascending = true): this {
    this.checkSpan('row', firstRow, lastRow - firstRow + 1);
    this.checkSpan('column', column, 1);
    try {
      reorder.sortRows(this.model, firstRow, lastRow, column, ascending, this.workbook.timeZone);
    } catch (e) {
      throw new HarnessError(`sortRows: ${(e as Error).message}`);
    }
    return this;
  }

  /** Moves rows row..row+n-1 before row `destination` (counted before the move, like Sheet.moveRows). */
  moveRows(row: number, n: number, destination: number): this {
    this.checkSpan('row', row, n);
    this.checkInsert('row', destination, 1);
    reorder.moveRows(this.model, row, n, destination);
    return this;
  }

  /** Moves columns column..column+n-1 before column `destination` (counted before the move). */
  moveColumns(column: number, n: number, destination: number): this {
    this.checkSpan('column', column, n);
    this.checkInsert('column', destination, 1);
    reorder.moveColumns(this.model, column, n, destination);
    return this;
  }

  private max(kind: 'row' | 'column'): number {
    return kind === 'row' ? this.model.maxRows : this.model.maxCols;
  }

  /** Throws unless rows/columns start..start+n-1 lie in the grid. */
  private checkSpan(kind: 'row' | 'column', start: number, n: number): void {
    const ok = Number.isInteger(start) && Number.isInteger(n) && start >= 1 && n >= 1 && start + n - 1 <= this.max(kind);
    if (!ok) throw new HarnessError(`${kind}s ${start}..${start + n - 1} are outside the grid (${this.max(kind)} ${kind}s)`);
  }

  /** Throws unless `before` is a place to insert at (1 to one past the last row/column) and n >= 1. */
  private checkInsert(kind: 'row' | 'column', before: number, n: number): void {
    const ok = Number.isInteger(before) && Number.isInteger(n) && before >= 1 && n >= 1 && before <= this.max(kind) + 1;
    if (!ok) throw new HarnessError(`cannot insert ${n} ${kind}(s) before ${kind} ${before} (${this.max(kind)} ${kind}s)`);
  }

  /** Merges the cells of `a1`. */
  merge(a1: string): this {
    const r = this.rect(a1)!;
    this.model.merges.push({ row: r.row, col: r.col, numRows: r.numRows, numCols: r.numCols });
    return this;
  }

  /** A1 notations of the merged ranges. */
  merges(): string[] {
    return this.model.merges.map((m) => toA1(m));
  }
}

import { findMissingColumns, rewriteAsRead } from '../../sheet';
import { contiguousRuns } from '../push/writeback';
import type { CellValue, SheetPort, Workbook } from '../ports';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';

const asRead = (value: CellValue | undefined): CellValue => rewriteAsRead<CellValue>(value);

/** Groups sorted row numbers into runs, joining runs separated by at most `maxGap` untouched rows. */
export function rowClusters(rows: readonly number[], maxGap: number): Array<{ first: number; last: number }> {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const out: Array<{ first: number; last: number }> = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r - last.last - 1 <= maxGap) last.last = r;
    else out.push({ first: r, last: r });
  }
  return out;
}

export interface FlushOptions {
  /**
   * Untouched rows between touched ones (at most this many) are rewritten as read, to write one
   * block instead of several. Use 0 with `exact` where a cell may hold a formula (Label links).
   */
  maxGap: number;
  /** Write only cells that were set: blocks never include a cell that was not (labels). */
  exact?: boolean;
  /** Headers whose appended cells get the date format. */
  dateHeaders?: readonly string[];
}

/**
 * A sheet of the orders feature, read once, with rows found by a key and cells set by header.
 * Columns the seller added, and their cells, are never written. Missing add-on columns are added
 * to the right of the seller's. All changes are written by flush(), in blocks.
 */
export class KeyedTable {
  private readonly columns: Record<string, number> = {};
  private readonly index = new Map<string, number>();
  private readonly changes = new Map<number, Map<number, CellValue>>();
  private readonly firstAppended: number;
  private nextRow: number;
  readonly values: CellValue[][];

  private constructor(
    readonly sheet: SheetPort,
    values: CellValue[][],
    headers: readonly string[],
    keyOf: (row: CellValue[], column: (header: string) => number) => string,
  ) {
    this.values = values;
    const header = values[0] ?? [];
    const { present, missing } = findMissingColumns(header, headers);
    Object.assign(this.columns, present);
    for (const m of missing) this.columns[m.header] = m.column;
    if (missing.length > 0) {
      // Missing columns are appended together: one write for their headers.
      sheet.write(1, missing[0].column + 1, [missing.map((m) => m.header)]);
      sheet.styleHeader(missing[missing.length - 1].column + 1);
    }
    const column = (h: string): number => this.columns[h];
    for (let r = 1; r < values.length; r++) {
      const key = keyOf(values[r], column);
      if (key !== '' && !this.index.has(key)) this.index.set(key, r + 1);
    }
    this.firstAppended = Math.max(values.length, 1) + 1;
    this.nextRow = this.firstAppended;
  }

  /** Opens the sheet (created with `headers` when missing) with one read. */
  static open(workbook: Workbook, name: string, headers: readonly string[], keyOf: (row: CellValue[], column: (header: string) => number) => string): KeyedTable {
    const sheet = workbook.ensureSheet(name, [...headers]);
    return new KeyedTable(sheet, sheet.readAll(), headers, keyOf);
  }

  /** The 0-based column of an add-on header. */
  column(header: string): number {
    const c = this.columns[header];
    if (c === undefined) throw new Error(`KeyedTable: unknown header ${header}`);
    return c;
  }

  /** The 1-based row holding `key`, or null. */
  rowOf(key: string): number | null {
    return this.index.get(key) ?? null;
  }

  /** Every key with its row. */
  keys(): Map<string, number> {
    return new Map(this.index);
  }

  /** The value read from a cell at the start (undefined for appended rows). */
  read(row: number, header: string): CellValue | undefined {
    return this.values[row - 1]?.[this.column(header)];
  }

  /** The row for `key`: the existing one, or a new row appended below the data. */
  rowFor(key: string): { row: number; appended: boolean } {
    const at = this.index.get(key);
    if (at !== undefined) return { row: at, appended: false };
    const row = this.nextRow++;
    this.index.set(key, row);
    return { row, appended: true };
  }

  /** Sets cells of a row by header. */
  set(row: number, cells: Record<string, CellValue>): void {
    let line = this.changes.get(row);
    if (!line) this.changes.set(row, (line = new Map()));
    for (const [header, value] of Object.entries(cells)) line.set(this.column(header), value);
  }

  /** Writes every change in as few blocks as the options allow; returns the number of writes. */
  flush(options: FlushOptions): number {
    if (this.changes.size === 0) return 0;
    const touched = [...this.changes.keys()];
    const columns = new Set<number>();
    this.changes.forEach((line) => line.forEach((_, c) => columns.add(c)));
    let writes = 0;
    for (const run of contiguousRuns([...columns])) {
      for (const block of this.blocks(touched, run, options)) {
        const rows: CellValue[][] = [];
        for (let r = block.first; r <= block.last; r++) {
          const line = this.changes.get(r);
          const read = this.values[r - 1] ?? [];
          rows.push(block.columns.map((c) => (line && line.has(c) ? line.get(c)! : asRead(read[c]))));
        }
        this.sheet.write(block.first, block.columns[0] + 1, rows);
        writes++;
      }
    }
    writes += this.formatAppendedDates(options.dateHeaders ?? []);
    this.changes.clear();
    return writes;
  }

  /** Blocks of one column run: clusters of touched rows, split further in exact mode where a cell was not set. */
  private blocks(touched: number[], run: number[], options: FlushOptions): Array<{ first: number; last: number; columns: number[] }> {
    if (!options.exact) return rowClusters(touched, options.maxGap).map((c) => ({ ...c, columns: run }));
    const out: Array<{ first: number; last: number; columns: number[] }> = [];
    for (const c of run) {
      const rows = touched.filter((r) => this.changes.get(r)!.has(c));
      for (const cluster of rowClusters(rows, 0)) out.push({ ...cluster, columns: [c] });
    }
    return mergeSideBySide(out);
  }

  private formatAppendedDates(dateHeaders: readonly string[]): number {
    const last = this.nextRow - 1;
    if (last < this.firstAppended) return 0;
    const columns = dateHeaders.map((h) => this.columns[h]).filter((c): c is number => c !== undefined);
    let writes = 0;
    for (const run of contiguousRuns(columns)) {
      this.sheet.setNumberFormat(this.firstAppended, run[0] + 1, last - this.firstAppended + 1, run.length, DATE_TIME_FORMAT);
      writes++;
    }
    return writes;
  }
}

/** Joins single-column blocks covering the same rows in adjacent columns into one block. */
function mergeSideBySide(blocks: Array<{ first: number; last: number; columns: number[] }>): Array<{ first: number; last: number; columns: number[] }> {
  const sorted = [...blocks].sort((a, b) => a.first - b.first || a.last - b.last || a.columns[0] - b.columns[0]);
  const out: typeof blocks = [];
  for (const b of sorted) {
    const prev = out[out.length - 1];
    if (prev && prev.first === b.first && prev.last === b.last && prev.columns[prev.columns.length - 1] === b.columns[0] - 1) prev.columns.push(...b.columns);
    else out.push({ ...b, columns: [...b.columns] });
  }
  return out;
}

import { rewriteAsRead } from '../../sheet';
import { findOwnColumns, ownColumns } from '../own-columns';
import { contiguousRuns } from '../push/writeback';
import type { CellValue, SheetPort, Workbook } from '../ports';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';
import { PRICE_FORMAT } from '../../sheet/price-format';
import { orderKey } from './order-rows';

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
  /** Headers of amounts whose appended cells get the price format, unless the seller formatted them. */
  priceHeaders?: readonly string[];
}

/**
 * A read Sheets round trip costs about as much as reading this many more cells in it (the cost
 * model, dev/gas-runtime/costs.ts: a round trip against a price per cell): rows to load that lie
 * closer than this many cells apart are read as one block.
 */
const CELLS_PER_ROUND_TRIP = 2000;

/**
 * A sheet of the orders feature, with rows found by a key and cells set by header (own-columns.ts:
 * by the header's own words, so a seller's `Stock` is not Quantity). Columns the seller added,
 * and their cells, are never written. Missing add-on columns are added to the right of the
 * seller's. All changes are written by flush(), in blocks.
 *
 * Two ways to open it: `open` reads the whole sheet (a pass over every row: drafts, labels, Send
 * edited orders); `openByKey` reads the header, the last row and the key column only, and then
 * just the rows the caller names with load() — an import's cost then follows the orders it
 * writes, not the size of the sheet.
 */
export class KeyedTable {
  private readonly columns: Record<string, number> = {};
  private readonly index = new Map<string, number>();
  private readonly byKey = new Map<string, number[]>();
  private readonly changes = new Map<number, Map<number, CellValue>>();
  private readonly firstAppended: number;
  private nextRow: number;
  /** Row r (1-based) at index r − 1; a row of the data not loaded yet is a hole. */
  readonly values: CellValue[][];

  private constructor(
    readonly sheet: SheetPort,
    header: CellValue[],
    /** The last row with content when the sheet was opened. */
    private readonly lastDataRow: number,
    headers: readonly string[],
  ) {
    this.values = lastDataRow > 0 || header.length > 0 ? [header] : [];
    Object.assign(this.columns, ownColumns(sheet, header, headers));
    this.firstAppended = Math.max(lastDataRow, 1) + 1;
    this.nextRow = this.firstAppended;
  }

  /** Opens the sheet (created with `headers` when missing) with one read of every row. */
  static open(
    workbook: Workbook,
    name: string,
    headers: readonly string[],
    keyOf: (row: CellValue[], column: (header: string) => number) => string,
  ): KeyedTable {
    const sheet = workbook.ensureSheet(name, [...headers]);
    return KeyedTable.whole(sheet, sheet.readAll(), headers, keyOf);
  }

  /**
   * Opens the sheet (created with `headers` when missing; `hidden` for the add-on's own) reading
   * three things: the header row, the last row, and the column of `keyHeader`. Rows are read
   * later by load(), only those named. A sheet that lacks an add-on column (new, or a column
   * the seller deleted) is read whole once: where the missing column goes depends on the data.
   */
  static openByKey(
    workbook: Workbook,
    name: string,
    headers: readonly string[],
    keyHeader: string,
    options: { hidden?: boolean } = {},
  ): KeyedTable {
    const sheet = workbook.ensureSheet(name, [...headers], { hidden: options.hidden });
    const keyOf = (row: CellValue[], column: (header: string) => number): string => orderKey(row[column(keyHeader)]);
    const header = sheet.readHeaderRow();
    if (findOwnColumns(header, headers).missing.length > 0) return KeyedTable.whole(sheet, sheet.readAll(), headers, keyOf);
    const last = sheet.lastRow();
    const table = new KeyedTable(sheet, header, last, headers);
    if (last >= 2)
      table.indexKeys(
        sheet.readBlock(2, table.column(keyHeader) + 1, last - 1, 1).map((cells) => orderKey(cells[0])),
        2,
      );
    return table;
  }

  private static whole(
    sheet: SheetPort,
    values: CellValue[][],
    headers: readonly string[],
    keyOf: (row: CellValue[], column: (header: string) => number) => string,
  ): KeyedTable {
    const table = new KeyedTable(sheet, values[0] ?? [], values.length, headers);
    for (let r = 1; r < values.length; r++) table.values[r] = values[r];
    const column = (h: string): number => table.columns[h];
    table.indexKeys(
      values.slice(1).map((row) => keyOf(row, column)),
      2,
    );
    return table;
  }

  /** Indexes keys[i] as the key of row first + i ('' is no key). */
  private indexKeys(keys: readonly string[], first: number): void {
    keys.forEach((key, i) => {
      if (key === '') return;
      const row = first + i;
      if (!this.index.has(key)) this.index.set(key, row);
      const rows = this.byKey.get(key);
      if (rows) rows.push(row);
      else this.byKey.set(key, [row]);
    });
  }

  /** The 0-based column of an add-on header. */
  column(header: string): number {
    const c = this.columns[header];
    if (c === undefined) throw new Error(`KeyedTable: unknown header ${header}`);
    return c;
  }

  /** The 1-based row holding `key` (the first, when several do), or null. */
  rowOf(key: string): number | null {
    return this.index.get(key) ?? null;
  }

  /** Every row holding `key`, top to bottom, as opened (Order Items: the lines of an order). */
  rowsOf(key: string): readonly number[] {
    return this.byKey.get(key) ?? [];
  }

  /** Every key with its (first) row. */
  keys(): Map<string, number> {
    return new Map(this.index);
  }

  /**
   * Reads the named rows of the data that are not read yet, rows close together in one block
   * (the rows between them come along: cheaper than another round trip).
   */
  load(rows: readonly number[]): void {
    const width = this.width();
    this.loadRuns(rows, Math.max(0, Math.floor(CELLS_PER_ROUND_TRIP / width) - 1), width);
  }

  private loadRuns(rows: readonly number[], maxGap: number, width: number): void {
    const wanted = rows.filter((r) => r >= 2 && r <= this.lastDataRow && this.values[r - 1] === undefined);
    for (const run of rowClusters(wanted, maxGap)) {
      const block = this.sheet.readBlock(run.first, 1, run.last - run.first + 1, width);
      block.forEach((cells, i) => {
        this.values[run.first - 1 + i] ??= cells;
      });
    }
  }

  /** Columns a loaded row holds: every add-on column and whatever lies left of them. */
  private width(): number {
    let width = (this.values[0] ?? []).length;
    for (const c of Object.values(this.columns)) width = Math.max(width, c + 1);
    return Math.max(1, width);
  }

  /** The value read from a cell (undefined for appended rows); a row of the data must be loaded first. */
  read(row: number, header: string): CellValue | undefined {
    const line = this.values[row - 1];
    if (line === undefined && row >= 2 && row <= this.lastDataRow)
      throw new Error(`KeyedTable: row ${row} of ${this.sheet.name} was not read; load() it first`);
    return line?.[this.column(header)];
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
    const blocks = options.exact
      ? contiguousRuns([...columns]).flatMap((run) => this.exactBlocks(touched, run))
      : this.plainBlocks(touched, [...columns], options.maxGap);
    // A block rewrites the cells it does not change as read: rows of it not loaded yet are read now.
    const unread: number[] = [];
    for (const block of blocks)
      for (let r = block.first; r <= Math.min(block.last, this.lastDataRow); r++) if (this.values[r - 1] === undefined) unread.push(r);
    this.loadRuns(unread, 0, this.width());
    let writes = 0;
    for (const block of blocks) {
      const rows: CellValue[][] = [];
      for (let r = block.first; r <= block.last; r++) {
        const line = this.changes.get(r);
        const read = this.values[r - 1] ?? [];
        rows.push(block.columns.map((c) => (line?.has(c) ? line.get(c)! : asRead(read[c]))));
      }
      this.sheet.write(block.first, block.columns[0] + 1, rows);
      writes++;
    }
    writes += this.formatAppendedDates(options.dateHeaders ?? []);
    writes += this.formatAppendedPrices(options.priceHeaders ?? []);
    this.changes.clear();
    return writes;
  }

  /**
   * Clusters of touched rows × runs of changed columns. Rows appended by this table are blank:
   * there an add-on column between two changed ones (Label, which only printing sets) is written
   * blank too, so a page of new orders is one block, not one per side of it.
   */
  private plainBlocks(touched: number[], columns: number[], maxGap: number): Array<{ first: number; last: number; columns: number[] }> {
    const own = new Set(Object.values(this.columns));
    const sorted = [...columns].sort((a, b) => a - b);
    const bridged: number[] = [];
    sorted.forEach((c, i) => {
      const next = sorted[i + 1];
      bridged.push(c);
      if (next === undefined) return;
      const between = Array.from({ length: next - c - 1 }, (_, k) => c + 1 + k);
      if (between.every((b) => own.has(b))) bridged.push(...between);
    });
    return rowClusters(touched, maxGap).flatMap((cluster) =>
      contiguousRuns(cluster.first > this.lastDataRow ? bridged : sorted).map((run) => ({ ...cluster, columns: run })),
    );
  }

  /** Exact mode: per column, runs of rows where that cell was set; side-by-side ones joined. */
  private exactBlocks(touched: number[], run: number[]): Array<{ first: number; last: number; columns: number[] }> {
    const out: Array<{ first: number; last: number; columns: number[] }> = [];
    for (const c of run) {
      const rows = touched.filter((r) => this.changes.get(r)!.has(c));
      for (const cluster of rowClusters(rows, 0)) out.push({ ...cluster, columns: [c] });
    }
    return mergeSideBySide(out);
  }

  private formatAppendedPrices(priceHeaders: readonly string[]): number {
    const last = this.nextRow - 1;
    const columns = priceHeaders.map((h) => this.columns[h]).filter((c): c is number => c !== undefined);
    if (last < this.firstAppended || columns.length === 0) return 0;
    this.sheet.setDefaultNumberFormat(
      this.firstAppended,
      last - this.firstAppended + 1,
      columns.map((c) => c + 1),
      PRICE_FORMAT,
    );
    return 1;
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
function mergeSideBySide(
  blocks: Array<{ first: number; last: number; columns: number[] }>,
): Array<{ first: number; last: number; columns: number[] }> {
  const sorted = [...blocks].sort((a, b) => a.first - b.first || a.last - b.last || a.columns[0] - b.columns[0]);
  const out: typeof blocks = [];
  for (const b of sorted) {
    const prev = out[out.length - 1];
    if (prev && prev.first === b.first && prev.last === b.last && prev.columns[prev.columns.length - 1] === b.columns[0] - 1)
      prev.columns.push(...b.columns);
    else out.push({ ...b, columns: [...b.columns] });
  }
  return out;
}

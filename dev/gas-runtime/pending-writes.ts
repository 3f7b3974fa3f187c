import type { Cell } from './workbook';

/**
 * Cell contents written by an execution and not yet flushed: other executions still see what the
 * cells held before. Google batches spreadsheet writes ("Spreadsheet operations are sometimes
 * bundled together to improve performance"; flush "applies all pending Spreadsheet changes",
 * https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app#flush), and
 * Lock.releaseLock says: "Note that if you are working with a spreadsheet, you should call
 * SpreadsheetApp.flush() prior to releasing the lock, to commit all pending changes to the
 * spreadsheet while you still have exclusive access to it"
 * (https://developers.google.com/apps-script/reference/lock/lock#releaselock). The emulator takes
 * the strict reading: pending until SpreadsheetApp.flush() or the end of the execution. The
 * writer sees its own writes.
 *
 * Copy-on-write per cell: the first content write of a cell by an execution since its last flush
 * keeps the cell's prior value and formula, which reads by any other execution are given
 * instead. Values and formulas only: formats, notes, validation and structure (inserted or
 * deleted rows and sheets, the grid's size, getLastRow) show at once. A pending cell written by a
 * second execution passes to it with the value the others saw, so either flush publishes it (the
 * last write wins, as in Sheets). The test's own reads (SheetHandle) see every write.
 */
interface Pending {
  writer: number;
  value: Cell['value'];
  formula?: string;
}

export class PendingWrites {
  private readonly cells = new Map<Cell, Pending>();

  /** Before execution `writer` changes the content of `cell`. */
  note(writer: number, cell: Cell): void {
    const p = this.cells.get(cell);
    if (p?.writer === writer) return;
    this.cells.set(cell, p ? { ...p, writer } : { writer, value: cell.value, formula: cell.formula });
  }

  /** `cell` as execution `reader` sees it: its prior content while another execution's write is pending. */
  seen(reader: number, cell: Cell | undefined): Cell | undefined {
    const p = cell && this.cells.get(cell);
    if (!p || p.writer === reader) return cell;
    const seen: Cell = { ...cell, value: p.value };
    if (p.formula === undefined) delete seen.formula;
    else seen.formula = p.formula;
    return seen;
  }

  /** Publishes an execution's pending writes (SpreadsheetApp.flush(), or the execution's end). */
  flush(writer: number): void {
    for (const [cell, p] of this.cells) if (p.writer === writer) this.cells.delete(cell);
  }
}

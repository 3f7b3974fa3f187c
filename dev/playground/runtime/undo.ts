/**
 * Edit › Undo for the seller's grid edits (typing, paste, import, rows/columns, sheets): each
 * edit saves the sheets it touches whole (Runtime.sheetState) and notes the sheets it adds;
 * undo puts them back. A menu or sidebar execution that wrote to the workbook, and a trigger's
 * run, clear the history: restoring a sheet the add-on wrote to since would drop its writes,
 * which no undo in Sheets does. A read (the open sidebar's polls) leaves it.
 */
import type { Runtime } from '../../gas-runtime';

type SheetState = ReturnType<Runtime['sheetState']>;

interface Entry {
  label: string;
  saved: Array<{ state: SheetState; index: number }>;
  added: number[];
}

/** Edits kept for undo: enough for a run of typing, bounded because each keeps whole sheets. */
const KEPT = 20;

export class UndoHistory {
  private entries: Entry[] = [];

  constructor(private readonly rt: Runtime) {}

  /** What undo would undo, or null. */
  label(): string | null {
    return this.entries[this.entries.length - 1]?.label ?? null;
  }

  clear(): void {
    this.entries = [];
  }

  /**
   * Runs `edit`, which changes the sheets named (and may add sheets), so that undo can reverse
   * it. An edit that throws is reversed at once: a refused edit leaves nothing half-done.
   */
  record<T>(label: string, sheets: string[], edit: () => T): T {
    const names = this.rt.sheetNames();
    const ids = new Set(this.rt.world.workbook.sheets.map((s) => s.id));
    const saved = sheets.map((name) => ({
      state: this.rt.sheetState(name),
      index: names.findIndex((n) => n.toLowerCase() === name.toLowerCase()),
    }));
    const entry: Entry = { label, saved, added: [] };
    try {
      const result = edit();
      entry.added = this.rt.world.workbook.sheets.filter((s) => !ids.has(s.id)).map((s) => s.id);
      this.entries = [...this.entries, entry].slice(-KEPT);
      return result;
    } catch (e) {
      entry.added = this.rt.world.workbook.sheets.filter((s) => !ids.has(s.id)).map((s) => s.id);
      this.reverse(entry);
      throw e;
    }
  }

  /** Reverses the last edit; returns its label (null: nothing to undo). */
  undo(): string | null {
    const entry = this.entries.pop();
    if (!entry) return null;
    this.reverse(entry);
    return entry.label;
  }

  private reverse(entry: Entry): void {
    const wb = this.rt.world.workbook;
    for (const id of entry.added) {
      const s = wb.sheetById(id);
      if (s) this.rt.deleteSheet(s.name);
    }
    for (const { state, index } of [...entry.saved].sort((a, b) => a.index - b.index)) this.rt.restoreSheet(state, index);
  }
}

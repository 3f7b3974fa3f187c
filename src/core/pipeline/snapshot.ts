import type { CellValue, SheetPort, Workbook } from '../kernel/ports';
import type { Context } from '../kernel/context';
import { rewriteAsRead } from '../../sheet';

/** Hidden sheet holding the last confirmed values per SKU: survives closing, any row order. */
export const SNAPSHOT_SHEET = 'Hub Sync snapshot';
const HEADER = ['SKU', 'Confirmed values', 'Confirmed at'];

/**
 * The hidden sheet of the confirmed values of the stock sheet a context works on: SNAPSHOT_SHEET
 * for the configured one; another stock sheet (a mapped export tab) has its own, named by the
 * sheet's id (kept when it is renamed), so a push of one sheet never reads or moves another's.
 */
export function snapshotSheetName(ctx: Pick<Context, 'stockSheet'>, sheet: Pick<SheetPort, 'id'>): string {
  return ctx.stockSheet === undefined ? SNAPSHOT_SHEET : `${SNAPSHOT_SHEET} ${sheet.id}`;
}

export type ConfirmedValues = Record<string, number>;
/** What a snapshot entry may hold: numbers for the push, text too for other keyed snapshots (orders). */
export type SnapshotValues = Record<string, string | number>;

/**
 * Unchanged rows between two changed ones are written back (as read) rather than paying another
 * round trip when the gap is at most this many rows: a Sheets call costs about what writing a
 * thousand cells does (Google: batch your calls; the runtime emulator's cost model), and a
 * snapshot row is three cells.
 */
const MERGE_GAP_ROWS = 300;

/** Sorted, merged [first, last] spans of row indexes: spans whose gap is at most `gap` rows, all `known`, become one. */
export function writeSpans(indexes: readonly number[], gap: number, known: (i: number) => boolean = () => true): Array<[number, number]> {
  const sorted = Array.from(new Set(indexes)).sort((a, b) => a - b);
  const spans: Array<[number, number]> = [];
  const knownBetween = (a: number, b: number): boolean => {
    for (let i = a + 1; i < b; i++) if (!known(i)) return false;
    return true;
  };
  for (const i of sorted) {
    const last = spans.length > 0 ? spans[spans.length - 1] : undefined;
    // Rows in a gap are written back as held: only rows that were read can be.
    if (last && i - last[1] - 1 <= gap && knownBetween(last[1], i)) last[1] = i;
    else spans.push([i, i]);
  }
  return spans;
}

/**
 * The snapshot of confirmed values, keyed by SKU, so sorting, filtering, inserting and deleting
 * rows in the seller's sheet cannot confuse it. One read to load; one write per span of changed
 * rows to save (save).
 */
export class SnapshotStore<V extends SnapshotValues = ConfirmedValues> {
  private sheet: SheetPort | null = null;
  private rows: CellValue[][] = [];
  private index = new Map<string, number>();
  private loaded = false;

  /** `sheetName`/`keyHeader`: another hidden sheet for another kind of key (the push keeps the defaults). */
  constructor(
    private readonly workbook: Workbook,
    private readonly sheetName: string = SNAPSHOT_SHEET,
    private readonly keyHeader: string = HEADER[0],
  ) {}

  /** Reads the snapshot (once per execution). */
  load(): Map<string, V> {
    this.sheet = this.workbook.sheet(this.sheetName);
    this.rows = this.sheet ? this.sheet.readAll().slice(1) : [];
    const out = new Map<string, V>();
    this.rows.forEach((row, i) => {
      const sku = String(row[0] ?? '');
      if (!sku) return;
      this.index.set(sku, i);
      try {
        out.set(sku, JSON.parse(String(row[1] ?? '{}')) as V);
      } catch {
        // An unreadable entry counts as never confirmed: the row is pushed again, which is safe.
      }
    });
    this.loaded = true;
    return out;
  }

  /** Where each key's row is (0-based, below the header), once loaded. */
  positions(): ReadonlyMap<string, number> {
    return this.index;
  }

  /** Rows held (loaded, or known to be there). */
  size(): number {
    return this.rows.length;
  }

  /**
   * Reads only rows lo…hi (0-based below the header) of a snapshot known to hold `total` rows
   * (two round trips): null when it holds another number (something else wrote it). Keys outside
   * the span count as absent, and new ones are appended after `total`.
   */
  loadSpan(lo: number | null, hi: number | null, total: number): Map<string, V> | null {
    this.sheet = this.workbook.sheet(this.sheetName);
    const rows = this.sheet ? Math.max(0, this.sheet.lastRow() - 1) : 0;
    if (rows !== total) return null;
    this.rows = new Array(total);
    const out = new Map<string, V>();
    if (this.sheet && lo !== null && hi !== null && hi >= lo) {
      this.sheet.readBlock(lo + 2, 1, hi - lo + 1, HEADER.length).forEach((row, i) => {
        this.rows[lo + i] = row;
        const sku = String(row[0] ?? '');
        if (!sku) return;
        this.index.set(sku, lo + i);
        try {
          out.set(sku, JSON.parse(String(row[1] ?? '{}')) as V);
        } catch {
          // As in load: never confirmed.
        }
      });
    }
    this.loaded = true;
    return out;
  }

  /**
   * Merges confirmed values into the snapshot and writes only what changed: runs of changed rows
   * (unchanged rows between two changes are written back as read when that saves a round trip)
   * and the appended rows. Rewriting from the first changed row down would make a push that saves
   * the snapshot chunk by chunk quadratic.
   */
  save(updates: Map<string, V>, current: Map<string, V>, now: number): void {
    if (updates.size === 0) return;
    if (!this.loaded) this.load();
    const changed: number[] = [];
    for (const [sku, values] of updates) {
      const merged = { ...current.get(sku), ...values } as V; // later keys replace earlier ones (mergeConfirmed for any value type)
      current.set(sku, merged);
      const row: CellValue[] = [sku, JSON.stringify(merged), new Date(now)];
      let at = this.index.get(sku);
      if (at === undefined) {
        at = this.rows.length;
        this.index.set(sku, at);
        this.rows.push(row);
      } else this.rows[at] = row;
      changed.push(at);
    }
    const sheet = this.sheet ?? this.workbook.ensureSheet(this.sheetName, [this.keyHeader, ...HEADER.slice(1)], { hidden: true });
    this.sheet = sheet;
    for (const [first, last] of writeSpans(changed, MERGE_GAP_ROWS, (i) => this.rows[i] !== undefined)) {
      // Rows are kept as read; every string is escaped on the way out, changed or not.
      sheet.write(
        first + 2,
        1,
        this.rows.slice(first, last + 1).map((row) => row.map((cell) => rewriteAsRead<CellValue>(cell))),
      );
    }
  }

  /** Replaces whole entries (a catalogue pull sets what the hub holds). */
  replace(entries: Map<string, V>, current: Map<string, V>, now: number): void {
    for (const sku of entries.keys()) current.delete(sku);
    this.save(entries, current, now);
  }
}

import type { CellValue, SheetPort, Workbook } from '../kernel/ports';
import type { Context } from '../kernel/context';
import { markerKey, rewriteAsRead } from '../../sheet';

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

/** The mirrored keys of a header row, by position (trailing blanks dropped). */
function mirrorKeysOf(header: readonly CellValue[]): string[] {
  const keys = header.slice(HEADER.length).map((k) => String(k ?? ''));
  while (keys.length > 0 && keys[keys.length - 1] === '') keys.pop();
  return keys;
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
  /**
   * The keys mirrored one per column after the three above (row 1 holds them), for the edited-cell
   * rules a formula can read (sheet/edited-marks.ts). Null: not read (a span was loaded).
   */
  private mirrored: string[] | null = [];

  /** `sheetName`/`keyHeader`: another hidden sheet for another kind of key (the push keeps the defaults). */
  constructor(
    private readonly workbook: Workbook,
    readonly sheetName: string = SNAPSHOT_SHEET,
    private readonly keyHeader: string = HEADER[0],
  ) {}

  /** Reads the snapshot (once per execution). */
  load(): Map<string, V> {
    this.sheet = this.workbook.sheet(this.sheetName);
    const all = this.sheet ? this.sheet.readAll() : [];
    this.mirrored = mirrorKeysOf(all[0] ?? []);
    this.rows = all.slice(1);
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
    this.mirrored = null;
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
    this.writeRows(changed);
  }

  /** Writes the rows at `indexes` (0-based below the header), each with its mirrored values, in spans (writeSpans). */
  private writeRows(indexes: readonly number[]): void {
    const sheet = this.sheet ?? this.workbook.ensureSheet(this.sheetName, this.header(), { hidden: true });
    this.sheet = sheet;
    // A span's rows were read with only the first columns: the mirror's keys are in row 1.
    this.mirrored ??= mirrorKeysOf(sheet.readHeaderRow());
    for (const [first, last] of writeSpans(indexes, MERGE_GAP_ROWS, (i) => this.rows[i] !== undefined)) {
      // Rows are kept as read; every string is escaped on the way out, changed or not.
      sheet.write(
        first + 2,
        1,
        this.rows.slice(first, last + 1).map((row) => this.withMirror(row).map((cell) => rewriteAsRead<CellValue>(cell))),
      );
    }
  }

  private header(): string[] {
    return [this.keyHeader, ...HEADER.slice(1), ...(this.mirrored ?? [])];
  }

  /** The row's three cells and, in the mirror's columns, its values (blank for a key it has no value of). */
  private withMirror(row: readonly CellValue[]): CellValue[] {
    const own = [row[0] ?? '', row[1] ?? '', row[2] ?? ''];
    if (!this.mirrored || this.mirrored.length === 0) return own;
    let values: Record<string, unknown> = {};
    try {
      values = JSON.parse(String(row[1] ?? '{}')) as Record<string, unknown>;
    } catch {
      // As in load: never confirmed, so nothing to mirror.
    }
    // A cell a general value passed over holds its marker's value and is no edit (sinceSnapshot):
    // the colour compares with that, what the untouched cell shows.
    const baseline = (key: string): unknown => (typeof values[markerKey(key)] === 'number' ? values[markerKey(key)] : values[key]);
    return own.concat(this.mirrored.map((key) => (typeof baseline(key) === 'number' ? (baseline(key) as number) : '')));
  }

  /** The keys the snapshot holds values of, in any entry loaded. */
  keysHeld(confirmed: ReadonlyMap<string, V>): string[] {
    const keys = new Set<string>();
    confirmed.forEach((values) => Object.keys(values).forEach((k) => keys.add(k)));
    return [...keys].sort();
  }

  /**
   * Mirrors `keys` (and the keys mirrored already) one per column, for formulas to read: a key not
   * mirrored yet adds its column and rewrites every row once (one write of the whole snapshot);
   * otherwise nothing is written. Returns the last column (0-based) the mirror fills, or null when
   * the snapshot was read only in part (a background push's block): it waits for a whole read.
   */
  ensureMirror(keys: readonly string[]): number | null {
    if (!this.loaded) this.load();
    if (this.mirrored === null) return null;
    const missing = keys.filter((k) => !this.mirrored?.includes(k));
    if (missing.length > 0) {
      this.mirrored = this.mirrored.concat(missing);
      // The header and every row in one write.
      const rows = [this.header(), ...this.rows.map((row) => this.withMirror(row))];
      this.sheet?.write(
        1,
        1,
        rows.map((row) => row.map((cell) => rewriteAsRead<CellValue>(cell))),
      );
    }
    return HEADER.length + this.mirrored.length - 1;
  }

  /** Replaces whole entries (a catalogue pull sets what the hub holds). */
  replace(entries: Map<string, V>, current: Map<string, V>, now: number): void {
    for (const sku of entries.keys()) current.delete(sku);
    this.save(entries, current, now);
  }
}

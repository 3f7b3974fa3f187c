import type { KeyValueStore } from '../kernel/ports';

/**
 * The push journal: after each round of requests, the rows the hub confirmed are recorded in
 * document properties, before their results reach the sheet. If Google kills the execution in
 * between, the next run writes those rows' results from the journal instead of sending them
 * again. (Rows queued in an async job are recorded in the job items sheet instead: jobs/queued.ts.)
 *
 * Rows are recorded as ranges of row numbers with a hash of their SKUs, so a round of 400
 * adjacent rows costs a few bytes (the store holds 500 KB), and a range whose rows were sorted or
 * moved since no longer matches and is simply sent again.
 */
const PREFIX = 'pushJournal.';
/** Ranges per property value: keeps each value far under the 9 KB limit. */
const RANGES_PER_VALUE = 200;
/** Past this many stored characters the chunk writes its results and starts a new journal. */
export const JOURNAL_FLUSH_CHARS = 60_000;

/** Rows a full round of Update Stock carries (50 per request). */
const ROWS_PER_REQUEST = 50;
/**
 * Full rounds between journal writes. A write (~60 ms, costs.ts) after every round of 8 requests
 * (~150 ms) added 40 % to the requests' time; after every second round, 20 %, and a killed
 * execution sends again at most two rounds' rows — the same absolute values, so harmless.
 */
const ROUNDS_PER_WRITE = 2;

/**
 * How many confirmed rows wait before the journal is written: two full rounds' worth of 50-row
 * requests; rounds of one SKU per request (by channel) share one write, so property writes grow
 * with rows, not with requests.
 */
export function journalCadence(concurrency: number): number {
  return Math.max(1, concurrency) * ROWS_PER_REQUEST * ROUNDS_PER_WRITE;
}

/** "OK": the hub confirmed the row's values. */
export type JournalEntry = string;

/** A run of adjacent rows with the same entry: [first row, last row, hash of their keys, entry]. */
export type JournalRange = [number, number, string, JournalEntry];

/** FNV-1a over the keys, as 8 hex digits: cheap, and enough to notice rows that moved. */
export function keysHash(keys: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const key of keys) {
    for (let i = 0; i < key.length; i++) {
      h ^= key.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= 0x1f; // a separator, so ["ab","c"] and ["a","bc"] differ
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Groups rows (row number, key, entry), in any order, into ranges of adjacent rows with one entry. */
export function toRanges(rows: ReadonlyArray<{ rowNumber: number; key: string; entry: JournalEntry }>): JournalRange[] {
  const sorted = [...rows].sort((a, b) => a.rowNumber - b.rowNumber);
  const ranges: JournalRange[] = [];
  let keys: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const row = sorted[i];
    keys.push(row.key);
    const next = sorted[i + 1];
    if (!next || next.rowNumber !== row.rowNumber + 1 || next.entry !== row.entry) {
      ranges.push([row.rowNumber - keys.length + 1, row.rowNumber, keysHash(keys), row.entry]);
      keys = [];
    }
  }
  return ranges;
}

/**
 * The key a row is journalled under: who it is, and the values sent. A row whose values changed
 * since (the seller typed a new one before the push resumed) no longer matches and is sent again:
 * the journal never turns a new value into a confirmed one.
 */
export function journalKey(identity: string, sentValues: string): string {
  return `${identity}\u0000${sentValues}`;
}

/** The rows of ranges whose keys still match the sheet: row number → entry. */
export function matchRanges(ranges: readonly JournalRange[], keyAt: (rowNumber: number) => string | undefined): Map<number, JournalEntry> {
  const out = new Map<number, JournalEntry>();
  for (const [first, last, hash, entry] of ranges) {
    const keys: string[] = [];
    for (let r = first; r <= last; r++) {
      const key = keyAt(r);
      if (key === undefined) break;
      keys.push(key);
    }
    if (keys.length !== last - first + 1 || keysHash(keys) !== hash) continue;
    for (let r = first; r <= last; r++) out.set(r, entry);
  }
  return out;
}

/**
 * A chunk's journal. Each value holds up to RANGES_PER_VALUE ranges and is rewritten as rounds add
 * to it, so a round costs one property write; clearing deletes the keys it knows (its own, and
 * those an interrupted execution left, seen when it opened) without reading the store again.
 * A key per round, each deleted after, was two writes a round: ~250 of a 50,000-row push's
 * ~260 property writes, ~15 s of it.
 */
export class JournalWriter {
  private readonly keys = new Set<string>();
  private readonly leftovers: string[];
  private readonly base: number;
  private values: JournalRange[][] = [];

  /** What an interrupted execution of this run recorded (read with the keys, in the same read). */
  readonly recorded: JournalRange[];

  /** One read of the store: the keys there (a previous execution's), their ranges of this run, and where this chunk's go. */
  constructor(
    private readonly store: KeyValueStore,
    private readonly runId: string,
  ) {
    const entries = store.entries(PREFIX);
    this.leftovers = Object.keys(entries);
    this.recorded = rangesOf(entries, runId);
    let max = -1;
    for (const key of this.leftovers) {
      const round = Number(key.slice(PREFIX.length).split('.')[0]);
      if (Number.isInteger(round)) max = Math.max(max, round);
    }
    this.base = max + 1;
  }

  /** Records confirmed rows; returns the characters the journal now holds (for the flush threshold). */
  append(ranges: readonly JournalRange[]): number {
    if (this.values.length === 0) this.values.push([]);
    const touched = new Set<number>();
    for (const range of ranges) {
      if (this.values[this.values.length - 1].length >= RANGES_PER_VALUE) this.values.push([]);
      this.values[this.values.length - 1].push(range);
      touched.add(this.values.length - 1);
    }
    let chars = 0;
    this.values.forEach((done, part) => {
      const value = JSON.stringify({ run: this.runId, done });
      chars += value.length;
      if (!touched.has(part)) return;
      const key = `${PREFIX}${this.base}.${part}`;
      this.store.set(key, value);
      this.keys.add(key);
    });
    return chars;
  }

  /** Forgets what the journal holds (the results are in the sheet now). */
  clear(): void {
    // What it holds is in the sheet now, whatever happens to the deletes: never appended to again.
    this.values = [];
    // Each key forgotten once deleted, so that a delete refused (a quota) is tried at the next clear.
    let deleted = 0;
    try {
      for (const key of this.leftovers) {
        this.store.delete(key);
        deleted++;
      }
    } finally {
      this.leftovers.splice(0, deleted);
    }
    for (const key of [...this.keys]) {
      this.store.delete(key);
      this.keys.delete(key);
    }
  }
}

/** This run's journal as ranges (entries of another run are ignored). */
export function readJournal(store: KeyValueStore, runId: string): JournalRange[] {
  return rangesOf(store.entries(PREFIX), runId);
}

function rangesOf(entries: Record<string, string>, runId: string): JournalRange[] {
  const out: JournalRange[] = [];
  for (const raw of Object.values(entries)) {
    try {
      const value = JSON.parse(raw) as { run: string; done: JournalRange[] };
      if (value.run === runId) out.push(...value.done);
    } catch {
      // An unreadable entry only means those rows are sent again, which is safe for stock and prices.
    }
  }
  return out;
}

/** Forgets the journal (its rows' results are now in the sheet), and whatever older versions kept under its prefix. */
export function clearJournal(store: KeyValueStore): void {
  for (const key of Object.keys(store.entries(PREFIX))) store.delete(key);
}

/** The journal's word on each row that still matches the sheet. */
export function journalledRows(
  ranges: readonly JournalRange[],
  keyAt: (rowNumber: number) => string | undefined,
): Map<number, JournalEntry> {
  return matchRanges(ranges, keyAt);
}

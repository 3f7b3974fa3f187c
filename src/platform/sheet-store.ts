import type { KeyValueStore } from '../core/kernel/ports';

/** The hidden sheet that holds the add-on's shared state of a spreadsheet (Marketplace add-on only). */
export const STATE_SHEET = 'Hub Sync data (do not edit)';

/** How long values read from the sheet are reused before it is read again (a running push re-reads its run state). */
const FRESH_MS = 10_000;

interface Entry {
  row: number;
  value: string;
}

/** The sheet store as the lease lock uses it: besides the store, one key read or swapped afresh. */
export interface SheetStore extends KeyValueStore {
  /** Forgets what was read, so the next read sees the latest. */
  refresh(): void;
  /** A key's value read from the sheet now: its row only when known from an earlier read, else the whole sheet. */
  peek(key: string): string | null;
  /**
   * Reads a key afresh (as peek) and writes what `next` makes of it (null deletes, undefined
   * leaves it): the few calls a lock around it must cover. Not published: the caller flushes
   * before it lets go of that lock.
   */
  update(key: string, next: (current: string | null) => string | null | undefined): void;
}

/**
 * A key-value store in a hidden sheet of the spreadsheet: column A the key, column B the value.
 * The Marketplace add-on keeps its shared state here rather than in document properties because
 * its hourly run has no open document — PropertiesService.getDocumentProperties() is null there
 * ("When document properties are not available this method returns null",
 * https://developers.google.com/apps-script/reference/properties/properties-service) — while a
 * spreadsheet opened with openById can be read.
 *
 * Rows never move: a key keeps its row for good (deleting clears the value), a new key is
 * appended (appendRow is atomic), so two executions writing different keys cannot overwrite
 * each other. A colleague can still sort the sheet or delete rows of it ("do not edit" is only a
 * name): each write first checks that the remembered row still holds its key. Every cell is written with a leading apostrophe, so a value is never read as a
 * number, a date or a formula; a value is stored as `v:<value>` so that an empty string stays
 * distinct from a deleted key (an empty cell). The sheet is read once and reused for a few seconds; `refresh()`
 * forgets it (called when the document lock is taken, so a holder sees the latest).
 *
 * Every set and delete is published at once (SpreadsheetApp.flush()), as a document property would be:
 * Google batches sheet writes, and another execution — a colleague waiting for the lock and told
 * who holds it, the sidebar following a push — must see them
 * (https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app#flush).
 */
export function sheetStore(spreadsheet: () => GoogleAppsScript.Spreadsheet.Spreadsheet, now: () => number): SheetStore {
  const store: StoreState = { theSheet: stateSheet(spreadsheet), now, cache: null, readAt: 0 };
  return {
    get(key) {
      return decode(load(store).get(key)?.value);
    },
    set(key, value) {
      write(store, key, String(value));
      SpreadsheetApp.flush();
    },
    setMany(entries) {
      // One row per key, as set does; published together by one flush.
      for (const key of Object.keys(entries)) write(store, key, String(entries[key]));
      SpreadsheetApp.flush();
    },
    delete(key) {
      if (!load(store).get(key)?.value) return;
      write(store, key, null);
      SpreadsheetApp.flush();
    },
    peek(key) {
      return decode(current(store, key)?.value);
    },
    update(key, next) {
      const entry = current(store, key);
      const value = next(decode(entry?.value));
      if (value === undefined) return;
      put(store, key, entry, value);
    },
    entries(prefix = '') {
      const out: Record<string, string> = {};
      for (const [key, e] of load(store))
        if (e.value.startsWith(PRESENT) && key.startsWith(prefix)) out[key] = e.value.slice(PRESENT.length);
      return out;
    },
    refresh() {
      store.cache = null;
    },
  };
}

/** The store's sheet and what was last read of it. */
interface StoreState {
  theSheet: () => GoogleAppsScript.Spreadsheet.Sheet;
  now: () => number;
  cache: Map<string, Entry> | null;
  readAt: number;
}

/** Marks a value as present: an empty string stays distinct from a deleted key (an empty cell). */
const PRESENT = 'v:';

/** A stored cell's value, or null for a deleted key (an empty cell). */
function decode(cell: string | undefined): string | null {
  const value = cell ?? '';
  return value.startsWith(PRESENT) ? value.slice(PRESENT.length) : null;
}

/** A cell's text as written: the leading apostrophe keeps it from being read as a number, a date or a formula. */
const text = (s: string): string => `'${s}`;

/** The state sheet, found or made (hidden, with its header) when first needed, then kept. */
function stateSheet(spreadsheet: () => GoogleAppsScript.Spreadsheet.Spreadsheet): () => GoogleAppsScript.Spreadsheet.Sheet {
  let sheet: GoogleAppsScript.Spreadsheet.Sheet | null = null;
  return () => {
    if (sheet) return sheet;
    const ss = spreadsheet();
    sheet = ss.getSheetByName(STATE_SHEET);
    if (!sheet) {
      sheet = ss.insertSheet(STATE_SHEET);
      sheet.getRange(1, 1, 1, 2).setValues([["'key", "'value"]]);
      sheet.hideSheet();
    }
    return sheet;
  };
}

/** Every key's row and value: the sheet read once, reused while fresh. */
function load(store: StoreState): Map<string, Entry> {
  if (store.cache && store.now() - store.readAt < FRESH_MS) return store.cache;
  const s = store.theSheet();
  const last = s.getLastRow();
  const values = last > 1 ? s.getRange(2, 1, last - 1, 2).getValues() : [];
  const map = new Map<string, Entry>();
  values.forEach((r, i) => {
    const key = String(r[0]);
    // A key appended twice by two executions at once: the first row is the one kept.
    if (key !== '' && !map.has(key)) map.set(key, { row: i + 2, value: String(r[1]) });
  });
  store.cache = map;
  store.readAt = store.now();
  return map;
}

/** True when the key is still in that row: a colleague may have sorted the sheet or deleted rows of it since it was read. */
function stillAt(store: StoreState, entry: Entry, key: string): boolean {
  return String(store.theSheet().getRange(entry.row, 1).getValue()) === key;
}

/**
 * A key's entry as the sheet holds it now: its known row read again (one call), else — a row not
 * known yet, or no longer holding the key — the whole sheet.
 */
function current(store: StoreState, key: string): Entry | undefined {
  const known = store.cache?.get(key);
  if (known) {
    const [k, v] = store.theSheet().getRange(known.row, 1, 1, 2).getValues()[0];
    if (String(k) === key) {
      known.value = String(v);
      return known;
    }
  }
  store.cache = null;
  return load(store).get(key);
}

/** Writes a key's value in its row (null clears it), or appends the key. */
function write(store: StoreState, key: string, value: string | null): void {
  // A sheet read just now is current: only rows known from an earlier read need checking.
  const fresh = !store.cache || store.now() - store.readAt >= FRESH_MS;
  let entry = load(store).get(key);
  // A key appended by someone else since the last read, or a row that no longer holds the key:
  // read again rather than add a second row or write over another key's row.
  if (!fresh && (!entry || !stillAt(store, entry, key))) {
    store.cache = null;
    entry = load(store).get(key);
  }
  put(store, key, entry, value);
}

/** Writes a key's value in the row of `entry` (null clears it), or appends the key when it has none. */
function put(store: StoreState, key: string, entry: Entry | undefined, value: string | null): void {
  const cell = value === null ? '' : text(PRESENT + value);
  if (entry) {
    store
      .theSheet()
      .getRange(entry.row, 1, 1, 2)
      .setValues([[text(key), cell]]);
    entry.value = cell === '' ? '' : PRESENT + value;
  } else {
    if (value === null) return;
    store.theSheet().appendRow([text(key), cell]);
    store.cache = null; // its row is known at the next read
  }
}

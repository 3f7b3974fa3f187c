import type { KeyValueStore } from '../kernel/ports';

/**
 * The Marketplace add-on's list of spreadsheets with background work for this user, in the user's
 * own properties (the only store its hourly run can read before it opens anything). An add-on's
 * time trigger belongs to the script, not to a spreadsheet, and runs with no document open: this
 * list is how that one trigger knows which spreadsheets to open (by id) and what is due in each.
 */
const KEY = 'background.documents';
/** One property holds at most 9 KB; each entry takes ~200 bytes. */
export const MAX_DOCUMENTS = 30;

export interface BackgroundDocument {
  id: string;
  name: string;
  /** What is due there, in words for the sidebar ("order import every 60 min", "2 async jobs"). */
  due: string[];
  addedAt: number;
  lastRunAt: number | null;
  /** Hourly runs in a row that could not open it (a passing outage is not a deletion). */
  openFailures?: number;
}

/** A spreadsheet is dropped from the list after this many hourly runs in a row could not open it. */
export const OPEN_FAILURES_BEFORE_DROP = 3;

/**
 * The list, each entry made whole: an entry damaged by hand or written by another version keeps
 * its spreadsheet (the hourly run still visits it, the next operation there rewrites it) rather
 * than break every operation that updates the list.
 */
export function readDocuments(store: KeyValueStore): BackgroundDocument[] {
  let list: unknown;
  try {
    list = JSON.parse(store.get(KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const time = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return list
    .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object' && typeof d.id === 'string' && d.id !== '')
    .map((d) => ({
      id: d.id as string,
      name: typeof d.name === 'string' ? d.name : String(d.id),
      due: Array.isArray(d.due) ? d.due.map(String) : [],
      addedAt: time(d.addedAt) ?? 0,
      lastRunAt: time(d.lastRunAt),
      openFailures: time(d.openFailures) ?? 0,
    }));
}

function write(store: KeyValueStore, list: BackgroundDocument[]): void {
  if (list.length === 0) store.delete(KEY);
  else store.set(KEY, JSON.stringify(list));
}

/**
 * Records (or updates) a spreadsheet with work due; returns false when the list is full, so the
 * caller can say so rather than silently never run it.
 */
export function rememberDocument(store: KeyValueStore, doc: { id: string; name: string; due: string[] }, now: number): boolean {
  const list = readDocuments(store);
  const known = list.find((d) => d.id === doc.id);
  if (known) {
    if (known.name === doc.name && known.due.join('|') === doc.due.join('|')) return true;
    Object.assign(known, { name: doc.name, due: doc.due });
  } else {
    if (list.length >= MAX_DOCUMENTS) return false;
    list.push({ ...doc, addedAt: now, lastRunAt: null });
  }
  write(store, list);
  return true;
}

export function forgetDocument(store: KeyValueStore, id: string): void {
  const list = readDocuments(store);
  if (list.some((d) => d.id === id))
    write(
      store,
      list.filter((d) => d.id !== id),
    );
}

export function markDocumentRun(store: KeyValueStore, id: string, now: number): void {
  const list = readDocuments(store);
  const doc = list.find((d) => d.id === id);
  if (!doc) return;
  doc.lastRunAt = now;
  doc.openFailures = 0;
  write(store, list);
}

/**
 * Counts a run that could not open the spreadsheet; true when it has now failed often enough in
 * a row to be dropped (the caller says so to the user). Its turn moves back, so the others go first.
 */
export function markOpenFailure(store: KeyValueStore, id: string, now: number): boolean {
  const list = readDocuments(store);
  const doc = list.find((d) => d.id === id);
  if (!doc) return false;
  doc.openFailures = (doc.openFailures ?? 0) + 1;
  doc.lastRunAt = now;
  if (doc.openFailures >= OPEN_FAILURES_BEFORE_DROP) {
    write(
      store,
      list.filter((d) => d.id !== id),
    );
    return true;
  }
  write(store, list);
  return false;
}

/** The order of a walk: the spreadsheet that waited longest first, so one that never fits in a run still gets its turn. */
export function walkOrder(list: readonly BackgroundDocument[]): BackgroundDocument[] {
  return [...list].sort((a, b) => (a.lastRunAt ?? -1) - (b.lastRunAt ?? -1) || a.addedAt - b.addedAt);
}

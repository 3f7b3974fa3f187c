import type { KeyValueStore } from '../ports';

/**
 * The push journal: after each round of requests, the rows the hub confirmed (or queued in an
 * async job) are recorded in document properties, before their results reach the sheet at the
 * end of the chunk. If Google kills the execution in between, the next run writes those rows'
 * results from the journal instead of sending them again — a confirmed row is never sent twice,
 * and an async job is never created twice.
 */
const PREFIX = 'pushJournal.';
/** Entries per property value: keeps each value under the 9 KB limit even with long SKUs. */
const ENTRIES_PER_VALUE = 60;

/** "OK", or "P:<jobId>" for a row queued in an async job. */
export type JournalEntry = string;

/** Records one round's confirmed rows (row key → entry). */
export function appendJournal(store: KeyValueStore, runId: string, round: number, entries: Array<[string, JournalEntry]>): void {
  for (let i = 0, part = 0; i < entries.length; i += ENTRIES_PER_VALUE, part++) {
    store.set(`${PREFIX}${round}.${part}`, JSON.stringify({ run: runId, done: entries.slice(i, i + ENTRIES_PER_VALUE) }));
  }
}

/** The journal of this run: row key → entry. Entries of another run are ignored. */
export function readJournal(store: KeyValueStore, runId: string): Map<string, JournalEntry> {
  const out = new Map<string, JournalEntry>();
  for (const raw of Object.values(store.entries(PREFIX))) {
    try {
      const value = JSON.parse(raw) as { run: string; done: Array<[string, JournalEntry]> };
      if (value.run === runId) for (const [key, entry] of value.done) out.set(key, entry);
    } catch {
      // An unreadable entry only means those rows are sent again, which is safe for stock and prices.
    }
  }
  return out;
}

const IN_FLIGHT = 'pushInFlight';

/**
 * Marks rows whose request is about to create an async job: if the execution dies before the
 * answer, nobody knows whether the job exists, so those rows must not be sent again blindly.
 */
export function markInFlight(store: KeyValueStore, runId: string, keys: string[]): void {
  store.set(IN_FLIGHT, JSON.stringify({ run: runId, keys }));
}

export function clearInFlight(store: KeyValueStore): void {
  store.delete(IN_FLIGHT);
}

/** Rows of this run whose job creation was cut off before its answer. */
export function readInFlight(store: KeyValueStore, runId: string): Set<string> {
  try {
    const value = JSON.parse(store.get(IN_FLIGHT) ?? 'null') as { run: string; keys: string[] } | null;
    return new Set(value && value.run === runId ? value.keys : []);
  } catch {
    return new Set();
  }
}

/** Forgets the journal (its rows' results are now in the sheet). */
export function clearJournal(store: KeyValueStore): void {
  for (const key of Object.keys(store.entries(PREFIX))) store.delete(key);
}

/** The round counter continues across chunks of a run so keys never collide. */
export function nextRound(store: KeyValueStore): number {
  let max = -1;
  for (const key of Object.keys(store.entries(PREFIX))) max = Math.max(max, Number(key.slice(PREFIX.length).split('.')[0]) || 0);
  return max + 1;
}

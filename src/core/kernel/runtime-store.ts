/**
 * The day's trigger runtime in the user's own properties: Google counts the quota per user,
 * across every spreadsheet and script of that user, so the record follows the user, not the
 * spreadsheet. One key, read once and written once per trigger run.
 */
import type { KeyValueStore } from './ports';
import { addRun, currentDay, RUNTIME_KINDS, type RuntimeDay, type RuntimeTally } from './runtime-budget';

const KEY = 'runtime.day';

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0;
}

/** The record of the UTC day holding `now` (a new one on a new day, carrying the run cost). */
export function readRuntimeDay(store: KeyValueStore, now: number): RuntimeDay {
  let stored: RuntimeDay | null = null;
  try {
    const raw = JSON.parse(store.get(KEY) ?? 'null') as Partial<RuntimeDay> | null;
    if (raw && typeof raw === 'object' && Number.isInteger(raw.day)) {
      const ms = raw.ms ?? ({} as Partial<RuntimeDay['ms']>);
      stored = {
        day: raw.day as number,
        ms: Object.fromEntries(RUNTIME_KINDS.map((k) => [k, num(ms[k])])) as RuntimeDay['ms'],
        runs: num(raw.runs),
        catchUpMs: num(raw.catchUpMs),
        carriedRunMs: typeof raw.carriedRunMs === 'number' ? raw.carriedRunMs : null,
      };
    }
  } catch {
    stored = null;
  }
  return currentDay(stored, now);
}

/** The day as this execution knows it: read once, kept in the tally. */
export function tallyDay(store: KeyValueStore, tally: RuntimeTally | undefined, now: number): RuntimeDay {
  if (!tally) return readRuntimeDay(store, now);
  tally.day ??= readRuntimeDay(store, now);
  return tally.day;
}

/** Adds the run the tally measured to the day's record (re-read: another execution may have written since). */
export function recordRun(store: KeyValueStore, tally: RuntimeTally, endedAt: number): RuntimeDay {
  const day = addRun(readRuntimeDay(store, endedAt), tally, endedAt);
  store.set(KEY, JSON.stringify(day));
  return day;
}

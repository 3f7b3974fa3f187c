/**
 * Where the day's trigger runtime is kept. Google counts the quota per user, across every
 * spreadsheet and script of that user, so the add-on's record follows the user (user
 * properties) over all the spreadsheets its hourly run walks. A container-bound script is one
 * script of one spreadsheet: its user properties and the document's properties under the user's
 * key reach exactly the same runs, and the document's let a trigger run write the record in the
 * same call as the rest of its state. One key, read once and written once per trigger run.
 */
import type { KeyValueStore, Ports } from './ports';
import type { Settings } from './settings-schema';
import { addRun, currentDay, dayNumber, RUNTIME_KINDS, type RuntimeDay, type RuntimeTally } from './runtime-budget';

/** The store and key of one user's record. */
export interface RuntimePlace {
  store: KeyValueStore;
  key: string;
  /** Where an earlier version kept it (the bound script's user properties): read on the day of the update. */
  legacy?: RuntimePlace;
}

/** The add-on's record, in the user's own properties. */
export function userRuntimePlace(userStore: KeyValueStore): RuntimePlace {
  return { store: userStore, key: 'runtime.day' };
}

/**
 * Where a per-user record named `name` lives: user properties for the add-on, the document's
 * properties under the user's key for the bound script (written with a trigger run's held writes).
 */
export function perUserPlace(
  ports: Pick<Ports, 'userStore'> & Partial<Pick<Ports, 'documentStore' | 'session'>>,
  deployment: Settings['deployment'],
  name: string,
): RuntimePlace {
  if (deployment === 'addon' || !ports.documentStore || !ports.session) return { store: ports.userStore, key: name };
  return { store: ports.documentStore, key: `${name}:${ports.session.userKey()}` };
}

/** This user's record: user properties for the add-on, the document's properties for the bound script. */
export function runtimePlace(
  ports: Pick<Ports, 'userStore' | 'documentStore' | 'session'>,
  deployment: Settings['deployment'],
): RuntimePlace {
  const place = perUserPlace(ports, deployment, userRuntimePlace(ports.userStore).key);
  return deployment === 'addon' ? place : { ...place, legacy: userRuntimePlace(ports.userStore) };
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0;
}

function storedDay(place: RuntimePlace): RuntimeDay | null {
  try {
    const raw = JSON.parse(place.store.get(place.key) ?? 'null') as Partial<RuntimeDay> | null;
    if (!raw || typeof raw !== 'object' || !Number.isInteger(raw.day)) return null;
    const ms = raw.ms ?? ({} as Partial<RuntimeDay['ms']>);
    return {
      day: raw.day as number,
      ms: Object.fromEntries(RUNTIME_KINDS.map((k) => [k, num(ms[k])])) as RuntimeDay['ms'],
      runs: num(raw.runs),
      catchUpMs: num(raw.catchUpMs),
      carriedRunMs: typeof raw.carriedRunMs === 'number' ? raw.carriedRunMs : null,
    };
  } catch {
    return null;
  }
}

/** The record of the UTC day holding `now` (a new one on a new day, carrying the run cost). */
export function readRuntimeDay(place: RuntimePlace, now: number): RuntimeDay {
  const stored = storedDay(place);
  // Until the record is written in its place today, the day an earlier version recorded counts.
  const earlier = place.legacy && stored?.day !== dayNumber(now) ? storedDay(place.legacy) : null;
  return currentDay(earlier?.day === dayNumber(now) ? earlier : stored, now);
}

/** The day as this execution knows it: read once, kept in the tally. */
export function tallyDay(place: RuntimePlace, tally: RuntimeTally | undefined, now: number): RuntimeDay {
  if (!tally) return readRuntimeDay(place, now);
  tally.day ??= readRuntimeDay(place, now);
  return tally.day;
}

/**
 * Adds the run the tally measured to the day's record (re-read: another execution may have written
 * since); `also`: more keys of the same store for the same write (the day's UrlFetch calls).
 */
export function recordRun(place: RuntimePlace, tally: RuntimeTally, endedAt: number, also: Record<string, string> = {}): RuntimeDay {
  const day = addRun(readRuntimeDay(place, endedAt), tally, endedAt);
  place.store.setMany({ ...also, [place.key]: JSON.stringify(day) });
  return day;
}

/**
 * Where the day's UrlFetch calls are counted (fetch-quota.ts): one key per user, in the same place
 * as the trigger-runtime record (runtime-store.ts), so that a bound trigger run writes it with its
 * held writes. Written once per execution that fetched, never once per request: the platform
 * counts the calls in memory and the execution's end adds them (src/server/serve.ts, the
 * background handler). Two executions of one user ending at the same moment may lose one's count:
 * the figure is an estimate, never a limit the add-on enforces.
 */
import { addCalls, type FetchWindow } from './fetch-quota';
import type { Ports } from './ports';
import { perUserPlace, type RuntimePlace } from './runtime-store';
import type { Settings } from './settings-schema';

export const FETCH_KEY = 'urlfetch.window';

/** This user's count: user properties for the add-on, the document's properties under the user's key for the bound script. */
export function fetchPlace(
  ports: Pick<Ports, 'userStore'> & Partial<Pick<Ports, 'documentStore' | 'session'>>,
  deployment: Settings['deployment'],
): RuntimePlace {
  return perUserPlace(ports, deployment, FETCH_KEY);
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

/** The window as stored; null when none (or unreadable: the count starts again, never blocking anything). */
export function readFetchWindow(place: RuntimePlace): FetchWindow | null {
  try {
    const raw = JSON.parse(place.store.get(place.key) ?? 'null') as Partial<FetchWindow> | null;
    if (!raw || typeof raw !== 'object' || typeof raw.since !== 'number') return null;
    return { since: raw.since, calls: count(raw.calls) };
  } catch {
    return null;
  }
}

/**
 * The entry that adds the `calls` this execution made, the first at `firstAt` (a window opens with
 * its first call), for a write the caller makes anyway; none when nothing was called.
 */
export function fetchEntry(place: RuntimePlace, { calls, firstAt }: { calls: number; firstAt: number }): Record<string, string> {
  if (calls <= 0) return {};
  return { [place.key]: JSON.stringify(addCalls(readFetchWindow(place), calls, firstAt)) };
}

/** Adds this execution's `calls` (the first made at `firstAt`) to the count: one read and one write, nothing when it made none. */
export function recordFetches(place: RuntimePlace, calls: number, firstAt: number): void {
  const entry = fetchEntry(place, { calls, firstAt });
  if (Object.keys(entry).length > 0) place.store.setMany(entry);
}

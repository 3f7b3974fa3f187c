import { QuotaError, UserError } from '../core/kernel/errors';
import type { KeyValueStore } from '../core/kernel/ports';
import { TOKEN_KEY } from '../core/settings/token';
import { USER_KEY_PROPERTY } from './session';

/**
 * Apps Script's daily quota of property reads and writes (50,000 a day for a consumer account,
 * 500,000 for Workspace; per user, reset 24 hours after the first call:
 * https://developers.google.com/apps-script/guides/services/quotas). Every later call of the day
 * would fail too, so it is reported as what it is rather than as an unexpected error.
 */
export const PROPERTIES_QUOTA_TEXT =
  "Apps Script's daily quota of property reads and writes for your Google account is used up (50,000 a day for a consumer account, 500,000 for Google Workspace), and Hub Sync keeps its settings and progress there. Google resets it 24 hours after the first call of the day.";

/** What a full store means to the seller, and what to do. */
export const STORE_FULL_TEXT =
  "This spreadsheet's Hub Sync storage (Apps Script's document properties, 500 KB) is full, though Hub Sync keeps its own use under half of it; what unfinished pushes left there was cleared. Try again; if this message comes back, another version of the add-on may be filling it: tell your administrator.";

/** Keys Hub Sync keeps only while something runs: what may go when the store is full. */
const TRANSIENT = /^(pushJournal\.|pushRunSkus\.|pendingNotices$)/;

function guarded<T>(call: () => T): T {
  try {
    return call();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/too many times for one day: properties/i.test(message)) throw new QuotaError('properties', PROPERTIES_QUOTA_TEXT);
    throw e;
  }
}

/**
 * A write to a full store (500 KB: "You have exceeded the property storage quota") clears what
 * runs leave behind and is tried once more; if it still does not fit, the seller gets a sentence
 * saying so, never a bare Apps Script error, and later operations start from a cleaner store.
 */
function setOrMakeRoom(props: GoogleAppsScript.Properties.Properties, entries: Record<string, string>): boolean {
  const put = () => {
    const keys = Object.keys(entries);
    if (keys.length === 1) props.setProperty(keys[0], entries[keys[0]]);
    else if (keys.length > 1) props.setProperties(entries, false);
  };
  try {
    guarded(put);
    return false;
  } catch (e) {
    if (!/property storage quota/i.test(e instanceof Error ? e.message : String(e))) throw e;
    for (const old of Object.keys(guarded(() => props.getProperties()))) if (TRANSIENT.test(old)) guarded(() => props.deleteProperty(old));
    try {
      guarded(put);
      return true;
    } catch (again) {
      if (/property storage quota/i.test(again instanceof Error ? again.message : String(again))) throw new UserError(STORE_FULL_TEXT);
      throw again;
    }
  }
}

function store(props: GoogleAppsScript.Properties.Properties): KeyValueStore {
  return {
    get: (key) => guarded(() => props.getProperty(key)),
    set: (key, value) => {
      setOrMakeRoom(props, { [key]: value });
    },
    setMany: (entries) => {
      setOrMakeRoom(props, entries);
    },
    delete: (key) => {
      guarded(() => props.deleteProperty(key));
    },
    entries: (prefix = '') =>
      withPrefix(
        guarded(() => props.getProperties()),
        prefix,
      ),
  };
}

/** The properties whose keys start with `prefix`. */
function withPrefix(all: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(all)) if (key.startsWith(prefix)) out[key] = value;
  return out;
}

/** How long a snapshot serves reads (the add-on's state sheet is reused for ten seconds, sheet-store.ts). */
const SNAPSHOT_MS = 2_000;

/** A store that can be told to read afresh (when a lock is taken, so that its holder sees the latest). */
export type RefreshableStore = KeyValueStore & { refresh(): void };

/**
 * A store read whole (one getProperties call) and served from memory for a couple of seconds,
 * written through. A trigger run reads a dozen keys at its start (settings, the schedule, the
 * rate limit, its trigger's state): one call instead of one per key is most of an idle run's
 * cost. Shared state changes under the document lock, whose taking and release call refresh()
 * (a read-modify-write after the release sees what others wrote meanwhile:
 * test/e2e/snapshot-release.test.ts); what changes without it (stamps, notices, a dismissed
 * alert) is at most a couple of seconds old.
 */
function snapshotStore(props: GoogleAppsScript.Properties.Properties, now: () => number): RefreshableStore {
  let snapshot: Record<string, string> | null = null;
  let readAt = 0;
  const all = (): Record<string, string> => {
    if (!snapshot || now() - readAt > SNAPSHOT_MS) {
      snapshot = guarded(() => props.getProperties());
      readAt = now();
    }
    return snapshot;
  };
  const setMany = (entries: Record<string, string>): void => {
    // Making room deletes other keys: the snapshot no longer says what is stored.
    if (setOrMakeRoom(props, entries)) snapshot = null;
    else if (snapshot) for (const key of Object.keys(entries)) snapshot[key] = String(entries[key]);
  };
  return {
    get: (key) => {
      const current = all();
      return Object.hasOwn(current, key) ? current[key] : null;
    },
    set: (key, value) => setMany({ [key]: value }),
    setMany,
    delete: (key) => {
      guarded(() => props.deleteProperty(key));
      if (snapshot) delete snapshot[key];
    },
    entries: (prefix = '') => withPrefix(all(), prefix),
    refresh: () => {
      snapshot = null;
    },
  };
}

/**
 * The current user's own store: the API token lives here and nowhere else. `snapshot`: read whole
 * and kept a couple of seconds (trigger runs, snapshotStore), its token and user key read from
 * the user's cache when it holds them (pinnedKeys).
 */
export function userStore(snapshot = false): KeyValueStore {
  const props = PropertiesService.getUserProperties();
  return pinnedKeys(snapshot ? snapshotStore(props, Date.now) : store(props), () => CacheService.getUserCache(), snapshot);
}

/** The keys every trigger run reads: who the user is and the token its calls carry. */
const PINNED = [USER_KEY_PROPERTY, TOKEN_KEY];
const PINNED_CACHE_KEY = 'userStore.pinned';
/** How long a copy serves: an hour bounds how stale a copy put back by a run racing a new token can be. */
const PINNED_TTL_S = 3_600;

/**
 * A copy of the pinned keys in the user's cache (scoped to this user and script, as private as
 * the user's properties: https://developers.google.com/apps-script/reference/cache/cache-service).
 * A cache read is ~3 ms where a property read is ~30 ms (costs.ts), and a calling idle import
 * needs nothing else of the user's store: with its one read of the document's store that is most
 * of its cost. A copy may vanish at any time (Google keeps cache entries at most until their
 * expiry): a run that finds none reads the store and, if it `mayCopy` (a trigger run), puts one
 * back. A write of a pinned key, from any execution, removes the copy first, so the next run
 * reads the store.
 */
function pinnedKeys(base: KeyValueStore, cache: () => GoogleAppsScript.Cache.Cache, mayCopy: boolean): KeyValueStore {
  let copy: Record<string, string | null> | null | undefined;
  const cached = (): Record<string, string | null> | null => {
    if (copy !== undefined) return copy;
    const raw = mayCopy ? quietly('be read', () => cache().get(PINNED_CACHE_KEY)) : null;
    copy = raw ? parsedCopy(raw) : null;
    if (copy === null && mayCopy) {
      const fresh = Object.fromEntries(PINNED.map((key) => [key, base.get(key)]));
      quietly('be put', () => cache().put(PINNED_CACHE_KEY, JSON.stringify(fresh), PINNED_TTL_S));
      copy = fresh;
    }
    return copy;
  };
  const forget = (keys: readonly string[]): void => {
    if (!keys.some((key) => PINNED.includes(key))) return;
    quietly('be removed', () => cache().remove(PINNED_CACHE_KEY));
    copy = null;
  };
  return {
    get: (key) => {
      const pinned = PINNED.includes(key) ? cached() : null;
      return pinned && Object.hasOwn(pinned, key) ? pinned[key] : base.get(key);
    },
    set: (key, value) => {
      forget([key]);
      base.set(key, value);
    },
    setMany: (entries) => {
      forget(Object.keys(entries));
      base.setMany(entries);
    },
    delete: (key) => {
      forget([key]);
      base.delete(key);
    },
    entries: (prefix) => base.entries(prefix),
  };
}

/**
 * A cache call that cannot fail the run: the store stays the truth, read when the cache does not
 * answer. A failed removal leaves a copy at most PINNED_TTL_S old, said to the developer.
 */
function quietly<T>(what: string, call: () => T): T | null {
  try {
    return call();
  } catch (e) {
    console.warn(
      `user store: the cached copy could not ${what === 'read' ? 'be read' : what === 'copy' ? 'be put' : 'be removed'}: ${String(e)}`,
    );
    return null;
  }
}

/** A copy as it was put; null when it is not one (a damaged entry is read again from the store). */
function parsedCopy(raw: string): Record<string, string | null> | null {
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const out: Record<string, string | null> = {};
    for (const key of PINNED) {
      const value = (parsed as Record<string, unknown>)[key];
      if (value !== null && typeof value !== 'string') return null;
      out[key] = value;
    }
    return out;
  } catch {
    return null;
  }
}

/** The spreadsheet's document properties (the bound script's shared store; see document-store.ts). */
export function documentProperties(snapshot = false): RefreshableStore {
  const props = PropertiesService.getDocumentProperties();
  return snapshot ? snapshotStore(props, Date.now) : { ...store(props), refresh: () => undefined };
}

/**
 * Stores whose writes are held back and then written together in one setMany: a property write
 * costs the same for one key as for many (about 60 ms), so work that changes several keys at its
 * end pays for one. Reads see what was held back. For sets only: a delete goes through at once.
 */
import type { KeyValueStore } from './ports';

export interface WriteBatch extends KeyValueStore {
  /** Writes what was held back, with `extra` (more keys for the same write), in one call; then holds nothing. */
  commit(extra?: Record<string, string>): void;
}

export function writeBatch(store: KeyValueStore): WriteBatch {
  let held: Record<string, string> = {};
  return {
    get: (key) => (Object.hasOwn(held, key) ? held[key] : store.get(key)),
    set: (key, value) => {
      held[key] = value;
    },
    setMany: (entries) => {
      Object.assign(held, entries);
    },
    delete: (key) => {
      delete held[key];
      store.delete(key);
    },
    entries: (prefix = '') => {
      const out = store.entries(prefix);
      for (const key of Object.keys(held)) if (key.startsWith(prefix)) out[key] = held[key];
      return out;
    },
    commit: (extra = {}) => {
      const all = { ...held, ...extra };
      held = {};
      if (Object.keys(all).length > 0) store.setMany(all);
    },
  };
}

/**
 * A trigger run's document store: writes go through until hold() is called, then are held to
 * commit(), which the run calls at its end with its own record. Only work that needs no durability
 * midway holds (a run's last work, the idle import: an execution killed before its end loses no
 * more than that run's bookkeeping, done again by the next one).
 */
export interface HoldableStore extends WriteBatch {
  hold(): void;
}

export function holdableStore(store: KeyValueStore): HoldableStore {
  let batch: WriteBatch | null = null;
  const target = (): KeyValueStore => batch ?? store;
  return {
    get: (key) => target().get(key),
    set: (key, value) => target().set(key, value),
    setMany: (entries) => target().setMany(entries),
    delete: (key) => target().delete(key),
    entries: (prefix) => target().entries(prefix),
    hold: () => {
      batch ??= writeBatch(store);
    },
    commit: (extra = {}) => {
      const held = batch;
      batch = null;
      if (held) held.commit(extra);
      else if (Object.keys(extra).length > 0) store.setMany(extra);
    },
  };
}

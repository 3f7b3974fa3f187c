/**
 * The open sidebar stays current without reopening: every change to what one of its sections shows
 * writes a new stamp for that section, and the sidebar polls the stamps (one properties read) every
 * few seconds, fetching again only the sections whose stamp moved. A stamp is unique, not a count:
 * writing it needs no read first, and two executions marking at once cannot lose each other's mark.
 */
import type { Context } from './context';
import type { KeyValueStore, LiveStamps } from './ports';

/** The sections the sidebar refetches on their own, each with what it shows. */
export const LIVE_SECTIONS = [
  /** The settings, the token's status, the user, the add-on's background documents. */
  'status',
  /** A push running in the background (a menu push, a continuation). */
  'push',
  /** The open async jobs. */
  'jobs',
  /** The order import: schedule, last run, counts, last error. */
  'orders',
  /** Alerts and notices from background work. */
  'alerts',
  /** The Log sheet's last lines (Recent activity). */
  'log',
] as const;

export type LiveSection = (typeof LIVE_SECTIONS)[number];

/** The keys of the stamps in a key-value store: `live.orders`, … */
export const LIVE_PREFIX = 'live.';

/** The keys and values that mark `sections` with `stamp` where the stamps live in document properties. */
export function stampEntries(sections: readonly string[], stamp: string): Record<string, string> {
  return Object.fromEntries(sections.map((section) => [`${LIVE_PREFIX}${section}`, stamp]));
}

/** The stamps kept in a plain key-value store (the bound script's document properties; unit tests). */
export function storeStamps(store: KeyValueStore): LiveStamps {
  return {
    mark(sections, stamp) {
      for (const section of sections) store.set(`${LIVE_PREFIX}${section}`, stamp);
    },
    entries: stampEntries,
    read() {
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(store.entries(LIVE_PREFIX))) out[key.slice(LIVE_PREFIX.length)] = value;
      return out;
    },
  };
}

function stampsOf(ctx: Pick<Context, 'ports'>): LiveStamps {
  return ctx.ports.live ?? storeStamps(ctx.ports.documentStore);
}

let marks = 0;

/** A new stamp: unique, so that two executions marking at once cannot lose each other's mark. */
function newStamp(ctx: Pick<Context, 'ports'>): string {
  marks += 1;
  return `${ctx.ports.clock.now().toString(36)}.${marks.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The document store's entries that tell an open sidebar `sections` changed, for a caller that
 * writes them in one batch with the change itself; null when the stamps live elsewhere (the
 * caller then calls liveChanged after its write).
 */
export function liveEntries(ctx: Pick<Context, 'ports'>, ...sections: LiveSection[]): Record<string, string> | null {
  const stamps = stampsOf(ctx);
  return stamps.entries ? stamps.entries([...new Set(sections)], newStamp(ctx)) : null;
}

/**
 * Tells an open sidebar that `sections` changed: call it after the change is stored, so that the
 * sidebar, fetching on the stamp, reads the new state. Never fails the work that changed them —
 * a stamp not written only leaves the sidebar as it was until the next change or action.
 */
export function liveChanged(ctx: Pick<Context, 'ports'>, ...sections: LiveSection[]): void {
  const stamp = newStamp(ctx);
  try {
    stampsOf(ctx).mark([...new Set(sections)], stamp);
  } catch (e) {
    console.warn(`The sidebar's section stamps were not written: ${String(e)}`);
  }
}

/** Every section's stamp now ('' for one never marked). */
export function liveStamps(ctx: Pick<Context, 'ports'>): Record<LiveSection, string> {
  return sectionStamps(stampsOf(ctx));
}

/** Every section's stamp in `stamps` ('' for one never marked): the sidebar's poll, with no context to build. */
export function sectionStamps(stamps: LiveStamps): Record<LiveSection, string> {
  const read = stamps.read();
  const out = {} as Record<LiveSection, string>;
  for (const section of LIVE_SECTIONS) out[section] = read[section] ?? '';
  return out;
}

/**
 * Stamps marked through `store` (a trigger run's holdable document store) when they live in the
 * same document properties: while the run holds its writes, a stamp goes out with the change it
 * announces, never before it (a sidebar polling in between would fetch the old state and keep it).
 */
export function stampsThrough(live: LiveStamps | undefined, store: KeyValueStore): LiveStamps | undefined {
  const entries = live?.entries;
  if (!live || !entries) return live;
  return { ...live, mark: (sections, stamp) => store.setMany(entries(sections, stamp)) };
}

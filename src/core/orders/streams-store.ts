/**
 * Where the order import is: its two streams (orders by the date they were added to the hub,
 * and by modification date), the daily reconciliation sweep when one runs, and whose turn the
 * next Get Orders call is. Document properties, one key; the cursors move only after the rows
 * of a page are written.
 */
import type { KeyValueStore } from '../kernel/ports';
import type { Settings } from '../kernel/settings-schema';
import { DAY_MS, newStream, utcDay, type StreamCursor, type StreamKind } from './stream';
import { textDigest } from '../kernel/digest';

const STREAMS_KEY = 'orders.streams';
/** The cursor of versions before the two streams: read once to start the streams where it was. */
const OLD_CURSOR_KEY = 'orders.cursor';
/** How often the reconciliation sweep runs. */
export const SWEEP_EVERY_MS = DAY_MS;

export interface ImportStreams {
  /** The channel and status filters the streams were made for: another filter starts over. */
  filterKey: string;
  added: StreamCursor;
  modified: StreamCursor;
  /** The sweep under way, or null. */
  sweep: StreamCursor | null;
  /** Orders the sweep under way found late so far. */
  sweepFoundLate: number;
  /** When the last sweep ended (or the streams were made: the first sweep is a day later). */
  lastSweepAt: number;
  /** The stream the last call read. */
  lastTurn: StreamKind | null;
  /** Calls in a row that read new orders (the changes stream's turn comes every CHANGES_EVERY calls of a backlog). */
  addedInARow?: number;
  /** When the changes stream last read a page (or the streams were made). */
  changesReadAt?: number;
}

/** While both streams have a backlog, every how-manieth call reads changes... */
export const CHANGES_EVERY = 4;
/**
 * ...once it has waited this long: a first import reads new orders at the rate limit's bound (a
 * 1,000-order backlog in about 21 minutes, each order read as it is now), and a change to an
 * order already imported waits at most this long behind a backlog of new ones.
 */
export const CHANGES_WAIT_MS = 30 * 60_000;

/** The filters of the import settings as one string. */
export function filterKey(orders: Settings['orders']): string {
  return `${orders.channel.trim()}|${orders.status.trim().toUpperCase()}`;
}

/**
 * New streams: orders added to the hub from the backfill's first day; changes from the day
 * before today (an order added earlier and changed later is the sweep's and the modified
 * stream's from then on).
 */
export function freshStreams(now: number, orders: Settings['orders'], from?: number): ImportStreams {
  const start = from ?? now - orders.backfillDays * DAY_MS;
  return {
    filterKey: filterKey(orders),
    added: newStream('added', start),
    modified: newStream('modified', from ?? utcDay(now) - DAY_MS),
    sweep: null,
    sweepFoundLate: 0,
    lastSweepAt: now,
    lastTurn: null,
    changesReadAt: now,
  };
}

function valid(s: Partial<ImportStreams> | null): s is ImportStreams {
  const ok = (c: StreamCursor | null | undefined) =>
    !!c && Number.isFinite(c.windowStart) && Number.isFinite(c.offset) && Array.isArray(c.tail);
  return !!s && typeof s.filterKey === 'string' && ok(s.added) && ok(s.modified) && (s.sweep === null || ok(s.sweep));
}

/** The stored streams if they match the current filters; otherwise fresh ones. */
export function readStreams(store: KeyValueStore, now: number, orders: Settings['orders']): ImportStreams {
  return loadStreams(store, now, orders).streams;
}

/** As readStreams, and whether they were started from an older version's cursor (writeStreams then removes it). */
export function loadStreams(
  store: KeyValueStore,
  now: number,
  orders: Settings['orders'],
): { streams: ImportStreams; fromOldCursor: boolean } {
  let stored: Partial<ImportStreams> | null = null;
  const text = store.get(STREAMS_KEY);
  try {
    stored = JSON.parse(text ?? 'null') as Partial<ImportStreams> | null;
  } catch {
    stored = null;
  }
  if (valid(stored) && stored.filterKey === filterKey(orders)) return { streams: withTurn(store, stored, text), fromOldCursor: false };
  if (stored === null) {
    // An import of an older version: both streams start where its window was (re-reading is harmless).
    try {
      const old = JSON.parse(store.get(OLD_CURSOR_KEY) ?? 'null') as { filterKey?: string; windowStart?: number } | null;
      if (old && old.filterKey === filterKey(orders) && Number.isFinite(old.windowStart))
        return { streams: freshStreams(now, orders, old.windowStart), fromOldCursor: true };
    } catch {
      // unreadable: start from the backfill
    }
  }
  return { streams: freshStreams(now, orders), fromOldCursor: false };
}

/** Stores the streams; `dropOldCursor` once they replace an older version's cursor (not at every write: a property write costs). */
export function writeStreams(store: KeyValueStore, streams: ImportStreams, dropOldCursor = false): void {
  store.set(STREAMS_KEY, JSON.stringify(streams));
  if (dropOldCursor) store.delete(OLD_CURSOR_KEY);
}

/**
 * Whose turn the next call is, recorded by the idle import, which moves no cursor and so does not
 * rewrite the streams (it holds no lock; a restart or a locked import may rewrite them meanwhile).
 * `of` is a digest of the stored streams it follows: streams written since make it void.
 */
const TURN_KEY = 'orders.turn';

type Turn = Pick<ImportStreams, 'lastTurn' | 'addedInARow' | 'changesReadAt'>;

function withTurn(store: KeyValueStore, streams: ImportStreams, text: string | null): ImportStreams {
  try {
    const turn = JSON.parse(store.get(TURN_KEY) ?? 'null') as (Turn & { of?: string }) | null;
    if (!turn || turn.of !== textDigest(text)) return streams;
    return { ...streams, lastTurn: turn.lastTurn ?? null, addedInARow: turn.addedInARow, changesReadAt: turn.changesReadAt };
  } catch {
    return streams;
  }
}

/**
 * The streams without whose turn it is: what only a locked import changes. Of when a stream
 * caught up, only whether it did counts (an idle page finds it caught up again, later).
 */
export function cursorsOf(streams: ImportStreams): string {
  const { lastTurn: _, addedInARow: __, changesReadAt: ___, ...cursors } = streams;
  const caughtUp = (c: StreamCursor | null) => (c === null ? null : { ...c, caughtUpAt: c.caughtUpAt !== null });
  return JSON.stringify({
    ...cursors,
    added: caughtUp(cursors.added),
    modified: caughtUp(cursors.modified),
    sweep: caughtUp(cursors.sweep),
  });
}

/** Which stored streams an idle call starts from (read before the call). */
export function streamsVersion(store: KeyValueStore): string {
  return textDigest(store.get(STREAMS_KEY));
}

/**
 * The entry recording whose turn it is after an idle call that started from the streams of
 * `version`: streams written during the call (a restart, a locked import) make it void.
 */
export function turnEntry(version: string, streams: ImportStreams): Record<string, string> {
  const turn: Turn & { of: string } = {
    of: version,
    lastTurn: streams.lastTurn,
    addedInARow: streams.addedInARow,
    changesReadAt: streams.changesReadAt,
  };
  return { [TURN_KEY]: JSON.stringify(turn) };
}

/** Forgets where the import is: the next import starts from the backfill again (rows are updated in place, never duplicated). */
export function resetStreams(store: KeyValueStore): void {
  store.delete(STREAMS_KEY);
  store.delete(OLD_CURSOR_KEY);
}

/** True when a stream has orders left to read (or the sweep is under way). */
export function hasBacklog(streams: ImportStreams): boolean {
  return streams.added.caughtUpAt === null || streams.modified.caughtUpAt === null;
}

/**
 * Whose turn the next call is: a stream with a backlog first — new orders before changes, the
 * changes stream taking one call in {@link CHANGES_EVERY} while both have one, once it has waited
 * {@link CHANGES_WAIT_MS} (so a backlog reads at the rate limit's bound and changes are never starved); when both are caught up they take
 * turns, with the sweep (when one is under way or due) as a third: it is low priority, so it
 * never holds new orders back for more than one call in three.
 */
export function nextTurn(streams: ImportStreams, now: number, sweepDays: number): { kind: StreamKind; streams: ImportStreams } {
  const backlog = (['added', 'modified'] as const).filter((k) => streams[k].caughtUpAt === null);
  if (backlog.length === 2) {
    // New orders first: the changes stream gets one call in CHANGES_EVERY while both have a backlog.
    const changesDue = (streams.addedInARow ?? 0) >= CHANGES_EVERY - 1 && now - (streams.changesReadAt ?? 0) >= CHANGES_WAIT_MS;
    const kind = changesDue ? 'modified' : 'added';
    return { kind, streams };
  }
  if (backlog.length === 1) return { kind: backlog[0], streams };
  let next = streams;
  if (next.sweep === null && sweepDays > 0 && now - next.lastSweepAt >= SWEEP_EVERY_MS) {
    next = { ...next, sweep: newStream('sweep', now - sweepDays * DAY_MS), sweepFoundLate: 0 };
  }
  const order: StreamKind[] = next.sweep ? ['added', 'modified', 'sweep'] : ['added', 'modified'];
  const at = next.lastTurn === null ? -1 : order.indexOf(next.lastTurn);
  return { kind: order[(at + 1) % order.length], streams: next };
}

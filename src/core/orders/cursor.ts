/**
 * Where the incremental order import is: a window of whole UTC days (Get Orders `date`, read by
 * the hub as whole UTC days, `searchDateBy=modified`, `sort=modified_asc`) and the offset within
 * it. Pure: the caller stores it in document properties and moves it only after the rows of a
 * page are written.
 */
import type { OrdersQuery } from '../../api/client';
import type { KeyValueStore } from '../ports';
import type { Settings } from '../settings/schema';

export const DAY_MS = 86_400_000;
/** Get Orders pages hold at most 50 orders (hub-api §8). */
export const PAGE_SIZE = 50;
const CURSOR_KEY = 'orders.cursor';

export interface OrderCursor {
  /** The channel and status filters the cursor was made for: another filter starts over. */
  filterKey: string;
  /** Start of the window: 00:00 UTC of its first day. */
  windowStart: number;
  /** Orders of the window already read. */
  offset: number;
  /** Number of this pass over a window (stored per order to notice an order read twice in one pass). */
  pass: number;
  /** Latest dateModified read in this pass (epoch ms). */
  maxModified: number | null;
  /** `total` of the previous page of this pass. */
  lastTotal: number | null;
  /** Earliest dateModified from which an order may have been skipped by a paging shift in this pass. */
  shiftFrom: number | null;
}

/** 00:00 UTC of the day holding `ms`. */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** The filters of the import settings as one string. */
export function filterKey(orders: Settings['orders']): string {
  return `${orders.channel.trim()}|${orders.status.trim().toUpperCase()}`;
}

/** The first cursor: a window from the backfill's first day. */
export function firstCursor(now: number, orders: Settings['orders'], pass = 1): OrderCursor {
  return { filterKey: filterKey(orders), windowStart: utcDay(now - orders.backfillDays * DAY_MS), offset: 0, pass, maxModified: null, lastTotal: null, shiftFrom: null };
}

/** The Get Orders query for the cursor's next page. */
export function cursorQuery(cursor: OrderCursor, orders: Settings['orders']): OrdersQuery {
  return {
    from: cursor.windowStart,
    searchDateBy: 'modified',
    sort: 'modified_asc',
    offset: cursor.offset,
    paging: PAGE_SIZE,
    channel: orders.channel.trim() || undefined,
    status: orders.status.trim().toUpperCase() || undefined,
  };
}

/** What one page told: its total, how many orders it held, the latest dateModified on it, and any shift seen. */
export interface PageSeen {
  total: number;
  count: number;
  maxModified: number | null;
  shiftFrom: number | null;
}

const minOf = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * The cursor after a page was written. The window is done when the offset reaches the page's
 * `total` (so a 500-order backlog takes 10 calls, not 11). The next window then starts one day
 * before the day of the latest dateModified read (overlap: re-reading is harmless, missing is
 * not), or earlier when an order moved during paging: from the day of its earlier dateModified,
 * since the order that slid into its place at a page boundary was not read. A total that
 * shrank means an order left the window (a status filter); where is unknown, so the whole
 * window is read again.
 */
export function advanceCursor(cursor: OrderCursor, page: PageSeen): { cursor: OrderCursor; windowDone: boolean } {
  const maxModified = maxOf(cursor.maxModified, page.maxModified);
  let shiftFrom = minOf(cursor.shiftFrom, page.shiftFrom);
  if (cursor.lastTotal !== null && page.total < cursor.lastTotal) shiftFrom = minOf(shiftFrom, cursor.windowStart);
  const offset = cursor.offset + page.count;
  if (page.count > 0 && offset < page.total) {
    return { cursor: { ...cursor, offset, maxModified, shiftFrom, lastTotal: page.total }, windowDone: false };
  }
  const overlap = maxModified === null ? cursor.windowStart : Math.max(cursor.windowStart, utcDay(maxModified) - DAY_MS);
  const windowStart = shiftFrom === null ? overlap : Math.max(cursor.windowStart, Math.min(overlap, utcDay(shiftFrom)));
  return {
    cursor: { filterKey: cursor.filterKey, windowStart, offset: 0, pass: cursor.pass + 1, maxModified: null, lastTotal: null, shiftFrom: null },
    windowDone: true,
  };
}

/** The stored cursor if it matches the current filters; otherwise a first cursor (next pass number kept). */
export function readCursor(store: KeyValueStore, now: number, orders: Settings['orders']): OrderCursor {
  const raw = store.get(CURSOR_KEY);
  let stored: OrderCursor | null = null;
  try {
    stored = raw ? (JSON.parse(raw) as OrderCursor) : null;
  } catch {
    stored = null;
  }
  if (stored && stored.filterKey === filterKey(orders) && Number.isFinite(stored.windowStart) && Number.isFinite(stored.offset)) return stored;
  return firstCursor(now, orders, stored && Number.isFinite(stored.pass) ? stored.pass + 1 : 1);
}

export function writeCursor(store: KeyValueStore, cursor: OrderCursor): void {
  store.set(CURSOR_KEY, JSON.stringify(cursor));
}

/** Forgets the cursor: the next import starts from the backfill again (rows are updated in place, never duplicated). */
export function resetCursor(store: KeyValueStore): void {
  const raw = store.get(CURSOR_KEY);
  let pass = 0;
  try {
    pass = raw ? Number((JSON.parse(raw) as OrderCursor).pass) || 0 : 0;
  } catch {
    pass = 0;
  }
  // A stub keeping the pass number, so orders read before the reset never look "read twice in this pass".
  store.set(CURSOR_KEY, JSON.stringify({ filterKey: '\u0000reset', pass }));
}

/** True when the cursor is inside a window (a backlog remains). */
export function midWindow(cursor: OrderCursor): boolean {
  return cursor.offset > 0;
}

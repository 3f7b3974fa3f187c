/**
 * One ordered listing of Get Orders read page by page without skipping: the orders by the date
 * they were added to the hub (`added`: that date only grows, whatever dates the purchase
 * carries), by modification date (`modified`: an order that changes moves to the end), or the
 * daily reconciliation sweep. Pure: the caller stores the cursor and moves it only after the
 * rows of a page are written.
 *
 * Offsets shift under a reader's feet: an order deleted, or leaving a status filter, before the
 * cursor moves every later order one place left, so the order at the page boundary would never
 * be read. Each page therefore starts ONE order before the cursor, and must show again the last
 * order read (same id and same date): when it does not, the boundary moved and the reader steps
 * back until it finds an order it read, re-reading rather than skipping. Re-reading is harmless:
 * rows are keyed by order id.
 */
import { parseHubDate } from '../../api/query';
import type { OrdersQuery } from '../../api/client';
import type { OrderSort } from '../../api/schemas/orders';

export const DAY_MS = 86_400_000;
/** Get Orders pages hold at most 50 orders (hub-api §4.16). */
export const PAGE_SIZE = 50;
/** Orders of the tail remembered: enough to find a boundary when the last few read were deleted. */
const TAIL = 5;
/** Step-backs of one page in a row before the window is read again from its start. */
const MAX_STEP_BACKS = 3;

export type StreamKind = 'added' | 'modified' | 'sweep';

/** The date each stream follows, and how it sorts. */
const DATE_BY: Record<StreamKind, { searchDateBy: 'added' | 'modified'; sort: OrderSort; field: 'dateAdded' | 'dateModified' }> = {
  added: { searchDateBy: 'added', sort: 'added_asc', field: 'dateAdded' },
  modified: { searchDateBy: 'modified', sort: 'modified_asc', field: 'dateModified' },
  sweep: { searchDateBy: 'modified', sort: 'modified_asc', field: 'dateModified' },
};

/** An order read, as the boundary check knows it: its id and the stream's date (as the hub wrote it). */
export interface Seen {
  id: number;
  date: string;
  /** The dateModified of the order as its row in Orders holds it, when the import wrote it whole (seen-again.ts). */
  written?: string;
}

export interface StreamCursor {
  kind: StreamKind;
  /** 00:00 UTC of the window's first day (Get Orders `date`, whole UTC days). */
  windowStart: number;
  /** Position after the last order read in the window's listing. */
  offset: number;
  /** The last orders read, latest last. */
  tail: Seen[];
  /** Orders read per UTC day of the stream's date (day number since 1970 → count), to move the window forward. */
  days: Record<string, number>;
  /** The furthest position read in this window: orders before it were counted in `days` already. */
  reached: number;
  /** Step-backs in a row (bounded). */
  stepBacks: number;
  /** When a locked import found the stream read to the end of its listing (null: a backlog remains; idle calls do not move it). */
  caughtUpAt: number | null;
  /** Orders the hub listed after the last page read (its total less the cursor), unknown before a page. */
  waiting?: number;
}

/** 00:00 UTC of the day holding `ms`. */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** A stream reading from the start of the day holding `from`. */
export function newStream(kind: StreamKind, from: number): StreamCursor {
  return { kind, windowStart: utcDay(from), offset: 0, tail: [], days: {}, reached: 0, stepBacks: 0, caughtUpAt: null };
}

/** Where the next page starts: one order before the cursor, to see the last order read again. */
export function pageOffset(cursor: StreamCursor): number {
  return cursor.tail.length > 0 ? Math.max(0, cursor.offset - 1) : cursor.offset;
}

/** The Get Orders query of the stream's next page. */
export function streamQuery(cursor: StreamCursor, filters: { channel?: string; status?: string }): OrdersQuery {
  const by = DATE_BY[cursor.kind];
  return {
    from: cursor.windowStart,
    searchDateBy: by.searchDateBy,
    sort: by.sort,
    offset: pageOffset(cursor),
    paging: PAGE_SIZE,
    channel: filters.channel,
    status: filters.status,
  };
}

/** The stream's date of an order record (the hub's text), or '' when it has none. */
export function streamDate(kind: StreamKind, order: { dateAdded?: unknown; dateModified?: unknown }): string {
  const v = order[DATE_BY[kind].field];
  return typeof v === 'string' ? v : '';
}

/** What a page held, as the cursor needs it: each order's id and stream date, in listing order, and the page's total. */
export interface PageRead {
  offset: number;
  orders: Seen[];
  total: number;
}

export interface StreamStep {
  cursor: StreamCursor;
  /** The page did not line up with the orders read before: the reader stepped back. */
  steppedBack: boolean;
  /** The listing was read to its end. */
  caughtUp: boolean;
}

/** Index in the page of the latest tail order (same id AND date: an order that changed moved elsewhere), or -1. */
function anchorIn(tail: readonly Seen[], orders: readonly Seen[]): number {
  for (let t = tail.length - 1; t >= 0; t--) {
    // A record without a readable id (id < 0) proves nothing: it could be any order.
    if (tail[t].id < 0) continue;
    const i = orders.findIndex((o) => o.id === tail[t].id && o.date === tail[t].date);
    if (i >= 0) return i;
  }
  return -1;
}

/**
 * The cursor after a page was written. The page lines up when it starts at the window's start,
 * or when it holds an order of the tail; orders listed between that order and the cursor were
 * already read or are new, and are written either way. When it does not line up, orders moved
 * left past the cursor (a deletion, an order leaving a status filter, an order modified and
 * moved to the end): the cursor steps back a page, and after a few steps reads the window again
 * from its start. A short page (fewer than asked while the total says more) simply moves the
 * cursor by what it held.
 */
export function advanceStream(cursor: StreamCursor, page: PageRead, now: number): StreamStep {
  const anchor = cursor.tail.length === 0 ? -1 : anchorIn(cursor.tail, page.orders);
  const lined = page.offset === 0 || cursor.tail.length === 0 || anchor >= 0;
  if (!lined) {
    const stepBacks = cursor.stepBacks + 1;
    const back = stepBacks > MAX_STEP_BACKS ? 0 : Math.max(0, Math.min(page.offset, page.total) - (PAGE_SIZE - 1));
    // Offset 0 always lines up: from there the whole window is read (and counted) again.
    const restart = back === 0 ? { offset: 0, tail: [], days: {}, reached: 0 } : { offset: back + 1 };
    return { cursor: { ...cursor, ...restart, stepBacks, caughtUpAt: null }, steppedBack: true, caughtUp: false };
  }
  const days = { ...cursor.days };
  for (let i = 0; i < page.orders.length; i++) {
    if (page.offset + i < cursor.reached) continue;
    const o = page.orders[i];
    const ms = parseHubDate(o.date);
    if (!Number.isFinite(ms)) continue;
    // Keyed by day number (not epoch ms): a year of days stays well under a property's 9 KB.
    const day = String(Math.floor(ms / DAY_MS));
    days[day] = (days[day] ?? 0) + 1;
  }
  // The orders after the anchor are the new ones (the anchor and those before it were read already).
  const fresh = page.orders.slice(anchor + 1);
  const known = fresh.filter((o) => o.id >= 0);
  const tail = known.length > 0 ? [...cursor.tail, ...known].slice(-TAIL) : cursor.tail;
  const offset = page.offset + page.orders.length;
  // The end of the list: the page reached the hub's total, or brought nothing new (a total that
  // counts more than the hub lists must not keep a stream "with a backlog" for ever).
  const caughtUp = page.orders.length === 0 || offset >= page.total || fresh.length === 0;
  return {
    cursor: {
      ...cursor,
      offset,
      tail,
      days,
      reached: Math.max(cursor.reached, offset),
      stepBacks: 0,
      caughtUpAt: caughtUp ? now : null,
      waiting: caughtUp ? 0 : Math.max(0, page.total - offset),
    },
    steppedBack: false,
    caughtUp,
  };
}

/**
 * Moves a caught-up stream's window forward to one day before the day of the last order read
 * (listings of a long window cost nothing per call, but a window of months makes offsets big
 * and a step-back expensive). The offset becomes the orders counted on the days kept; if that
 * count is off (orders moved meanwhile), the next page does not line up and the reader steps
 * back — never skips.
 */
export function slideWindow(cursor: StreamCursor): StreamCursor {
  const last = cursor.tail[cursor.tail.length - 1];
  const lastMs = last ? parseHubDate(last.date) : NaN;
  if (!Number.isFinite(lastMs)) return cursor;
  const start = utcDay(lastMs) - DAY_MS;
  if (start <= cursor.windowStart) return cursor;
  const days: Record<string, number> = {};
  let offset = 0;
  for (const [day, n] of Object.entries(cursor.days)) {
    if (Number(day) * DAY_MS < start) continue;
    days[day] = n;
    offset += n;
  }
  return { ...cursor, windowStart: start, offset, reached: offset, days };
}

/**
 * Reading all of a job's items from Get Job Status, and knowing whether that is all of them.
 *
 * Hubs page in ways hub-api §4.9 does not pin down, and a job read short would pass for a finished
 * job with an item (maybe a failed one) left out. So:
 * - the offset moves by the number of items received: a page shorter than asked does not end the
 *   read (some hubs cap pages below `size` while more remain); an empty page does;
 * - items are kept once per (SKU, integration), the latest read winning: pages that overlap or
 *   repeat (items reordered between calls) add nothing twice;
 * - when the hub's own count of the job's items is known (Get Status Request, deprecated but still
 *   answering) and fewer distinct items were read, the pages are read again with `offset` as a
 *   page number (offset=1 → items 50–99: a reading some hubs use) and by offsets, merged, for as
 *   long as each round brings items not seen (at most {@link PROGRESS_ROUNDS} rounds);
 * - when the count is unknown, the job is read again until two consecutive reads list the same
 *   items ("stable").
 *
 * Bound, per job per refresh: one Get Status Request, and at most {@link FULL_READS} full reads
 * without a count, or 1 + {@link PROGRESS_ROUNDS} × (a read by page numbers + a full read) short
 * of it — and never more requests than `maxRequests` (the day's budget left).
 * A page that brings no item not seen in the same read ends that read too, so a hub that ignores
 * `offset` cannot keep it going. Pure apart from the source it is given.
 */
import type { HubClient } from '../../api/client';
import { MAX_ITEMS_PER_REQUEST } from '../../api/endpoints';
import type { JobItem } from '../../api/schemas/stock';

/** Full reads of a job's pages in one refresh when the hub gives no count, at most (docs/user/async-jobs.md, how a job is read in full). */
export const FULL_READS = 3;
/** Rounds (a read by page numbers and one by offsets) while short of the hub's count and still finding items. */
export const PROGRESS_ROUNDS = 4;

/** Where the pages come from: the hub, or a script in tests. */
export interface JobItemSource {
  /** One page of Get Job Status; throws when it cannot be read. */
  page(offset: number, size: number): JobItem[];
  /** The hub's count of the job's items, or null when it cannot be had. */
  total(): number | null;
}

export interface ReadOptions {
  /** Items asked per page (the hub's page size, 50). */
  size?: number;
  /** Requests this read may make at most (the day's polling budget left); unlimited when absent. */
  maxRequests?: number;
  /** Items counted against the hub's total (the job's own, not extras the hub lists by mistake). */
  belongs?: (item: JobItem) => boolean;
  /**
   * Whether proving the read complete is worth more requests, given the first read: a job with an
   * item still waiting is not finished whatever else is missing, so one read is enough.
   */
  worthCompleting?: (items: JobItem[]) => boolean;
}

export interface JobRead {
  /** Distinct items, one per (SKU, integration), as last read. */
  items: JobItem[];
  /** True when the items are known to be all of the job's: the hub's count matches, or two reads agreed. */
  complete: boolean;
  /** The hub's count of the job's items, when it was asked and answered. */
  total: number | null;
  /** Requests made (pages and the count). */
  requests: number;
  /** Full reads made. */
  reads: number;
  /** True when `maxRequests` stopped the reading. */
  capped: boolean;
}

const itemKey = (i: JobItem): string => `${i.sku}\u0000${i.integration}`;
/** What makes two reads "the same": the items and what each says. */
const itemState = (i: JobItem): string =>
  JSON.stringify([i.sku, i.integration, i.status.trim().toLowerCase(), i.stock, i.price, i.priceOffer]);

function sameSet(a: ReadonlyMap<string, JobItem>, b: ReadonlyMap<string, JobItem>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, item] of a) {
    const other = b.get(key);
    if (!other || itemState(other) !== itemState(item)) return false;
  }
  return true;
}

/**
 * A short fingerprint of a job's items and what each says (FNV-1a of their sorted states): kept
 * with an open job so that, when the hub gives no count, a job is closed only once reads made at
 * different polls — not two reads a few milliseconds apart — list the same items.
 */
export function itemsPrint(items: readonly JobItem[]): string {
  const text = items.map(itemState).sort().join('\n');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${items.length}:${h.toString(36)}`;
}

/** A read of one job in progress: the requests spent, and every item read so far. */
interface ItemsRead {
  source: JobItemSource;
  size: number;
  /** Requests allowed at most. */
  cap: number;
  belongs: (item: JobItem) => boolean;
  requests: number;
  capped: boolean;
  /** Items of every read merged, one per (SKU, integration), the latest read winning. */
  union: Map<string, JobItem>;
  reads: number;
  total: number | null;
}

/** Reads a job's items as described above; throws only when the first read fails. */
export function readJobItems(source: JobItemSource, options: ReadOptions = {}): JobRead {
  const r: ItemsRead = {
    source,
    size: options.size ?? MAX_ITEMS_PER_REQUEST,
    cap: options.maxRequests ?? Number.POSITIVE_INFINITY,
    belongs: options.belongs ?? (() => true),
    requests: 0,
    capped: false,
    union: new Map(),
    reads: 1,
    total: null,
  };
  const first = offsetRead(r);
  merge(r, first);
  if (r.capped || !(options.worthCompleting?.([...r.union.values()]) ?? true)) return result(r, false);
  if (!spend(r)) return result(r, false);
  r.total = hubTotal(source);
  if (r.total !== null && counted(r) === r.total) return result(r, true);
  if (r.total !== null && counted(r) < r.total) return readToCount(r, r.total);
  return readUntilStable(r, first);
}

function result(r: ItemsRead, complete: boolean): JobRead {
  return { items: [...r.union.values()], complete, total: r.total, requests: r.requests, reads: r.reads, capped: r.capped };
}

/** One more request, if the cap allows it (else the read is marked capped). */
function spend(r: ItemsRead): boolean {
  if (r.requests >= r.cap) {
    r.capped = true;
    return false;
  }
  r.requests++;
  return true;
}

function merge(r: ItemsRead, read: ReadonlyMap<string, JobItem>): void {
  read.forEach((item, key) => r.union.set(key, item));
}

/** Items read that count against the hub's total. */
function counted(r: ItemsRead): number {
  return [...r.union.values()].filter(r.belongs).length;
}

/** The hub's count of the job's items: a positive whole number, else null. */
function hubTotal(source: JobItemSource): number | null {
  try {
    const t = source.total();
    return t !== null && Number.isInteger(t) && t > 0 ? t : null;
  } catch {
    return null;
  }
}

/** One full read, `offset` as an item index, moving by the items received. */
function offsetRead(r: ItemsRead): Map<string, JobItem> {
  const seen = new Map<string, JobItem>();
  for (let offset = 0; spend(r); ) {
    const page = r.source.page(offset, r.size);
    let fresh = 0;
    for (const item of page) {
      if (!seen.has(itemKey(item))) fresh++;
      seen.set(itemKey(item), item);
    }
    if (page.length === 0 || fresh === 0) break;
    offset += page.length;
  }
  return seen;
}

/**
 * `offset` as a page number (page 0 is the first read's first page), until an empty page, a
 * page that repeats the one before (a hub that ignores `offset`), or the page the hub's count
 * ends at. Not "until a page adds nothing": in a later round the first pages are known already
 * while a later one still has items to give.
 */
function pageNumberRead(r: ItemsRead, total: number): void {
  let before = '';
  for (let page = 1; page * r.size < total && spend(r); page++) {
    let items: JobItem[];
    try {
      items = r.source.page(page, r.size);
    } catch {
      return;
    }
    for (const item of items) r.union.set(itemKey(item), item);
    const same = items.map(itemKey).sort().join('\n');
    if (items.length === 0 || same === before) return;
    before = same;
  }
}

/**
 * Short of the hub's count: read on (by page numbers, then by offsets) while each round still
 * brings items not seen; pages cut short or reordered differ from call to call, so the union
 * grows. A round that brings nothing new means the items are not there yet.
 */
function readToCount(r: ItemsRead, total: number): JobRead {
  for (let round = 0; round < PROGRESS_ROUNDS && !r.capped; round++) {
    const before = counted(r);
    pageNumberRead(r, total);
    if (counted(r) === total) return result(r, true);
    try {
      merge(r, offsetRead(r));
    } catch {
      return result(r, false);
    }
    r.reads++;
    if (counted(r) === total) return result(r, true);
    if (counted(r) === before) break;
  }
  return result(r, false);
}

/** Without a count to reach: full reads until two in a row list the same items. */
function readUntilStable(r: ItemsRead, first: Map<string, JobItem>): JobRead {
  let previous = first;
  while (r.reads < FULL_READS && !r.capped) {
    let current: Map<string, JobItem>;
    try {
      current = offsetRead(r);
    } catch {
      return result(r, false);
    }
    r.reads++;
    merge(r, current);
    if (r.capped) return result(r, false);
    if (r.total !== null && counted(r) === r.total) return result(r, true);
    const stable = sameSet(previous, current);
    // With the hub's count known, agreeing reads that stay short mean the items are not there yet.
    if (stable) return result(r, r.total === null);
    previous = current;
  }
  return result(r, false);
}

/** A source over the hub client: Get Job Status pages, and Get Status Request's `total` (null when it fails). */
export function hubJobSource(client: HubClient, jobId: string): JobItemSource {
  return {
    page: (offset, size) => client.getJobPage(jobId, offset, size),
    total: () => {
      try {
        return client.getStatusRequest(jobId).total;
      } catch {
        return null;
      }
    },
  };
}

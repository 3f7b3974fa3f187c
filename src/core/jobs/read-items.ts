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

/** Full reads of a job's pages in one refresh when the hub gives no count, at most (see the README, Async jobs). */
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

/** Reads a job's items as described above; throws only when the first read fails. */
export function readJobItems(source: JobItemSource, options: ReadOptions = {}): JobRead {
  const size = options.size ?? MAX_ITEMS_PER_REQUEST;
  const cap = options.maxRequests ?? Number.POSITIVE_INFINITY;
  const belongs = options.belongs ?? (() => true);
  let requests = 0;
  let capped = false;
  const spend = (): boolean => {
    if (requests >= cap) {
      capped = true;
      return false;
    }
    requests++;
    return true;
  };
  const union = new Map<string, JobItem>();
  const merge = (read: ReadonlyMap<string, JobItem>): void => read.forEach((item, key) => union.set(key, item));
  const counted = (): number => [...union.values()].filter(belongs).length;

  /** One full read, `offset` as an item index, moving by the items received. */
  const offsetRead = (): Map<string, JobItem> => {
    const seen = new Map<string, JobItem>();
    for (let offset = 0; spend(); ) {
      const page = source.page(offset, size);
      let fresh = 0;
      for (const item of page) {
        if (!seen.has(itemKey(item))) fresh++;
        seen.set(itemKey(item), item);
      }
      if (page.length === 0 || fresh === 0) break;
      offset += page.length;
    }
    return seen;
  };

  /**
   * `offset` as a page number (page 0 is the first read's first page), until an empty page, a
   * page that repeats the one before (a hub that ignores `offset`), or the page the hub's count
   * ends at. Not "until a page adds nothing": in a later round the first pages are known already
   * while a later one still has items to give.
   */
  const pageNumberRead = (total: number): void => {
    let before = '';
    for (let page = 1; page * size < total && spend(); page++) {
      let items: JobItem[];
      try {
        items = source.page(page, size);
      } catch {
        return;
      }
      for (const item of items) union.set(itemKey(item), item);
      const same = items.map(itemKey).sort().join('\n');
      if (items.length === 0 || same === before) return;
      before = same;
    }
  };

  let previous = offsetRead();
  merge(previous);
  let reads = 1;
  let total: number | null = null;
  const result = (complete: boolean): JobRead => ({ items: [...union.values()], complete, total, requests, reads, capped });
  if (capped || !(options.worthCompleting?.([...union.values()]) ?? true)) return result(false);

  if (!spend()) return result(false);
  try {
    const t = source.total();
    total = t !== null && Number.isInteger(t) && t > 0 ? t : null;
  } catch {
    total = null;
  }
  if (total !== null && counted() === total) return result(true);
  if (total !== null && counted() < total) {
    // Short of the hub's count: read on (by page numbers, then by offsets) while each round still
    // brings items not seen; pages cut short or reordered differ from call to call, so the union
    // grows. A round that brings nothing new means the items are not there yet.
    for (let round = 0; round < PROGRESS_ROUNDS && !capped; round++) {
      const before = counted();
      pageNumberRead(total);
      if (counted() === total) return result(true);
      try {
        merge(offsetRead());
      } catch {
        return result(false);
      }
      reads++;
      if (counted() === total) return result(true);
      if (counted() === before) break;
    }
    return result(false);
  }
  while (reads < FULL_READS && !capped) {
    let current: Map<string, JobItem>;
    try {
      current = offsetRead();
    } catch {
      return result(false);
    }
    reads++;
    merge(current);
    if (capped) return result(false);
    if (total !== null && counted() === total) return result(true);
    const stable = sameSet(previous, current);
    // With the hub's count known, agreeing reads that stay short mean the items are not there yet.
    if (stable) return result(total === null);
    previous = current;
  }
  return result(false);
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

/**
 * The hub's product list (Get Products Stock Price), read so that a SKU missing from it is proven
 * missing. Offset paging goes wrong while the list changes: a product added or removed before an
 * offset shifts every later product by one, so a page read after the change repeats a product and a
 * product is never read; and a hub's total can be stale.
 *
 * So pages overlap by one product (page k starts at 49·k and holds 50): the first product of page
 * k must be the last one of page k−1. With these anchors in place, every product that was in the
 * hub during the whole read is in some page: the list keeps its order, and the products between two
 * anchors are all in the page that holds both. The listing is consistent when every page needed
 * for the total is read, every page reports the same total, every anchor lines up, and the last
 * page ends exactly at that total (so the positions read, 0…total−1, are exactly the products the
 * hub counts — duplicate SKUs included, since the total counts products, not SKUs).
 *
 * Cost: 2 + floor((N−50)/49) requests for N ≥ 50 products (1 below 50) instead of ceil(N/50): 21
 * instead of 20 for 1,000, 205 instead of 200 for 10,000, and nothing more when the list holds
 * still. Otherwise the pages that disagree are read again, at most MAX_EXTRA_ROUNDS more rounds; a
 * listing still inconsistent then proves nothing.
 */
import { MAX_ITEMS_PER_REQUEST } from '../../../api/endpoints';
import type { Outcome } from '../../../api/call-runner';
import type { HubError } from '../../../api/errors';
import type { Product, ProductPage } from '../../../api/schemas/stock';

export const PAGE_SIZE = MAX_ITEMS_PER_REQUEST;
/** Pages start this far apart: one product of overlap, the anchor. */
const STEP = PAGE_SIZE - 1;
/** Rounds of re-reads after the first read, at most. */
export const MAX_EXTRA_ROUNDS = 2;

/** Reads pages at these offsets (in parallel); outcomes in the same order. */
export type ReadPages = (offsets: readonly number[]) => Outcome<ProductPage>[];

/** A product and its 0-based place in the hub's list. */
export interface ListedProduct {
  product: Product;
  position: number;
}

export type ListingProblem =
  /** Pages disagree: different totals, or anchors that do not line up. */
  | { kind: 'changed' }
  /** The pages agree, but the list does not end at the total they report. */
  | { kind: 'count'; listed: number; more: boolean };

export interface Listing {
  /** In the hub's order. Consistent: one per position 0…total−1. Otherwise every product read, possibly twice. */
  entries: ListedProduct[];
  /** Null when the listing is consistent: then a SKU not in it was not in the hub. */
  problem: ListingProblem | null;
  /** The total the first page reported, and the one the last page read reported. */
  totalAtStart: number;
  totalAtEnd: number;
  extraRounds: number;
}

export type ListingRead =
  | { kind: 'read'; listing: Listing }
  | { kind: 'failed'; failed: Array<{ offset: number; error: HubError }>; pages: number };

/**
 * The offsets of the pages that cover `total` products with one product of overlap, the last page
 * short (fewer than 50): a full last page could not show whether the list goes on past the total.
 */
export function pageOffsets(total: number): number[] {
  const out = [0];
  while (out[out.length - 1] + PAGE_SIZE <= total) out.push(out[out.length - 1] + STEP);
  return out;
}

const ID_FIELDS = ['erpId', 'internalId', 'id', 'productId'] as const;

/** The hub's own id of a product when it sends one (not in the interface, seen in real answers). */
export function productId(product: Product): string | null {
  const loose = product as Record<string, unknown>;
  for (const field of ID_FIELDS) {
    const v = loose[field];
    if ((typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v))) return String(v);
  }
  return null;
}

/** Which product an entry is, for the anchor check: the SKU and the id. Values are left out: a stock may change between two reads of the same product. */
const identity = (p: Product | undefined): string | null => (p ? JSON.stringify([p.sku, productId(p)]) : null);

/** A page cut to the 50 asked for: products past them belong to the next page, which reads them. */
const asked = (page: ProductPage): ProductPage =>
  page.results.length > PAGE_SIZE ? { ...page, results: page.results.slice(0, PAGE_SIZE) } : page;

interface ReadPage {
  page: ProductPage;
  /** Order of reading: the highest is the latest. */
  seq: number;
}

type Verdict = { ok: true; total: number; wanted: number[] } | { ok: false; total: number; reread: number[]; problem: ListingProblem };

/** Checks the pages read so far against the total the latest page reported. */
function check(pages: ReadonlyMap<number, ReadPage>): Verdict {
  const latest = [...pages.values()].reduce((a, b) => (b.seq > a.seq ? b : a));
  const total = latest.page.total;
  const wanted = pageOffsets(total);
  const reread = new Set<number>();
  let agree = true;
  let shifted = false;
  let anchorsUntold = false;
  for (const offset of wanted) {
    const read = pages.get(offset);
    // Missing, or read while the hub counted another total: read (again).
    if (!read || read.page.total !== total) {
      reread.add(offset);
      agree = false;
    }
  }
  // Where the list ends: the first short page, else after the last page (which should be short).
  let listed: { count: number; more: boolean; offset: number } | null = null;
  for (const offset of wanted) {
    const results = pages.get(offset)?.page.results;
    if (results && results.length < PAGE_SIZE) {
      listed = { count: offset + results.length, more: false, offset };
      break;
    }
  }
  const lastOffset = wanted[wanted.length - 1];
  listed ??= { count: lastOffset + PAGE_SIZE, more: true, offset: lastOffset };
  for (let k = 0; k + 1 < wanted.length; k++) {
    const before = pages.get(wanted[k]);
    const after = pages.get(wanted[k + 1]);
    if (!before || !after) continue;
    if (before.page.results.length < PAGE_SIZE) {
      // The list ended early in this page: no anchor to compare; read it again.
      reread.add(wanted[k]);
      continue;
    }
    const anchor = identity(before.page.results[STEP]);
    if (anchor !== null && anchor === identity(after.page.results[0])) continue;
    shifted = true;
    // Which of the two was read before the change, and how far down the shift goes, cannot be told
    // when both report the same total: every page is read again.
    if (before.page.total === total && after.page.total === total) anchorsUntold = true;
    reread.add(wanted[k]).add(wanted[k + 1]);
  }
  if (listed.count !== total) reread.add(listed.offset);
  if (reread.size === 0) return { ok: true, total, wanted };
  // Every page agrees on the total and no anchor moved: the list itself does not end at its total.
  const problem: ListingProblem =
    agree && !shifted && listed.count !== total ? { kind: 'count', listed: listed.count, more: listed.more } : { kind: 'changed' };
  const all = anchorsUntold ? wanted : [...reread];
  return { ok: false, total, reread: all.sort((a, b) => a - b), problem };
}

/** The entries of a consistent listing: each page without its anchor (the page before holds it). */
function consistentEntries(pages: ReadonlyMap<number, ReadPage>, wanted: readonly number[]): ListedProduct[] {
  const out: ListedProduct[] = [];
  wanted.forEach((offset, k) => {
    const results = (pages.get(offset) as ReadPage).page.results;
    for (let i = k === 0 ? 0 : 1; i < results.length; i++) out.push({ product: results[i], position: offset + i });
  });
  return out;
}

/** Every product read, page by page: true values, but no proof of anything missing. */
function everyEntry(pages: ReadonlyMap<number, ReadPage>): ListedProduct[] {
  const offsets = [...pages.keys()].sort((a, b) => a - b);
  return offsets.flatMap((offset) => (pages.get(offset) as ReadPage).page.results.map((product, i) => ({ product, position: offset + i })));
}

/**
 * Reads the whole list: the first page (it tells the total), then the others in parallel, then the
 * pages that disagree again, at most MAX_EXTRA_ROUNDS times. A first page that cannot be read
 * throws its HubError; other pages that cannot be read are returned as `failed`.
 */
export function readListing(read: ReadPages): ListingRead {
  const pages = new Map<number, ReadPage>();
  const failed: Array<{ offset: number; error: HubError }> = [];
  let seq = 0;
  const fetch = (offsets: readonly number[]): void => {
    read(offsets).forEach((outcome, i) => {
      if (outcome.ok) pages.set(offsets[i], { page: asked(outcome.value), seq: seq++ });
      else failed.push({ offset: offsets[i], error: outcome.error });
    });
  };
  const [first] = read([0]);
  if (!first.ok) throw first.error;
  pages.set(0, { page: asked(first.value), seq: seq++ });
  const totalAtStart = first.value.total;
  fetch(pageOffsets(totalAtStart).slice(1));

  for (let extraRounds = 0; ; extraRounds++) {
    const verdict = check(pages);
    if (failed.length > 0) return { kind: 'failed', failed, pages: pageOffsets(verdict.total).length };
    if (verdict.ok) {
      return {
        kind: 'read',
        listing: { entries: consistentEntries(pages, verdict.wanted), problem: null, totalAtStart, totalAtEnd: verdict.total, extraRounds },
      };
    }
    if (extraRounds === MAX_EXTRA_ROUNDS) {
      return {
        kind: 'read',
        listing: { entries: everyEntry(pages), problem: verdict.problem, totalAtStart, totalAtEnd: verdict.total, extraRounds },
      };
    }
    fetch(verdict.reread);
  }
}

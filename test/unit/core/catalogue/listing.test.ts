/**
 * The catalogue's listing read: overlapping pages whose anchors must line up, one total for every
 * page, a last page that ends at that total; re-reads of the pages that disagree, bounded; and no
 * proof of anything missing when the list keeps changing. Driven through the real HubClient.
 */
import { HubError } from '../../../../src/api/errors';
import { findDuplicates } from '../../../../src/core/pipeline/hub-reads/duplicates';
import { MAX_EXTRA_ROUNDS, pageOffsets, readListing, type Listing } from '../../../../src/core/pipeline/hub-reads/listing';
import { listed, numbered, PagedHub } from './paged-hub';

function read(hub: PagedHub): Listing {
  const client = hub.client();
  const got = readListing((offsets) => client.getProductPages(offsets));
  if (got.kind !== 'read') throw new Error(`pages failed: ${JSON.stringify(got.failed.map((f) => f.offset))}`);
  return got.listing;
}

const skus = (l: Listing): string[] => l.entries.map((e) => e.product.sku);

describe('pageOffsets', () => {
  it('steps by 49 (one product of overlap) and ends on a short page', () => {
    expect(pageOffsets(0)).toEqual([0]);
    expect(pageOffsets(49)).toEqual([0]);
    expect(pageOffsets(50)).toEqual([0, 49]); // a full page could not show where the list ends
    expect(pageOffsets(99)).toEqual([0, 49, 98]);
    expect(pageOffsets(230)).toEqual([0, 49, 98, 147, 196]);
  });

  it('costs 21 requests for 1,000 products and 205 for 10,000 (20 and 200 without the check)', () => {
    expect(pageOffsets(1000)).toHaveLength(21);
    expect(pageOffsets(10_000)).toHaveLength(205);
  });
});

describe('readListing', () => {
  it('a list that holds still: the first page alone, then the rest in one parallel round, nothing re-read', () => {
    const hub = new PagedHub(numbered(230));
    const listing = read(hub);
    expect(listing).toMatchObject({ problem: null, totalAtStart: 230, totalAtEnd: 230, extraRounds: 0 });
    expect(skus(listing)).toEqual(numbered(230).map((p) => p.sku));
    expect(listing.entries.map((e) => e.position)).toEqual(Array.from({ length: 230 }, (_, i) => i));
    expect(hub.offsets).toEqual([0, 49, 98, 147, 196]);
    expect(hub.transport.rounds).toEqual([1, 4]);
  });

  it('a product removed mid-pull: the shift is seen at the anchor, the stale pages are read again, no product is skipped', () => {
    const hub = new PagedHub(numbered(230));
    // Removed after page 0 was read: every later page is shifted by one. Plain paging (offsets 0,
    // 50, 100…) would never read P0050, and mark it "not in the hub".
    hub.beforeAnswer = (n) => n === 2 && hub.remove('P0010');
    const listing = read(hub);
    expect(listing).toMatchObject({ problem: null, totalAtStart: 230, totalAtEnd: 229, extraRounds: 1 });
    expect(skus(listing)).toEqual(
      numbered(230)
        .map((p) => p.sku)
        .filter((s) => s !== 'P0010'),
    );
    expect(hub.offsets).toEqual([0, 49, 98, 147, 196, 0, 49]);
  });

  it('a product added mid-pull (at the end, in creation order): pages that counted the old total are read again', () => {
    const hub = new PagedHub(numbered(230));
    hub.beforeAnswer = (n) => n === 3 && hub.products.push(listed('NEW'));
    const listing = read(hub);
    expect(listing).toMatchObject({ problem: null, totalAtStart: 230, totalAtEnd: 231, extraRounds: 1 });
    expect(skus(listing)).toEqual([...numbered(230).map((p) => p.sku), 'NEW']);
    expect(hub.offsets.slice(5)).toEqual([0, 49]);
  });

  it('one removed and one added between two pages (the total stays the same): the anchors tell, every page is read again', () => {
    const hub = new PagedHub(numbered(230));
    hub.beforeAnswer = (n) => {
      if (n !== 3) return;
      hub.remove('P0010');
      hub.products.push(listed('NEW'));
    };
    const listing = read(hub);
    expect(listing).toMatchObject({ problem: null, totalAtStart: 230, totalAtEnd: 230, extraRounds: 1 });
    expect(skus(listing)).toHaveLength(230);
    expect(new Set(skus(listing)).size).toBe(230);
    expect(skus(listing)).toContain('P0098'); // the product plain paging would have skipped
    expect(skus(listing)).not.toContain('P0010');
    expect(hub.offsets.slice(5)).toEqual([0, 49, 98, 147, 196]);
  });

  it('a list that keeps changing: at most two extra rounds, then a listing that proves nothing', () => {
    const hub = new PagedHub(numbered(230));
    hub.beforeAnswer = (n) => {
      hub.products.splice(0, 0, listed(`C${n}`)); // a product inserted at the front before every request
    };
    const listing = read(hub);
    expect(listing.problem).toEqual({ kind: 'changed' });
    expect(listing.extraRounds).toBe(MAX_EXTRA_ROUNDS);
    expect(listing.totalAtStart).toBe(231);
    expect(listing.totalAtEnd).toBe(hub.products.length);
    // The bound: the first read and two more rounds, each at most every page of the list.
    expect(hub.offsets.length).toBeLessThanOrEqual(3 * pageOffsets(hub.products.length).length);
    expect(hub.offsets.length).toBe(5 + 5 + 5);
    // What was read is still there to write (every product read is true), repeats included.
    expect(new Set(skus(listing))).toContain('P0100');
  });

  it('a wrong total on the first page: the pages that reported it are read again (one request)', () => {
    const hub = new PagedHub(numbered(230));
    hub.totalOf = (n, _offset, t) => (n === 1 ? 300 : t);
    const listing = read(hub);
    expect(listing).toMatchObject({ problem: null, totalAtStart: 300, totalAtEnd: 230, extraRounds: 1 });
    expect(skus(listing)).toHaveLength(230);
    expect(hub.offsets).toEqual([0, 49, 98, 147, 196, 245, 294, 0]);

    const low = new PagedHub(numbered(230));
    low.totalOf = (n, _offset, t) => (n === 1 ? 60 : t);
    expect(read(low)).toMatchObject({ problem: null, totalAtStart: 60, totalAtEnd: 230, extraRounds: 1 });
    expect(low.offsets).toEqual([0, 49, 0, 98, 147, 196]);
  });

  it('a total every page gets wrong: the list does not end there, so nothing is proven', () => {
    const hub = new PagedHub(numbered(230));
    hub.totalOf = () => 200;
    const listing = read(hub);
    expect(listing.problem).toEqual({ kind: 'count', listed: 230, more: false });
    expect(hub.offsets).toEqual([0, 49, 98, 147, 196, 196, 196]);

    const high = new PagedHub(numbered(230));
    high.totalOf = () => 260;
    expect(read(high).problem).toEqual({ kind: 'count', listed: 230, more: false });
  });

  it('a SKU listed twice is two products: counted twice, found as a duplicate, and the list is still consistent', () => {
    const products = numbered(120);
    products.splice(3, 0, listed('DUP', 1, { erpId: 'ERP-1' }));
    products.splice(100, 0, listed('DUP', 2, { erpId: 'ERP-2' }));
    products.splice(49, 0, listed('EDGE'), listed('EDGE')); // a duplicate pair right at a page's anchor
    const hub = new PagedHub(products);
    const listing = read(hub);
    expect(listing).toMatchObject({ problem: null, totalAtStart: 124, extraRounds: 0 });
    expect(listing.entries).toHaveLength(124);
    const dups = findDuplicates(listing.entries);
    expect([...dups.keys()].sort()).toEqual(['DUP', 'EDGE']);
    expect(dups.get('DUP')?.map((e) => e.position)).toEqual([3, 102]);
  });

  it('a page that cannot be read is reported; a first page that cannot be read throws', () => {
    const hub = new PagedHub(numbered(230));
    hub.failing = (offset) => offset === 98;
    const client = hub.client();
    const got = readListing((offsets) => client.getProductPages(offsets));
    expect(got).toMatchObject({ kind: 'failed', pages: 5, failed: [{ offset: 98 }] });

    const dead = new PagedHub(numbered(10));
    dead.failing = () => true;
    const deadClient = dead.client();
    expect(() => readListing((offsets) => deadClient.getProductPages(offsets))).toThrow(HubError);
  });
});

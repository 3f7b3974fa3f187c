/**
 * The hub emulator at 20,000 SKUs: every call's work is bounded by its own items or page, never
 * by the catalogue. This used to assert milliseconds per call, which failed whenever the machine
 * was busy; the cost that matters is how many catalogue records a call touches, which is the
 * same on any machine. (Request timings belong in `npm run bench`, never in the suite.)
 */
import type { RunningHub } from '../../dev/hub-emulator/server';
import type { ProductRec } from '../../dev/hub-emulator/types';
import { client, start, type Client } from './helpers';

const N = 20_000;
const sku = (n: number) => `P-${String((n % N) + 1).padStart(6, '0')}`;

/**
 * Counts the records read out of the hub's product list (by index or by iteration) while `fn`
 * runs: the emulator's equivalent of "rows scanned". Lookups by SKU go through an index and read
 * none; a scan of the catalogue reads N.
 */
function countingReads(h: RunningHub): { reads: () => number; reset: () => void } {
  let reads = 0;
  const st = h.hub.state as { products: ProductRec[] };
  st.products = new Proxy(st.products, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { reads: () => reads, reset: () => (reads = 0) };
}

describe(`the hub emulator at ${N.toLocaleString('en-US')} SKUs`, () => {
  let h: RunningHub;
  let c: Client;
  let counter: ReturnType<typeof countingReads>;
  beforeAll(async () => {
    h = await start({ seed: 'empty' });
    c = client(h.url);
    await h.admin.seedProducts({
      generate: { count: N, prefix: 'P-', channels: ['mercadolibre', 'amazon', 'walmart', 'linio'], status: 'mixed' },
    });
    counter = countingReads(h);
  });
  afterAll(() => h.close());
  beforeEach(() => counter.reset());

  it('answers 200 Update Stock calls of 50 items by index: no catalogue record scanned', async () => {
    for (let i = 0; i < 200; i++) {
      const items = Array.from({ length: 50 }, (_, j) => ({ sku: sku(i * 50 + j), quantity: i }));
      const r = await c.post('/api/stock/updatestock', items);
      expect(r.status).toBe(200);
    }
    // Updating a product in place writes its slot; it never reads the list.
    expect(counter.reads()).toBe(0);
    expect(h.hub.state.product('P-000001')!.quantity).toBe(0);
    expect(h.hub.state.product('P-010000')!.quantity).toBe(199);
  });

  it('sorts the catalogue once for 100 sorted pages, and pages without a sort read only the page', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 50; page++) {
      const r = await c.get(`/api/stock/GetProductsStockPrice?offset=${page * 397}&paging=50`);
      expect(r.status).toBe(200);
      seen.push(...(r.json as { results: { sku: string }[] }).results.map((p) => p.sku));
    }
    expect(seen).toHaveLength(50 * 50);
    expect(counter.reads()).toBe(50 * 50); // exactly the records returned
    counter.reset();
    const firsts: string[] = [];
    for (const sort of ['alph_asc', 'alph_desc']) {
      for (let page = 0; page < 50; page++) {
        const r = await c.get(`/api/stock/GetProductsStockPrice?offset=${page * 397}&paging=50&sort=${sort}`);
        expect(r.status).toBe(200);
        if (page === 0) firsts.push((r.json as { results: { sku: string }[] }).results[0].sku);
      }
    }
    expect(firsts).toEqual(['P-000001', `P-${String(N).padStart(6, '0')}`]);
    // One sort reads the catalogue once; a sort per page would read it 100 times.
    expect(counter.reads()).toBeLessThanOrEqual(N);
  });

  it('filters by channel in one pass per page', async () => {
    for (let page = 0; page < 10; page++) {
      const r = await c.get(`/api/stock/GetProductsStockPrice?offset=${page * 397}&paging=50&channel=amazon`);
      expect(r.status).toBe(200);
    }
    // The emulator filters the whole catalogue per call (no channel index): linear, never worse.
    expect(counter.reads()).toBeLessThanOrEqual(10 * N);
  });

  it('answers 200 Update Price V2 calls of 50 items by index: no catalogue record scanned', async () => {
    for (let i = 0; i < 200; i++) {
      const items = Array.from({ length: 50 }, (_, j) => ({ sku: sku(i * 50 + j), price: 100 + i, channel: 'amazon' }));
      const r = await c.post('/api/stock/updatepriceV2', items);
      expect(r.status).toBe(200);
    }
    expect(counter.reads()).toBe(0);
  });
});

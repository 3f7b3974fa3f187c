import type { RunningHub } from '../../dev/hub-emulator/server';
import { Product, ProductPage } from '../../src/api/schemas/stock';
import { client, start, type Client } from './helpers';

describe('stock reads', () => {
  let h: RunningHub;
  let c: Client;
  beforeAll(async () => {
    h = await start();
    c = client(h.url);
  });
  afterAll(() => h.close());

  describe('Get Price Stock By Channel (§4.4)', () => {
    it('returns one entry per connected channel, Mercado Libre read back as meli', async () => {
      const r = await c.get('/api/stock/getpricestockbychannel/CAM-ROJA.M/');
      const p = Product.parse(r.json);
      expect(p.channelData.map((e) => e.channel)).toEqual([
        'meli',
        'amazon',
        'walmart',
        'linio',
        'claroshop',
        'shopify',
        'prestashop',
        'woocommerce',
      ]);
      const byCh = Object.fromEntries(p.channelData.map((e) => [e.channel, e]));
      expect(byCh.meli.status).toBe('active');
      expect(byCh.meli.externalId).toMatch(/^MLM\d+$/);
      expect(byCh.linio.status).toBe('paused');
      expect(byCh.shopify.externalId).toBe(''); // no listing
      expect(r.json.channelData.some((e: any) => e.channel === 'mercadolibre')).toBe(false);
    });

    it('shows every listing status the spec lists', async () => {
      const statuses = new Set<string>();
      for (const sku of ['CAM-ROJA.M', 'TAZA,12', 'BOLSA/GRANDE', 'LÁMPARA 40W']) {
        const r = await c.get(`/api/stock/getpricestockbychannel/${encodeURIComponent(sku)}/`);
        for (const e of r.json.channelData) if (e.externalId) statuses.add(e.status);
      }
      expect([...statuses].sort()).toEqual(['PENDING_APPROVAL', 'active', 'paused', 'under_review', 'unpublished']);
    });

    it('404 {"Message":"Producto no encontrado"} for an unknown SKU', async () => {
      const r = await c.get('/api/stock/getpricestockbychannel/NO-EXISTE/');
      expect(r.status).toBe(404);
      expect(r.text).toBe('{"Message":"Producto no encontrado"}');
    });
  });

  describe('Get Products Stock Price (§4.7)', () => {
    it('pages in creation order by default, with total', async () => {
      const r = await c.get('/api/stock/GetProductsStockPrice?offset=0&paging=50');
      const page = ProductPage.parse(r.json);
      expect(page).toMatchObject({ offset: 0, paging: 50, total: 2000 });
      expect(page.results).toHaveLength(50);
      expect(page.results.slice(0, 3).map((p) => p.sku)).toEqual(['CAM-ROJA.M', 'TAZA,12', 'BOLSA/GRANDE']);
      expect(r.json.results[0]).toMatchObject({ quantity: expect.any(Number), price: expect.any(Number) });
    });

    it('walks every product exactly once with offset/paging', async () => {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 50) {
        const r = await c.get(`/api/stock/GetProductsStockPrice?offset=${offset}&paging=50&sort=alph_asc`);
        if (r.json.results.length === 0) break;
        seen.push(...r.json.results.map((p: any) => p.sku));
      }
      expect(seen).toHaveLength(2000);
      expect(new Set(seen).size).toBe(2000);
    });

    it('refuses paging above 50 and bad values', async () => {
      const r = await c.get('/api/stock/GetProductsStockPrice?offset=0&paging=51');
      expect(r.status).toBe(400);
      expect(r.json.Message).toMatch(/paging/);
      expect((await c.get('/api/stock/GetProductsStockPrice?paging=0')).status).toBe(400);
      expect((await c.get('/api/stock/GetProductsStockPrice?offset=-1')).status).toBe(400);
      expect((await c.get('/api/stock/GetProductsStockPrice?offset=x')).status).toBe(400);
      expect((await c.get('/api/stock/GetProductsStockPrice?sort=price')).status).toBe(400);
      expect((await c.get('/api/stock/GetProductsStockPrice?channel=ebay')).status).toBe(400);
    });

    it('sorts alph_asc and alph_desc (case-insensitive ordinal) as mirror images', async () => {
      const asc = (await c.get('/api/stock/GetProductsStockPrice?paging=50&sort=alph_asc')).json.results.map((p: any) => p.sku);
      const sorted = [...asc].sort((a: string, b: string) =>
        a.toUpperCase() < b.toUpperCase() ? -1 : a.toUpperCase() > b.toUpperCase() ? 1 : 0,
      );
      expect(asc).toEqual(sorted);
      const descLast = (await c.get('/api/stock/GetProductsStockPrice?offset=1950&paging=50&sort=alph_desc')).json.results.map(
        (p: any) => p.sku,
      );
      expect(descLast).toEqual([...asc].reverse());
    });

    it('filters by channel: only products listed there, with only that channel entry', async () => {
      const r = await c.get('/api/stock/GetProductsStockPrice?paging=50&channel=amazon');
      const expected = h.hub.state.products.filter((p) => p.listings.amazon).length;
      expect(r.json.total).toBe(expected);
      expect(expected).toBeLessThan(2000);
      for (const p of r.json.results) expect(p.channelData.map((e: any) => e.channel)).toEqual(['amazon']);
      const meli = await c.get('/api/stock/GetProductsStockPrice?paging=5&channel=meli');
      const ml = await c.get('/api/stock/GetProductsStockPrice?paging=5&channel=mercadolibre');
      expect(meli.json).toEqual(ml.json);
      expect(meli.json.results[0].channelData[0].channel).toBe('meli');
      const elektra = await c.get('/api/stock/GetProductsStockPrice?channel=elektra');
      expect(elektra.json).toMatchObject({ total: 0, results: [] });
    });
  });
});

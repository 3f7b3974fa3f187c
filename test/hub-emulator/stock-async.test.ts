import type { RunningHub } from '../../dev/hub-emulator/server';
import { AsyncResult, JobItem, StatusRequestResult } from '../../src/api/schemas/stock';
import { client, start, until, type Client } from './helpers';

describe('asynchronous jobs', () => {
  let h: RunningHub;
  let c: Client;
  const product = (sku: string) => h.hub.state.product(sku)!;
  beforeAll(async () => {
    h = await start();
    c = client(h.url);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.admin.reset();
    await h.admin.clearFaults();
    await h.admin.settings({ jobItemsPerSecond: 10, jobStartDelayMs: 1000 });
  });

  describe('Update Price And Stock Async (§4.6)', () => {
    it('queues a job (string jobId) whose changes are applied only when processed', async () => {
      const before = product('CAM-ROJA.M').quantity;
      const r = await c.post('/api/stock/UpdatePriceAndStockAsync', [
        { sku: 'CAM-ROJA.M', quantity: '17', price: '150.50', publishingPrice: '160.00' },
        { sku: 'TAZA,12', quantity: '3' },
      ]);
      expect(r.status).toBe(200);
      const body = AsyncResult.parse(r.json);
      expect(r.json.jobId).toEqual(expect.stringMatching(/^\d+$/));
      expect(body.status).toBe('success');
      expect(product('CAM-ROJA.M').quantity).toBe(before);

      await h.admin.advance(60_000);
      const p = product('CAM-ROJA.M');
      expect([p.quantity, p.price]).toEqual([17, 150.5]);
      expect(p.listings.amazon).toMatchObject({ quantity: 17, price: 160 });
      expect(p.listings.linio!.quantity).not.toBe(17); // paused: not propagated
      expect(product('TAZA,12').quantity).toBe(3);
      const items = await c.get(`/api/stock/GetStockPriceJob?jobId=${r.json.jobId}&offset=0&size=100`);
      const parsed = items.json.map((i: unknown) => JobItem.parse(i));
      expect(parsed.map((i: any) => `${i.sku}@${i.integration}:${i.status}`)).toEqual([
        'CAM-ROJA.M@Mercado Libre:Finalizado',
        'CAM-ROJA.M@Amazon:Finalizado',
        'CAM-ROJA.M@Walmart:Finalizado',
        'TAZA,12@Mercado Libre:Finalizado',
        'TAZA,12@Amazon:Finalizado',
      ]);
      expect(parsed[1]).toMatchObject({ stock: 17, price: 160 });
    });

    it('processes items at the configured speed over emulator time', async () => {
      const items = Array.from({ length: 30 }, (_, i) => ({ sku: `NOPE-${i}`, quantity: '1' }));
      const r = await c.post('/api/stock/UpdatePriceAndStockAsync', items);
      const id = r.json.jobId;
      const status = async () => StatusRequestResult.parse((await c.get(`/api/stock/GetStatusRequest?jobId=${id}`)).json);
      expect(await status()).toMatchObject({ status: 'Pendiente', total: 30, processed: 0 });
      await h.admin.advance(1000 + 1000); // the start delay, then one second at 10 items/s
      const mid = await status();
      expect(mid.status).toBe('En proceso');
      expect(mid.processed).toBeGreaterThanOrEqual(10);
      expect(mid.processed).toBeLessThan(15);
      await h.admin.advance(5000);
      expect(await status()).toMatchObject({ jobId: String(id), status: 'Finalizado', total: 30, processed: 30 });
    });

    it('fails unknown SKUs and non-numeric strings per item in the job', async () => {
      const r = await c.post('/api/stock/UpdatePriceAndStockAsync', [
        { sku: 'NO-EXISTE', quantity: '1' },
        { sku: 'TAZA,12', quantity: 'diez' },
        { sku: 'SIN-PUBLICAR', quantity: '4', price: 'abc' },
        { sku: 'SIN-PUBLICAR', quantity: 6 },
      ]);
      expect(r.status).toBe(200);
      const tazaBefore = product('TAZA,12').quantity;
      await h.admin.advance(60_000);
      const items = (await c.get(`/api/stock/GetStockPriceJob?jobId=${r.json.jobId}`)).json;
      expect(items.map((i: any) => [i.sku, i.integration, i.status])).toEqual([
        ['NO-EXISTE', 'General', 'Error'],
        ['TAZA,12', 'General', 'Error'],
        ['SIN-PUBLICAR', 'General', 'Error'],
        ['SIN-PUBLICAR', 'General', 'Finalizado'],
      ]);
      expect(items[0].message).toBe('Producto no encontrado');
      expect(items[1].message).toMatch(/quantity/);
      expect(items[2].message).toMatch(/price/);
      expect(product('TAZA,12').quantity).toBe(tazaBefore);
      expect(product('SIN-PUBLICAR').quantity).toBe(6);
    });

    it('refuses a body that is not a non-empty array, and items without sku', async () => {
      expect((await c.post('/api/stock/UpdatePriceAndStockAsync', { sku: 'A', quantity: '1' })).status).toBe(400);
      expect((await c.post('/api/stock/UpdatePriceAndStockAsync', [])).status).toBe(400);
      const r = await c.post('/api/stock/UpdatePriceAndStockAsync', [{ quantity: '1' }]);
      expect(r.status).toBe(400);
      expect(r.json.Message).toContain('[0].sku');
    });
  });

  describe('Get Status Request (§4.8, deprecated)', () => {
    it('answers with a Deprecation header', async () => {
      const r0 = await c.post('/api/stock/updatestock', [{ sku: 'TAZA,12', quantity: 1 }]);
      const r = await c.get(`/api/stock/GetStatusRequest?jobId=${r0.json[0].jobId}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('deprecation')).toBe('true');
      expect(r.headers.get('link')).toMatch(/GetStockPriceJob/);
      expect(StatusRequestResult.parse(r.json)).toMatchObject({ total: 2, status: 'Pendiente' });
    });

    it('400 without a jobId, 404 for an unknown one', async () => {
      expect((await c.get('/api/stock/GetStatusRequest')).status).toBe(400);
      expect((await c.get('/api/stock/GetStatusRequest?jobId=abc')).status).toBe(400);
      expect((await c.get('/api/stock/GetStatusRequest?jobId=99999')).status).toBe(404);
    });
  });

  describe('Get Job Status (§4.9)', () => {
    it('pages the job items with offset and size', async () => {
      const skus = ['CAM-ROJA.M', 'TAZA,12', 'A.B,C']; // 3 + 2 + 2 active listings
      const r = await c.post(
        '/api/stock/updatestock',
        skus.map((sku) => ({ sku, quantity: 2 })),
      );
      const id = r.json[0].jobId;
      const all = (await c.get(`/api/stock/GetStockPriceJob?jobId=${id}&offset=0&size=50`)).json;
      expect(all).toHaveLength(7);
      const page = (await c.get(`/api/stock/GetStockPriceJob?jobId=${id}&offset=2&size=3`)).json;
      expect(page).toEqual(all.slice(2, 5));
      expect((await c.get(`/api/stock/GetStockPriceJob?jobId=${id}&offset=7&size=3`)).json).toEqual([]);
    });

    it('validates its parameters', async () => {
      expect((await c.get('/api/stock/GetStockPriceJob?offset=0&size=10')).status).toBe(400);
      expect((await c.get('/api/stock/GetStockPriceJob?jobId=1&size=100000')).status).toBe(400);
      expect((await c.get('/api/stock/GetStockPriceJob?jobId=1&offset=-1')).status).toBe(400);
      expect((await c.get('/api/stock/GetStockPriceJob?jobId=424242')).status).toBe(404);
    });

    it('moves items to Finalizado in the background, without any call', async () => {
      await h.admin.settings({ jobItemsPerSecond: 0, jobStartDelayMs: 300 });
      const r = await c.post('/api/stock/updatestock', [{ sku: 'TAZA,12', quantity: 2 }]);
      // Read in-process, so no call reaches the hub while it finishes; no fixed wait either.
      await until(() => h.hub.state.job(r.json[0].jobId)!.finishedAt !== null, 'the job finished in the background');
      const job = h.hub.state.job(r.json[0].jobId)!;
      expect(job.items.every((i) => i.status === 'Finalizado')).toBe(true);
    });
  });
});

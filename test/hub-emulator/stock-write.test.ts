import type { RunningHub } from '../../dev/hub-emulator/server';
import { ByChannelResult, ErpPriceResult, UpdatePriceResult, UpdateStockResult } from '../../src/api/schemas/stock';
import { client, start, type Client } from './helpers';

const OK = 'Se solicitó la actualización';

describe('stock and price writes', () => {
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
  });

  describe('Update Stock (§4.1)', () => {
    it('accepts 50 items and refuses 51 with a message naming the limit', async () => {
      const items = (n: number) => Array.from({ length: n }, (_, i) => ({ sku: `NOPE-${i}`, quantity: 1 }));
      expect((await c.post('/api/stock/updatestock', items(50))).status).toBe(200);
      const r = await c.post('/api/stock/updatestock', items(51));
      expect(r.status).toBe(400);
      expect(r.json.Message).toMatch(/\b50\b/);
    });

    it('stores a negative quantity as 0, in general and on every active listing', async () => {
      const r = await c.post('/api/stock/updatestock', [{ sku: 'CAM-ROJA.M', quantity: -7 }]);
      expect(r.json[0].quantity).toBe(0);
      const p = product('CAM-ROJA.M');
      expect(p.quantity).toBe(0);
      const back = await c.get('/api/stock/getpricestockbychannel/CAM-ROJA.M/');
      const byCh = Object.fromEntries(back.json.channelData.map((e: any) => [e.channel, e.quantity]));
      expect(byCh).toMatchObject({ meli: 0, amazon: 0, walmart: 0 });
    });

    it('propagates to active listings only, and lists exactly them in sites', async () => {
      const linioBefore = product('CAM-ROJA.M').listings.linio!.quantity;
      const r = await c.post('/api/stock/updatestock', [{ sku: 'CAM-ROJA.M', quantity: 33 }]);
      expect(r.status).toBe(200);
      const [item] = r.json.map((x: unknown) => UpdateStockResult.parse(x));
      expect(item).toMatchObject({ sku: 'CAM-ROJA.M', quantity: 33, status: 'success', msg: OK });
      expect(item.sites).toBe('mercadolibre: OK, amazon: OK, walmart: OK');
      expect(typeof item.jobId).toBe('number');
      const p = product('CAM-ROJA.M');
      expect([p.quantity, p.listings.mercadolibre!.quantity, p.listings.amazon!.quantity, p.listings.walmart!.quantity]).toEqual([
        33, 33, 33, 33,
      ]);
      expect(p.listings.linio!.quantity).toBe(linioBefore); // paused
    });

    it('answers Producto no encontrado for an unknown SKU, without stopping the others', async () => {
      const r = await c.post('/api/stock/updatestock', [
        { sku: 'NO-EXISTE', quantity: 1 },
        { sku: 'TAZA,12', quantity: 4 },
      ]);
      expect(r.json[0]).toMatchObject({ sku: 'NO-EXISTE', status: 'error', msg: 'Producto no encontrado' });
      expect(r.json[1]).toMatchObject({ sku: 'TAZA,12', status: 'success', sites: 'mercadolibre: OK, amazon: OK' });
    });

    it('gives one job id per request; its items (sku × active channel) move to Finalizado over time', async () => {
      await h.admin.settings({ jobItemsPerSecond: 50, jobStartDelayMs: 2000 });
      const r1 = await c.post('/api/stock/updatestock', [
        { sku: 'CAM-ROJA.M', quantity: 5 },
        { sku: 'TAZA,12', quantity: 6 },
      ]);
      const r2 = await c.post('/api/stock/updatestock', [{ sku: 'CAM-ROJA.M', quantity: 7 }]);
      const jobId = r1.json[0].jobId;
      expect(r1.json[1].jobId).toBe(jobId);
      expect(r2.json[0].jobId).not.toBe(jobId);
      const before = await c.get(`/api/stock/GetStockPriceJob?jobId=${jobId}&offset=0&size=50`);
      expect(before.status).toBe(200);
      expect(before.json.map((i: any) => `${i.sku}@${i.integration}`)).toEqual([
        'CAM-ROJA.M@Mercado Libre',
        'CAM-ROJA.M@Amazon',
        'CAM-ROJA.M@Walmart',
        'TAZA,12@Mercado Libre',
        'TAZA,12@Amazon',
      ]);
      expect(before.json.every((i: any) => i.status === 'Pendiente' && i.stock !== null)).toBe(true);
      await h.admin.advance(60_000);
      const after = await c.get(`/api/stock/GetStockPriceJob?jobId=${jobId}`);
      expect(after.json.map((i: any) => i.status)).toEqual(Array(5).fill('Finalizado'));
    });

    it('reports an injected channel error per channel, and leaves that listing alone', async () => {
      await h.admin.setFaults({ channelErrors: { walmart: 'Timeout del canal' } });
      const before = product('CAM-ROJA.M').listings.walmart!.quantity;
      const r = await c.post('/api/stock/updatestock', [{ sku: 'CAM-ROJA.M', quantity: 12 }]);
      expect(r.json[0].sites).toBe('mercadolibre: OK, amazon: OK, walmart: Error - Timeout del canal');
      expect(r.json[0].status).toBe('error');
      expect(product('CAM-ROJA.M').listings.walmart!.quantity).toBe(before);
      expect(product('CAM-ROJA.M').listings.amazon!.quantity).toBe(12);
      const job = await c.get(`/api/stock/GetStockPriceJob?jobId=${r.json[0].jobId}`);
      expect(job.json.find((i: any) => i.integration === 'Walmart')).toMatchObject({ status: 'Error', message: 'Timeout del canal' });
    });

    it('rejects malformed JSON, a non-array body and wrong types with 400 naming the problem', async () => {
      const bad = await c.post('/api/stock/updatestock', '[{"sku": "A", "quantity": 1');
      expect(bad.status).toBe(400);
      expect(bad.json.Message).toMatch(/JSON/);
      const obj = await c.post('/api/stock/updatestock', { sku: 'A', quantity: 1 });
      expect(obj.status).toBe(400);
      expect(obj.json.Message).toMatch(/array/);
      const typed = await c.post('/api/stock/updatestock', [
        { sku: 'TAZA,12', quantity: 1 },
        { sku: 'X', quantity: '5' },
      ]);
      expect(typed.status).toBe(400);
      expect(typed.json.Message).toContain('[1].quantity');
      expect(product('TAZA,12').quantity).not.toBe(1); // nothing applied
      const empty = await c.post('/api/stock/updatestock', '');
      expect(empty.status).toBe(400);
    });

    it('reads the body even without a JSON Content-Type', async () => {
      const r = await c.post('/api/stock/updatestock', JSON.stringify([{ sku: 'TAZA,12', quantity: 9 }]), { 'Content-Type': 'text/plain' });
      expect(r.status).toBe(200);
      expect(product('TAZA,12').quantity).toBe(9);
    });
  });

  describe('Update Price V2 (§4.2)', () => {
    it('sets the price of the named channel only', async () => {
      const p = product('CAM-ROJA.M');
      const [gen, meli] = [p.price, p.listings.mercadolibre!.price];
      const r = await c.post('/api/stock/updatepriceV2', [{ sku: 'CAM-ROJA.M', price: 199.9, channel: 'amazon' }]);
      const item = UpdatePriceResult.parse(r.json[0]);
      expect(item).toMatchObject({ sku: 'CAM-ROJA.M', price: 199.9, status: 'success', msg: OK, sites: 'amazon: OK' });
      expect(typeof item.jobId).toBe('number');
      expect(p.listings.amazon!.price).toBe(199.9);
      expect([p.price, p.listings.mercadolibre!.price]).toEqual([gen, meli]);
    });

    it('rejects an unknown channel per item (meli is a read code, not a written one)', async () => {
      const r = await c.post('/api/stock/updatepriceV2', [
        { sku: 'CAM-ROJA.M', price: 10, channel: 'meli' },
        { sku: 'CAM-ROJA.M', price: 11, channel: 'mercadolibre' },
        { sku: 'CAM-ROJA.M', price: 12, channel: 'ebay' },
      ]);
      expect(r.status).toBe(200);
      expect(r.json[0]).toMatchObject({ status: 'error', msg: expect.stringContaining('meli') });
      expect(r.json[1]).toMatchObject({ status: 'success', sites: 'mercadolibre: OK' });
      expect(r.json[2].status).toBe('error');
      expect(product('CAM-ROJA.M').listings.mercadolibre!.price).toBe(11);
    });

    it('stores the price of an inactive listing without propagating, and refuses a channel without listing', async () => {
      const r = await c.post('/api/stock/updatepriceV2', [
        { sku: 'CAM-ROJA.M', price: 55, channel: 'linio' },
        { sku: 'CAM-ROJA.M', price: 56, channel: 'shopify' },
        { sku: 'NO-EXISTE', price: 1, channel: 'amazon' },
      ]);
      expect(r.json[0]).toMatchObject({ status: 'success', sites: '' });
      expect(product('CAM-ROJA.M').listings.linio!.price).toBe(55);
      expect(r.json[1].status).toBe('error');
      expect(r.json[2]).toMatchObject({ status: 'error', msg: 'Producto no encontrado' });
    });

    it('refuses 51 items', async () => {
      const items = Array.from({ length: 51 }, () => ({ sku: 'A', price: 1, channel: 'amazon' }));
      const r = await c.post('/api/stock/updatepriceV2', items);
      expect(r.status).toBe(400);
      expect(r.json.Message).toMatch(/50/);
    });
  });

  describe('Update Price Stock By Channel (§4.3)', () => {
    it('applies optional quantity/price/salePrice per channel entry', async () => {
      const r = await c.post('/api/stock/updatepricestockbychannel', {
        sku: 'CAM-ROJA.M',
        channelData: [
          { channel: 'amazon', quantity: 3 },
          { channel: 'walmart', price: 250.5, salePrice: 199 },
          { channel: 'linio', quantity: -4 },
        ],
      });
      expect(ByChannelResult.parse(r.json)).toEqual({ sites: 'amazon: OK, walmart: OK, linio: OK', result: 'success', msg: OK });
      const p = product('CAM-ROJA.M');
      expect(p.listings.amazon!.quantity).toBe(3);
      expect(p.listings.walmart).toMatchObject({ price: 250.5, salePrice: 199 });
      expect(p.listings.linio!.quantity).toBe(0);
    });

    it('accepts availableDays for mercadolibre only (per-channel error otherwise)', async () => {
      const r = await c.post('/api/stock/updatepricestockbychannel', {
        sku: 'CAM-ROJA.M',
        channelData: [
          { channel: 'mercadolibre', availableDays: 5 },
          { channel: 'amazon', availableDays: 5, quantity: 8 },
        ],
      });
      expect(r.json.result).toBe('error');
      expect(r.json.sites).toMatch(/^mercadolibre: OK, amazon: Error - .*mercadolibre/);
      const back = await c.get('/api/stock/getpricestockbychannel/CAM-ROJA.M/');
      expect(back.json.channelData.find((e: any) => e.channel === 'meli').availableDays).toBe(5);
      expect(product('CAM-ROJA.M').listings.amazon!.quantity).not.toBe(8);
    });

    it('takes exactly one SKU: an array body is refused; an unknown SKU is a result error', async () => {
      const arr = await c.post('/api/stock/updatepricestockbychannel', [{ sku: 'CAM-ROJA.M', channelData: [{ channel: 'amazon' }] }]);
      expect(arr.status).toBe(400);
      expect(arr.json.Message).toMatch(/one SKU/);
      const nf = await c.post('/api/stock/updatepricestockbychannel', {
        sku: 'NO-EXISTE',
        channelData: [{ channel: 'amazon', quantity: 1 }],
      });
      expect(nf.json).toEqual({ sites: '', result: 'error', msg: 'Producto no encontrado' });
      const noChannel = await c.post('/api/stock/updatepricestockbychannel', { sku: 'CAM-ROJA.M', channelData: [{ quantity: 1 }] });
      expect(noChannel.status).toBe(400);
      expect(noChannel.json.Message).toContain('channelData[0].channel');
    });

    it('reports unknown channels and channels without a listing in sites', async () => {
      const r = await c.post('/api/stock/updatepricestockbychannel', {
        sku: 'CAM-ROJA.M',
        channelData: [
          { channel: 'meli', quantity: 1 },
          { channel: 'shopify', quantity: 1 },
        ],
      });
      expect(r.json.sites).toMatch(/^meli: Error - .+, shopify: Error - .+$/);
    });
  });

  describe('Update Price By ErpId (§4.5)', () => {
    it('answers single-key objects keyed by the ERP id; only the oldest product with that id is updated', async () => {
      const r = await c.post('/api/stock/updatepricebyerpid', [
        { internalId: 'ERP-000001', price: 321 },
        { internalId: 'ERP-NOPE', price: 1 },
      ]);
      const body = ErpPriceResult.parse(r.json);
      expect(Object.keys(body[0])).toEqual(['ERP-000001']);
      expect(body[0]['ERP-000001']).toEqual({ sites: 'mercadolibre: OK, amazon: OK, walmart: OK', status: 'success', msg: OK });
      expect(body[1]['ERP-NOPE']).toMatchObject({ status: 'error', msg: 'Producto no encontrado' });
      expect(product('CAM-ROJA.M').price).toBe(321);
      expect(product('CAM-ROJA.M').listings.amazon!.price).toBe(321);
      expect(product('CAM-ROJA.M-2').internalId).toBe('ERP-000001');
      expect(product('CAM-ROJA.M-2').price).not.toBe(321);
    });

    it('refuses 51 items and wrong types', async () => {
      expect((await c.post('/api/stock/updatepricebyerpid', Array(51).fill({ internalId: 'x', price: 1 }))).status).toBe(400);
      const r = await c.post('/api/stock/updatepricebyerpid', [{ internalId: 12, price: 1 }]);
      expect(r.status).toBe(400);
      expect(r.json.Message).toContain('[0].internalId');
    });
  });
  describe('successNotFound: the success word next to "Producto no encontrado"', () => {
    it('answers the named SKU or ERP id as an unknown product with `success`, processes nothing for it, and the others as ever', async () => {
      const erp = product('CAM-ROJA.M').internalId;
      await h.admin.setFaults({ successNotFound: ['CAM-ROJA.M', erp] });
      const before = structuredClone(product('CAM-ROJA.M'));
      const stock = await c.post('/api/stock/updatestock', [
        { sku: 'CAM-ROJA.M', quantity: 41 },
        { sku: 'TAZA,12', quantity: 3 },
      ]);
      expect(
        stock.json
          .map((x: unknown) => UpdateStockResult.parse(x))
          .map((r: UpdateStockResult) => [r.sku, r.status, r.msg, r.sites, r.quantity]),
      ).toEqual([
        ['CAM-ROJA.M', 'success', 'Producto no encontrado', '', 41],
        ['TAZA,12', 'success', OK, expect.stringMatching(/OK/), 3],
      ]);
      const price = await c.post('/api/stock/updatepricev2', [{ sku: 'CAM-ROJA.M', price: 77, channel: 'amazon' }]);
      expect(UpdatePriceResult.parse(price.json[0])).toMatchObject({
        status: 'success',
        msg: 'Producto no encontrado',
        sites: '',
        price: 77,
      });
      const byChannel = await c.post('/api/stock/updatepricestockbychannel', {
        sku: 'CAM-ROJA.M',
        channelData: [{ channel: 'amazon', quantity: 9 }],
      });
      expect(ByChannelResult.parse(byChannel.json)).toEqual({ sites: '', result: 'success', msg: 'Producto no encontrado' });
      const byErp = await c.post('/api/stock/updatepricebyerpid', [{ internalId: erp, price: 66 }]);
      expect(ErpPriceResult.parse(byErp.json)).toEqual([{ [erp]: { sites: '', status: 'success', msg: 'Producto no encontrado' } }]);
      expect(product('CAM-ROJA.M')).toEqual(before);
      expect(product('TAZA,12').quantity).toBe(3);
      expect((await h.admin.faults()).injected.successNotFound).toBe(4);
    });

    it('refuses a list that is not of SKUs', async () => {
      await expect(h.admin.setFaults({ successNotFound: [''] })).rejects.toThrow(/successNotFound/);
      await expect(h.admin.setFaults({ successNotFound: 'A' as never })).rejects.toThrow(/successNotFound/);
    });
  });
});

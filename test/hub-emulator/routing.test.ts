import type { RunningHub } from '../../dev/hub-emulator/server';
import { routePath } from '../../dev/hub-emulator/server';
import { Product } from '../../src/api/schemas/stock';
import { client, start, type Client } from './helpers';

describe('routing', () => {
  let h: RunningHub;
  let c: Client;
  beforeAll(async () => {
    h = await start();
    c = client(h.url);
    await h.admin.seedProducts([
      { sku: 'x/y z', listings: { amazon: {} } },
      { sku: 'Mixed.Case', listings: { amazon: {} } },
      { sku: 'Q?&#%+', listings: { amazon: {} } },
    ]);
  });
  afterAll(() => h.close());

  it('matches paths case-insensitively, with or without a trailing slash', async () => {
    for (const path of ['/API/Stock/UpdateStock', '/api/stock/updatestock/', '/Api/STOCK/updateStock']) {
      const r = await c.post(path, [{ sku: 'TAZA,12', quantity: 5 }]);
      expect(r.status).toBe(200);
      expect(r.json[0].sku).toBe('TAZA,12');
    }
    expect((await c.get('/API/ORDERS/FINDORDER/?orderid=nope')).status).toBe(404);
  });

  it('reads query parameter names case-insensitively (as ASP.NET binds them)', async () => {
    const r = await c.get('/api/stock/GetProductsStockPrice?OFFSET=3&Paging=2');
    expect(r.status).toBe(200);
    expect(r.json.offset).toBe(3);
    expect(r.json.paging).toBe(2);
    expect(r.json.results).toHaveLength(2);
  });

  it.each([
    ['A.B,C', '/api/stock/getpricestockbychannel/A.B,C/'],
    ['A.B,C', '/api/stock/getpricestockbychannel/A.B,C'],
    ['A.B,C', '/API/Stock/GetPriceStockByChannel/A.B%2CC/'],
    ['CAM-ROJA.M', '/api/stock/getpricestockbychannel/CAM-ROJA.M/'],
    ['TAZA,12', '/api/stock/getpricestockbychannel/TAZA,12/'],
    ['BOLSA/GRANDE', '/api/stock/getpricestockbychannel/BOLSA%2FGRANDE/'],
    ['LÁMPARA 40W', `/api/stock/getpricestockbychannel/${encodeURIComponent('LÁMPARA 40W')}/`],
    ['LÁMPARA 40W', `/api/stock/getpricestockbychannel/${encodeURIComponent('LÁMPARA 40W'.normalize('NFD'))}/`],
    ['NIÑO AZUL 10', `/api/stock/getpricestockbychannel/${encodeURIComponent('NIÑO AZUL 10')}/`],
    ['x/y z', `/api/stock/getpricestockbychannel/${encodeURIComponent('x/y z')}/`],
    ['Mixed.Case', '/api/stock/getpricestockbychannel/Mixed.Case/'],
    ['Q?&#%+', `/api/stock/getpricestockbychannel/${encodeURIComponent('Q?&#%+')}/`],
  ])('GET by channel finds %s via %s', async (sku, path) => {
    const r = await c.get(path);
    expect(r.status).toBe(200);
    expect(Product.parse(r.json).sku.normalize('NFC')).toBe(sku);
  });

  it('keeps the case of the SKU segment (SKUs match exactly)', async () => {
    expect((await c.get('/api/stock/getpricestockbychannel/mixed.case/')).status).toBe(404);
    expect((await c.get('/api/stock/getpricestockbychannel/cam-roja.m/')).status).toBe(404);
  });

  it('an unencoded slash in a SKU is two path segments → 404 (the client must encode it)', async () => {
    const r = await c.get('/api/stock/getpricestockbychannel/BOLSA/GRANDE/');
    expect(r.status).toBe(404);
    expect(r.json.Message).toMatch(/No HTTP resource/);
  });

  it('routePath lower-cases everything except the SKU segment', () => {
    const p = (u: string) => routePath(new Request(`http://127.0.0.1${u}`));
    expect(p('/API/Stock/GetPriceStockByChannel/A.B%2CC/?x=1')).toBe('/api/stock/getpricestockbychannel/A.B%2CC');
    expect(p('/API/Stock/UpdateStock/')).toBe('/api/stock/updatestock');
    expect(p('/')).toBe('/');
  });
});

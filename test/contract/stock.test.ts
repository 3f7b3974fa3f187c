/**
 * Contract: the synchronous stock and price endpoints (hub-api §4.1–4.5, §4.7) through HubClient
 * over HTTP against the emulator with the demo seed. State is read back through the admin API.
 */
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { ProductRec } from '../../dev/hub-emulator/types';
import { parseSitesString } from '../../src/api/sites';
import { fresh, logged, makeClient, ok, startHub } from './helpers';
import { scenarios } from './scenarios';

let hub: SpawnedHub;

beforeAll(async () => {
  hub = await startHub({ seed: 'demo' });
});
afterAll(() => hub?.close());
beforeEach(async () => {
  await hub.admin.reset();
  await fresh(hub);
});

async function products(): Promise<ProductRec[]> {
  return (await hub.admin.state(['products'])).products;
}
async function product(sku: string): Promise<ProductRec> {
  const p = (await products()).find((x) => x.sku === sku);
  if (!p) throw new Error(`no product ${sku}`);
  return p;
}
const readCode = (ch: string) => (ch === 'mercadolibre' ? 'meli' : ch);

describe('Update Stock (POST /api/stock/updatestock)', () => {
  test('stores the quantity and propagates it to the active listings only; sites names them', async () => {
    const before = await product('CAM-ROJA.M');
    expect(before.listings.linio!.status).toBe('paused');
    const { client } = makeClient(hub.url);
    const [batch] = client.updateStock([
      { sku: 'CAM-ROJA.M', quantity: 7 },
      { sku: 'A.B,C', quantity: 3 },
    ]);
    const results = ok(batch.outcome);
    expect(results.map((r) => [r.sku, r.quantity, r.status, r.msg])).toEqual([
      ['CAM-ROJA.M', 7, 'success', 'Se solicitó la actualización'],
      ['A.B,C', 3, 'success', 'Se solicitó la actualización'],
    ]);
    expect(parseSitesString(results[0].sites)).toEqual([
      { channel: 'mercadolibre', ok: true, message: 'OK' },
      { channel: 'amazon', ok: true, message: 'OK' },
      { channel: 'walmart', ok: true, message: 'OK' },
    ]);
    expect(results[0].sites).toBe('mercadolibre: OK, amazon: OK, walmart: OK');
    expect(typeof results[0].jobId).toBe('number');
    expect(results[1].jobId).toBe(results[0].jobId);

    const after = await product('CAM-ROJA.M');
    expect(after.quantity).toBe(7);
    expect([after.listings.mercadolibre!.quantity, after.listings.amazon!.quantity, after.listings.walmart!.quantity]).toEqual([7, 7, 7]);
    expect(after.listings.linio!.quantity).toBe(before.listings.linio!.quantity); // paused: untouched
    expect((await product('A.B,C')).quantity).toBe(3);
  });

  test('a negative quantity is stored and read back as 0', async () => {
    const { client } = makeClient(hub.url);
    const [batch] = client.updateStock([{ sku: 'TAZA,12', quantity: -5 }]);
    expect(ok(batch.outcome)[0]).toMatchObject({ sku: 'TAZA,12', quantity: 0, status: 'success' });
    const p = await product('TAZA,12');
    expect(p.quantity).toBe(0);
    expect(p.listings.mercadolibre!.quantity).toBe(0);
    const read = ok(client.getByChannel(['TAZA,12'])[0]);
    expect(read.channelData.filter((d) => d.status === 'active').map((d) => [d.channel, d.quantity])).toEqual([
      ['meli', 0],
      ['amazon', 0],
    ]);
  });

  test('an unknown SKU gets a per-SKU "Producto no encontrado"; the others in the batch are applied', async () => {
    const { client } = makeClient(hub.url);
    const [batch] = client.updateStock([
      { sku: 'NO-EXISTE-123', quantity: 1 },
      { sku: 'NIÑO AZUL 10', quantity: 2 },
    ]);
    const [unknown, known] = ok(batch.outcome);
    expect(unknown).toMatchObject({ sku: 'NO-EXISTE-123', status: 'error', msg: 'Producto no encontrado', sites: '' });
    expect(known).toMatchObject({ sku: 'NIÑO AZUL 10', status: 'success', sites: 'mercadolibre: OK, prestashop: OK' });
    expect((await product('NIÑO AZUL 10')).quantity).toBe(2);
    expect((await products()).some((p) => p.sku === 'NO-EXISTE-123')).toBe(false);
  });

  test('51 items are never sent in one request: 50 + 1, every SKU once, all applied', async () => {
    const all = await products();
    const items = all.slice(100, 151).map((p, i) => ({ sku: p.sku, quantity: 1000 + i }));
    const { client, transport } = makeClient(hub.url);
    const batches = client.updateStock(items);
    expect(batches.map((b) => b.items.length)).toEqual([50, 1]);
    expect(batches.every((b) => b.outcome.ok)).toBe(true);
    expect(transport.sent.map((r) => JSON.parse(r.payload!).length)).toEqual([50, 1]);
    const log = await logged(hub, /updatestock/i);
    expect(log.map((l) => [l.status, l.skus!.length])).toEqual([
      [200, 50],
      [200, 1],
    ]);
    expect(log.flatMap((l) => l.skus).sort()).toEqual(items.map((i) => i.sku).sort());
    const after = new Map((await products()).map((p) => [p.sku, p.quantity]));
    for (const it of items) expect(after.get(it.sku)).toBe(it.quantity);
  });
});

describe('Update Price V2 (POST /api/stock/updatepriceV2)', () => {
  test('sets the price of the named channel only', async () => {
    const before = await product('CAM-ROJA.M');
    const { client, transport } = makeClient(hub.url);
    const [batch] = client.updatePrices([{ sku: 'CAM-ROJA.M', price: 321.5, channel: 'amazon' }]);
    expect(ok(batch.outcome)).toEqual([
      expect.objectContaining({
        sku: 'CAM-ROJA.M',
        price: 321.5,
        status: 'success',
        sites: 'amazon: OK',
        msg: 'Se solicitó la actualización',
      }),
    ]);
    expect(transport.sent[0].url).toBe(`${hub.url}/api/stock/updatepriceV2`);
    const after = await product('CAM-ROJA.M');
    expect(after.listings.amazon!.price).toBe(321.5);
    expect(after.listings.mercadolibre!.price).toBe(before.listings.mercadolibre!.price);
    expect(after.listings.walmart!.price).toBe(before.listings.walmart!.price);
    expect(after.price).toBe(before.price);
  });

  test('a paused listing stores the price without propagating; unknown SKU and missing listing fail per item', async () => {
    const { client } = makeClient(hub.url);
    const [batch] = client.updatePrices([
      { sku: 'CAM-ROJA.M', price: 111, channel: 'linio' },
      { sku: 'NO-EXISTE-9', price: 5, channel: 'amazon' },
      { sku: 'SIN-PUBLICAR', price: 5, channel: 'amazon' },
    ]);
    const [paused, unknown, noListing] = ok(batch.outcome);
    expect(paused).toMatchObject({ status: 'success', sites: '' });
    expect(paused.msg).toMatch(/no está activa \(paused\)/);
    expect(unknown).toMatchObject({ sku: 'NO-EXISTE-9', status: 'error', msg: 'Producto no encontrado' });
    expect(noListing).toMatchObject({ status: 'error', msg: 'El producto no tiene publicación en amazon' });
    expect((await product('CAM-ROJA.M')).listings.linio!.price).toBe(111);
  });

  test('51 prices → two requests of 50 and 1', async () => {
    const skus = (await products())
      .filter((p) => p.listings.amazon?.status === 'active')
      .slice(0, 51)
      .map((p) => p.sku);
    expect(skus).toHaveLength(51);
    const { client } = makeClient(hub.url);
    const batches = client.updatePrices(skus.map((sku, i) => ({ sku, price: 500 + i, channel: 'amazon' })));
    expect(batches.map((b) => [b.items.length, b.outcome.ok])).toEqual([
      [50, true],
      [1, true],
    ]);
    expect((await logged(hub, /updatepricev2/i)).map((l) => l.skus!.length)).toEqual([50, 1]);
    const after = new Map((await products()).map((p) => [p.sku, p.listings.amazon?.price]));
    skus.forEach((sku, i) => expect(after.get(sku)).toBe(500 + i));
  });
});

describe('Update Price Stock By Channel (POST /api/stock/updatepricestockbychannel)', () => {
  test('each field optional per channel; availableDays on Mercado Libre; only the fields sent change', async () => {
    const before = await product('LÁMPARA 40W');
    const { client, transport } = makeClient(hub.url);
    const [r] = client.updateByChannel([
      {
        sku: 'LÁMPARA 40W',
        channelData: [
          { channel: 'mercadolibre', quantity: 11, availableDays: 5 },
          { channel: 'claroshop', price: 99.9, salePrice: 89.9 },
        ],
      },
    ]);
    expect(ok(r.outcome)).toEqual({ sites: 'mercadolibre: OK, claroshop: OK', result: 'success', msg: 'Se solicitó la actualización' });
    expect(JSON.parse(transport.sent[0].payload!)).toEqual({
      sku: 'LÁMPARA 40W',
      channelData: [
        { channel: 'mercadolibre', quantity: 11, availableDays: 5 },
        { channel: 'claroshop', price: 99.9, salePrice: 89.9 },
      ],
    });
    const after = await product('LÁMPARA 40W');
    expect(after.listings.mercadolibre).toMatchObject({ quantity: 11, availableDays: 5, price: before.listings.mercadolibre!.price });
    expect(after.listings.claroshop).toMatchObject({ price: 99.9, salePrice: 89.9, quantity: before.listings.claroshop!.quantity });
    expect([after.quantity, after.price]).toEqual([before.quantity, before.price]);
    const read = ok(client.getByChannel(['LÁMPARA 40W'])[0]);
    expect(read.channelData.find((d) => d.channel === 'meli')).toMatchObject({ quantity: 11, availableDays: 5 });
  });

  test('one SKU per request; availableDays outside Mercado Libre fails that channel only; unknown SKU per SKU', async () => {
    const { client } = makeClient(hub.url);
    const results = client.updateByChannel([
      {
        sku: 'A.B,C',
        channelData: [
          { channel: 'amazon', quantity: 2, availableDays: 3 },
          { channel: 'walmart', quantity: -4 },
        ],
      },
      { sku: 'NO-EXISTE-77', channelData: [{ channel: 'amazon', quantity: 1 }] },
    ]);
    expect(results.map((r) => r.items.map((i) => i.sku))).toEqual([['A.B,C'], ['NO-EXISTE-77']]);
    expect(ok(results[0].outcome)).toMatchObject({
      result: 'error',
      sites: 'amazon: Error - availableDays solo aplica a mercadolibre, walmart: OK',
    });
    expect(parseSitesString(ok(results[0].outcome).sites).map((s) => [s.channel, s.ok])).toEqual([
      ['amazon', false],
      ['walmart', true],
    ]);
    expect(ok(results[1].outcome)).toEqual({ sites: '', result: 'error', msg: 'Producto no encontrado' });
    expect(await logged(hub, /updatepricestockbychannel/i)).toHaveLength(2);
    const p = await product('A.B,C');
    expect(p.listings.walmart!.quantity).toBe(0); // negative → 0
    expect(p.listings.amazon!.quantity).not.toBe(2); // the failed entry was not applied
  });
});

describe('Get Price Stock By Channel (GET /api/stock/getpricestockbychannel/{sku}/)', () => {
  const ODD = ['CAM-ROJA.M', 'TAZA,12', 'BOLSA/GRANDE', 'LÁMPARA 40W', 'A.B,C', 'NIÑO AZUL 10', 'CAM-ROJA.M-2', 'SIN-PUBLICAR'];

  test('SKUs with dots, commas, slashes, spaces and accents: one entry per channel, as stored', async () => {
    const st = await hub.admin.state(['products', 'channels']);
    const { client } = makeClient(hub.url);
    const outcomes = client.getByChannel(ODD);
    outcomes.forEach((o, i) => {
      const got = ok(o);
      const rec = st.products.find((p) => p.sku === ODD[i])!;
      expect(got.sku).toBe(ODD[i]);
      expect(got.channelData.map((d) => d.channel)).toEqual(st.channels.map(readCode));
      for (const ch of st.channels) {
        const entry = got.channelData.find((d) => d.channel === readCode(ch))!;
        const l = rec.listings[ch];
        if (l)
          expect(entry).toMatchObject({
            quantity: l.quantity,
            price: l.price,
            salePrice: l.salePrice,
            status: l.status,
            externalId: l.externalId,
          });
        else
          expect(entry).toMatchObject({ quantity: rec.quantity, price: rec.price, salePrice: null, externalId: '', status: 'unpublished' });
      }
    });
    const paths = (await logged(hub, /getpricestockbychannel/i)).map((l) => l.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/stock/getpricestockbychannel/A.B%2CC/',
        '/api/stock/getpricestockbychannel/BOLSA%2FGRANDE/',
        '/api/stock/getpricestockbychannel/L%C3%81MPARA%2040W/',
        '/api/stock/getpricestockbychannel/NI%C3%91O%20AZUL%2010/',
      ]),
    );
    expect(paths).toHaveLength(ODD.length);
  });

  test('an unknown SKU → not-found HubError "Producto no encontrado" for that SKU only', () => scenarios.unknownSkuRead(hub));
});

describe('Update Price By ErpId (POST /api/stock/updatepricebyerpid)', () => {
  test('updates the oldest product with that ERP id on its active listings; unknown id per item', async () => {
    const older = await product('CAM-ROJA.M');
    const newer = await product('CAM-ROJA.M-2');
    expect(newer.internalId).toBe(older.internalId);
    const { client } = makeClient(hub.url);
    const [batch] = client.updatePricesByErpId([
      { internalId: older.internalId, price: 555 },
      { internalId: 'ERP-NOPE', price: 1 },
    ]);
    expect(ok(batch.outcome)).toEqual([
      {
        [older.internalId]: { sites: 'mercadolibre: OK, amazon: OK, walmart: OK', status: 'success', msg: 'Se solicitó la actualización' },
      },
      { 'ERP-NOPE': { sites: '', status: 'error', msg: 'Producto no encontrado' } },
    ]);
    const after = await product('CAM-ROJA.M');
    expect([after.price, after.listings.mercadolibre!.price, after.listings.amazon!.price, after.listings.walmart!.price]).toEqual([
      555, 555, 555, 555,
    ]);
    expect(after.listings.linio!.price).toBe(older.listings.linio!.price);
    expect((await product('CAM-ROJA.M-2')).price).toBe(newer.price);
  });

  test('51 ERP ids → 50 + 1', async () => {
    const ids = (await products()).slice(200, 251).map((p) => p.internalId);
    const { client } = makeClient(hub.url);
    const batches = client.updatePricesByErpId(ids.map((internalId) => ({ internalId, price: 42 })));
    expect(batches.map((b) => [b.items.length, b.outcome.ok && b.outcome.value.length])).toEqual([
      [50, 50],
      [1, 1],
    ]);
    expect((await logged(hub, /updatepricebyerpid/i)).map((l) => l.skus!.length)).toEqual([50, 1]);
  });
});

describe('Get Products Stock Price (GET /api/stock/GetProductsStockPrice)', () => {
  test('paging: offset/paging pages follow the creation order', async () => {
    const all = await products();
    const { client } = makeClient(hub.url);
    const p0 = client.getProductsPage({ offset: 0, paging: 10 });
    const p1 = client.getProductsPage({ offset: 10, paging: 10 });
    expect([p0.offset, p0.paging, p0.total]).toEqual([0, 10, all.length]);
    expect(p0.results.map((p) => p.sku)).toEqual(all.slice(0, 10).map((p) => p.sku));
    expect(p1.results.map((p) => p.sku)).toEqual(all.slice(10, 20).map((p) => p.sku));
    expect(p0.results[0]).toMatchObject({ quantity: all[0].quantity, price: all[0].price }); // extra fields kept
  });

  test('sort alph_asc / alph_desc', async () => {
    const sorted = (await products())
      .map((p) => p.sku)
      .sort((a, b) => {
        const x = a.toUpperCase();
        const y = b.toUpperCase();
        return x !== y ? (x < y ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0;
      });
    const { client } = makeClient(hub.url);
    expect(client.getProductsPage({ offset: 0, paging: 50, sort: 'alph_asc' }).results.map((p) => p.sku)).toEqual(sorted.slice(0, 50));
    expect(client.getProductsPage({ offset: 50, paging: 50, sort: 'alph_asc' }).results.map((p) => p.sku)).toEqual(sorted.slice(50, 100));
    expect(client.getProductsPage({ offset: 0, paging: 50, sort: 'alph_desc' }).results.map((p) => p.sku)).toEqual(
      [...sorted].reverse().slice(0, 50),
    );
  });

  test('channel filter: only products listed there, one entry each (meli = mercadolibre)', async () => {
    const all = await products();
    const { client } = makeClient(hub.url);
    const amazon = client.getProductsPage({ offset: 0, paging: 50, channel: 'amazon' });
    const onAmazon = all.filter((p) => p.listings.amazon);
    expect(amazon.total).toBe(onAmazon.length);
    expect(amazon.results.map((p) => p.sku)).toEqual(onAmazon.slice(0, 50).map((p) => p.sku));
    expect(amazon.results.every((p) => p.channelData.length === 1 && p.channelData[0].channel === 'amazon')).toBe(true);
    expect(client.getProductsPage({ offset: 0, paging: 1, channel: 'meli' }).total).toBe(all.filter((p) => p.listings.mercadolibre).length);
  });

  test('getAllProducts reads every page (50 each) and returns every product once', async () => {
    const all = await products();
    const { client } = makeClient(hub.url, { concurrency: 8 });
    const { products: got, failedOffsets, total } = client.getAllProducts();
    expect(failedOffsets).toEqual([]);
    expect(total).toBe(all.length);
    expect(got.map((p) => p.sku)).toEqual(all.map((p) => p.sku));
    const log = await logged(hub, /getproductsstockprice/i);
    expect(log).toHaveLength(Math.ceil(all.length / 50));
    expect(log.every((l) => l.query.paging === '50')).toBe(true);

    const walmart = client.getAllProducts({ channel: 'walmart', sort: 'alph_desc' });
    expect(walmart.products.map((p) => p.sku).sort()).toEqual(
      all
        .filter((p) => p.listings.walmart)
        .map((p) => p.sku)
        .sort(),
    );
  });

  test('paging above 50 → bad-request HubError naming the limit', () => scenarios.pagingAbove50(hub));
});

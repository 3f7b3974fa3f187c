/**
 * The catalogue's edges (README "Read edges"): products added or deleted between two page reads,
 * a drifting `total`, duplicate SKUs (only the oldest is read and written), and SKUs that differ
 * only by case or trailing whitespace being distinct products. Products are read through the
 * admin API: they are the truth.
 */
import { HubState } from '../../dev/hub-emulator/state';
import { PRODUCTS, SKUS, keysOf, readHub } from './read-helpers';

const fixture = readHub();
beforeEach(fixture.fresh);

const LIST = '/api/stock/GetProductsStockPrice?paging=50';

describe('catalogueTotalDrift (answer only)', () => {
  it('total is off by −3..+3, never below 0; the products listed are right', async () => {
    const { c, faults, labels, h } = fixture.get();
    const truth = (await c.get(LIST)).json;
    await faults({ catalogueTotalDrift: 1 });
    const drifts = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const r = (await c.get(LIST)).json;
      const [d] = keysOf(await labels(), 'catalogueTotalDrift').map(Number);
      expect(r.total).toBe(PRODUCTS.length + d);
      expect(r.results).toEqual(truth.results);
      drifts.add(d);
    }
    expect([...drifts].sort((a, b) => a - b)).toEqual([-3, -2, -1, 1, 2, 3]);
    const none = (await c.get(`${LIST}&channel=vtex`)).json; // a valid channel without products
    expect(none.results).toEqual([]);
    expect([1, 2, 3]).toContain(none.total);
    expect(await h.admin.products()).toHaveLength(PRODUCTS.length);
  });
});

describe('catalogueChurn (state)', () => {
  it('after answering, a product is added at the end or a random one deleted; later offsets shift', async () => {
    const { c, faults, labels, h } = fixture.get();
    await faults({ catalogueChurn: 1 }, { seed: 12 });
    const kinds = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const before = await h.admin.products();
      const r = (await c.get(LIST)).json;
      expect(r.results.map((p: any) => p.sku)).toEqual(before.map((p) => p.sku)); // answered before the change
      expect(r.total).toBe(before.length);
      const [change] = keysOf(await labels(), 'catalogueChurn');
      const sku = change.slice(1);
      const after = await h.admin.products();
      if (change.startsWith('+')) {
        expect(sku).toMatch(/^NEW-[A-Z2-9]{6}$/);
        expect(after.map((p) => p.sku)).toEqual([...before.map((p) => p.sku), sku]);
        const added = after.at(-1)!;
        expect(added.internalId).toBe(`ERP-${sku}`);
        expect(Object.keys(added.listings).sort()).toEqual(['amazon', 'mercadolibre', 'walmart']);
        expect(Object.values(added.listings).every((l) => l!.status === 'active')).toBe(true);
        expect((await c.get(`/api/stock/getpricestockbychannel/${sku}/`)).status).toBe(200);
      } else {
        expect(change.startsWith('-')).toBe(true);
        expect(after.map((p) => p.sku)).toEqual(before.map((p) => p.sku).filter((s) => s !== sku));
        expect((await c.get(`/api/stock/getpricestockbychannel/${encodeURIComponent(sku)}/`)).status).toBe(404);
      }
      kinds.add(change[0]);
    }
    expect([...kinds].sort()).toEqual(['+', '-']);
  });

  it('a client paging through misses a product when one before its offset is deleted', async () => {
    const { c, faults, labels, h } = fixture.get();
    const before = (await h.admin.products()).map((p) => p.sku);
    await faults({ catalogueChurn: 1 }, { seed: 2 });
    const first = (await c.get('/api/stock/GetProductsStockPrice?paging=4&offset=0')).json;
    expect(first.results.map((p: any) => p.sku)).toEqual(before.slice(0, 4));
    const [change] = keysOf(await labels(), 'catalogueChurn');
    expect(change.startsWith('-')).toBe(true); // (seed 2) a product is deleted…
    expect(before.indexOf(change.slice(1))).toBeLessThan(4); // …from the page already read
    await h.admin.clearFaults();
    const second = (await c.get('/api/stock/GetProductsStockPrice?paging=4&offset=4')).json;
    expect(second.results[0].sku).toBe(before[5]); // before[4] moved to offset 3: never read
  });
});

describe('catalogueBurst (state)', () => {
  it('after answering, 2 to 4 random products are deleted at once; the answer was built before', async () => {
    const { c, faults, labels, h } = fixture.get();
    await faults({ catalogueBurst: 1 }, { seed: 5 });
    const before = (await h.admin.products()).map((p) => p.sku);
    const r = (await c.get(LIST)).json;
    expect(r.results.map((p: any) => p.sku)).toEqual(before.slice(0, r.results.length));
    const gone = keysOf(await labels(), 'catalogueBurst').map((l) => l.slice(1));
    expect(gone.length).toBeGreaterThanOrEqual(2);
    expect(gone.length).toBeLessThanOrEqual(4);
    expect((await h.admin.products()).map((p) => p.sku)).toEqual(before.filter((sku) => !gone.includes(sku)));
  });
});

describe('duplicate SKUs (admin: duplicate: true)', () => {
  const DUP = { sku: 'DUP-1', internalId: 'ERP-D1', quantity: 10, price: 100, listings: { mercadolibre: {}, amazon: {} } };
  const NEWER = { sku: 'DUP-1', internalId: 'ERP-D2', quantity: 77, price: 777, listings: { mercadolibre: {}, amazon: {} } };

  beforeEach(async () => {
    const { h } = fixture.get();
    await h.admin.seedProducts([DUP]);
    await h.admin.seedProducts([{ sku: 'AAA-0' }]); // so that DUP-1's two products are not next to each other in creation order
    expect(await h.admin.addDuplicateProducts([NEWER])).toEqual({ added: 1, updated: 0, total: PRODUCTS.length + 3 });
  });

  const both = async () => {
    const [oldest, newer, ...rest] = await fixture.get().h.admin.products('DUP-1');
    expect(rest).toEqual([]);
    return { oldest, newer };
  };

  it('are kept as two products: listed in creation order, side by side in alph sorts', async () => {
    const { c } = fixture.get();
    const { oldest, newer } = await both();
    expect([oldest.internalId, newer.internalId]).toEqual(['ERP-D1', 'ERP-D2']);
    const plain = (await c.get(LIST)).json;
    expect(plain.total).toBe(PRODUCTS.length + 3);
    expect(plain.results.map((p: any) => `${p.sku}/${p.quantity}`)).toEqual([
      ...SKUS.map((s) => `${s}/10`),
      'DUP-1/10',
      'AAA-0/0',
      'DUP-1/77',
    ]);
    const asc = (await c.get(`${LIST}&sort=alph_asc`)).json.results.map((p: any) => `${p.sku}/${p.quantity}`);
    expect(asc.slice(0, 3)).toEqual(['AAA-0/0', 'DUP-1/10', 'DUP-1/77']);
    const desc = (await c.get(`${LIST}&sort=alph_desc`)).json.results.map((p: any) => p.sku);
    expect(desc.slice(-3)).toEqual(['DUP-1', 'DUP-1', 'AAA-0']);
  });

  it('writes by SKU update only the oldest; reads by SKU answer the oldest', async () => {
    const { c, h } = fixture.get();
    await c.post('/api/stock/updatestock', [{ sku: 'DUP-1', quantity: 5 }]);
    await c.post('/api/stock/updatepriceV2', [{ sku: 'DUP-1', price: 55, channel: 'amazon' }]);
    await c.post('/api/stock/updatepricestockbychannel', {
      sku: 'DUP-1',
      channelData: [{ channel: 'mercadolibre', quantity: 6, price: 66 }],
    });
    await c.post('/api/stock/UpdatePriceAndStockAsync', [{ sku: 'DUP-1', quantity: '7', price: '70' }]);
    await h.admin.advance(1_000);
    const { oldest, newer } = await both();
    expect(oldest.quantity).toBe(7);
    expect(oldest.price).toBe(70);
    expect(oldest.listings.mercadolibre).toMatchObject({ quantity: 7, price: 70 });
    expect(oldest.listings.amazon).toMatchObject({ quantity: 7, price: 70 });
    const untouched = (await h.admin.state(['products'])).products.find((p) => p.internalId === 'ERP-D2')!;
    expect(newer).toEqual(untouched);
    expect(newer).toMatchObject({ quantity: 77, price: 777 });
    expect(newer.listings.mercadolibre).toMatchObject({ quantity: 77, price: 777 });
    const read = (await c.get('/api/stock/getpricestockbychannel/DUP-1/')).json;
    expect(read.channelData.find((e: any) => e.channel === 'meli')).toMatchObject({ quantity: 7, price: 70 });
    expect(read.channelData.find((e: any) => e.channel === 'meli').externalId).toBe(oldest.listings.mercadolibre!.externalId);
  });

  it('survive a state file round trip (the newer one stays a duplicate, not a replacement)', async () => {
    const { h } = fixture.get();
    const again = HubState.from(JSON.parse(JSON.stringify(h.hub.state.snapshot())));
    expect(again.productsWithSku('DUP-1').map((p) => p.internalId)).toEqual(['ERP-D1', 'ERP-D2']);
    expect(again.product('DUP-1')!.internalId).toBe('ERP-D1');
  });

  it('a duplicate of a SKU the hub does not have is refused, and nothing of that body is added', async () => {
    const { h } = fixture.get();
    const count = (await h.admin.products()).length;
    await expect(h.admin.addDuplicateProducts([NEWER, { sku: 'NOPE' }])).rejects.toThrow(
      /400.*products\[1\].*'NOPE'.*without duplicate: true/,
    );
    expect(await h.admin.products()).toHaveLength(count);
  });
});

describe('SKUs that differ only by case or trailing whitespace', () => {
  it('are distinct products: a push to "ABC" touches neither "ABC " nor "abc"', async () => {
    const { c, h } = fixture.get();
    const three = ['ABC', 'ABC ', 'abc'].map((sku) => ({ sku, quantity: 10, price: 100, listings: { amazon: {} } }));
    expect(await h.admin.seedProducts(three)).toMatchObject({ added: 3, updated: 0 });
    const r = await c.post('/api/stock/updatestock', [{ sku: 'ABC', quantity: 42 }]);
    expect(r.json[0]).toMatchObject({ sku: 'ABC', status: 'success', quantity: 42 });
    const quantities = async () => Promise.all(['ABC', 'ABC ', 'abc'].map(async (s) => (await h.admin.products(s)).map((p) => p.quantity)));
    expect(await quantities()).toEqual([[42], [10], [10]]);
    await c.post('/api/stock/updatepricestockbychannel', { sku: 'ABC ', channelData: [{ channel: 'amazon', quantity: 3 }] });
    expect((await h.admin.products('ABC '))[0].listings.amazon!.quantity).toBe(3);
    expect((await h.admin.products('ABC'))[0].listings.amazon!.quantity).toBe(42);
    const spaced = (await c.get('/api/stock/getpricestockbychannel/ABC%20/')).json;
    expect(spaced.sku).toBe('ABC ');
    expect(spaced.channelData.find((e: any) => e.channel === 'amazon').quantity).toBe(3);
    expect((await c.get('/api/stock/getpricestockbychannel/abc/')).json.channelData.find((e: any) => e.channel === 'amazon').quantity).toBe(
      10,
    );
  });
});

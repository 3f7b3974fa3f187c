import { startHub, type RunningHub } from '../../dev/hub-emulator/server';
import { Order } from '../../src/api/schemas/orders';
import { client, start, type Client } from './helpers';

describe('admin API', () => {
  let h: RunningHub;
  let c: Client;
  beforeAll(async () => {
    h = await start({ settings: { ordersRateLimit: { calls: 1000, windowMs: 60_000 } } });
    c = client(h.url);
  });
  afterAll(() => h.close());

  it('is off unless enabled', async () => {
    const off = await startHub({ seed: 'empty' });
    try {
      expect((await fetch(`${off.url}/__admin/state`)).status).toBe(404);
      expect((await fetch(`${off.url}/__admin/reset`, { method: 'POST' })).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('dumps the state, or only the parts asked for', async () => {
    const st = await h.admin.state();
    for (const k of ['products', 'categories', 'orders', 'jobs', 'labels', 'notifications']) expect(st).toHaveProperty(k);
    expect(st.products).toHaveLength(2000);
    const only = await h.admin.state(['labels']);
    expect(Object.keys(only).sort()).toEqual(['labels', 'now', 'seed']);
  });

  it('resets to the seed, or to another seed', async () => {
    await c.post('/api/stock/updatestock', [{ sku: 'TAZA,12', quantity: 999 }]);
    await c.post('/api/Category/CreateCategory', {
      Title: 'Nueva',
      CategorySource: 'magento',
      CategorySourceId: 5000,
      CategorySourceParent: null,
      CategorySourceParentId: null,
    });
    await h.admin.reset();
    expect(h.hub.state.product('TAZA,12')!.quantity).not.toBe(999);
    expect(h.hub.state.categories.some((x) => x.Title === 'Nueva')).toBe(false);
    expect(h.hub.state.jobs).toHaveLength(0);
    const r = await h.admin.reset('empty');
    expect(r).toEqual({ seed: 'empty', products: 0, orders: 0 });
    expect((await c.get('/api/stock/GetProductsStockPrice')).json.total).toBe(0);
    await h.admin.reset('demo');
    expect((await c.get('/api/stock/GetProductsStockPrice')).json.total).toBe(2000);
    await expect(h.admin.reset('huge' as never)).rejects.toThrow(/400/);
  });

  it('moves the emulator clock (advance or set), which new orders use', async () => {
    const target = Date.UTC(2030, 0, 2, 3, 4, 5);
    const set = await h.admin.setClock({ now: target });
    expect(Math.abs(set.now - target)).toBeLessThan(1000);
    const adv = await h.admin.advance(86_400_000);
    expect(Math.abs(adv.now - target - 86_400_000)).toBeLessThan(1000);
    const r = await c.post('/api/orders/createorder', {
      channel: 'meli',
      externalId: 'CLOCK-1',
      currency: 'MXN',
      items: [{ sku: 'A', title: 'A', price: 1, itemQuantity: 1 }],
    });
    const o = h.hub.state.orderById(r.json.orderId)!.data;
    expect(o.dateAdded.startsWith('2030-01-03T03:04:0')).toBe(true);
    await expect(h.admin.setClock({} as never)).rejects.toThrow(/400/);
    await h.admin.setClock({ now: Date.now() });
  });

  it('freezes the clock: it moves only when set or advanced, so jobs wait for it', async () => {
    const at = Date.UTC(2031, 0, 1);
    expect(await h.admin.setClock({ now: at, frozen: true })).toMatchObject({ now: at, frozen: true });
    await h.admin.settings({ jobItemsPerSecond: 0, jobStartDelayMs: 1000 });
    const r = await c.post('/api/stock/updatestock', [{ sku: 'TAZA,12', quantity: 9 }]);
    const job = () => h.hub.state.job(r.json[0].jobId)!;
    // Real time passes (the background timer ticks every 200 ms); the hub's time does not.
    await new Promise((res) => setTimeout(res, 450));
    expect((await h.admin.clock()).now).toBe(at);
    expect(job().finishedAt).toBeNull();
    expect((await h.admin.setClock({ now: at + 999 })).frozen).toBe(true);
    expect(job().finishedAt).toBeNull();
    expect((await h.admin.advance(1)).now).toBe(at + 1000);
    expect(job().finishedAt).toBe(at + 1000);
    await expect(h.admin.setClock({ frozen: 'yes' } as never)).rejects.toThrow(/400/);
    // Let run again, it goes on from where it stood.
    const running = await h.admin.setClock({ frozen: false });
    expect(running).toMatchObject({ frozen: false });
    expect(running.now - (at + 1000)).toBeGreaterThanOrEqual(0);
    await h.admin.settings({ jobItemsPerSecond: 50, jobStartDelayMs: 2000 });
    await h.admin.setClock({ now: Date.now() });
  });

  it('logs hub requests: time, method, path, query, status, content type, SKUs; since; clear', async () => {
    await h.admin.clearRequests();
    await c.post('/api/stock/updatestock', [
      { sku: 'TAZA,12', quantity: 1 },
      { sku: 'A.B,C', quantity: 2 },
    ]);
    await c.get('/api/stock/GetProductsStockPrice?offset=5&paging=2');
    await c.post('/api/stock/updatestock', JSON.stringify([{ sku: 'X', quantity: 1 }]), { 'Content-Type': 'text/plain' });
    await fetch(`${h.url}/api/orders/orders`);
    const log = await h.admin.requests();
    expect(log).toHaveLength(4);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/api/stock/updatestock',
      status: 200,
      contentType: 'application/json',
      skus: ['TAZA,12', 'A.B,C'],
      fault: null,
      authorization: true,
    });
    expect(typeof log[0].time).toBe('string');
    expect(log[1]).toMatchObject({ method: 'GET', query: { offset: '5', paging: '2' }, status: 200 });
    expect(log[2]).toMatchObject({ contentType: 'text/plain', skus: ['X'] });
    expect(log[3]).toMatchObject({ status: 401, authorization: false });
    const since = await h.admin.requests(log[1].id);
    expect(since.map((e) => e.id)).toEqual([log[2].id, log[3].id]);
    await h.admin.clearRequests();
    expect(await h.admin.requests()).toEqual([]);
    // Admin calls are not logged.
    await h.admin.state(['labels']);
    expect(await h.admin.requests()).toEqual([]);
  });

  it('logs the values each write carried only while logSentValues is on: by SKU or ERP id, channel or general, field', async () => {
    await h.admin.clearRequests();
    await c.post('/api/stock/updatestock', [{ sku: 'A', quantity: 3 }]);
    expect((await h.admin.requests())[0].values).toBeUndefined();
    await h.admin.settings({ logSentValues: true });
    await c.post('/api/stock/updatestock', [{ sku: 'A', quantity: -2 }]);
    await c.post('/api/stock/updatepricev2', [{ sku: 'A', price: 0, channel: 'amazon' }]);
    await c.post('/api/stock/updatepricestockbychannel', { sku: 'B', channelData: [{ channel: 'walmart', quantity: 4, salePrice: 9.5 }] });
    await c.post('/api/stock/updatepricebyerpid', [{ internalId: 'ERP-1', price: 2e9 }]);
    await c.post('/api/stock/updatepriceandstockasync', [{ sku: 'C', quantity: '5', price: '12,50' }]);
    const values = (await h.admin.requests()).slice(1).map((e) => e.values);
    await h.admin.settings({ logSentValues: false });
    expect(values).toEqual([
      [{ sku: 'A', channel: null, field: 'quantity', value: -2 }],
      [{ sku: 'A', channel: 'amazon', field: 'price', value: 0 }],
      [
        { sku: 'B', channel: 'walmart', field: 'quantity', value: 4 },
        { sku: 'B', channel: 'walmart', field: 'salePrice', value: 9.5 },
      ],
      [{ sku: 'ERP-1', channel: null, field: 'price', value: 2e9, byErpId: true }],
      [
        { sku: 'C', channel: null, field: 'quantity', value: 5 },
        { sku: 'C', channel: null, field: 'price', value: '12,50' },
      ],
    ]);
    await expect(h.admin.settings({ logSentValues: 'yes' } as never)).rejects.toThrow(/400/);
  });

  it('adds explicit products (upsert by SKU) with listings', async () => {
    const r = await h.admin.seedProducts([
      { sku: 'NEW-1', quantity: 5, price: 99, listings: { amazon: { status: 'paused' }, meli: {} } },
      { sku: 'TAZA,12', title: 'Reemplazada', quantity: 1, listings: [{ channel: 'walmart', status: 'active' }] },
    ]);
    expect(r).toMatchObject({ added: 1, updated: 1 });
    const back = await c.get('/api/stock/getpricestockbychannel/NEW-1/');
    const byCh = Object.fromEntries(back.json.channelData.map((e: any) => [e.channel, e]));
    expect(byCh.amazon).toMatchObject({ status: 'paused', quantity: 5, price: 99 });
    expect(byCh.meli.status).toBe('active');
    expect(h.hub.state.product('TAZA,12')!.title).toBe('Reemplazada');
    await expect(h.admin.seedProducts([{ sku: 'BAD', listings: { ebay: {} } }])).rejects.toThrow(/ebay/);
    await expect(h.admin.seedProducts([{ quantity: 1 }])).rejects.toThrow(/sku/);
    await h.admin.reset();
  });

  it('generates 20,000 products, and replaces them all by SKU', async () => {
    const e = await start({ seed: 'empty' });
    try {
      // No millisecond bound: a speed assertion fails on a busy machine; the benchmark times things.
      const r = await e.admin.seedProducts({
        generate: { count: 20_000, prefix: 'BIG-', channels: ['mercadolibre', 'amazon'], status: 'active' },
      });
      expect(r).toEqual({ added: 20_000, updated: 0, total: 20_000 });
      const page = (await client(e.url).get('/api/stock/GetProductsStockPrice?offset=19990&paging=50')).json;
      expect(page.total).toBe(20_000);
      expect(page.results.map((p: any) => p.sku)).toEqual(Array.from({ length: 10 }, (_, i) => `BIG-0${19991 + i}`));
      expect(page.results[0].channelData.map((d: any) => [d.channel, d.status])).toEqual([
        ['meli', 'active'],
        ['amazon', 'active'],
      ]);
      // Replacing all of them: an upsert by SKU, in place.
      const again = await e.admin.seedProducts({ generate: { count: 20_000, prefix: 'BIG-', channels: ['walmart'], status: 'paused' } });
      expect(again).toEqual({ added: 0, updated: 20_000, total: 20_000 });
      expect(e.hub.state.product('BIG-000007')!.listings).toEqual({ walmart: expect.objectContaining({ status: 'paused' }) });
    } finally {
      await e.close();
    }
  });

  it('generates orders in bulk, over the last days, with valid shapes', async () => {
    const before = h.hub.state.orders.length;
    const r = await h.admin.addOrders({ generate: { count: 300, days: 10, channels: ['amazon', 'walmart'], status: 'CREATED' } });
    expect(r.added).toBe(300);
    const added = h.hub.state.orders.slice(before).map((x) => Order.parse(x.data));
    expect(new Set(added.map((o) => o.channel))).toEqual(new Set(['amazon', 'walmart']));
    expect(added.every((o) => o.internalStatus === 'CREATED')).toBe(true);
    expect(added.every((o) => Date.parse(o.dateCreated) > h.hub.clock.now() - 10 * 86_400_000 - 1000)).toBe(true);
    const keys = new Set(h.hub.state.orders.map((x) => `${x.data.channel}|${x.data.externalId}`));
    expect(keys.size).toBe(h.hub.state.orders.length);
    // A second batch does not collide either.
    await h.admin.addOrders({ generate: { count: 300, channels: ['amazon', 'walmart'] } });
    expect(new Set(h.hub.state.orders.map((x) => `${x.data.channel}|${x.data.externalId}`)).size).toBe(h.hub.state.orders.length);
    await expect(h.admin.addOrders({ generate: { count: 1, channels: ['mercadolibre'] } })).rejects.toThrow(/mercadolibre/);
    await h.admin.reset();
  });

  it('adds explicit orders, keeping unknown fields, refusing duplicates', async () => {
    const r = await h.admin.addOrders([
      {
        channel: 'meli',
        externalId: 'EXP-1',
        giftWrap: { note: 'hola' },
        items: [{ sku: 'TAZA,12', title: 'Taza', price: 10, itemQuantity: 2, total: 20 }],
      },
    ]);
    const o = h.hub.state.orderById(r.orderIds![0])!.data;
    expect(o).toMatchObject({ externalId: 'EXP-1', giftWrap: { note: 'hola' }, total: 20, itemsQuantity: 2 });
    await expect(h.admin.addOrders([{ channel: 'meli', externalId: 'EXP-1' }])).rejects.toThrow(/already exists/);
    await h.admin.reset();
  });

  it('changes settings, refusing unknown or bad ones', async () => {
    const s = await h.admin.settings({ jobItemsPerSecond: 5, ordersRateLimit: { calls: 2, windowMs: 1000 } });
    expect(s).toMatchObject({ jobItemsPerSecond: 5, ordersRateLimit: { calls: 2, windowMs: 1000 } });
    expect(await h.admin.settings()).toEqual(s);
    await expect(h.admin.settings({ speed: 1 } as never)).rejects.toThrow(/unknown setting/);
    await expect(h.admin.settings({ jobItemsPerSecond: -1 })).rejects.toThrow(/jobItemsPerSecond/);
    await h.admin.settings({ ordersRateLimit: { calls: 1000, windowMs: 60_000 } });
  });

  it('lists tokens', async () => {
    const tokens = await h.admin.tokens();
    expect(tokens['test-token']).toEqual({ user: 'fixed', expiresAt: null });
  });
});

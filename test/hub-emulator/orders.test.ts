import type { RunningHub } from '../../dev/hub-emulator/server';
import { FindOrderResult, Order, OrderCreateResult, OrdersPage } from '../../src/api/schemas/orders';
import { client, start, type Client } from './helpers';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0); // 06/15/2025 12:00 UTC
const SORTS = ['added_desc', 'added_asc', 'created_desc', 'created_asc', 'modified_desc', 'modified_asc'];
const field = (sort: string) =>
  ({ added: 'dateAdded', created: 'dateCreated', modified: 'dateModified' })[sort.split('_')[0]] as 'dateAdded';

describe('orders (§4.16–4.19)', () => {
  let h: RunningHub;
  let c: Client;
  beforeAll(async () => {
    h = await start({ now: NOW, settings: { ordersRateLimit: { calls: 100_000, windowMs: 60_000 } } });
    c = client(h.url);
  });
  afterAll(() => h.close());

  describe('Get Orders', () => {
    it('defaults to creation date, newest first, 50 per page', async () => {
      const r = await c.get('/api/orders/orders');
      const page = OrdersPage.parse(r.json);
      expect(page).toMatchObject({ offset: 0, paging: 50, total: 500, sort: 'created_desc' });
      expect(page.results).toHaveLength(50);
      const dates = page.results.map((o) => Date.parse(o.dateCreated));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(dates[0]).toBeLessThanOrEqual(NOW + 60_000);
      expect(dates[49]).toBeGreaterThan(NOW - 91 * 86_400_000);
    });

    it.each(SORTS)('sort=%s is monotonic with ties broken by orderId, and pages are stable', async (sort) => {
      const all: any[] = [];
      for (let offset = 0; offset < 500; offset += 50) {
        const r = await c.get(`/api/orders/orders?sort=${sort}&offset=${offset}&paging=50`);
        expect(r.json.sort).toBe(sort);
        all.push(...r.json.results);
      }
      expect(new Set(all.map((o) => o.orderId)).size).toBe(500);
      const sign = sort.endsWith('asc') ? 1 : -1;
      for (let i = 1; i < all.length; i++) {
        const d = sign * (Date.parse(all[i][field(sort)]) - Date.parse(all[i - 1][field(sort)]));
        expect(d).toBeGreaterThanOrEqual(0);
        if (d === 0) expect(sign * (all[i].orderId - all[i - 1].orderId)).toBeGreaterThan(0);
      }
    });

    it('refuses paging above 50, a bad sort, channel, status, isGrouped or searchDateBy', async () => {
      for (const q of [
        'paging=51',
        'paging=0',
        'offset=-1',
        'sort=newest',
        'channel=mercadolibre',
        'channel=ebay',
        'status=paid',
        'isGrouped=maybe',
        'searchDateBy=shipped',
      ]) {
        const r = await c.get(`/api/orders/orders?${q}`);
        expect([q, r.status]).toEqual([q, 400]);
        expect(r.json.Message).toBeTruthy();
      }
    });

    it('filters by channel (the 13 order codes) and status', async () => {
      const meli = (await c.get('/api/orders/orders?channel=meli&paging=50')).json;
      expect(meli.total).toBeGreaterThan(50);
      expect(meli.results.every((o: any) => o.channel === 'meli')).toBe(true);
      const canceled = (await c.get('/api/orders/orders?status=CANCELED&paging=50')).json;
      expect(canceled.total).toBeGreaterThan(0);
      expect(canceled.results.every((o: any) => o.internalStatus === 'CANCELED')).toBe(true);
      const vtex = (await c.get('/api/orders/orders?channel=vtex')).json;
      expect(vtex).toMatchObject({ total: 0, results: [] });
    });

    it('keeps fields the docs do not list (shipping, buyer)', async () => {
      const all = h.hub.state.orders.map((r) => r.data);
      expect(all.some((o) => o.shipping)).toBe(true);
      expect(all.some((o) => o.buyer)).toBe(true);
      const withShipping = all.find((o) => o.shipping)!;
      const r = await c.get(`/api/orders/findorder?orderid=${encodeURIComponent(withShipping.externalId)}`);
      expect(r.json.shipping).toEqual(withShipping.shipping);
    });

    it('groups carts with isGrouped', async () => {
      const carts = new Set(h.hub.state.orders.filter((r) => r.data.cartId).map((r) => r.data.cartId));
      expect(carts.size).toBeGreaterThan(3);
      const flat = (await c.get('/api/orders/orders')).json.total;
      const grouped = (await c.get('/api/orders/orders?isGrouped=true&paging=50')).json;
      const cartOrders = h.hub.state.orders.filter((r) => r.data.cartId).length;
      expect(grouped.total).toBe(flat - cartOrders + carts.size);
    });
  });

  describe('Get Orders date filters', () => {
    let e: RunningHub;
    let ec: Client;
    const at = (iso: string, extra: Record<string, unknown> = {}) => ({ dateCreated: iso, dateAdded: iso, dateModified: iso, ...extra });
    beforeAll(async () => {
      e = await start({ seed: 'empty', now: NOW, settings: { ordersRateLimit: { calls: 1000, windowMs: 60_000 } } });
      ec = client(e.url);
      await e.admin.addOrders([
        { channel: 'meli', externalId: 'before', ...at('2025-03-09T23:59:59Z') },
        { channel: 'meli', externalId: 'start', ...at('2025-03-10T00:00:00Z') },
        { channel: 'amazon', externalId: 'middle', ...at('2025-03-11T12:00:00Z', { dateAdded: '2025-04-01T00:00:00Z' }) },
        { channel: 'meli', externalId: 'end', ...at('2025-03-12T23:59:59Z') },
        { channel: 'meli', externalId: 'after', ...at('2025-03-13T00:00:00Z', { dateModified: '2025-03-12T10:00:00Z' }) },
        { channel: 'walmart', externalId: 'tie-a', ...at('2025-03-11T08:00:00Z') },
        { channel: 'walmart', externalId: 'tie-b', ...at('2025-03-11T08:00:00Z') },
      ]);
    });
    afterAll(() => e.close());
    const ids = async (q: string) => (await ec.get(`/api/orders/orders?${q}`)).json.results.map((o: any) => o.externalId);

    it('date and to are inclusive whole UTC days on the creation date by default', async () => {
      expect(await ids('date=03/10/2025&to=03/12/2025&sort=created_asc')).toEqual(['start', 'tie-a', 'tie-b', 'middle', 'end']);
      expect(await ids('date=3/13/2025&sort=created_asc')).toEqual(['after']);
      expect(await ids('to=03/09/2025')).toEqual(['before']);
    });

    it('searchDateBy picks the date the filter applies to', async () => {
      expect(await ids('date=04/01/2025&to=04/01/2025&searchDateBy=added')).toEqual(['middle']);
      expect(await ids('date=03/12/2025&to=03/12/2025&searchDateBy=modified&sort=modified_asc')).toEqual(['after', 'end']);
    });

    it('breaks date ties by orderId', async () => {
      expect(await ids('date=03/11/2025&to=03/11/2025&sort=created_asc')).toEqual(['tie-a', 'tie-b', 'middle']);
      expect(await ids('date=03/11/2025&to=03/11/2025&sort=created_desc')).toEqual(['middle', 'tie-b', 'tie-a']);
    });

    it('refuses bad dates', async () => {
      for (const d of ['2025-03-10', '13/01/2025', '02/30/2025', 'yesterday']) {
        const r = await ec.get(`/api/orders/orders?date=${encodeURIComponent(d)}`);
        expect(r.status).toBe(400);
        expect(r.json.Message).toMatch(/MM\/DD\/YYYY/);
      }
      expect((await ec.get('/api/orders/orders?date=03/12/2025&to=03/10/2025')).status).toBe(400);
    });
  });

  describe('Get Orders rate limit', () => {
    it('allows 1 call per minute per token by default: the second gets 429 with Retry-After', async () => {
      const r = await start({ seed: 'empty' });
      try {
        const rc = client(r.url);
        expect((await rc.get('/api/orders/orders')).status).toBe(200);
        const second = await rc.get('/api/orders/orders');
        expect(second.status).toBe(429);
        const wait = Number(second.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(55);
        expect(wait).toBeLessThanOrEqual(60);
        expect(second.json.Message).toMatch(/Retry after/);
        // Another token has its own budget.
        const { token } = await r.admin.addToken('other');
        expect((await client(r.url, token).get('/api/orders/orders')).status).toBe(200);
        // Counted on the emulator clock.
        await r.admin.advance(30_000);
        expect((await rc.get('/api/orders/orders')).status).toBe(429);
        await r.admin.advance(30_500);
        expect((await rc.get('/api/orders/orders')).status).toBe(200);
        // The limit is a setting.
        await r.admin.settings({ ordersRateLimit: { calls: 3, windowMs: 1000 } });
        await r.admin.advance(2000);
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await rc.get('/api/orders/orders')).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
      } finally {
        await r.close();
      }
    });
  });

  describe('Find Order', () => {
    it('finds an order by external id', async () => {
      const o = h.hub.state.orders[10].data;
      const r = await c.get(`/api/orders/findorder?orderid=${encodeURIComponent(o.externalId)}`);
      const found = FindOrderResult.parse(r.json) as any;
      expect(found.orderId).toBe(o.orderId);
    });

    it('finds a cart by cart id', async () => {
      const cartId = h.hub.state.orders.find((r) => r.data.cartId)!.data.cartId!;
      const r = await c.get(`/api/orders/findorder?orderid=${cartId}`);
      const found = FindOrderResult.parse(r.json) as any;
      expect(found.cartId).toBe(cartId);
      expect(found.orders.length).toBeGreaterThan(1);
      expect(found.orders.every((o: any) => o.cartId === cartId)).toBe(true);
    });

    it('404 for an unknown id, 400 without one', async () => {
      expect((await c.get('/api/orders/findorder?orderid=NOPE')).status).toBe(404);
      expect((await c.get('/api/orders/findorder')).status).toBe(400);
    });
  });

  describe('Create Order', () => {
    const body = (externalId: string, extra: Record<string, unknown> = {}) => ({
      channel: 'venticommerce',
      externalId,
      currency: 'MXN',
      items: [
        { sku: 'TAZA,12', title: 'Taza', price: 100, itemQuantity: 2 },
        { sku: 'X-1', title: 'Otro', price: 16, itemQuantity: 1 },
      ],
      ...extra,
    });

    it('assigns an id, dates (now) and totals', async () => {
      const r = await c.post('/api/orders/createorder', body('WEB-1', { comments: 'hola' }));
      expect(r.status).toBe(200);
      const res = OrderCreateResult.parse(r.json);
      expect(res.externalId).toBe('WEB-1');
      const o = Order.parse(h.hub.state.orderById(res.orderId)!.data);
      expect(o).toMatchObject({
        channel: 'venticommerce',
        total: 216,
        tax: 29.79,
        itemsQuantity: 3,
        currency: 'MXN',
        internalStatus: 'CREATED',
        comments: 'hola',
      });
      expect(Math.abs(Date.parse(o.dateAdded) - h.hub.clock.now())).toBeLessThan(5000);
      expect(o.items[0]).toMatchObject({ sku: 'TAZA,12', total: 200, erpId: 'ERP-000002' });
    });

    it('is not idempotent, refuses a duplicate externalId on the same channel only', async () => {
      const a = await c.post('/api/orders/createorder', body('WEB-2'));
      const b = await c.post('/api/orders/createorder', body('WEB-3'));
      expect(b.json.orderId).not.toBe(a.json.orderId);
      const dup = await c.post('/api/orders/createorder', body('WEB-2'));
      expect(dup.status).toBe(400);
      expect(dup.json.Message).toMatch(/WEB-2/);
      expect((await c.post('/api/orders/createorder', body('WEB-2', { channel: 'meli' }))).status).toBe(200);
    });

    it('validates the body, naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...body('V1'), items: [] }, 'items'],
        [{ ...body('V2'), currency: 'PESOS' }, 'currency'],
        [{ ...body('V3'), items: [{ sku: 'A', title: 'A', price: -1, itemQuantity: 1 }] }, 'items[0].price'],
        [{ ...body('V4'), externalId: 5 }, 'externalId'],
        [{ ...body('V5'), channel: 'mercadolibre' }, 'channel'],
        [{ ...body('V6'), dateCreated: 'ayer' }, 'dateCreated'],
      ];
      for (const [b, name] of cases) {
        const r = await c.post('/api/orders/createorder', b);
        expect([name, r.status]).toEqual([name, 400]);
        expect(r.json.Message).toContain(name);
      }
      expect((await c.post('/api/orders/createorder', '{nope')).status).toBe(400);
    });
  });

  describe('Update Order', () => {
    it('changes only the fields sent and moves dateModified to now', async () => {
      const o = h.hub.state.orders[5].data;
      const before = { ...o };
      await h.admin.advance(3_600_000);
      const r = await c.put(`/api/orders/updateorder/?orderId=${o.orderId}`, { comments: 'Revisado', internalStatus: 'SHIPPED' });
      expect(r.status).toBe(200);
      const after = Order.parse(r.json);
      expect(after).toMatchObject({
        comments: 'Revisado',
        internalStatus: 'SHIPPED',
        orderStatus: before.orderStatus,
        externalNumber: before.externalNumber,
      });
      expect(Math.abs(Date.parse(after.dateModified) - h.hub.clock.now())).toBeLessThan(5000);
      expect(after.dateCreated).toBe(before.dateCreated);
      const next = await c.put(`/api/orders/updateorder?orderId=${o.orderId}`, { externalNumber: 'GUIA-1' });
      expect(next.json).toMatchObject({ comments: 'Revisado', externalNumber: 'GUIA-1' });
    });

    it('refuses unknown fields naming them, bad values, unknown orders', async () => {
      const id = h.hub.state.orders[6].data.orderId;
      const unknown = await c.put(`/api/orders/updateorder?orderId=${id}`, { comments: 'x', total: 5 });
      expect(unknown.status).toBe(400);
      expect(unknown.json.Message).toContain('total');
      expect(h.hub.state.orderById(id)!.data.comments).not.toBe('x');
      expect((await c.put(`/api/orders/updateorder?orderId=${id}`, { internalStatus: 'LOST' })).status).toBe(400);
      expect((await c.put('/api/orders/updateorder?orderId=1', { comments: 'x' })).status).toBe(404);
      expect((await c.put('/api/orders/updateorder', { comments: 'x' })).status).toBe(400);
      expect((await c.put(`/api/orders/updateorder?orderId=${id}`, [1])).status).toBe(400);
    });
  });
});

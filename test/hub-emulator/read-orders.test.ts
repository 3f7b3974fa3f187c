/**
 * Read edges of Get Orders (README "Read edges"): late orders, status changes, deletions (state
 * changes made after the answer), malformed records, short pages and a drifting total (answer
 * only). The hub's orders are read through the admin API: they are the truth.
 */
import { Order, OrdersPage } from '../../src/api/schemas/orders';
import { DAY, NOW, ORDER_COUNT, keysOf, readHub } from './read-helpers';

const fixture = readHub();
beforeEach(fixture.fresh);

const ALL = 'sort=added_asc&paging=50';
const round2 = (n: number) => Math.round(n * 100) / 100;
const byId = (orders: any[]) => new Map(orders.map((o) => [o.orderId, o]));

describe('lateOrder (state)', () => {
  it('after answering, the hub gains an order bought 1–20 days ago but added now', async () => {
    const { c, faults, labels, orders, injected, h } = fixture.get();
    const truth = (await c.get(`/api/orders/orders?${ALL}`)).json;
    await faults({ lateOrder: 1 });
    const r = await c.get(`/api/orders/orders?${ALL}`);
    expect(r.json).toEqual(truth); // the answer was built before the order came in
    const [id] = keysOf(await labels(), 'lateOrder').map(Number);
    const after = await orders();
    expect(after).toHaveLength(ORDER_COUNT + 1);
    const late = await h.admin.order(id);
    expect(after.at(-1)).toEqual(late);
    const now = Date.parse((await h.admin.clock()).iso);
    const added = Date.parse(late.dateAdded);
    const created = Date.parse(late.dateCreated);
    const modified = Date.parse(late.dateModified);
    expect(now - added).toBeGreaterThanOrEqual(0);
    expect(now - added).toBeLessThan(5_000);
    expect(added - created).toBeGreaterThanOrEqual(DAY - 1_000);
    expect(added - created).toBeLessThanOrEqual(20 * DAY);
    expect(modified).toBeGreaterThanOrEqual(created);
    expect(added - modified).toBeGreaterThanOrEqual((added - created) / 2 - 1_000); // the purchase's dates are old
    expect(Order.parse(late)).toBeTruthy();
    expect(await injected()).toEqual({ 'read:lateOrder': 1 });

    await h.admin.clearFaults();
    const newest = (await c.get('/api/orders/orders?sort=added_desc&paging=1')).json;
    expect(newest.results[0].orderId).toBe(id);
    expect(newest.total).toBe(ORDER_COUNT + 1);
    // Read by purchase date since yesterday, it is not there: only `added` finds it.
    const day = (ms: number) => {
      const d = new Date(ms);
      return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    };
    const since = day(NOW);
    expect(
      (await c.get(`/api/orders/orders?searchDateBy=created&date=${since}&paging=50`)).json.results.map((o: any) => o.orderId),
    ).not.toContain(id);
    expect(
      (await c.get(`/api/orders/orders?searchDateBy=added&date=${since}&paging=50`)).json.results.map((o: any) => o.orderId),
    ).toContain(id);
  });
});

describe('stateChange (state)', () => {
  it('after answering, one order moves on; half of the draws also add or remove a line, totals consistent', async () => {
    const { c, faults, labels, orders } = fixture.get();
    await faults({ stateChange: 1 }, { seed: 11 });
    const kinds = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const before = byId(await orders());
      const r = await c.get(`/api/orders/orders?${ALL}`);
      // Every order is on this page: the answer shows them all as they were before the change.
      expect(r.json.results).toEqual([...before.values()]);
      const [key] = keysOf(await labels(), 'stateChange');
      const m = /^(\d+):([A-Z]+)>([A-Z]+)(?::([+-])(.+))?$/.exec(key)!;
      expect(m).not.toBeNull();
      const [, id, from, to, sign, sku] = m;
      const after = byId(await orders());
      expect(after.size).toBe(before.size);
      const was = before.get(Number(id));
      const now = after.get(Number(id));
      expect(was.internalStatus).toBe(from);
      expect(now.internalStatus).toBe(to);
      expect({ CREATED: ['SHIPPED', 'CANCELED'], SHIPPED: ['DELIVERED'], DELIVERED: ['RETURNED'] }[from]).toContain(to);
      expect(now.orderStatus).toBe({ SHIPPED: 'shipped', DELIVERED: 'delivered', CANCELED: 'cancelled', RETURNED: 'returned' }[to]);
      expect(Date.parse(now.dateModified)).toBeGreaterThanOrEqual(NOW);
      expect(Date.parse(now.dateModified)).toBeGreaterThan(Date.parse(was.dateModified));
      if (sign === '+') {
        expect(now.items).toHaveLength(was.items.length + 1);
        expect(now.items.at(-1).sku).toBe(sku);
      } else if (sign === '-') {
        expect(now.items).toHaveLength(was.items.length - 1);
        expect(was.items.length).toBeGreaterThanOrEqual(2);
      } else expect(now.items).toEqual(was.items);
      expect(now.itemsQuantity).toBe(now.items.reduce((s: number, it: any) => s + it.itemQuantity, 0));
      expect(now.total).toBe(round2(now.items.reduce((s: number, it: any) => s + it.total, 0)));
      // Nothing else changed in the hub.
      for (const [oid, o] of before) if (oid !== Number(id)) expect(after.get(oid)).toEqual(o);
      kinds.add(sign ?? 'status only');
    }
    expect(kinds.has('status only')).toBe(true);
    expect(kinds.has('+') || kinds.has('-')).toBe(true);
  });
});

describe('deleteOrder (state)', () => {
  it('after answering, an order is gone from the hub and the offsets of later orders shift', async () => {
    const { c, faults, labels, orders, h } = fixture.get();
    const before = await orders();
    await faults({ deleteOrder: 1 }, { seed: 3 });
    const first = await c.get('/api/orders/orders?sort=added_asc&paging=10&offset=0');
    expect(first.json.total).toBe(ORDER_COUNT); // answered before the deletion
    expect(first.json.results.map((o: any) => o.orderId)).toEqual(before.slice(0, 10).map((o) => o.orderId));
    const [id] = keysOf(await labels(), 'deleteOrder').map(Number);
    const after = await orders();
    expect(after.map((o) => o.orderId)).toEqual(before.map((o) => o.orderId).filter((x) => x !== id));
    await expect(h.admin.order(id)).rejects.toThrow(/404/);

    await h.admin.clearFaults();
    const second = await c.get('/api/orders/orders?sort=added_asc&paging=10&offset=10');
    expect(second.json.total).toBe(ORDER_COUNT - 1);
    expect(second.json.results.map((o: any) => o.orderId)).toEqual(after.slice(10, 20).map((o) => o.orderId));
    const position = before.findIndex((o) => o.orderId === id);
    expect(position).toBeLessThan(10); // (seed 3) deleted from the page already read…
    expect(second.json.results[0].orderId).toBe(before[11].orderId); // …so the order at offset 10 is never read
    const gone = before[position];
    const found = await c.get(`/api/orders/findorder?orderid=${encodeURIComponent(gone.externalId)}`);
    expect(found.status).toBe(404);
  });
});

describe('malformedOrder (answer only)', () => {
  it('one record of the answer has a field of the wrong type; the stored order stays valid and reads right next time', async () => {
    const { c, faults, labels, orders, h } = fixture.get();
    const truth = (await c.get(`/api/orders/orders?${ALL}`)).json;
    const stored = await orders();
    await faults({ malformedOrder: 1 }, { seed: 3 });
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 5; i++) {
      const r = await c.get(`/api/orders/orders?${ALL}`);
      const [key] = keysOf(await labels(), 'malformedOrder');
      const [id, field] = key.split(':');
      const differing = r.json.results.filter((o: any, j: number) => JSON.stringify(o) !== JSON.stringify(truth.results[j]));
      expect(differing).toHaveLength(1);
      const bad = differing[0];
      const good = truth.results.find((o: any) => o.orderId === Number(id));
      expect(bad.orderId).toBe(Number(id));
      const { [field.startsWith('items[') ? 'items' : field]: _b, ...restBad } = bad;
      const { [field.startsWith('items[') ? 'items' : field]: _g, ...restGood } = good;
      expect(restBad).toEqual(restGood); // one field only
      if (field === 'total') {
        expect(typeof bad.total).toBe('string');
        expect(Number.isNaN(Number(bad.total))).toBe(true);
      } else if (field === 'externalId') expect(typeof bad.externalId).toBe('number');
      else if (field === 'items') expect(bad.items).toBeNull();
      else if (field === 'dateModified') expect(Number.isNaN(Date.parse(bad.dateModified))).toBe(true);
      else {
        const k = Number(/^items\[(\d+)\]\.itemQuantity$/.exec(field)![1]);
        expect(typeof bad.items[k].itemQuantity).toBe('string');
        expect(Number(bad.items[k].itemQuantity)).toBe(good.items[k].itemQuantity);
        expect(bad.items.filter((_: unknown, j: number) => j !== k)).toEqual(good.items.filter((_: unknown, j: number) => j !== k));
      }
      // The client's schema catches a wrong type; an unparseable date is still a string to it.
      expect(OrdersPage.safeParse(r.json).success).toBe(field === 'dateModified');
      seen.add(field.startsWith('items[') ? 'itemQuantity' : field);
    }
    expect([...seen].sort()).toEqual(['dateModified', 'externalId', 'itemQuantity', 'items', 'total']);
    expect(await orders()).toEqual(stored);
    await h.admin.clearFaults();
    expect((await c.get(`/api/orders/orders?${ALL}`)).json).toEqual(truth);
  });
});

describe('shortPage (answer only)', () => {
  it('a page holds 1..paging-1 orders from its start although more remain; total stays right', async () => {
    const { c, faults, labels, orders } = fixture.get();
    const truth = (await c.get('/api/orders/orders?sort=added_asc&paging=10&offset=0')).json;
    const stored = await orders();
    await faults({ shortPage: 1 }, { seed: 9 });
    const counts = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const r = (await c.get('/api/orders/orders?sort=added_asc&paging=10&offset=0')).json;
      const [k] = keysOf(await labels(), 'shortPage').map(Number);
      expect(k).toBeGreaterThanOrEqual(1);
      expect(k).toBeLessThanOrEqual(9);
      expect(r.results).toEqual(truth.results.slice(0, k));
      expect(r.total).toBe(ORDER_COUNT);
      expect(r.paging).toBe(10);
      counts.add(k);
    }
    expect(counts.size).toBeGreaterThan(2);
    // A one-order page cannot be shorter: answered as it is, nothing labelled.
    const last = (await c.get(`/api/orders/orders?sort=added_asc&paging=10&offset=${ORDER_COUNT - 1}`)).json;
    expect(last.results).toHaveLength(1);
    expect(await labels()).toEqual([]);
    expect(await orders()).toEqual(stored);
  });
});

describe('listShift (answer only)', () => {
  it('from a random place on the orders come one place late: the order before it is listed twice, the last moves to the next page', async () => {
    const { c, faults, labels, orders } = fixture.get();
    const truth = (await c.get('/api/orders/orders?sort=added_asc&paging=10&offset=10')).json;
    const before = (await c.get('/api/orders/orders?sort=added_asc&paging=1&offset=9')).json.results[0];
    const stored = await orders();
    await faults({ listShift: 1 }, { seed: 5 });
    const places = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const r = (await c.get('/api/orders/orders?sort=added_asc&paging=10&offset=10')).json;
      const [id] = keysOf(await labels(), 'listShift').map(Number);
      // The page as the list one place late from k on: k − 1 (or the order before the page) twice.
      const listed = [before, ...truth.results];
      const k = r.results.findIndex((o: any, j: number) => o.orderId !== truth.results[j].orderId);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(r.results).toEqual([...truth.results.slice(0, k), ...listed.slice(k, 10)]);
      expect(r.results[k].orderId).toBe(id);
      expect(r.results.filter((o: any) => o.orderId === id)).toHaveLength(k === 0 ? 1 : 2);
      expect(r.total).toBe(truth.total);
      places.add(k);
    }
    expect(places.size).toBeGreaterThan(2);
    // At offset 0 nothing lies before the page: an order of the page itself is listed twice.
    for (let i = 0; i < 5; i++) {
      const first = (await c.get('/api/orders/orders?sort=added_asc&paging=10&offset=0')).json.results;
      expect(new Set(first.map((o: any) => o.orderId)).size).toBe(9);
    }
    expect(await orders()).toEqual(stored);
  });
});

describe('totalDrift (answer only)', () => {
  it('total is off by −3..+3 (never 0 off, never below 0); the results are right', async () => {
    const { c, faults, labels, orders, injected } = fixture.get();
    const truth = (await c.get(`/api/orders/orders?${ALL}`)).json;
    await faults({ totalDrift: 1 });
    const drifts = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const r = (await c.get(`/api/orders/orders?${ALL}`)).json;
      const [d] = keysOf(await labels(), 'totalDrift').map(Number);
      expect(r.total).toBe(ORDER_COUNT + d);
      expect(r.results).toEqual(truth.results);
      drifts.add(d);
    }
    expect([...drifts].sort((a, b) => a - b)).toEqual([-3, -2, -1, 1, 2, 3]);
    expect(await injected()).toEqual({ 'read:totalDrift': 30 });
    // An empty result: only upwards.
    for (let i = 0; i < 10; i++) {
      const r = (await c.get('/api/orders/orders?channel=vtex')).json;
      expect(r.results).toEqual([]);
      expect([1, 2, 3]).toContain(r.total);
    }
    expect(await orders()).toHaveLength(ORDER_COUNT);
  });
});

describe('scope', () => {
  it('only a 200 answer of Get Orders is touched: a refused (400 / 429) call draws nothing and changes nothing', async () => {
    const { c, faults, labels, orders, h } = fixture.get();
    await faults({ lateOrder: 1, deleteOrder: 1, totalDrift: 1 });
    expect((await c.get('/api/orders/orders?paging=51')).status).toBe(400);
    expect(await labels()).toBeUndefined();
    await h.admin.settings({ ordersRateLimit: { calls: 1, windowMs: 60_000 } });
    await c.get('/api/orders/orders');
    expect((await c.get('/api/orders/orders')).status).toBe(429);
    expect(await labels()).toBeUndefined();
    expect(await orders()).toHaveLength(ORDER_COUNT + 1 - 1); // the one answered call: one added, one deleted
  });
});

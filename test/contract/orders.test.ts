/**
 * Contract: orders and labels (hub-api §4.16–4.20) through HubClient over HTTP, demo seed with a
 * fixed clock. Expected results are computed from the hub's own state (admin API).
 */
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { Order, OrderSort } from '../../src/api/schemas/orders';
import type { OrdersPageRead } from '../../src/api/client';
import { ORDER_SORTS } from '../../src/api/schemas/orders';
import { NOW, TOKEN, failed, fresh, logged, makeClient, ok, startHub } from './helpers';
import { scenarios } from './scenarios';

let hub: SpawnedHub;
const DAY = 86_400_000;

beforeAll(async () => {
  hub = await startHub({ seed: 'demo' });
  // The filter and sort tests make many calls; the rate limit has its own test.
  await hub.admin.settings({ ordersRateLimit: { calls: 10_000, windowMs: 60_000 } });
});
afterAll(() => hub?.close());
beforeEach(async () => {
  await hub.admin.reset();
  await fresh(hub);
});

async function orders(): Promise<Order[]> {
  return (await hub.admin.state(['orders'])).orders;
}

const dateOf = (o: Order, by: string) => Date.parse(by === 'added' ? o.dateAdded : by === 'modified' ? o.dateModified : o.dateCreated);
function sorted(list: Order[], sort: OrderSort): Order[] {
  const [field, dir] = sort.split('_');
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => sign * (dateOf(a, field) - dateOf(b, field) || a.orderId - b.orderId));
}
const ids = (list: Array<{ orderId: number }>) => list.map((o) => o.orderId);
/** The page's records, each read whole (the hub emulator sends valid ones). */
const res = (page: OrdersPageRead) => page.records.map((r) => r.order!);
const startOfDay = (t: number) => Math.floor(t / DAY) * DAY;

describe('Get Orders (GET /api/orders/orders)', () => {
  test('default: newest creation date first, 50 a page; unknown fields of the records are kept', async () => {
    const all = await orders();
    const { client } = makeClient(hub.url);
    const page = ok(client.getOrders({}));
    expect([page.total, page.offset, page.paging, page.sort]).toEqual([all.length, 0, 50, 'created_desc']);
    expect(ids(res(page))).toEqual(ids(sorted(all, 'created_desc').slice(0, 50)));
    const withShipping = res(page).find((o) => 'shipping' in o)!;
    expect(withShipping).toBeDefined();
    expect(withShipping.shipping).toEqual(all.find((o) => o.orderId === withShipping.orderId)!.shipping);
  });

  test('filters: channel, date/to as MM/DD/YYYY on searchDateBy, status', async () => {
    const all = await orders();
    const from = NOW - 40 * DAY;
    const to = NOW - 10 * DAY;
    const lo = startOfDay(from);
    const hi = startOfDay(to) + DAY - 1;
    const { client, transport } = makeClient(hub.url);
    for (const by of ['created', 'added', 'modified'] as const) {
      const expected = sorted(
        all.filter((o) => o.channel === 'meli' && dateOf(o, by) >= lo && dateOf(o, by) <= hi),
        `${by}_asc`,
      );
      const page = ok(client.getOrders({ channel: 'meli', from, to, searchDateBy: by, sort: `${by}_asc` }));
      expect(page.total).toBe(expected.length);
      expect(ids(res(page))).toEqual(ids(expected.slice(0, 50)));
    }
    const q = Object.fromEntries(new URL(transport.sent[0].url).searchParams);
    expect(q).toMatchObject({ channel: 'meli', date: '10/11/2026', to: '11/10/2026', searchDateBy: 'created' });

    const delivered = ok(client.getOrders({ status: 'DELIVERED', channel: 'amazon' }));
    const exp = all.filter((o) => o.internalStatus === 'DELIVERED' && o.channel === 'amazon');
    expect(delivered.total).toBe(exp.length);
    expect(delivered.total).toBeGreaterThan(0);
    expect(res(delivered).every((o) => o.internalStatus === 'DELIVERED' && o.channel === 'amazon')).toBe(true);
  });

  test('the six sorts', async () => {
    const all = await orders();
    const { client } = makeClient(hub.url);
    for (const sort of ORDER_SORTS) {
      const page = ok(client.getOrders({ sort, paging: 20 }));
      expect(page.sort).toBe(sort);
      expect(ids(res(page))).toEqual(ids(sorted(all, sort).slice(0, 20)));
    }
  });

  test('paging: offset 50 returns from the 51st order; pages do not overlap', async () => {
    const all = sorted(await orders(), 'added_desc');
    const { client } = makeClient(hub.url);
    const p1 = ok(client.getOrders({ sort: 'added_desc', offset: 0, paging: 50 }));
    const p2 = ok(client.getOrders({ sort: 'added_desc', offset: 50, paging: 50 }));
    const last = ok(client.getOrders({ sort: 'added_desc', offset: all.length - 7, paging: 50 }));
    expect(ids(res(p2))).toEqual(ids(all.slice(50, 100)));
    expect(ids(res(p1)).filter((id) => ids(res(p2)).includes(id))).toEqual([]);
    expect(ids(res(last))).toEqual(ids(all.slice(-7)));
  });

  test("isGrouped: one result per cart, carrying all the cart's orders", async () => {
    const all = await orders();
    const carts = new Set(all.filter((o) => o.cartId).map((o) => o.cartId));
    const { client } = makeClient(hub.url);
    const page = ok(client.getOrders({ isGrouped: true, paging: 50 }));
    expect(page.total).toBe(all.filter((o) => !o.cartId).length + carts.size);
    const grouped = res(page).filter((o) => o.cartId);
    expect(grouped.length).toBeGreaterThan(0);
    for (const g of grouped) {
      expect(ids(g.orders as Order[]).sort()).toEqual(ids(all.filter((o) => o.cartId === g.cartId)).sort());
    }
  });

  test('rate limit: a second call within the minute → rate-limit HubError with retryAfterMs, not a wait', () =>
    scenarios.ordersRateLimited(hub));
});

describe('Find Order (GET /api/orders/findorder)', () => {
  test('by external id: that order, unknown fields kept', async () => {
    const target = (await orders()).find((o) => !o.cartId && 'buyer' in o)!;
    const { client, transport } = makeClient(hub.url);
    const found = client.findOrder(target.externalId);
    expect(found.cartId).toBeNull();
    expect(found.orders).toEqual([target]);
    expect(new URL(transport.sent[0].url).searchParams.get('orderid')).toBe(target.externalId);
  });

  test('by cart id: the cart with all its orders', async () => {
    const all = await orders();
    const cartId = all.find((o) => o.cartId)!.cartId!;
    const members = all.filter((o) => o.cartId === cartId);
    expect(members.length).toBeGreaterThanOrEqual(2);
    const { client } = makeClient(hub.url);
    const found = client.findOrder(cartId);
    expect(found.cartId).toBe(cartId);
    expect(ids(found.orders).sort()).toEqual(ids(members).sort());
  });

  test("an unknown id → not-found HubError with the hub's message", () => scenarios.findOrderNotFound(hub));
});

describe('Create Order (POST /api/orders/createorder)', () => {
  test('inserts the order; it is found afterwards with computed totals', async () => {
    const { client } = makeClient(hub.url);
    const r = ok(
      client.createOrder({
        channel: 'meli',
        externalId: 'CT-0001',
        currency: 'MXN',
        comments: 'pedido de prueba',
        dateCreated: '2026-11-19T10:00:00.000Z',
        items: [
          { sku: 'CAM-ROJA.M', title: 'Camisa roja M', price: 100, itemQuantity: 2 },
          { sku: 'TAZA,12', title: 'Taza', price: 50.5, itemQuantity: 1 },
        ],
      }),
    );
    expect(r.externalId).toBe('CT-0001');
    expect(r.message).toBe('Orden creada');
    const {
      orders: [o],
    } = client.findOrder('CT-0001');
    expect(o).toMatchObject({
      orderId: r.orderId,
      channel: 'meli',
      total: 250.5,
      itemsQuantity: 3,
      internalStatus: 'CREATED',
      comments: 'pedido de prueba',
      dateCreated: '2026-11-19T10:00:00.000Z',
    });
    expect(o.items.map((i) => [i.sku, i.erpId, i.itemQuantity, i.total])).toEqual([
      ['CAM-ROJA.M', 'ERP-000001', 2, 200],
      ['TAZA,12', 'ERP-000002', 1, 50.5],
    ]);
    expect((await orders()).filter((x) => x.externalId === 'CT-0001')).toHaveLength(1);
  });

  test('never retried: with a timeout fault the request is sent once', () => scenarios.createOrderTimeout(hub));

  test('never retried: a 503 is reported after one request', async () => {
    await hub.admin.setFaults({ rates: { 503: 1 }, pathPattern: 'createorder' });
    const { client, clock } = makeClient(hub.url);
    const outcome = client.createOrder({
      channel: 'amazon',
      externalId: 'CT-503',
      currency: 'MXN',
      items: [{ sku: 'A.B,C', title: 'ABC', price: 1, itemQuantity: 1 }],
    });
    await hub.admin.clearFaults();
    expect([failed(outcome).status, outcome.attempts, clock.slept.length]).toEqual([503, 1, 0]);
    expect(await logged(hub, /createorder/i)).toHaveLength(1);
    expect((await orders()).some((o) => o.externalId === 'CT-503')).toBe(false);
  });
});

describe('Update Order (PUT /api/orders/updateorder/)', () => {
  test('only the fields sent change', async () => {
    const before = (await orders()).find((o) => o.internalStatus === 'CREATED' && o.comments === '')!;
    const { client, transport } = makeClient(hub.url);
    const u1 = ok(client.updateOrder(String(before.orderId), { comments: 'Llamar antes de entregar' }));
    expect(transport.sent[0].method).toBe('put');
    expect(transport.sent[0].url).toBe(`${hub.url}/api/orders/updateorder/?orderId=${before.orderId}`);
    expect(JSON.parse(transport.sent[0].payload!)).toEqual({ comments: 'Llamar antes de entregar' });
    const { dateModified: m1, ...rest1 } = u1;
    const { dateModified: m0, ...rest0 } = before;
    expect(rest1).toEqual({ ...rest0, comments: 'Llamar antes de entregar' });
    expect(Date.parse(m1)).toBeGreaterThan(Date.parse(m0));

    ok(client.updateOrder(String(before.orderId), { internalStatus: 'SHIPPED', externalNumber: 'GUIA-77' }));
    const stored = (await orders()).find((o) => o.orderId === before.orderId)!;
    expect(stored).toMatchObject({
      comments: 'Llamar antes de entregar',
      internalStatus: 'SHIPPED',
      externalNumber: 'GUIA-77',
      orderStatus: before.orderStatus,
      total: before.total,
    });
    expect(stored.items).toEqual(before.items);
  });

  test('an unknown order → not-found HubError', () => {
    const { client } = makeClient(hub.url);
    const e = failed(client.updateOrder('9999999', { comments: 'x' }));
    expect([e.kind, e.status, e.hubMessage]).toEqual(['not-found', 404, 'No se encontró la orden 9999999']);
  });
});

describe('Print Label (GET /api/orders/printlabel/)', () => {
  test('pdf: the exact bytes of a PDF (%PDF- … %%EOF); the first print notifies the buyer once', async () => {
    const o = (await orders()).find((x) => x.channel === 'meli' && x.internalStatus === 'SHIPPED')!;
    const { client } = makeClient(hub.url);
    const label = ok(client.printLabel({ orderId: o.orderId }, 'pdf'));
    expect(label.mimeType).toBe('application/pdf');
    expect(label.bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)).toBe(true);
    const pdf = Buffer.from(label.bytes).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(String(o.orderId));
    // Byte-exact: the same label fetched directly is identical.
    const raw = await fetch(`${hub.url}/api/orders/printlabel/?orderId=${o.orderId}&type=pdf`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(Buffer.from(await raw.arrayBuffer()).equals(Buffer.from(label.bytes))).toBe(true);

    const st = await hub.admin.state(['labels', 'notifications']);
    expect(st.labels.filter((l) => l.orderId === o.orderId).map((l) => [l.type, l.first])).toEqual([
      ['pdf', true],
      ['pdf', false],
    ]);
    expect(st.notifications.filter((n) => n.orderId === o.orderId)).toHaveLength(1);
  });

  test('zpl: ^XA … ^XZ text, by order id or by external id', async () => {
    const all = await orders();
    const meli = all.find((x) => x.channel === 'meli' && x.internalStatus === 'SHIPPED')!;
    const own = all.find((x) => x.channel === 'venticommerce' && x.internalStatus !== 'CANCELED')!;
    const { client } = makeClient(hub.url);
    const [a, b] = client.printLabels([{ orderId: meli.orderId }, { externalId: own.externalId }], 'zpl');
    for (const [outcome, order] of [
      [a, meli],
      [b, own],
    ] as const) {
      const label = ok(outcome);
      expect(label.mimeType).toBe('text/plain');
      const text = Buffer.from(label.bytes).toString('utf8');
      expect(text.startsWith('^XA')).toBe(true);
      expect(text.trimEnd().endsWith('^XZ')).toBe(true);
      expect(text).toContain(String(order.orderId));
    }
    const log = await logged(hub, /printlabel/i);
    expect(log.map((l) => [l.query.type, l.status])).toEqual([
      ['zpl', 200],
      ['zpl', 200],
    ]);
  });

  test("a channel without zpl, and one without labels → HubError with the hub's message", () => scenarios.printLabelRefused(hub));
});

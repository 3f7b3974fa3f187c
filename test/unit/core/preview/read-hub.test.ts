import { HubClient } from '../../../../src/api/client';
import type { Product } from '../../../../src/api/schemas/stock';
import { readHubNow } from '../../../../src/core/pipeline/dry-run/read-hub';
import { FakeClock, FakeTransport } from '../../../support/transport';

const product = (i: number): Product =>
  ({
    sku: `P${String(i).padStart(4, '0')}`,
    quantity: 100 + i,
    channelData: [
      { channel: 'amazon', quantity: i % 7, price: 10 + i, salePrice: null, externalId: `E${i}`, permalink: '', status: 'active' },
    ],
  }) as unknown as Product;

/**
 * A hub answering the catalogue's pages and Get Price Stock By Channel. `total`: the count its
 * pages report (the list's length unless told); `get`: how a GET finds a SKU (exactly, unless told).
 */
function hubOf(products: Product[], options: { total?: number; get?: (sku: string) => Product | undefined } = {}) {
  const get = options.get ?? ((sku: string) => products.find((x) => x.sku === sku));
  const transport = new FakeTransport((req) => {
    const url = new URL(req.url);
    if (/getproductsstockprice/i.test(url.pathname)) {
      const offset = Number(url.searchParams.get('offset'));
      const paging = Number(url.searchParams.get('paging'));
      const total = options.total ?? products.length;
      return { status: 200, body: { offset, paging, total, results: products.slice(offset, offset + paging) } };
    }
    const sku = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() as string);
    const p = get(sku);
    return p
      ? { status: 200, body: { sku: p.sku, channelData: p.channelData } }
      : { status: 404, body: { message: `Product ${sku} not found` } };
  });
  const client = new HubClient({
    baseUrl: 'https://hub.example.com',
    token: 'secret-token-xyz',
    transport,
    clock: new FakeClock(),
    concurrency: 8,
    random: () => 0.5,
  });
  return { client, transport };
}

/** A hub of `count` products. */
const hub = (count: number) => hubOf(Array.from({ length: count }, (_, i) => product(i)));

describe("readHubNow (the hub's current values, the cheaper way)", () => {
  test('one SKU: one GET, its per-channel values keyed like the snapshot', () => {
    const { client, transport } = hub(120);
    const r = readHubNow(client, ['P0005'], false, {});
    expect(transport.requests).toHaveLength(1);
    expect(r.strategy.kind).toBe('perSku');
    expect(r.hub.get('P0005')).toMatchObject({ 'price:amazon': 15, 'quantity:amazon': 5 });
  });

  test('a few SKUs of a larger catalogue: its first page, then one GET each; a SKU the hub lacks is null', () => {
    const { client, transport } = hub(170);
    const r = readHubNow(client, ['P0001', 'P0002', 'NOPE'], false, {});
    expect(r.strategy).toMatchObject({ kind: 'perSku', requests: 4 });
    expect(transport.requests).toHaveLength(4);
    expect(r.hub.get('NOPE')).toBeNull();
    expect(r.hub.get('P0002')).toMatchObject({ 'price:amazon': 12 });
  });

  test('many SKUs: the catalogue, its first page read once; absent from the whole list means not in the hub', () => {
    const { client, transport } = hub(120);
    const skus = [...Array.from({ length: 100 }, (_, i) => product(i).sku), 'NOPE'];
    const r = readHubNow(client, skus, false, {});
    expect(r.strategy).toMatchObject({ kind: 'catalogue', requests: 3 });
    expect(transport.requests).toHaveLength(3);
    expect(r.hub.get('P0099')).toMatchObject({ 'price:amazon': 109 });
    expect(r.hub.get('NOPE')).toBeNull();
    expect(r.problems).toEqual([]);
  });

  test('a general Quantity in scope: the catalogue even for one SKU, and the general quantity is read', () => {
    const { client } = hub(120);
    const r = readHubNow(client, ['P0003'], true, {});
    expect(r.strategy.kind).toBe('catalogue');
    expect(r.hub.get('P0003')).toMatchObject({ quantity: 103, 'quantity:amazon': 3 });
  });

  test('page 0, once read, is not paid for again: 3 SKUs of a 3-page catalogue take its 3 pages, not 1 page + 3 GETs', () => {
    const { client, transport } = hub(120);
    const r = readHubNow(client, ['P0001', 'P0002', 'P0003'], false, {});
    expect(transport.requests).toHaveLength(3);
    expect(r.strategy).toMatchObject({ kind: 'catalogue', requests: 3 });
  });

  test('a SKU the hub lists twice: the first listed (the oldest, the one the hub updates) is shown, not the last', () => {
    const products = Array.from({ length: 120 }, (_, i) => product(i));
    products[90] = { ...product(90), sku: products[10].sku };
    const { client } = hubOf(products);
    const r = readHubNow(
      client,
      products.map((p) => p.sku),
      false,
      {},
    );
    expect(r.strategy.kind).toBe('catalogue');
    expect(r.hub.get(products[10].sku)).toMatchObject({ 'price:amazon': 20 });
  });

  test('a catalogue that counts more products than it lists is said as such, not as a list that changed while read', () => {
    const products = Array.from({ length: 110 }, (_, i) => product(i));
    const { client } = hubOf(products, { total: 160 });
    const r = readHubNow(
      client,
      products.map((p) => p.sku),
      false,
      {},
    );
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).not.toMatch(/changed/);
    expect(r.problems[0]).toMatch(/counts 160 products but lists 110/);
  });

  test('a SKU the hub has only in other letter case reads the same by the catalogue and one by one', () => {
    const products = Array.from({ length: 120 }, (_, i) => product(i));
    // As the hub's GET may: a SKU found whatever its letter case (answerDoubt then names the twin).
    const { client: oneByOne } = hubOf(products, { get: (sku) => products.find((x) => x.sku.toLowerCase() === sku.toLowerCase()) });
    const { client: catalogue } = hubOf(products);
    const single = readHubNow(oneByOne, ['p0005'], false, {});
    const many = readHubNow(catalogue, ['p0005', ...products.slice(10).map((p) => p.sku)], false, {});
    expect(single.strategy.kind).toBe('perSku');
    expect(many.strategy.kind).toBe('catalogue');
    expect(single.hub.get('p0005')).toBeNull();
    expect(many.hub.get('p0005')).toBeNull();
    expect(single.notes).toEqual(many.notes);
    expect(single.notes[0]).toMatch(/'P0005' \(in other letter case\), not 'p0005'/);
    expect(single.problems).toEqual([]);
  });

  test('read problems are capped: the first ten, then how many more', () => {
    // 1,500 products (31 pages): 20 SKUs are read one by one, each answered for another product.
    const products = Array.from({ length: 1500 }, (_, i) => product(i));
    const { client } = hubOf(products, { get: () => products[0] });
    const skus = products.slice(100, 120).map((p) => p.sku);
    const r = readHubNow(client, skus, false, {});
    expect(r.strategy.kind).toBe('perSku');
    expect(r.problems).toHaveLength(11);
    expect(r.problems[10]).toBe('and 10 more like these');
  });
});

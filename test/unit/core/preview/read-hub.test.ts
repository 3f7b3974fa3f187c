import { HubClient } from '../../../../src/api/client';
import type { Product } from '../../../../src/api/schemas/stock';
import { readHubNow } from '../../../../src/core/preview/read-hub';
import { FakeClock, FakeTransport } from '../../../support/transport';

const product = (i: number): Product =>
  ({
    sku: `P${String(i).padStart(4, '0')}`,
    quantity: 100 + i,
    channelData: [
      { channel: 'amazon', quantity: i % 7, price: 10 + i, salePrice: null, externalId: `E${i}`, permalink: '', status: 'active' },
    ],
  }) as unknown as Product;

/** A hub of `count` products answering the catalogue's pages and Get Price Stock By Channel. */
function hub(count: number) {
  const products = Array.from({ length: count }, (_, i) => product(i));
  const transport = new FakeTransport((req) => {
    const url = new URL(req.url);
    if (/getproductsstockprice/i.test(url.pathname)) {
      const offset = Number(url.searchParams.get('offset'));
      const paging = Number(url.searchParams.get('paging'));
      return { status: 200, body: { offset, paging, total: products.length, results: products.slice(offset, offset + paging) } };
    }
    const sku = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() as string);
    const p = products.find((x) => x.sku === sku);
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

describe("readHubNow (issue 17: the hub's current values, the cheaper way)", () => {
  test('one SKU: one GET, its per-channel values keyed like the snapshot', () => {
    const { client, transport } = hub(120);
    const r = readHubNow(client, ['P0005'], false, {});
    expect(transport.requests).toHaveLength(1);
    expect(r.strategy.kind).toBe('perSku');
    expect(r.hub.get('P0005')).toMatchObject({ 'price:amazon': 15, 'quantity:amazon': 5 });
  });

  test('a few SKUs of a larger catalogue: its first page, then one GET each; a SKU the hub lacks is null', () => {
    const { client, transport } = hub(120);
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
});

/**
 * The Orders and Order Items sheets with columns of the seller's own, one inserted at A and one in
 * the middle — named like a column of the stock sheet (Canal, Stock), which on these sheets is the
 * seller's too: an import that updates orders in place and appends new ones writes each value
 * under its own header, and the seller's columns keep their values. Order Drafts: Create orders
 * writes its result columns by header past the seller's columns.
 */
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { changeInHub, hubOrders, ordersSettings } from './orders-helpers';
import { expectSellerColumn, insertSellerColumn, rowsByHeader, type SellerColumn } from './seller-columns-helpers';

const ORDER_NOTES: SellerColumn = { header: 'Notes', values: ['gift wrap', '', 'call first', 'paid by transfer'] };
const CANAL: SellerColumn = { header: 'Canal', values: ['tienda', 'tienda'] };
const ITEM_NOTES: SellerColumn = { header: 'Notes', values: ['fragile', 'ok', '', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'] };
const STOCK: SellerColumn = { header: 'Stock', values: ['4', '0', '12'] };

/** An order line as the hub keeps it. */
const line = (n: number, quantity: number) => ({
  itemExternalId: `IT-${n}`,
  title: `Artículo ${n}`,
  price: 10 * n,
  itemQuantity: quantity,
  total: 10 * n * quantity,
  sku: `SKU-${n}`,
  erpId: null,
  channelSku: null,
});

interface HubItem {
  sku: string;
  itemQuantity: number;
}

describe('Orders, Order Items and Order Drafts: the seller\u2019s own columns', () => {
  const env = useHub({ settings: { orders: ordersSettings() } }, (env) => {
    env.adminSync('POST', '/__admin/orders', {
      orders: [
        { channel: 'meli', externalId: 'ML-1', items: [line(1, 1), line(2, 3)] },
        { channel: 'amazon', externalId: 'AM-2', items: [line(3, 2)] },
        { channel: 'linio', externalId: 'LI-3', items: [line(4, 1), line(5, 1)] },
      ],
    });
  });

  test('an import updating an order and adding two lands under Order id, Channel, SKU, Quantity, …; Notes, Canal and Stock keep their values', async () => {
    unwrap(env.call('runOrderImport'));
    const orders = env.rt.sheet('Orders').values();
    const items = env.rt.sheet('Order Items').values();
    expect(orders).toHaveLength(4);

    insertSellerColumn(env, 'Orders', 1, ORDER_NOTES);
    // In the middle: before Channel (now column E).
    insertSellerColumn(env, 'Orders', 5, CANAL);
    insertSellerColumn(env, 'Order Items', 1, ITEM_NOTES);
    // In the middle: before Quantity (now column H).
    insertSellerColumn(env, 'Order Items', 8, STOCK);
    const orderHeader = env.rt.sheet('Orders').values()[0];
    const itemHeader = env.rt.sheet('Order Items').values()[0];
    expect(orderHeader.slice(0, 6)).toEqual(['Notes', 'Order id', 'External id', 'Cart id', 'Canal', 'Channel']);
    expect(itemHeader.slice(0, 9)).toEqual([
      'Notes',
      'Order id',
      'Item external id',
      'SKU',
      'Title',
      'Variation',
      'Variation id',
      'Stock',
      'Quantity',
    ]);

    const changed = hubOrders(env).find((o) => o.externalId === 'AM-2')!;
    await changeInHub(env, changed.orderId, { orderStatus: 'ready_to_ship' });
    env.adminSync('POST', '/__admin/orders', {
      orders: [
        { channel: 'walmart', externalId: 'WM-4', items: [line(6, 2)] },
        { channel: 'meli', externalId: 'ML-5', items: [line(7, 1), line(8, 4)] },
      ],
    });
    for (let i = 0; i < 3; i++) {
      env.rt.advance(61_000);
      unwrap(env.call('runOrderImport'));
    }

    const after = env.rt.sheet('Orders').values();
    expect(after[0]).toEqual(orderHeader);
    expectSellerColumn(after, 0, ORDER_NOTES);
    expectSellerColumn(after, 4, CANAL);
    const hub = hubOrders(env);
    const rows = rowsByHeader(after).filter((r) => r['Order id'] !== '');
    expect(rows.map((r) => [r['Order id'], r['External id'], r.Channel]).sort()).toEqual(
      hub.map((o) => [o.orderId, o.externalId, o.channel]).sort(),
    );
    expect(rows.find((r) => r['Order id'] === changed.orderId)!['Order status']).toBe('ready_to_ship');
    for (const r of rows) expect(r['Imported at']).toBeInstanceOf(Date);

    const itemsAfter = env.rt.sheet('Order Items').values();
    expect(itemsAfter[0]).toEqual(itemHeader);
    expectSellerColumn(itemsAfter, 0, ITEM_NOTES);
    expectSellerColumn(itemsAfter, 7, STOCK);
    const lines = rowsByHeader(itemsAfter).filter((r) => r['Order id'] !== '');
    const hubLines = hub.flatMap((o) => (o.items as HubItem[]).map((it) => [o.orderId, it.sku, it.itemQuantity]));
    expect(lines.map((r) => [r['Order id'], r.SKU, r.Quantity]).sort()).toEqual(hubLines.sort());
    expect(lines.length).toBeGreaterThan(items.length - 1);
  });

  test('Create orders writes Order id, Sync status and Sync message under their headers in Order Drafts; Notes and Ticket keep their values', () => {
    const header = [
      'Notes',
      'External id',
      'Channel',
      'Currency',
      'Ticket',
      'SKU',
      'Title',
      'Price',
      'Quantity',
      'Order id',
      'Sync status',
      'Sync message',
    ];
    env.rt.addSheet('Order Drafts', [
      header,
      ['urgent', 'D-1', 'meli', 'MXN', 'T-7', 'SKU-1', 'Taza', 99.5, 2, '', '', ''],
      ['', 'D-1', '', '', '', 'SKU-2', 'Plato', 50, 1, '', '', ''],
      ['check', 'D-2', 'ebay', 'MXN', 'T-8', 'SKU-3', 'Vaso', 10, 1, '', '', ''],
    ]);
    const before = env.rt.sheet('Order Drafts').values();
    env.call('createOrdersFromDrafts');
    const after = env.rt.sheet('Order Drafts').values();
    expect(after[0]).toEqual(header);
    const seller = (values: unknown[][]) => values.map((r) => [r[0], r[4]]);
    expect(seller(after)).toEqual(seller(before));
    const rows = rowsByHeader(after);
    const created = hubOrders(env).find((o) => o.externalId === 'D-1')!;
    expect(rows.map((r) => [r['Order id'], r['Sync status']])).toEqual([
      [created.orderId, 'Created'],
      [created.orderId, 'Created'],
      ['', 'Invalid'],
    ]);
    expect(String(rows[2]['Sync message'])).toMatch(/ebay/);
  });
});

import { Order } from '../../../../src/api/schemas/orders';
import { ITEM_HEADERS, ORDER_HEADERS } from '../../../../src/core/orders/columns';
import { byHeader, cellText, dateCell, itemCells, jsonCell, orderCells, orderKey, shownText } from '../../../../src/core/orders/order-rows';
import { importedValues } from '../../../../src/core/orders/order-snapshot';
import { callInterval, nextCallAt, afterRateLimit, CLOCK_SLACK_MS } from '../../../../src/core/orders/rate';

const order = Order.parse({
  orderId: 1000042,
  channel: 'meli',
  dateAdded: '2026-11-01T10:00:05Z',
  dateCreated: '2026-11-01T09:59:00Z',
  dateModified: '2026-11-02T12:00:00Z',
  externalId: '2000005123456',
  total: 199.9,
  currency: 'MXN',
  tax: 27.57,
  comments: '=HYPERLINK("http://evil","click")',
  itemsQuantity: 2,
  title: 'Taza roja',
  internalStatus: 'SHIPPED',
  amazonFulfillment: null,
  cartId: null,
  externalNumber: '00123',
  orderStatus: 'shipped',
  Discounts: [{ name: 'Cupón', amount: 20 }],
  shipping: { carrier: 'DHL', trackingNumber: '123' },
  buyer: { nickname: 'X' },
  items: [
    {
      itemExternalId: '77',
      title: 'Taza',
      price: 99.95,
      variationId: null,
      variationName: 'Color: Rojo',
      itemQuantity: 2,
      total: 199.9,
      sku: 'TAZA,12',
      erpId: 'ERP-1',
      channelSku: 'TAZA,12',
      warehouse: 'MX-1',
    },
  ],
});

describe('orderCells', () => {
  const cells = orderCells(order);

  it('keeps the order id a number and the external id exact text', () => {
    expect(cells.orderId).toBe(1000042);
    // A long digit string would become a rounded number in Sheets without the text marker.
    expect(cells.externalId).toBe("'2000005123456");
    expect(cells.externalNumber).toBe("'00123");
  });

  it('writes dates as real Date values', () => {
    expect(cells.created).toBeInstanceOf(Date);
    expect((cells.modified as Date).toISOString()).toBe('2026-11-02T12:00:00.000Z');
    expect(dateCell('not a date')).toBe('not a date');
    expect(dateCell(null)).toBe('');
  });

  it('escapes every hub string: a formula stays text', () => {
    expect(cells.comments).toBe('\'=HYPERLINK("http://evil","click")');
  });

  it('keeps the fields it does not know as compact JSON, never drops them', () => {
    expect(JSON.parse(String(cells.other))).toEqual({ shipping: { carrier: 'DHL', trackingNumber: '123' }, buyer: { nickname: 'X' } });
    expect(cells.discounts).toBe('[{"name":"Cupón","amount":20}]');
    expect(jsonCell([])).toBe('');
    expect(jsonCell({})).toBe('');
  });

  it('maps to the canonical headers', () => {
    const row = byHeader(cells, ORDER_HEADERS);
    expect(row['Order id']).toBe(1000042);
    expect(row.Status).toBe('SHIPPED');
    expect(row.Fulfillment).toBe('');
  });
});

describe('itemCells and item keys', () => {
  it('keeps unknown item fields and the variation', () => {
    const cells = byHeader(itemCells(1000042, order.items[0]), ITEM_HEADERS);
    expect(cells).toMatchObject({ 'Order id': 1000042, SKU: 'TAZA,12', Variation: 'Color: Rojo', Quantity: 2, Price: 99.95 });
    expect(JSON.parse(String(cells['Other fields (JSON)']))).toEqual({ warehouse: 'MX-1' });
  });

  it('reads order id cells written as numbers or text', () => {
    expect(orderKey(1000042)).toBe('1000042');
    expect(orderKey(' 1000042 ')).toBe('1000042');
    expect(orderKey('')).toBe('');
  });
});

describe('what a cell shows after import (the snapshot compares with it)', () => {
  it('is the text without the marker apostrophe', () => {
    expect(shownText('=x')).toBe('=x');
    expect(shownText("'quoted")).toBe("'quoted");
    expect(shownText('plain')).toBe('plain');
    expect(shownText('a\u0007b')).toBe('ab');
  });

  it('cellText reads numbers, booleans and dates as text', () => {
    expect(cellText(123)).toBe('123');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText('')).toBe('');
  });

  it('importedValues holds the editable fields as the cells show them', () => {
    expect(importedValues(order)).toEqual({
      comments: '=HYPERLINK("http://evil","click")',
      internalStatus: 'SHIPPED',
      orderStatus: 'shipped',
      externalNumber: '00123',
    });
  });
});

describe('rate limit arithmetic', () => {
  it('spaces calls by the interval plus the clock slack, and obeys Retry-After', () => {
    expect(callInterval(1)).toBe(60_000 + CLOCK_SLACK_MS);
    // At one call a second (another page of the hub's docs), the slack is a tenth of the interval.
    expect(callInterval(60)).toBe(1100);
    expect(nextCallAt({ lastCallAt: null, notBefore: null }, 1)).toBe(Number.NEGATIVE_INFINITY);
    expect(nextCallAt({ lastCallAt: 1000, notBefore: null }, 1)).toBe(1000 + 60_000 + CLOCK_SLACK_MS);
    const limited = afterRateLimit({ lastCallAt: 1000, notBefore: null }, 2000, 240_000, 1);
    expect(nextCallAt(limited, 1)).toBe(242_000);
    expect(nextCallAt(afterRateLimit({ lastCallAt: 1000, notBefore: null }, 2000, null, 1), 1)).toBe(2000 + 62_000);
  });
});

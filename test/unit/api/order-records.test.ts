import { readOrderRecord } from '../../../src/api/order-records';

const good = {
  orderId: 7,
  channel: 'meli',
  dateAdded: '2026-11-01T10:00:00Z',
  dateCreated: '2026-11-01T09:00:00Z',
  dateModified: '2026-11-02T10:00:00Z',
  externalId: 'E-7',
  total: 20,
  internalStatus: 'CREATED',
  shipping: { carrier: 'x' },
  items: [{ itemExternalId: 'I-1', sku: 'TAZA', itemQuantity: 2, price: 10, total: 20 }],
};

describe('readOrderRecord: one bad record never fails the page', () => {
  it('a valid record passes whole, unknown fields kept', () => {
    expect(readOrderRecord(good)).toMatchObject({ problems: [], itemsRead: true, order: { orderId: 7, shipping: { carrier: 'x' } } });
  });

  it.each([
    [{ total: 'abc' }, 'total = "abc" (expected a number)', true],
    [{ externalId: 12345 }, 'externalId = 12345 (expected a string)', true],
    [{ items: null }, 'items = null (expected a list)', false],
    [{ dateModified: 'yesterday' }, 'dateModified = "yesterday" (expected a date)', true],
    [{ items: [{ itemExternalId: 'I-1', sku: 'TAZA', itemQuantity: '2' }] }, 'items[0].itemQuantity = "2" (expected a number)', true],
  ])('%j → names the field and the value; the rest is read', (change, problem, itemsRead) => {
    const r = readOrderRecord({ ...good, ...change });
    expect(r.problems).toEqual([problem]);
    expect(r.itemsRead).toBe(itemsRead);
    expect(r.order).toMatchObject({ orderId: 7, channel: 'meli', shipping: { carrier: 'x' } });
    expect(r.raw).toMatchObject(change);
  });

  it('a number in a text field is kept as its text; an unreadable date is left empty', () => {
    expect(readOrderRecord({ ...good, externalId: 12345 }).order?.externalId).toBe('12345');
    expect(readOrderRecord({ ...good, dateModified: 'yesterday' }).order?.dateModified).toBe('');
  });

  it('without a readable order id there is no order, only the reason', () => {
    expect(readOrderRecord({ ...good, orderId: 'x7' })).toMatchObject({ order: null, problems: ['orderId = "x7" (expected a number)'] });
    expect(readOrderRecord(42)).toMatchObject({ order: null, problems: ['the record is 42, not an order'] });
  });
});

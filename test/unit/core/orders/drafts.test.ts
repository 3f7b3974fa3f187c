import { DRAFT_HEADER_LIST } from '../../../../src/core/orders/columns';
import { checkDrafts, type DraftColumns } from '../../../../src/core/orders/drafts';
import type { CellValue } from '../../../../src/core/kernel/ports';

const H = DRAFT_HEADER_LIST;
const at: DraftColumns = Object.fromEntries(
  [
    'externalId',
    'channel',
    'currency',
    'created',
    'cartId',
    'comments',
    'sku',
    'title',
    'price',
    'quantity',
    'orderId',
    'syncStatus',
    'syncMessage',
  ].map((k, i) => [k, i]),
);

/** A draft row: External id, Channel, Currency, Created, Cart id, Comments, SKU, Title, Price, Quantity, Order id, Sync status, Sync message. */
const row = (v: Partial<Record<string, CellValue>>): CellValue[] => [
  v.ext ?? '',
  v.channel ?? '',
  v.currency ?? '',
  v.created ?? '',
  v.cart ?? '',
  v.comments ?? '',
  v.sku ?? '',
  v.title ?? '',
  v.price ?? '',
  v.qty ?? '',
  v.orderId ?? '',
  v.status ?? '',
  '',
];

const good = { channel: 'meli', currency: 'mxn', sku: 'TAZA,12', title: 'Taza', price: 99.5, qty: 2 };

describe('checkDrafts', () => {
  it('groups rows by External id into one order with its lines; order-level cells may be written once', () => {
    const check = checkDrafts(
      [
        H as CellValue[],
        row({ ext: 'D-1', ...good, comments: 'regalo' }),
        row({ ext: 'D-1', sku: 'CAM-1', title: 'Camisa', price: '150', qty: 1 }),
        row({ ext: 'D-2', ...good, channel: 'Mercado Libre' }),
      ],
      at,
    );
    expect(check.invalid.size).toBe(0);
    expect(check.orders).toHaveLength(2);
    expect(check.orders[0]).toEqual({
      externalId: 'D-1',
      rows: [2, 3],
      body: {
        channel: 'meli',
        externalId: 'D-1',
        currency: 'MXN',
        comments: 'regalo',
        items: [
          { sku: 'TAZA,12', title: 'Taza', price: 99.5, itemQuantity: 2 },
          { sku: 'CAM-1', title: 'Camisa', price: 150, itemQuantity: 1 },
        ],
      },
    });
    expect(check.orders[1].body.channel).toBe('meli');
  });

  it('gives every row of an order a reason when one of its rows is bad, and sends none of it', () => {
    const check = checkDrafts([H as CellValue[], row({ ext: 'D-3', ...good }), row({ ext: 'D-3', ...good, price: -1 })], at);
    expect(check.orders).toHaveLength(0);
    expect(check.invalid.get(3)).toMatch(/Price cannot be negative/);
    expect(check.invalid.get(2)).toMatch(/not sent: row 3 of this order has a problem/);
  });

  it('names each problem: channel, currency, quantity, SKU, title, created', () => {
    const check = checkDrafts(
      [
        H as CellValue[],
        row({ ext: 'A', ...good, channel: 'ebay' }),
        row({ ext: 'B', ...good, currency: 'pesos' }),
        row({ ext: 'C', ...good, qty: 1.5 }),
        row({ ext: 'D', ...good, sku: '' }),
        row({ ext: 'E', ...good, title: '' }),
        row({ ext: 'F', ...good, created: 'yesterday' }),
        row({ ext: 'G', ...good, qty: 0 }),
        row({ ...good }),
      ],
      at,
    );
    expect(check.orders).toHaveLength(0);
    expect(check.invalid.get(2)).toMatch(/Channel 'ebay' is not an order channel/);
    expect(check.invalid.get(3)).toMatch(/Currency 'pesos' is not a 3-letter code/);
    expect(check.invalid.get(4)).toMatch(/Quantity: must be a whole number/);
    expect(check.invalid.get(5)).toMatch(/SKU is empty/);
    expect(check.invalid.get(6)).toMatch(/Title is empty/);
    expect(check.invalid.get(7)).toMatch(/Created 'yesterday' is not a date/);
    expect(check.invalid.get(8)).toMatch(/Quantity must be at least 1/);
    expect(check.invalid.get(9)).toMatch(/External id is empty/);
  });

  it('refuses an order whose rows disagree on an order-level cell, or that names no channel', () => {
    const check = checkDrafts(
      [H as CellValue[], row({ ext: 'X', ...good }), row({ ext: 'X', ...good, currency: 'USD' }), row({ ext: 'Y', ...good, channel: '' })],
      at,
    );
    expect(check.orders).toHaveLength(0);
    expect(check.invalid.get(2)).toMatch(/Currency differs between rows 2, 3/);
    expect(check.invalid.get(4)).toMatch(/no row of this order names its Channel/);
  });

  it('takes a Created date cell as ISO 8601', () => {
    const check = checkDrafts([H as CellValue[], row({ ext: 'T', ...good, created: new Date(Date.UTC(2026, 10, 1, 10)) })], at);
    expect(check.orders[0].body.dateCreated).toBe('2026-11-01T10:00:00.000Z');
  });

  it('leaves alone orders already created, and those marked to check in the hub or left "Sending"', () => {
    const check = checkDrafts(
      [
        H as CellValue[],
        row({ ext: 'OK', ...good, orderId: 1000500, status: 'Created' }),
        row({ ext: 'U', ...good, status: 'Check in hub' }),
        row({ ext: 'U', ...good }),
        row({ ext: 'S', ...good, status: 'Sending' }),
        row({ ext: 'R', ...good, status: 'Refused' }),
      ],
      at,
    );
    expect(check.orders.map((o) => o.externalId)).toEqual(['R']);
    expect([...check.skipped.keys()].sort()).toEqual([2, 3, 5]);
    expect(check.invalid.get(4)).toMatch(/not sent: another row of order U is the hub may already have it/);
  });

  it('ignores blank rows', () => {
    expect(checkDrafts([H as CellValue[], row({}), row({ ext: 'Z', ...good })], at).orders).toHaveLength(1);
  });
});

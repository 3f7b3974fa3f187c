/**
 * One meaning of a cell, whichever operation reads it: a plain Quantity in a row whose Channel is
 * amazon is amazon's quantity to Push price & stock by channel and to Push changes alike, so what
 * one confirmed is what the other compares with. Built bundle in the runtime emulator against the
 * hub emulator.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, expectInputsUnchanged, hubProducts } from './helpers';

const STOCK = 'Stock & Prices';
const RULES_HEADER = [
  'Channel',
  'Markup %',
  'Markup amount',
  'Rounding',
  'Min price',
  'Max price',
  'Stock buffer',
  'Stock buffer %',
  'Max quantity listed',
  'Send 0 below',
  'Also per-channel columns',
  'Problem',
];

describe('a plain Quantity with a Channel means that channel\u2019s quantity to every operation that reads it by channel', () => {
  const env = useHub();
  const listing = (quantity: number) => ({ quantity, price: 100, status: 'active' });

  beforeEach(() => {
    for (const name of env.rt.sheetNames()) if ([STOCK, 'Rules', 'Hub Sync snapshot'].includes(name)) env.rt.deleteSheet(name);
    env.adminSync('POST', '/__admin/products', {
      products: [
        { sku: 'MEAN-1', quantity: 5, listings: { amazon: listing(5), walmart: listing(5) } },
        { sku: 'MEAN-2', quantity: 5, listings: { amazon: listing(5), walmart: listing(5) } },
      ],
    });
    clearRequests(env);
  });
  const writes = () => apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET');
  const cell = (values: unknown[][], row: number, header: string): unknown => values[row - 1][column(values, header)];

  test('by channel, then Push changes with nothing edited: nothing is sent, another channel keeps its 5', () => {
    const sheet = [
      ['SKU', 'Channel', 'Quantity'],
      ['MEAN-1', 'amazon', 100],
    ];
    env.rt.addSheet(STOCK, sheet);
    env.call('pushByChannelAll');
    expect(cell(env.rt.sheet(STOCK).values(), 2, 'Sync status')).toBe('OK');
    expect(hubProducts(env).get('MEAN-1')!.listings.amazon!.quantity).toBe(100);

    clearRequests(env);
    env.call('pushChanges');
    expect(writes()).toEqual([]);
    const hub = hubProducts(env).get('MEAN-1')!;
    expect(hub.listings.walmart!.quantity).toBe(5);
    expect(hub.listings.amazon!.quantity).toBe(100);
    expectInputsUnchanged(env.rt.sheet(STOCK).values(), sheet);
  });

  test("an edit of that Quantity goes to amazon alone, through amazon's rule, and is then confirmed under the same meaning", () => {
    env.rt.addSheet('Rules', [RULES_HEADER, ['amazon', '', '', '', '', '', 2, '', '', '', '', '']]);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Channel', 'Quantity'],
      ['MEAN-2', 'amazon', 100],
    ]);
    env.call('pushByChannelAll');
    expect(hubProducts(env).get('MEAN-2')!.listings.amazon!.quantity).toBe(98);

    env.rt.sheet(STOCK).setValues([[120]], 'C2');
    clearRequests(env);
    env.call('pushChanges');
    const sent = writes();
    expect(sent.map((q) => q.path.toLowerCase())).toEqual(['/api/stock/updatepricestockbychannel']);
    const hub = hubProducts(env).get('MEAN-2')!;
    expect(hub.listings.amazon!.quantity).toBe(118);
    expect(hub.listings.walmart!.quantity).toBe(5);
    expect(hub.quantity).toBe(5);
    const values = env.rt.sheet(STOCK).values();
    expect(cell(values, 2, 'Sync status')).toBe('OK');
    expect(String(cell(values, 2, 'Sync message'))).toContain('Quantity 120 \u2192 118 for amazon: buffer 2');

    // Confirmed as amazon's quantity: the next Push changes has nothing to send.
    clearRequests(env);
    env.call('pushChanges');
    expect(writes()).toEqual([]);
  });

  test('without a Channel (a pulled sheet), a plain Quantity stays the general quantity for Push changes: Update Stock', () => {
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity'],
      ['MEAN-1', 7],
    ]);
    env.call('pushChanges');
    expect(writes().map((q) => q.path.toLowerCase())).toEqual(['/api/stock/updatestock']);
    expect(hubProducts(env).get('MEAN-1')!.quantity).toBe(7);
    clearRequests(env);
    env.call('pushChanges');
    expect(writes()).toEqual([]);
  });
});

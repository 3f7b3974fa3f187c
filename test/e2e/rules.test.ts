/**
 * Per-channel rules end to end (issue 18, item 1), with the built bundle in the runtime emulator
 * against the hub emulator: the Rules sheet opened (created on first use) from the menu; each kind
 * of rule changes what the hub receives and what the row says; a per-channel column is ruled only
 * when its rule opts in; a product-level push takes the `*` rule; a bad rule row blocks the values
 * it would have ruled (and only those), its reason in its Problem column; the preview shows the
 * rule's effect in its Rule column and "Push these changes" sends exactly the ruled values; a
 * changed-rows push after a ruled push sends nothing again.
 */
import type { ServerFunctionName } from '../../src/server/public-functions';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';
import { call, finish } from './preview-helpers';

const STOCK = 'Stock & Prices';
const RULES = 'Rules';
const HEADER = [
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

/** A rule row by column name (the rest empty). */
function ruleRow(channel: string, cells: Partial<Record<(typeof HEADER)[number], unknown>>): unknown[] {
  return HEADER.map((h, i) => (i === 0 ? channel : (cells[h] ?? '')));
}

describe('per-channel rules', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 30, ['mercadolibre', 'amazon', 'walmart', 'shopify']);
  });

  beforeEach(() => {
    clearRequests(env);
    for (const name of env.rt.sheetNames()) if ([STOCK, RULES, 'Hub Sync snapshot', 'Preview'].includes(name)) env.rt.deleteSheet(name);
  });

  function rules(...rows: unknown[][]): void {
    env.rt.addSheet(RULES, [HEADER, ...rows]);
  }
  function push(fn: ServerFunctionName, sheet: unknown[][]): unknown[][] {
    if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, sheet);
    env.call(fn);
    const values = env.rt.sheet(STOCK).values();
    expectInputsUnchanged(values, sheet);
    return values;
  }
  const cell = (values: unknown[][], row: number, header: string): string => String(values[row - 1][column(values, header)]);

  test('the menu item creates the Rules sheet on first use (header bold and frozen), then says how many rules are in use', () => {
    env.rt.addSheet(STOCK, [
      ['SKU', 'Channel', 'Price'],
      [skus[0], 'amazon', 10],
    ]);
    env.call('openRulesFromMenu');
    expect(env.rt.sheetNames()).toContain(RULES);
    const sheet = env.rt.sheet(RULES);
    expect(sheet.values()[0]).toEqual(HEADER);
    expect(sheet.frozenRows()).toBe(1);
    expect(env.rt.toasts().pop()?.message).toMatch(/^The Rules sheet is ready: one row per channel/);

    sheet.setValues([ruleRow('amazon', { 'Markup %': 20 }), ruleRow('walmart', { 'Min price': 50, 'Max price': 10 })], 'A2');
    env.call('openRulesFromMenu');
    expect(env.rt.toasts().pop()?.message).toBe(
      '1 rule in use; 1 row not used (see the Problem column): nothing is sent for the channels they name until they are fixed.',
    );
    expect(env.rt.sheet(RULES).values()[2][11]).toBe(
      'Rule in row 3 (walmart) not used: the minimum price 50 is above the maximum 10. Nothing is sent with it: fix the row.',
    );
    // Fixed: the Problem cell is emptied.
    env.rt.sheet(RULES).setValues([[5, 100]], 'E3');
    env.call('openRulesFromMenu');
    expect(env.rt.sheet(RULES).values()[2][11]).toBe('');
    expect(env.rt.toasts().pop()?.message).toBe('2 rules in use.');
  });

  test('prices: markup %, .99, a fixed amount, whole units, a multiple of N each change what the hub gets, and the row says so', () => {
    rules(
      ruleRow('amazon', { 'Markup %': 20, Rounding: '.99' }),
      ruleRow('walmart', { 'Markup amount': 2.5, Rounding: 'whole' }),
      ruleRow('shopify', { 'Markup %': 10, Rounding: 'multiple of 5', 'Max price': 200 }),
      ruleRow('mercadolibre', { Rounding: '.90', 'Min price': 10 }),
    );
    const sheet = [
      ['SKU', 'Channel', 'Price'],
      [skus[0], 'amazon', 100],
      [skus[1], 'walmart', 40.2],
      [skus[2], 'shopify', 100],
      [skus[3], 'mercadolibre', 12],
    ];
    const values = push('pushPricesAll', sheet);
    expect([2, 3, 4, 5].map((r) => cell(values, r, 'Sync status'))).toEqual(['OK', 'OK', 'OK', 'OK']);
    const hub = hubProducts(env);
    expect(hub.get(skus[0])!.listings.amazon!.price).toBe(119.99);
    expect(hub.get(skus[1])!.listings.walmart!.price).toBe(43);
    expect(hub.get(skus[2])!.listings.shopify!.price).toBe(110);
    expect(hub.get(skus[3])!.listings.mercadolibre!.price).toBe(11.9);
    expect(cell(values, 2, 'Sync message')).toContain('Price 100 \u2192 119.99 for amazon: +20 %, .99');
    expect(cell(values, 3, 'Sync message')).toContain('Price 40.2 \u2192 43 for walmart: +2.5, whole units');
    expect(cell(values, 4, 'Sync message')).toContain('Price 100 \u2192 110 for shopify: +10 %, multiple of 5');
    expect(cell(values, 5, 'Sync message')).toContain('Price 12 \u2192 11.9 for mercadolibre: .90');
  });

  test('stock: a buffer in units and in %, the most listed and "send 0 below" change what each channel gets', () => {
    rules(
      ruleRow('amazon', { 'Stock buffer': 2 }),
      ruleRow('walmart', { 'Stock buffer %': 25 }),
      ruleRow('shopify', { 'Max quantity listed': 10 }),
      ruleRow('mercadolibre', { 'Stock buffer': 1, 'Send 0 below': 5 }),
    );
    const sheet = [
      ['SKU', 'Channel', 'Quantity'],
      [skus[4], 'amazon', 10],
      [skus[5], 'walmart', 10],
      [skus[6], 'shopify', 500],
      [skus[7], 'mercadolibre', 5],
    ];
    const values = push('pushByChannelAll', sheet);
    expect([2, 3, 4, 5].map((r) => cell(values, r, 'Sync status'))).toEqual(['OK', 'OK', 'OK', 'OK']);
    const hub = hubProducts(env);
    expect(hub.get(skus[4])!.listings.amazon!.quantity).toBe(8);
    expect(hub.get(skus[5])!.listings.walmart!.quantity).toBe(7);
    expect(hub.get(skus[6])!.listings.shopify!.quantity).toBe(10);
    expect(hub.get(skus[7])!.listings.mercadolibre!.quantity).toBe(0);
    expect(cell(values, 2, 'Sync message')).toContain('Quantity 10 \u2192 8 for amazon: buffer 2');
    expect(cell(values, 3, 'Sync message')).toContain('Quantity 10 \u2192 7 for walmart: buffer 25 %');
    expect(cell(values, 4, 'Sync message')).toContain('Quantity 500 \u2192 10 for shopify: max 10');
    expect(cell(values, 5, 'Sync message')).toContain('Quantity 5 \u2192 0 for mercadolibre: buffer 1, 0 below 5');
  });

  test('a per-channel column is ruled only when its rule opts in; a product-level push takes the * rule alone', () => {
    rules(
      ruleRow('amazon', { 'Markup %': 10, 'Max quantity listed': 5 }),
      ruleRow('walmart', { 'Markup %': 10, 'Also per-channel columns': 'yes' }),
      ruleRow('*', { 'Stock buffer': 3 }),
    );
    let values = push('pushPricesAll', [
      ['SKU', 'Price [amazon]', 'Price [walmart]'],
      [skus[8], 50, 50],
    ]);
    expect(cell(values, 2, 'Sync status')).toBe('OK');
    let hub = hubProducts(env);
    expect(hub.get(skus[8])!.listings.amazon!.price).toBe(50);
    expect(hub.get(skus[8])!.listings.walmart!.price).toBe(55);
    expect(cell(values, 2, 'Sync message')).toContain('Price [walmart] 50 \u2192 55 for walmart: +10 %');

    values = push('pushStockAll', [
      ['SKU', 'Quantity'],
      [skus[9], 10],
    ]);
    expect(cell(values, 2, 'Sync status')).toBe('OK');
    hub = hubProducts(env);
    expect(hub.get(skus[9])!.quantity).toBe(7);
    // What the * rule did is said; amazon's own rule, which this push never takes, is not repeated at the row.
    expect(cell(values, 2, 'Sync message')).toContain('Quantity 10 \u2192 7 for every channel: buffer 3');
    expect(cell(values, 2, 'Sync message')).not.toContain('amazon');
  });

  test('a bad rule blocks the values it would have ruled, at their rows, and only those; an unknown channel blocks every channel', () => {
    rules(ruleRow('amazon', { 'Min price': 50, 'Max price': 10 }), ruleRow('walmart', { 'Markup %': 10 }));
    const before = hubProducts(env);
    const sheet = [
      ['SKU', 'Channel', 'Price'],
      [skus[10], 'amazon', 100],
      [skus[11], 'walmart', 100],
    ];
    let values = push('pushPricesAll', sheet);
    expect(cell(values, 2, 'Sync status')).toBe('Error');
    expect(cell(values, 2, 'Sync message')).toBe(
      'Price 100 not sent for amazon: the rule in Rules row 2 is not usable (the minimum price 50 is above the maximum 10). Fix that row, then push again',
    );
    expect(cell(values, 3, 'Sync status')).toBe('OK');
    let hub = hubProducts(env);
    expect(hub.get(skus[10])!.listings.amazon!.price).toBe(before.get(skus[10])!.listings.amazon!.price);
    expect(hub.get(skus[11])!.listings.walmart!.price).toBe(110);
    expect(env.rt.sheet(RULES).values()[1][11]).toMatch(/^Rule in row 2 \(amazon\) not used: the minimum price 50 is above the maximum 10/);
    expect(apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET' && (q.skus ?? []).includes(skus[10]))).toEqual([]);
    expect(apiRequests(env).filter((q) => (q.skus ?? []).includes(skus[11]))).not.toEqual([]);

    // A typo in a channel code: which channel it meant cannot be told, so nothing ruled goes anywhere.
    env.rt.deleteSheet(RULES);
    rules(ruleRow('amazn', { 'Markup %': 20 }));
    clearRequests(env);
    values = push('pushPricesAll', sheet);
    expect([2, 3].map((r) => cell(values, r, 'Sync status'))).toEqual(['Error', 'Error']);
    expect(cell(values, 3, 'Sync message')).toMatch(
      /^Price 100 not sent for walmart\. The rule in Rules row 2 is not usable \("amazn" is not a channel of the hub/,
    );
    expect(apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET')).toEqual([]);
    hub = hubProducts(env);
    expect(hub.get(skus[11])!.listings.walmart!.price).toBe(110);
  });

  test('a ruled plain value that clashes with a per-channel cell names the rule, not only the cells', () => {
    rules(ruleRow('amazon', { 'Markup %': 20 }));
    const values = push('pushPricesAll', [
      ['SKU', 'Channel', 'Price', 'Price [amazon]'],
      [skus[14], 'amazon', 100, 100],
    ]);
    expect(cell(values, 2, 'Sync status')).toBe('Error');
    expect(cell(values, 2, 'Sync message')).toMatch(
      /^Price \(Channel amazon\) after the amazon rule and Price \[amazon\] disagree \(120 vs 100\): keep one/,
    );
  });

  test("the preview shows each rule's effect in its Rule column; Push these changes sends exactly the ruled values; a changed-rows push then sends nothing again", () => {
    rules(ruleRow('amazon', { 'Markup %': 20, Rounding: '.99' }));
    env.rt.addSheet(STOCK, [
      ['SKU', 'Channel', 'Price'],
      [skus[12], 'amazon', 100],
      [skus[13], 'amazon', 200],
    ]);
    const preview = call(env, 'previewPush', 'prices', 'all');
    const lines = env.rt.sheet('Preview').values();
    expect(lines[0][10]).toBe('Rule');
    const first = lines.find((row) => row[0] === skus[12])!;
    expect(first[5]).toBe(119.99);
    expect(first[10]).toBe('Price 100 \u2192 119.99 for amazon: +20 %, .99');
    clearRequests(env);
    const done = finish(env, call(env, 'pushPreviewedChanges', preview.previewId));
    expect(done.ok).toBe(2);
    const hub = hubProducts(env);
    expect(hub.get(skus[12])!.listings.amazon!.price).toBe(119.99);
    expect(hub.get(skus[13])!.listings.amazon!.price).toBe(239.99);

    // What the hub confirmed is the ruled value: the sheet's 100 is not an edit any more.
    clearRequests(env);
    env.call('pushPricesChanged');
    expect(apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET')).toEqual([]);
    const values = env.rt.sheet(STOCK).values();
    expect(cell(values, 2, 'Sync status')).toBe('OK');

    // A changed rule is a changed value: the next changed-rows push sends the new ruled value.
    env.rt.sheet(RULES).setValues([[10]], 'B2');
    env.call('pushPricesChanged');
    expect(hubProducts(env).get(skus[12])!.listings.amazon!.price).toBe(109.99);
  });
});

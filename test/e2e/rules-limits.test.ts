/**
 * A value a rule makes passes the limits a typed cell does, with the built bundle in the runtime
 * emulator against the hub emulator: a markup that takes a price to 0 or below, past the largest
 * value sent, or outside the rule's own Min/Max price is refused for that row and channel — in
 * the row, in the preview and in the Rules sheet's Problem cell — never clamped and never OK;
 * the other rows go on.
 */
import type { ServerFunctionName } from '../../src/server/public-functions';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';
import { call } from './preview-helpers';

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
const PROBLEM = HEADER.indexOf('Problem');

function ruleRow(channel: string, cells: Partial<Record<(typeof HEADER)[number], unknown>>): unknown[] {
  return HEADER.map((h, i) => (i === 0 ? channel : (cells[h] ?? '')));
}

describe('a value a rule makes passes the limits a cell does', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 20, ['mercadolibre', 'amazon', 'walmart']);
  });

  beforeEach(() => {
    clearRequests(env);
    for (const name of env.rt.sheetNames()) if ([STOCK, RULES, 'Hub Sync snapshot', 'Preview'].includes(name)) env.rt.deleteSheet(name);
  });

  function push(fn: ServerFunctionName, sheet: unknown[][]): unknown[][] {
    env.rt.addSheet(STOCK, sheet);
    env.call(fn);
    const values = env.rt.sheet(STOCK).values();
    expectInputsUnchanged(values, sheet);
    return values;
  }
  const cell = (values: unknown[][], row: number, header: string): string => String(values[row - 1][column(values, header)]);
  const writes = (sku: string) => apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET' && (q.skus ?? []).includes(sku));

  test('a negative markup amount larger than the price is refused (not sent at 0.01), with the rule and the value named; a larger price goes', () => {
    env.rt.addSheet(RULES, [HEADER, ruleRow('amazon', { 'Markup amount': -20 })]);
    const before = hubProducts(env).get(skus[0])!.listings.amazon!.price;
    const values = push('pushPricesAll', [
      ['SKU', 'Channel', 'Price'],
      [skus[0], 'amazon', 10],
      [skus[1], 'amazon', 50],
    ]);
    expect(cell(values, 2, 'Sync status')).toBe('Error');
    expect(cell(values, 2, 'Sync message')).toBe(
      'Price 10 \u2192 -10 for amazon under the rule in Rules row 2 (\u221220): a price must be above 0. Not sent: change the value or the rule',
    );
    expect(cell(values, 3, 'Sync status')).toBe('OK');
    const hub = hubProducts(env);
    expect(hub.get(skus[0])!.listings.amazon!.price).toBe(before);
    expect(hub.get(skus[1])!.listings.amazon!.price).toBe(30);
    expect(writes(skus[0])).toEqual([]);
    // The Rules sheet says when this rule refuses, where the seller typed it.
    expect(env.rt.sheet(RULES).values()[1][PROBLEM]).toBe(
      'In use. Prices at or below 20 come to 0 or less under this rule (markup amount -20): those are refused, not sent.',
    );
  });

  test('a markup past the largest value sent is refused for the row, and a pasted huge markup makes the rule row unusable, in its Problem cell', () => {
    env.rt.addSheet(RULES, [HEADER, ruleRow('amazon', { 'Markup %': 400 }), ruleRow('walmart', { 'Markup amount': 5_000_000_000 })]);
    const values = push('pushPricesAll', [
      ['SKU', 'Channel', 'Price'],
      [skus[2], 'amazon', 300_000_000],
      [skus[3], 'amazon', 100],
      [skus[4], 'walmart', 100],
    ]);
    expect(cell(values, 2, 'Sync status')).toBe('Error');
    expect(cell(values, 2, 'Sync message')).toBe(
      'Price 300000000 \u2192 1500000000 for amazon under the rule in Rules row 2 (+400 %). 1500000000 is beyond the largest value sent (1,000,000,000). Not sent: change the value or the rule',
    );
    expect(cell(values, 3, 'Sync status')).toBe('OK');
    expect(hubProducts(env).get(skus[3])!.listings.amazon!.price).toBe(500);
    expect(cell(values, 4, 'Sync status')).toBe('Error');
    expect(cell(values, 4, 'Sync message')).toMatch(
      /^Price 100 not sent for walmart\. The rule in Rules row 3 is not usable \(the markup amount 5000000000 is beyond the largest value sent/,
    );
    expect(env.rt.sheet(RULES).values()[2][PROBLEM]).toMatch(
      /^Rule in row 3 \(walmart\) not used: the markup amount 5000000000 is beyond the largest value sent/,
    );
    expect(writes(skus[2])).toEqual([]);
    expect(writes(skus[4])).toEqual([]);
  });

  test("a price the markup takes outside the rule's Min or Max price is refused, not clamped to the bound", () => {
    env.rt.addSheet(RULES, [
      HEADER,
      ruleRow('mercadolibre', { Rounding: '.90', 'Min price': 30 }),
      ruleRow('walmart', { 'Markup %': 10, 'Max price': 60 }),
    ]);
    const hubBefore = hubProducts(env);
    const values = push('pushPricesAll', [
      ['SKU', 'Channel', 'Price'],
      [skus[5], 'mercadolibre', 12],
      [skus[6], 'walmart', 100],
      [skus[7], 'walmart', 50],
    ]);
    expect(cell(values, 2, 'Sync message')).toBe(
      "Price 12 for mercadolibre under the rule in Rules row 2: below the rule's Min price 30. Not sent: change the value or the rule",
    );
    expect(cell(values, 3, 'Sync message')).toBe(
      "Price 100 \u2192 110 for walmart under the rule in Rules row 3 (+10 %): above the rule's Max price 60. Not sent: change the value or the rule",
    );
    expect([2, 3, 4].map((r) => cell(values, r, 'Sync status'))).toEqual(['Error', 'Error', 'OK']);
    const hub = hubProducts(env);
    expect(hub.get(skus[5])!.listings.mercadolibre!.price).toBe(hubBefore.get(skus[5])!.listings.mercadolibre!.price);
    expect(hub.get(skus[6])!.listings.walmart!.price).toBe(hubBefore.get(skus[6])!.listings.walmart!.price);
    expect(hub.get(skus[7])!.listings.walmart!.price).toBe(55);
  });

  test('every road refuses it alike: by channel (a per-channel column the rule opts into), a product-level push through the * rule, and the preview says refused with the reason', () => {
    env.rt.addSheet(RULES, [
      HEADER,
      ruleRow('amazon', { 'Markup amount': -20, 'Also per-channel columns': 'yes' }),
      ruleRow('*', { 'Markup amount': -20 }),
    ]);
    let values = push('pushByChannelAll', [
      ['SKU', 'Price [amazon]', 'Quantity [amazon]'],
      [skus[8], 15, 4],
    ]);
    expect(cell(values, 2, 'Sync status')).toBe('Error');
    expect(cell(values, 2, 'Sync message')).toMatch(/^Price \[amazon\] 15 \u2192 -5 for amazon under the rule in Rules row 2/);
    expect(writes(skus[8])).toEqual([]);

    // A product-level value (a price by ERP id: every channel) goes through the * rule, and is refused alike.
    env.call('saveSettings', { plainChannels: ['*'] });
    env.rt.deleteSheet(STOCK);
    values = push('pushErpAll', [
      ['ERP id', 'Price'],
      [hubProducts(env).get(skus[9])!.internalId, 5],
    ]);
    env.call('saveSettings', { plainChannels: [] });
    expect(cell(values, 2, 'Sync status')).toBe('Error');
    expect(cell(values, 2, 'Sync message')).toMatch(
      /^Price 5 \u2192 -15 for every channel under the rule in Rules row 3 \(\u221220\): a price must be above 0/,
    );
    expect(apiRequests(env).filter((q) => /erp/i.test(q.path))).toEqual([]);

    env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Channel', 'Price'],
      [skus[10], 'amazon', 10],
      [skus[11], 'amazon', 100],
    ]);
    const preview = call(env, 'previewPush', 'prices', 'all');
    const lines = env.rt.sheet('Preview').values();
    const header = lines[0] as string[];
    const refused = lines.find((row) => row[0] === skus[10])!;
    const what = header.indexOf('What happens');
    const why = header.indexOf('Why');
    expect(String(refused[what])).toMatch(/refused/i);
    expect(String(refused[why])).toMatch(/under the rule in Rules row 2 \(\u221220\): a price must be above 0/);
    const sent = lines.find((row) => row[0] === skus[11])!;
    expect(String(sent[what])).not.toMatch(/refused/i);
    expect(preview.previewId).toBeTruthy();
  });
});

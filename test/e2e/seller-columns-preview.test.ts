/**
 * The Preview sheet with columns of the seller's own (one inserted at A, one in the middle): the
 * next preview is still written, each value under its own header, and the seller's columns keep
 * their values.
 */
import { hubProducts, useHub } from '../support/hub';
import { seedProducts } from './helpers';
import { unwrap } from '../support/results';
import { expectSellerColumn, insertSellerColumn, rowsByHeader, type SellerColumn } from './seller-columns-helpers';

const STOCK = 'Stock & Prices';
const NOTES: SellerColumn = { header: 'Notes', values: ['ask before sending', '', 'too cheap?', 'ok', 'ok', 'ok', 'ok'] };
const CHECKED: SellerColumn = { header: 'Checked by', values: ['Ana', 'Ana'] };

describe('Preview sheet: the seller\u2019s own columns', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 3, ['amazon'], 'active');
  });

  test('a second preview lands under SKU, Row, Channel, …; Notes and Checked by keep their values', () => {
    const hub = hubProducts(env);
    const price = (sku: string): number => hub.get(sku)!.listings.amazon!.price;
    env.rt.addSheet(STOCK, [['SKU', 'Price [amazon]'], ...skus.map((s) => [s, price(s) + 1])]);
    unwrap(env.call('previewPush', 'prices', 'all'));
    const header = env.rt.sheet('Preview').values()[0];
    expect(header[0]).toBe('SKU');

    insertSellerColumn(env, 'Preview', 1, NOTES);
    // In the middle: before Hub now (now column F).
    insertSellerColumn(env, 'Preview', 6, CHECKED);
    const withSeller = env.rt.sheet('Preview').values()[0];
    expect(withSeller.slice(0, 7)).toEqual(['Notes', 'SKU', 'Row', 'Channel', 'Field', 'Checked by', 'Hub now']);

    env.rt.sheet(STOCK).setValues([[price(skus[1]) + 5]], 'B3');
    unwrap(env.call('previewPush', 'prices', 'all'));
    const values = env.rt.sheet('Preview').values();
    expect(values[0]).toEqual(withSeller);
    expectSellerColumn(values, 0, NOTES);
    expectSellerColumn(values, 5, CHECKED);
    const lines = rowsByHeader(values).filter((r) => r.SKU !== '');
    expect(lines.map((r) => [r.SKU, r.Row, r.Channel, r.Field, r['Hub now'], r.Sheet, r['What happens']])).toEqual(
      skus.map((s, i) => [s, i + 2, 'amazon', 'price', price(s), price(s) + (i === 1 ? 5 : 1), 'send']),
    );
    // Nothing else of ours below the lines.
    expect(rowsByHeader(values).filter((r) => r.SKU === '' && r.Field !== '')).toEqual([]);
  });
});

/**
 * Review 18: a rounding that reaches 0 sent a price of 0. "Multiple of 5" made a 2.00 price 0 (and
 * "whole units" a 0.40 one), the hub listed the product for nothing and the row said OK. A ruled
 * price is above 0: the smallest price of the rounding's form, said in the row.
 */
import { useHub } from '../../support/hub';
import { column, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';

describe('a ruled price never reaches 0', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart']);
  });

  test('2 to a multiple of 5 is 5, 0.40 to whole units is 1', () => {
    env.rt.addSheet('Rules', [
      ['Channel', 'Rounding'],
      ['amazon', 'multiple of 5'],
      ['walmart', 'whole'],
    ]);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Channel', 'Price'],
      [skus[0], 'amazon', 2],
      [skus[1], 'walmart', 0.4],
    ]);
    env.call('pushPricesAll');
    const hub = hubProducts(env);
    expect(hub.get(skus[0])!.listings.amazon!.price).toBe(5);
    expect(hub.get(skus[1])!.listings.walmart!.price).toBe(1);
    const values = env.rt.sheet(STOCK).values();
    const message = column(values, 'Sync message');
    expect(values[1][column(values, 'Sync status')]).toBe('OK');
    expect(values[1][message]).toContain('Price 2 \u2192 5 for amazon: multiple of 5, above 0');
    expect(values[2][message]).toContain('Price 0.4 \u2192 1 for walmart: whole units, above 0');
  });
});

/**
 * Review 18: a catalogue pull (or a refresh) after a ruled push. The hub holds the ruled values
 * (Quantity 10 with a `*` buffer of 3 is 7 in the hub; Price [walmart] 50 with walmart's +10 % is
 * 55), so the pull took the seller's own, pushed cells for "values the hub has not confirmed
 * (edited and not pushed yet)" and asked to replace them — and, answered Yes, wrote 7 and 55 over
 * the seller's 10 and 50, which the next push ruled again (4 and 60.5): every round trip took the
 * buffer and the markup once more. A cell whose ruled value is what the hub holds is in line with
 * the hub: nothing is asked, the cell keeps the seller's base value, and Push changes sends nothing.
 */
import type { AddonEnv } from '../../../dev/testkit/env';
import { useHub } from '../../support/hub';
import { apiRequests, clearRequests, column, expectInputsUnchanged, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';
const posts = (env: AddonEnv) => apiRequests(env).filter((r) => r.method.toUpperCase() !== 'GET');

describe("a pull after a ruled push keeps the seller's base values", () => {
  let skus: string[];
  let sheet: unknown[][];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 3, ['amazon', 'walmart']);
    env.rt.addSheet('Rules', [
      ['Channel', 'Stock buffer', 'Markup %', 'Also per-channel columns'],
      ['*', 3, '', ''],
      ['walmart', '', 10, 'yes'],
    ]);
    sheet = [['SKU', 'Quantity', 'Price [walmart]'], ...skus.map((s) => [s, 10, 50])];
    env.rt.addSheet(STOCK, sheet);
    env.call('pushStockAll');
    env.call('pushPricesAll');
    const hub = hubProducts(env).get(skus[0])!;
    expect([hub.quantity, hub.listings.walmart!.price]).toEqual([7, 55]);
  });

  test('the pull asks nothing, keeps 10 and 50, and Push changes then sends nothing', () => {
    const dialogs = env.rt.dialogs().length;
    env.call('pullCatalogueFromMenu');
    expect(env.rt.dialogs().slice(dialogs)).toEqual([]);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Pulled 3 SKUs/);
    const values = env.rt.sheet(STOCK).values();
    expectInputsUnchanged(values, sheet);
    clearRequests(env);
    env.call('pushChanges');
    expect(posts(env)).toEqual([]);
    const hub = hubProducts(env).get(skus[0])!;
    expect([hub.quantity, hub.listings.walmart!.price]).toEqual([7, 55]);
  });

  test('a refresh of selected rows keeps them too; a value changed on the hub is still written', () => {
    const p = hubProducts(env).get(skus[1])!;
    p.listings.walmart!.price = 70;
    env.adminSync('POST', '/__admin/products', { products: [p] });
    env.rt.select(STOCK, 'A2:A4');
    env.call('refreshSelectedFromMenu');
    const values = env.rt.sheet(STOCK).values();
    const price = column(values, 'Price [walmart]');
    expect(values.slice(1, 4).map((r) => [r[column(values, 'Quantity')], r[price]])).toEqual([
      [10, 50],
      [10, 70],
      [10, 50],
    ]);
    clearRequests(env);
    env.call('pushChanges');
    // 70 is the seller's value now (the hub's, written by the refresh): it goes, ruled.
    expect(posts(env).map((r) => r.skus)).toEqual([[skus[1]]]);
    expect(hubProducts(env).get(skus[1])!.listings.walmart!.price).toBe(77);
  });
});

/**
 * Found by the cross-feature property (dev/testkit/cross, mixed profile), shrunk: Push changes
 * sends a row's general Quantity (Update Stock) and its Price [walmart] (Update Price). The hub
 * refused the quantity and took the price: the row said Warning, but its Status [walmart] said OK
 * — the price's OK had replaced the quantity's refusal, though walmart's listing does not hold the
 * row's Quantity. A channel is OK only when every value the row sent it is.
 */
import { useHub } from '../../support/hub';
import { column, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';

describe('cross: a channel one value of the row failed for is not OK because another value reached it', () => {
  let sku: string;
  const env = useHub({}, (env) => {
    [sku] = seedProducts(env, 1, ['amazon', 'walmart']);
  });

  test('Update Stock refused, Update Price taken: Status [walmart] is not OK, and says why', () => {
    const before = hubProducts(env).get(sku)!;
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity', 'Price [walmart]'],
      [sku, before.quantity + 5, 12.5],
    ]);
    // Every Update Stock item refused, in an answer that looks like the others.
    env.adminSync('POST', '/__admin/faults', { pathPattern: 'updatestock', answerFaults: { refuse: 1 }, seed: 3 });
    try {
      env.call('pushChanges');
    } finally {
      env.adminSync('DELETE', '/__admin/faults');
    }
    const hub = hubProducts(env).get(sku)!;
    expect(hub.listings.walmart!.price).toBe(12.5);
    expect(hub.listings.walmart!.quantity).toBe(before.listings.walmart!.quantity);
    const values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync status')]).toBe('Warning');
    expect(values[1][column(values, 'Status [amazon]')]).not.toBe('OK');
    expect(values[1][column(values, 'Status [walmart]')]).not.toBe('OK');
    expect(values[1][column(values, 'Status [walmart]')]).toBe(values[1][column(values, 'Status [amazon]')]);
  });
});

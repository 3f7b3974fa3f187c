/**
 * Push stock (one quantity for every channel) with a channel's own stock buffer and no `*` row: the
 * quantity goes unruled to every channel. The seller learns it once, at the rule — its Problem cell
 * says it changes nothing on this sheet and why — not at every row the push wrote.
 */
import { useHub } from '../../support/hub';
import { column, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';

describe('an own rule a product-level push cannot apply is said at the rule', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart']);
  });

  test("Push stock with amazon's buffer and no * row: the quantity goes unruled, the row says nothing of it, the rule's Problem cell does", () => {
    env.rt.addSheet('Rules', [
      ['Channel', 'Stock buffer', 'Problem'],
      ['amazon', 3, ''],
    ]);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity'],
      [skus[0], 10],
    ]);
    env.call('pushStockAll');
    expect(hubProducts(env).get(skus[0])!.quantity).toBe(10);
    const values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync status')]).toBe('OK');
    expect(values[1][column(values, 'Sync message')]).toBe('Quantity 10 sent to 2 channels');
    expect(env.rt.sheet('Rules').values()[1][2]).toBe(
      'Changes nothing on "Stock & Prices": Quantity is one value for every channel here, which only the * row rules.',
    );
  });
});

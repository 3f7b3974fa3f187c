/**
 * Review 18: Push stock (one quantity for every channel) with a channel's own stock buffer and no
 * `*` row sent the whole quantity to that channel and said only "sent to 2 channels": the note
 * that the channel's own rule was not applied came only when a `*` rule shaped the value too, so
 * the seller whose amazon keeps 3 back never learned amazon was told all 10.
 */
import { useHub } from '../../support/hub';
import { column, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';

describe('an own rule a product-level push cannot apply is said without a * row', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart']);
  });

  test("Push stock with amazon's buffer and no * row: the quantity goes unruled, and the row says amazon's rule was not applied", () => {
    env.rt.addSheet('Rules', [
      ['Channel', 'Stock buffer'],
      ['amazon', 3],
    ]);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity'],
      [skus[0], 10],
    ]);
    env.call('pushStockAll');
    expect(hubProducts(env).get(skus[0])!.quantity).toBe(10);
    const values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync status')]).toBe('OK');
    expect(values[1][column(values, 'Sync message')]).toContain(
      'Quantity 10 for every channel; the own rule of amazon not applied (one value for every channel): push price & stock by channel to apply it',
    );
  });
});

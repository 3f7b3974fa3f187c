/**
 * Revert from the History reads the hub again when Put these values back is pressed: a SKU the
 * hub cannot be read for at that moment has its values left (a colleague's change since cannot be
 * ruled out) unless the seller chose to overwrite.
 */
import { useHub } from '../support/hub';
import { changeOnHub, hubProducts, seedProducts } from './helpers';
import { call, finish } from './preview-helpers';

const STOCK = 'Stock & Prices';

describe('revert from the History while the hub cannot be read at Put back', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 3, ['amazon', 'walmart'], 'active');
  });
  afterEach(() => env.adminSync('DELETE', '/__admin/faults'));

  test("a value the preview left as changed on the hub is not overwritten when the Put back's read fails", () => {
    const a = skus[0];
    env.rt.addSheet(STOCK, [
      ['SKU', 'Price [amazon]', 'Price [walmart]'],
      [a, 100, 110],
    ]);
    env.call('pushPricesAll');
    env.rt.sheet(STOCK).setValues([[200, 210]], 'B2');
    env.call('pushPricesAll');
    const push = call(env, 'getHistory', { sku: a }).entries[0].push;
    // A colleague sets the amazon price on the hub after the push.
    changeOnHub(env, a, 'amazon', 'price', 99);

    const shown = call(env, 'previewRevert', { push }, false);
    // The preview leaves it, and says so: only walmart would be put back.
    expect(shown.totals.changedOnHub).toBe(1);
    expect(shown.overwrite).toBe(false);

    // The hub's read of the SKU fails when Put these values back is pressed (a 500 each try).
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: 'getpricestockbychannel' });
    finish(env, call(env, 'revertFromHistory', { push }, false, shown.newestId));
    env.adminSync('DELETE', '/__admin/faults');

    const held = hubProducts(env).get(a)!.listings;
    // The colleague's 99 stays: the seller did not choose to overwrite values changed since.
    expect(held.amazon!.price).toBe(99);
  });
});

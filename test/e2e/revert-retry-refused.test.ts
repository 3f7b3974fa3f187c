/**
 * "A value the hub refused is not marked Reverted: its row says why, and reverting again tries it
 * again" (docs/user/history.md): the failed revert does not count as a later push that changed it.
 */
import { useHub } from '../support/hub';
import { columnValues, hubProducts, seedProducts } from './helpers';
import { call, finish } from './preview-helpers';

const STOCK = 'Stock & Prices';

describe('reverting again after the hub refused a revert', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart'], 'active');
  });
  afterEach(() => env.adminSync('DELETE', '/__admin/faults'));

  test('tries the refused value again (no overwrite needed)', () => {
    const a = skus[0];
    const price = (): number => hubProducts(env).get(a)!.listings.amazon!.price;
    env.rt.addSheet(STOCK, [
      ['SKU', 'Price [amazon]'],
      [a, 100],
    ]);
    env.call('pushPricesAll');
    env.rt.sheet(STOCK).setValues([[200]], 'B2');
    env.call('pushPricesAll');
    const push = call(env, 'getHistory', { sku: a }).entries[0].push;

    const shown = call(env, 'previewRevert', { push }, false);
    expect(shown.rowsToRestore).toBe(1);
    // The channel refuses the value put back: the hub keeps 200.
    env.adminSync('POST', '/__admin/faults', { channelErrors: { amazon: 'Publicación pausada por el canal' } });
    finish(env, call(env, 'revertFromHistory', { push }, false, shown.newestId));
    env.adminSync('DELETE', '/__admin/faults');
    expect(price()).toBe(200);
    expect(columnValues(env.rt.sheet(STOCK).values(), 'Sync status')).not.toEqual(['Reverted']);

    // The channel takes values again: reverting again tries it again.
    const again = call(env, 'previewRevert', { push }, false);
    const why = env.rt
      .sheet('Preview')
      .values()
      .slice(1)
      .map((r) => r.join(' | '));
    expect(why.join('\n')).not.toMatch(/changed by a later push/);
    expect(again.rowsToRestore).toBe(1);
    finish(env, call(env, 'revertFromHistory', { push }, false, again.newestId));
    expect(price()).toBe(100);
  });
});

/**
 * Revert from the History of a push of prices by ERP id: the snapshot keeps no before for such
 * rows, so the before is the last value the ledger records the hub confirming (the push before
 * it), and the revert puts it back.
 */
import { useHub } from '../support/hub';
import { hubProducts, seedProducts } from './helpers';
import { call, finish } from './preview-helpers';

const STOCK = 'Stock & Prices';

describe('revert from the History of a push of prices by ERP id', () => {
  let skus: string[];
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart'], 'active');
  });

  test('the price the push before it set and the hub confirmed is put back', () => {
    const a = skus[0];
    const erpId = hubProducts(env).get(a)!.internalId;
    env.rt.addSheet(STOCK, [
      ['ERP id', 'Price', 'SKU'],
      [erpId, 555, a],
    ]);
    env.call('pushErpAll');
    env.rt.sheet(STOCK).setValues([[556]], 'B2');
    env.call('pushErpAll');
    const [second, first] = call(env, 'getHistory', { sku: a }).entries;
    // The ledger knows the hub confirmed 555 just before the second push sent 556.
    expect([first.sent, first.answer, second.sent, second.answer]).toEqual([555, 'OK', 556, 'OK']);
    expect(hubProducts(env).get(a)!.price).toBe(556);

    const shown = call(env, 'previewRevert', { push: second.push }, false);
    expect(shown.rowsToRestore).toBe(1);
    finish(env, call(env, 'revertFromHistory', { push: second.push }, false, shown.newestId));
    expect(hubProducts(env).get(a)!.price).toBe(555);
  });
});

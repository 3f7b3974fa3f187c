/**
 * Pull catalogue plans its writes from the sheet as read before paging the hub. A colleague who
 * sorts the sheet while the pages are read must not get every product's values written into
 * another SKU's row (and "Push changes" then sending one product's quantities to another): the
 * pull reads the sheet again before writing and, if it changed, writes nothing and says so.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows } from './attack-helpers';

describe('attack: pull catalogue while a colleague sorts', () => {
  const env = useHub();

  test('values land on the rows that held those SKUs before the sort', () => {
    const skus = Array.from({ length: 6 }, (_, i) => `P-${i + 1}`);
    freshWorld(
      env,
      skus.map((sku, i) => ({ sku, quantity: 10 * (i + 1), price: 100 + i, listings: { amazon: { quantity: 10 * (i + 1) } } })),
    );
    env.call('pullCatalogueFromMenu');
    const header = env.rt.sheet(SHEET).values()[0] as string[];
    // The hub changes (another system sold some units), then the seller pulls again while a colleague sorts.
    env.adminSync('POST', '/__admin/products', {
      products: skus.map((sku, i) => ({ sku, quantity: 11 * (i + 1), price: 100 + i, listings: { amazon: { quantity: 11 * (i + 1) } } })),
    });
    let sorted = false;
    env.rt.onServiceCall((info) => {
      if (!sorted && info.service === 'UrlFetchApp') {
        sorted = true;
        env.rt.sheet(SHEET).sortRows(2, skus.length + 1, header.indexOf('SKU') + 1, false);
      }
    });
    env.rt.answerNext('OK');
    try {
      env.call('pullCatalogueFromMenu');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    // The sheet changed under the pull: nothing is written, and it says why.
    expect(String(env.rt.dialogs().at(-1)?.message)).toMatch(/was changed .* while the catalogue was read, so nothing was written/);
    const hub = products(env);
    const wrong = rows(env)
      .filter((r) => r.Quantity !== 10 * Number(String(r.SKU).slice(2)))
      .map((r) => `${r.SKU}: sheet ${r.Quantity}`);
    env.adminSync('DELETE', '/__admin/requests');
    env.call('pushChanges');
    const hubAfter = products(env);
    const corrupted = skus
      .filter((s) => hubAfter.get(s)!.quantity !== hub.get(s)!.quantity)
      .map((s) => `${s}: ${hub.get(s)!.quantity} -> ${hubAfter.get(s)!.quantity}`);
    expect({ sorted, wrong, corruptedByPushChanges: corrupted }).toEqual({ sorted: true, wrong: [], corruptedByPushChanges: [] });
  });
});

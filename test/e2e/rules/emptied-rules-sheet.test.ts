/**
 * Review 18: a seller who emptied the Rules sheet (select all, delete) to drop every rule had every
 * push refused ("the rule in Rules row 1 is not usable (the sheet "Rules" has no Channel column)"):
 * an empty sheet was read as a bad header. It holds no rule, so nothing is ruled or blocked; a
 * sheet with content but no Channel header still blocks (which channel a row meant is unknown).
 */
import { useHub } from '../../support/hub';
import { column, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';

describe('an emptied Rules sheet holds no rule', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart']);
  });

  const push = (): unknown[][] => {
    if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity'],
      [skus[0], 10],
    ]);
    env.call('pushStockAll');
    return env.rt.sheet(STOCK).values();
  };

  test('emptied: the push goes unruled; headerless with content: refused', () => {
    env.rt.addSheet('Rules', [
      ['', ''],
      ['', ''],
    ]);
    let values = push();
    expect(values[1][column(values, 'Sync status')]).toBe('OK');
    expect(hubProducts(env).get(skus[0])!.quantity).toBe(10);
    env.rt.deleteSheet('Rules');
    env.rt.addSheet('Rules', [['amazon', 3]]);
    values = push();
    expect(values[1][column(values, 'Sync status')]).toBe('Error');
    expect(values[1][column(values, 'Sync message')]).toMatch(/has no Channel column/);
  });
});

/**
 * A long revert's preview, end to end through the built bundle against the hub emulator: the
 * Preview sheet lists every value not put back as it was pushed and the first values put back over
 * exactly what their push set, and counts the rest in one line; the sidebar's summary says so; the
 * revert then puts back every counted value too, and leaves the ones changed since.
 */
import { useHub } from '../support/hub';
import { changeOnHub, columnValues, hubProducts, seedProducts } from './helpers';
import { call, finish } from './preview-helpers';
import { RESTORE_PLAIN_LISTED } from '../../src/core/undo/listed';
import { revertSummary } from '../../src/core/undo/summary';

const STOCK = 'Stock & Prices';
const ROWS = RESTORE_PLAIN_LISTED + 100;

describe('a revert of more values than its Preview sheet lists one by one', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, ROWS, ['amazon'], 'active');
  });
  const price = (sku: string): number => hubProducts(env).get(sku)!.listings.amazon!.price;

  test('lists the exceptions and the first values, counts the rest, and the revert puts every counted value back', () => {
    env.rt.addSheet(STOCK, [['SKU', 'Price [amazon]'], ...skus.map((sku, i) => [sku, 100 + i])]);
    env.call('pushPricesAll');
    env.rt.sheet(STOCK).setValues(
      skus.map((_, i) => [200 + i]),
      `B2:B${ROWS + 1}`,
    );
    env.call('pushPricesAll');
    const push = call(env, 'getHistory', { sku: skus[0] }).entries[0].push;
    // A colleague changes three prices on the hub, the last rows among them: they are listed, not counted.
    const changed = [skus[1], skus[ROWS - 2], skus[ROWS - 1]];
    changed.forEach((sku) => changeOnHub(env, sku, 'amazon', 'price', 999));

    const shown = call(env, 'previewRevert', { push }, false);
    const plain = ROWS - changed.length;
    expect(shown).toMatchObject({ rowsToRestore: plain, lines: ROWS, unlisted: plain - RESTORE_PLAIN_LISTED });
    const [header, ...rows] = env.rt.sheet('Preview').values();
    const what = columnValues([header, ...rows], 'What happens');
    expect(what.filter((w) => w === 'send')).toHaveLength(RESTORE_PLAIN_LISTED);
    expect(what.filter((w) => w === 'skipped: changed on the hub')).toHaveLength(changed.length);
    const skuColumn = rows.map((r) => String(r[0]));
    for (const sku of changed) expect(skuColumn).toContain(sku);
    const counted = rows.find((r) => String(r[0]).startsWith(`${plain - RESTORE_PLAIN_LISTED} more values put back`));
    expect(counted).toBeDefined();
    // Listed values sit in sheet order: the first ones, the counting line after them.
    expect(skuColumn.slice(0, 3)).toEqual([skus[0], skus[2], skus[3]]);
    expect(skuColumn.indexOf(String(counted![0]))).toBe(RESTORE_PLAIN_LISTED);
    // The sidebar's words for it.
    expect(revertSummary(shown).join('\n')).not.toContain('every value is in the Preview sheet');
    expect(revertSummary(shown).join('\n')).toContain(
      `The Preview sheet lists the first ${RESTORE_PLAIN_LISTED} values put back over exactly what the push set, and counts the other ${plain - RESTORE_PLAIN_LISTED}`,
    );

    const done = finish(env, call(env, 'revertFromHistory', { push }, false, shown.newestId));
    expect(done).toMatchObject({ finished: true, ok: plain, failed: 0 });
    expect(price(skus[0])).toBe(100);
    expect(price(skus[ROWS - 3])).toBe(100 + ROWS - 3);
    for (const sku of changed) expect(price(sku)).toBe(999);
  });
});

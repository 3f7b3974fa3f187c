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
import { revertSummary, undoSummary } from '../../src/core/undo/summary';

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
    const restored = ROWS - changed.length;
    // The largest drop the sidebar names (skus[0]: 200 → 100) is listed apart from the plain lines.
    const plain = restored - 1;
    expect(shown).toMatchObject({ rowsToRestore: restored, lines: ROWS, unlisted: plain - RESTORE_PLAIN_LISTED });
    expect(shown.totals.largestDecrease?.sku).toBe(skus[0]);
    const [header, ...rows] = env.rt.sheet('Preview').values();
    const what = columnValues([header, ...rows], 'What happens');
    expect(what.filter((w) => w === 'send')).toHaveLength(RESTORE_PLAIN_LISTED + 1);
    expect(what.filter((w) => w === 'skipped: changed on the hub')).toHaveLength(changed.length);
    const skuColumn = rows.map((r) => String(r[0]));
    for (const sku of changed) expect(skuColumn).toContain(sku);
    const counted = rows.find((r) => String(r[0]).startsWith(`${plain - RESTORE_PLAIN_LISTED} more values put back`));
    expect(counted).toBeDefined();
    // Listed values sit in sheet order: the first ones, the counting line after them.
    expect(skuColumn.slice(0, 3)).toEqual([skus[0], skus[2], skus[3]]);
    expect(skuColumn.indexOf(String(counted![0]))).toBe(RESTORE_PLAIN_LISTED + 1);
    // The sidebar's words for it.
    expect(revertSummary(shown).join('\n')).not.toContain('every value is in the Preview sheet');
    expect(revertSummary(shown).join('\n')).toContain(
      `The Preview sheet counts ${plain - RESTORE_PLAIN_LISTED} values instead of listing them (each is in the History): past the first ${RESTORE_PLAIN_LISTED} put back over exactly what the push set`,
    );

    const done = finish(env, call(env, 'revertFromHistory', { push }, false, shown.newestId));
    expect(done).toMatchObject({ finished: true, ok: restored, failed: 0 });
    expect(price(skus[0])).toBe(100);
    expect(price(skus[ROWS - 3])).toBe(100 + ROWS - 3);
    for (const sku of changed) expect(price(sku)).toBe(999);
  });

  test('an undo of a long push counts the same way, and names the largest moves in the sheet', () => {
    // One price far from the others: the largest drop the sidebar names is listed, never counted.
    env.rt.sheet(STOCK).setValues(
      skus.map((_, i) => [i === ROWS - 1 ? 5000 : 300 + i]),
      `B2:B${ROWS + 1}`,
    );
    env.call('pushPricesAll');
    const shown = call(env, 'previewUndo', false, true);
    expect(shown.unlisted).toBeGreaterThan(0);
    const said = undoSummary(shown).join('\n');
    expect(said).toContain(`The Preview sheet counts ${shown.unlisted} values instead of listing them: past the first`);
    expect(said).not.toContain('every value is in the Preview sheet');
    expect(said).toMatch(new RegExp(`Largest price drop .*\\(${skus[ROWS - 1]}, Price \\[amazon\\]\\)`));
    const listed = env.rt
      .sheet('Preview')
      .values()
      .slice(1)
      .map((r) => String(r[0]));
    expect(listed).toContain(skus[ROWS - 1]);
    expect(listed.filter((sku) => skus.includes(sku))).toHaveLength(RESTORE_PLAIN_LISTED + 1);
  });
});

/**
 * The one-time question "Freeze the SKU column so it stays in view?", on the built bundle: asked
 * by the first push that writes results from the menu (a Yes/No dialog) or the sidebar (in the
 * push's progress), answered once for the spreadsheet. (Never in a trigger: test/unit/push/freeze-sku.test.ts.)
 */
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';

const SHEET = 'Stock & Prices';
const products = ['A-1', 'A-2'].map((sku, i) => ({ sku, internalId: `E-${i}`, quantity: 1, price: 10, listings: { amazon: {} } }));

describe('the freeze-the-SKU-column question', () => {
  const env = useHub({ askFreezeSku: true }, (env) => {
    env.adminSync('POST', '/__admin/products', { products });
  });
  /** The stored answer ('ask' until answered). */
  const answer = (): string => JSON.parse(env.rt.properties('document').settings as string).freezeSku;
  beforeEach(() => {
    for (const name of env.rt.sheetNames()) if (name === SHEET) env.rt.deleteSheet(name);
    const settings = JSON.parse(env.rt.properties('document').settings as string);
    env.rt.setProperty('document', 'settings', JSON.stringify({ ...settings, freezeSku: 'ask' }));
  });

  const freezeDialogs = (): number => env.rt.dialogs().filter((d) => /Freeze the SKU column/.test(d.message ?? '')).length;

  test('menu: asked at the first push that writes results; Yes freezes up to the SKU column; never asked again', () => {
    env.rt.addSheet(SHEET, [
      ['Title', 'SKU', 'Quantity'],
      ['Cup', 'A-1', 3],
      ['Mug', 'A-2', 4],
    ]);
    const before = freezeDialogs();
    env.rt.answerNext('YES');
    env.call('pushStockAll');
    expect(freezeDialogs()).toBe(before + 1);
    expect(env.rt.dialogs().at(-1)).toMatchObject({
      message: expect.stringContaining('columns A to B of "Stock & Prices"'),
      buttons: 'YES_NO',
    });
    expect(env.rt.sheet(SHEET).frozenColumns()).toBe(2);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/Froze columns A to B/);
    // Unfrozen by the seller afterwards: the question was answered, so no dialog (an unexpected one would fail the call).
    env.rt.sheet(SHEET).setFrozenColumns(0);
    env.call('pushStockAll');
    expect(freezeDialogs()).toBe(before + 1);
  });

  test('menu: No is remembered and nothing is frozen', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 3],
    ]);
    env.rt.answerNext('NO');
    env.call('pushStockAll');
    expect(env.rt.sheet(SHEET).frozenColumns()).toBe(0);
    env.call('pushStockAll');
    expect(answer()).toBe('no');
    // A settings form loaded before the answer does not undo it.
    expect(env.call('saveSettings', { concurrency: 7, freezeSku: 'ask' }).ok).toBe(true);
    expect(answer()).toBe('no');
  });

  test('not asked when the SKU column is already frozen, nor by a push that wrote nothing', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 3],
    ]);
    env.rt.sheet(SHEET).setFrozenColumns(1);
    const before = freezeDialogs();
    env.call('pushStockAll');
    env.rt.sheet(SHEET).setFrozenColumns(0);
    env.call('pushStockChanged'); // nothing changed: nothing written
    expect(freezeDialogs()).toBe(before);
    expect(answer()).toBe('ask');
  });

  test('sidebar: the progress carries the question until it is answered; the answer freezes', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 3],
      ['A-2', 4],
    ]);
    const start = unwrap(env.call('startPush', 'stock', 'all'));
    const chunk = unwrap(env.call('continuePush', start.runId));
    expect(chunk.finished).toBe(true);
    expect(chunk.freezeSku).toMatch(/^Freeze the SKU column so it stays in view\? Yes freezes column A of "Stock & Prices"/);
    expect(unwrap(env.call('answerFreezeSku', true))).toMatch(/Froze column A/);
    expect(env.rt.sheet(SHEET).frozenColumns()).toBe(1);
    env.rt.sheet(SHEET).setFrozenColumns(0);
    const again = unwrap(env.call('startPush', 'stock', 'all'));
    expect(unwrap(env.call('continuePush', again.runId)).freezeSku).toBeUndefined();
  });

  test('sidebar: the answer freezes the tab the question named (a tab given its columns), not the stock sheet', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 3],
    ]);
    const TAB = 'Shop export';
    if (env.rt.sheetNames().includes(TAB)) env.rt.deleteSheet(TAB);
    env.rt.addSheet(TAB, [
      ['Name', 'SKU', 'Quantity'],
      ['Cup', 'A-1', 3],
      ['Mug', 'A-2', 4],
    ]);
    unwrap(env.call('useSheetForPushing', TAB));
    const start = unwrap(env.call('startPush', 'stock', 'all', TAB));
    const chunk = unwrap(env.call('continuePush', start.runId));
    expect(chunk.freezeSku).toMatch(/columns A to B of "Shop export"/);
    // The seller is back on the stock sheet when they answer.
    env.rt.select(SHEET, 'A1');
    expect(unwrap(env.call('answerFreezeSku', true, TAB))).toMatch(/Froze columns A to B of "Shop export"/);
    expect([env.rt.sheet(TAB).frozenColumns(), env.rt.sheet(SHEET).frozenColumns()]).toEqual([2, 0]);
  });

  test('sidebar: an answer naming a tab renamed since freezes nothing, and never the stock sheet in its place', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 3],
    ]);
    const before = env.rt.sheet(SHEET).frozenColumns();
    expect(unwrap(env.call('answerFreezeSku', true, 'Renamed since'))).toMatch(
      /^"Renamed since" is not in this spreadsheet any more \(renamed or deleted\), so nothing was frozen/,
    );
    expect(env.rt.sheet(SHEET).frozenColumns()).toBe(before);
  });
});

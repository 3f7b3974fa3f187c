/**
 * Hostile review of issue 15's Sheets-native results on the built bundle: the seller replaces the
 * stock sheet by a fresh export of the same name, or renames it, after the colours were made;
 * columns inserted before the results; and result columns placed after the inputs when the
 * seller's own formulas sit right of them.
 */
import { useHub } from '../../support/hub';
import { column, columnValues } from '../helpers';

const SHEET = 'Stock & Prices';
const LISTINGS = { mercadolibre: {}, amazon: {}, walmart: {} };
const products = ['B-1', 'B-2', 'B-3'].map((sku, i) => ({ sku, internalId: `EB-${i}`, quantity: 1, price: 10, listings: LISTINGS }));
/** Sync status's eleven words, No active listing, and the catch-all of Status [channel]. */
const OWN_RULES = 14; // 11 Sync status words (Undone, Reverted, Scheduled, On sale and Sale ended among them), No active listing, any other channel text, and the edited-cell colour of the one input column pushed (Quantity)

describe('result colours and placement attacks', () => {
  const env = useHub({}, (env) => {
    env.adminSync('POST', '/__admin/products', { products });
  });
  beforeEach(() => {
    env.call('saveSettings', { resultColumns: 'end' });
    for (const name of env.rt.sheetNames()) if (name === SHEET || name === 'Old stock') env.rt.deleteSheet(name);
  });
  /** Each test starts as if no sheet had ever been coloured (the first test is about that memory). */
  const forgetColours = (): void => {
    for (const key of Object.keys(env.rt.properties('document')))
      if (key.startsWith('resultColours.')) env.rt.setProperty('document', key, null);
  };

  test('a fresh export put in place of the stock sheet (same name, new sheet) gets the colours too', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['B-1', 5],
    ]);
    env.call('pushStockAll');
    expect(env.rt.sheet(SHEET).conditionalRules().length).toBe(OWN_RULES);
    env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['B-1', 6],
      ['B-2', 7],
    ]);
    env.call('pushStockAll');
    expect(columnValues(env.rt.sheet(SHEET).values(), 'Sync status')).toEqual(['OK', 'OK']);
    expect(env.rt.sheet(SHEET).conditionalRules().length).toBe(OWN_RULES);
  });

  test('colours the seller deleted stay deleted when the sheet is renamed and the setting follows it', () => {
    forgetColours();
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['B-1', 5],
    ]);
    env.call('pushStockAll');
    env.rt.sheet(SHEET).clearConditionalRules();
    env.rt.renameSheet(SHEET, 'Old stock');
    env.call('saveSettings', { sheetNames: { stock: 'Old stock' } });
    try {
      env.call('pushStockAll');
      expect(columnValues(env.rt.sheet('Old stock').values(), 'Sync status')).toEqual(['OK']);
      expect(env.rt.sheet('Old stock').conditionalRules()).toEqual([]);
    } finally {
      env.call('saveSettings', { sheetNames: { stock: SHEET } });
    }
  });

  test('a column inserted before the results, then more pushes: the rules move with their columns, never duplicated', () => {
    forgetColours();
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['B-1', 5],
      ['B-2', 6],
    ]);
    env.call('pushStockAll');
    env.rt.sheet(SHEET).insertColumns(1, 1);
    env.rt.sheet(SHEET).setValues([['Notes']], 'A1');
    for (let i = 0; i < 3; i++) env.call('pushStockAll');
    const sheet = env.rt.sheet(SHEET);
    expect(sheet.conditionalRules().length).toBe(OWN_RULES);
    const values = sheet.values();
    const shown = sheet.effectiveBackgrounds();
    const status = column(values, 'Sync status');
    expect(shown.slice(1).map((r) => r[status])).toEqual(['#b7e1cd', '#b7e1cd']);
    // The seller's column A is not coloured by a rule that stayed behind.
    expect(shown.map((r) => r[0])).toEqual(values.map(() => '#ffffff'));
  });

  test("results after the inputs: the seller's formulas to the right are kept, moved whole", () => {
    forgetColours();
    env.call('saveSettings', { resultColumns: 'afterInputs' });
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Double'],
      ['B-1', 5, ''],
      ['B-2', 6, ''],
    ]);
    env.rt.sheet(SHEET).type('C2', '=B2*2').type('C3', '=B3*2');
    env.call('pushStockAll');
    const sheet = env.rt.sheet(SHEET);
    const values = sheet.values();
    const double = column(values, 'Double');
    expect(double).toBeGreaterThan(column(values, 'Sync status'));
    expect(
      sheet
        .formulas()
        .slice(1)
        .map((r) => r[double]),
    ).toEqual(['=B2*2', '=B3*2']);
    expect(columnValues(values, 'Sync status')).toEqual(['OK', 'OK']);
  });
});

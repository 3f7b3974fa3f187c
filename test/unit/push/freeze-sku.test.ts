/** freezeSkuQuestion: asked of a person only, once, and only while the SKU column is not in view already. */
import { answerFreezeSku, freezeSkuQuestion } from '../../../src/core/push/freeze-sku';
import { loadSettings } from '../../../src/core/settings/store';
import { fakeContext, memorySheet, memoryStore, memoryWorkbook } from '../orders/fakes';

describe('freezeSkuQuestion', () => {
  const sheet = () => memorySheet('Stock & Prices', [['Title', 'SKU'], ['Cup', 'A-1']]);

  test('a person pushing is asked; a trigger run never is', () => {
    expect(freezeSkuQuestion(fakeContext({ interactive: true }), sheet(), 1)).toMatch(/columns A to B of "Stock & Prices"/);
    expect(freezeSkuQuestion(fakeContext({ interactive: false }), sheet(), 1)).toBeNull();
  });

  test('not asked once answered, when the frozen columns reach the SKU, or without a SKU column', () => {
    expect(freezeSkuQuestion(fakeContext({ interactive: true, settings: { freezeSku: 'no' } }), sheet(), 1)).toBeNull();
    const frozen = sheet();
    frozen.frozen = 2;
    expect(freezeSkuQuestion(fakeContext({ interactive: true }), frozen, 1)).toBeNull();
    frozen.frozen = 1;
    expect(freezeSkuQuestion(fakeContext({ interactive: true }), frozen, 1)).not.toBeNull();
    expect(freezeSkuQuestion(fakeContext({ interactive: true }), sheet(), undefined)).toBeNull();
  });

  test('the answer is kept; yes freezes up to where the SKU column is now', () => {
    const workbook = memoryWorkbook({ 'Stock & Prices': [['Title', 'Qty', 'SKU'], ['Cup', 1, 'A-1']] });
    const store = memoryStore();
    expect(answerFreezeSku(fakeContext({ interactive: true, workbook, documentStore: store }), true)).toMatch(/Froze columns A to C/);
    expect(workbook.sheets.get('Stock & Prices')!.frozen).toBe(3);
    expect(loadSettings(store).freezeSku).toBe('yes');
    answerFreezeSku(fakeContext({ interactive: true, workbook, documentStore: store }), false);
    expect(loadSettings(store).freezeSku).toBe('no');
  });
});

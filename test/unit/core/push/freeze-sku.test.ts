/** freezeSkuQuestion: asked of a person only, once, and only while the SKU column is not in view already. */
import { answerFreezeSku, freezeSkuQuestion, MAX_FREEZE_COLUMN } from '../../../../src/core/push/freeze-sku';
import { loadSettings } from '../../../../src/core/settings/store';
import { fakeContext, memorySheet, memoryStore, memoryWorkbook } from '../../../support/ports';

describe('freezeSkuQuestion', () => {
  const sheet = () =>
    memorySheet('Stock & Prices', [
      ['Title', 'SKU'],
      ['Cup', 'A-1'],
    ]);

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

  test("a SKU column beyond C (an export such as Shopify's, SKU in column O) is not worth pinning: not asked", () => {
    expect(freezeSkuQuestion(fakeContext({ interactive: true }), sheet(), MAX_FREEZE_COLUMN)).toMatch(/columns A to C/);
    expect(freezeSkuQuestion(fakeContext({ interactive: true }), sheet(), MAX_FREEZE_COLUMN + 1)).toBeNull();
    expect(freezeSkuQuestion(fakeContext({ interactive: true }), sheet(), 14)).toBeNull();
  });

  test('yes after the SKU column moved beyond C freezes nothing and says why', () => {
    const workbook = memoryWorkbook({
      'Stock & Prices': [
        ['Title', 'Qty', 'Price', 'Notes', 'SKU'],
        ['Cup', 1, 2, '', 'A-1'],
      ],
    });
    expect(answerFreezeSku(fakeContext({ interactive: true, workbook, documentStore: memoryStore() }), true)).toMatch(
      /too far right to freeze/,
    );
    expect(workbook.sheets.get('Stock & Prices')!.frozen).toBe(0);
  });

  test('the answer is kept; yes freezes up to where the SKU column is now', () => {
    const workbook = memoryWorkbook({
      'Stock & Prices': [
        ['Title', 'Qty', 'SKU'],
        ['Cup', 1, 'A-1'],
      ],
    });
    const store = memoryStore();
    expect(answerFreezeSku(fakeContext({ interactive: true, workbook, documentStore: store }), true)).toMatch(/Froze columns A to C/);
    expect(workbook.sheets.get('Stock & Prices')!.frozen).toBe(3);
    expect(loadSettings(store).freezeSku).toBe('yes');
    answerFreezeSku(fakeContext({ interactive: true, workbook, documentStore: store }), false);
    expect(loadSettings(store).freezeSku).toBe('no');
  });
});

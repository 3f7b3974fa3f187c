import { chooseStockSheet, choiceNote, pushContext } from '../../../../src/core/pipeline/sheet-choice';
import { stockSheetName } from '../../../../src/core/kernel/context';
import { columnMappingKey } from '../../../../src/core/pipeline/column-mapping';
import { SHOPIFY_HEADER } from '../../../fixtures/exports/shopify';
import { fakeContext, memoryStore, memoryWorkbook } from '../../../support/ports';

const STOCK = 'Stock & Prices';

function world(active: string | null) {
  const workbook = memoryWorkbook({
    [STOCK]: [['SKU', 'Quantity']],
    'Shopify export': [[...SHOPIFY_HEADER]],
    Orders: [['Order id']],
    Empty: [],
    Notes: [['SKU', 'Qty']],
    Mapped: [['Clave', 'Inventario']],
  });
  workbook.active = active;
  const documentStore = memoryStore();
  const mapped = workbook.sheet('Mapped');
  if (mapped) documentStore.set(columnMappingKey(mapped), '{}');
  return fakeContext({ workbook, documentStore });
}

describe('the stock sheet a push acts on', () => {
  it('is the sheet the seller is on when it is the configured one, an export a preset recognises, or a sheet with a saved mapping', () => {
    for (const name of [STOCK, 'Shopify export', 'Mapped']) {
      const ctx = world(name);
      expect(chooseStockSheet(ctx)).toEqual({ sheet: name, active: name, kind: 'stock', refusal: null });
      expect(stockSheetName(pushContext(ctx).ctx)).toBe(name);
      expect(pushContext(ctx).ctx.stockSheet).toBe(name === STOCK ? undefined : name);
    }
  });

  it('is the configured one, said first, on one of the add-on sheets or an empty tab', () => {
    for (const [name, kind] of [
      ['Orders', 'addon'],
      ['Empty', 'empty'],
    ] as const) {
      const choice = chooseStockSheet(world(name));
      expect(choice).toEqual({ sheet: STOCK, active: name, kind, refusal: null });
      expect(choiceNote(choice)).toBe(`"${name}" is not a stock sheet, so the stock sheet "${STOCK}" was used.`);
    }
    expect(chooseStockSheet(world(null))).toEqual({ sheet: STOCK, active: null, kind: null, refusal: null });
  });

  it('is refused on a tab of the seller with data that is not a stock sheet, with the fix', () => {
    const ctx = world('Notes');
    expect(chooseStockSheet(ctx).refusal).toMatch(/^Nothing was sent: "Notes" is not a stock sheet\. To push it, .*Use this sheet/);
    expect(() => pushContext(ctx)).toThrow(/"Notes" is not a stock sheet/);
  });

  it('follows the sheet the sidebar named, not the one the seller is on now', () => {
    expect(chooseStockSheet(world(STOCK), 'Shopify export').sheet).toBe('Shopify export');
  });
});

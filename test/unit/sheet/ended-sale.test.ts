/**
 * Property of endedSales (src/sheet/ended-sale.ts): a Shopify row says the hub keeps a sale
 * exactly when the row holds no sale (compare-at empty or not above the price) and the hub was
 * confirmed to hold a sale price for shopify — never for a row that has a sale, or a skipped row.
 */
import fc from 'fast-check';
import type { CellValue } from '../../../src/core/kernel/ports';
import { endedSales, mapColumns, readTable } from '../../../src/sheet';
import { SHOPIFY_HEADER } from '../../fixtures/exports/shopify';

const rowOf = (cells: Record<string, CellValue>): CellValue[] => SHOPIFY_HEADER.map((h) => cells[h] ?? '');

describe('a sale ended in a compare-at pair', () => {
  it('property: said exactly when the row has no sale and the hub holds one', () => {
    const cent = fc.integer({ min: 1, max: 999 });
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom('V-1'), { nil: '' as const }),
        cent,
        fc.option(cent, { nil: '' as const }),
        fc.option(cent, { nil: undefined }),
        (sku, price, compare, held) => {
          const values = [
            SHOPIFY_HEADER,
            rowOf({ Handle: 'h', 'Variant SKU': sku, 'Variant Price': price, 'Variant Compare At Price': compare }),
          ];
          const { columns } = mapColumns(values[0]);
          const table = readTable(values, { mapping: null });
          const row = table.rows[0];
          const confirmed: Record<string, number> = held === undefined ? {} : { 'salePrice:shopify': held };
          const notes = endedSales(row, table.columns, confirmed);
          const sale = compare !== '' && compare > price;
          const expected = sku !== '' && !sale && held !== undefined;
          expect(notes.length).toBe(expected ? 1 : 0);
          if (expected)
            expect(notes[0]).toBe(
              `Variant Compare At Price holds no sale now, but the hub still holds the sale price ${held} on shopify from an earlier push: the hub cannot remove a sale price, so end the sale in shopify itself`,
            );
          expect(columns.compareAt).toEqual({ shopify: true });
        },
      ),
      { numRuns: 200 },
    );
  });
});

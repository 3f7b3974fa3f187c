import * as fc from 'fast-check';
import type { CellValue } from '../../../src/core/kernel/ports';
import { readTable, validateRows, type PushOperation } from '../../../src/sheet';

const OPERATIONS: PushOperation[] = ['stock', 'prices', 'byChannel', 'erp', 'async'];
const HEADERS = [
  'SKU',
  'Qty',
  'Stock',
  'Price',
  'Precio',
  'Sale price',
  'Publishing price',
  'Channel',
  'ERP id',
  'Available days',
  'Price [amazon]',
  'Quantity [meli]',
  'Sale price [walmart]',
  'Available days [mercadolibre]',
  'Available days [amazon]',
  'Price []',
  'Price [ama zon',
  'Sync status',
  'Status [amazon]',
  'Notes',
  '',
];

const cell: fc.Arbitrary<CellValue> = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 8 }),
  fc.constantFrom(' ', '\u00A0', '#N/A', 'Loading...', 'amazon', 'meli', 'amzn', '1,234', '1.234,50', '-3', '(5)', '$0', 'A-1', ' A-1 '),
  fc.double(),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.date(),
);
const grid = fc.tuple(
  fc.array(fc.oneof(fc.constantFrom(...HEADERS), fc.string({ maxLength: 6 })), { minLength: 0, maxLength: 8 }),
  fc.array(fc.array(cell, { maxLength: 9 }), { maxLength: 12 }),
  fc.constantFrom<'.' | ',' | undefined>(undefined, '.', ','),
);

describe('readTable on arbitrary grids (property c)', () => {
  it('never throws, and every non-blank row ends with a payload or at least one reason, for every operation', () => {
    fc.assert(
      fc.property(grid, ([header, rows, decimalSeparator]) => {
        const table = readTable([header as CellValue[], ...rows], { decimalSeparator });
        const nonBlank = table.rows.filter((r) => !r.blank);
        expect(nonBlank.length + table.blankRows).toBe(rows.length);
        for (const op of OPERATIONS) {
          const result = validateRows(op, table);
          expect(result.rows.map((r) => r.rowNumber)).toEqual(nonBlank.map((r) => r.rowNumber));
          for (const verdict of result.rows) {
            if (verdict.ok) expect(verdict.payload).toBeDefined();
            else {
              expect(verdict.reasons.length).toBeGreaterThan(0);
              expect(verdict.reason).toBe(verdict.reasons[0]);
              expect(verdict.reason.length).toBeGreaterThan(0);
            }
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('never sends a duplicated SKU or a non-positive price', () => {
    fc.assert(
      fc.property(grid, ([header, rows]) => {
        const table = readTable([['SKU', 'Price [amazon]', 'Qty', ...header] as CellValue[], ...rows]);
        const duplicated = new Set(table.rows.filter((r) => r.duplicate).map((r) => r.rowNumber));
        for (const op of ['stock', 'prices'] as const) {
          for (const v of validateRows(op, table).rows) {
            if (!v.ok) continue;
            expect(duplicated.has(v.rowNumber)).toBe(false);
            if (op === 'prices') for (const item of v.payload as Array<{ price: number }>) expect(item.price).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

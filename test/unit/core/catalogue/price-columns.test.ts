import { formatPriceColumns } from '../../../../src/core/catalogue/pull';
import type { PullColumn } from '../../../../src/core/pipeline/hub-reads/columns';
import { PRICE_FORMAT } from '../../../../src/sheet/price-format';
import { memorySheet } from '../../../support/ports';

const price = (channel: string, field: 'price' | 'salePrice' = 'price'): PullColumn => ({
  kind: 'channelValue',
  field,
  channel,
  header: `${field === 'price' ? 'Price' : 'Sale price'} [${channel}]`,
});

/** The sheet's format calls: `set` writes a format without reading, `keep` reads the formats first. */
function formatCalls(placed: Array<{ column: number; spec: PullColumn }>, created: number[]): string[] {
  const calls: string[] = [];
  const sheet = memorySheet('Stock & Prices');
  sheet.setNumberFormat = (row, column, rows, columns, format) => {
    calls.push(`set ${column}+${columns} rows ${row}-${row + rows - 1} ${format}`);
  };
  sheet.setDefaultNumberFormat = (row, rows, columns, format) => {
    calls.push(`keep ${columns.join(',')} rows ${row}-${row + rows - 1} ${format}`);
  };
  formatPriceColumns(sheet, placed, 101, new Set(created));
  return calls;
}

describe('the pull formats its price columns as money', () => {
  test('columns it added are set without reading them (one call per run of adjacent ones); columns already there are read first', () => {
    const placed = [
      { column: 2, spec: price('amazon') }, // the seller's Price [amazon]
      { column: 4, spec: { kind: 'quantity', header: 'Quantity' } as PullColumn },
      { column: 5, spec: price('walmart') },
      { column: 6, spec: price('walmart', 'salePrice') },
      { column: 8, spec: price('mercadolibre') },
    ];
    expect(formatCalls(placed, [4, 5, 6, 8])).toEqual([
      `set 6+2 rows 2-101 ${PRICE_FORMAT}`,
      `set 9+1 rows 2-101 ${PRICE_FORMAT}`,
      `keep 3 rows 2-101 ${PRICE_FORMAT}`,
    ]);
  });

  test('no price column, or no row: nothing is read or written', () => {
    expect(formatCalls([{ column: 1, spec: { kind: 'quantity', header: 'Quantity' } as PullColumn }], [1])).toEqual([]);
    const sheet = memorySheet('S');
    formatPriceColumns(sheet, [{ column: 1, spec: price('amazon') }], 1, new Set([1]));
    expect(sheet.formats).toEqual([]);
  });
});

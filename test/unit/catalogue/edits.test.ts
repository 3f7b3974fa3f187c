import { overwriteQuestion, unconfirmedEdits } from '../../../src/core/catalogue/edits';
import { readTable } from '../../../src/sheet';

const table = readTable([
  ['SKU', 'Quantity', 'Price [amazon]', 'Price [meli]', 'Notes'],
  ['A', 5, 10, 20, 'x'],
  ['B', 6, 11, 'abc', ''],
  ['C', 7, '', '', ''],
  ['D', 1, 1, 1, ''],
]);
const confirmed = new Map<string, Record<string, number>>([
  ['A', { quantity: 5, 'price:amazon': 10, 'price:mercadolibre': 20 }],
  ['B', { quantity: 6, 'price:amazon': 11 }],
  ['C', { quantity: 8 }],
]);
const all = { generalQuantity: true, channels: new Set(['amazon', 'mercadolibre']) };

describe('unconfirmedEdits', () => {
  it('finds values the hub has not confirmed, unreadable ones included, in the rows and columns about to be written', () => {
    const edits = unconfirmedEdits(table.rows, table.columns, confirmed, new Set([2, 3, 4, 5]), all);
    expect(edits).toEqual({ rows: 3, examples: ['row 3 (B): Price [meli]', 'row 4 (C): Quantity', 'row 5 (D): Price [amazon], Price [meli], Quantity'] });
  });

  it('ignores rows and channels the operation does not write', () => {
    expect(unconfirmedEdits(table.rows, table.columns, confirmed, new Set([2, 3]), { generalQuantity: true, channels: new Set(['amazon']) }).rows).toBe(0);
    expect(unconfirmedEdits(table.rows, table.columns, confirmed, new Set([4]), { generalQuantity: false, channels: new Set(['amazon']) }).rows).toBe(0);
  });

  it('asks a question that names the rows and says how to keep the edits', () => {
    const q = overwriteQuestion('Pulling the catalogue', { rows: 1234, examples: ['row 3 (B): Price [meli]'] });
    expect(q).toBe("1,234 rows have values the hub has not confirmed (edited and not pushed yet), e.g. row 3 (B): Price [meli]. Pulling the catalogue replaces them with the hub's values. Continue? (Choose No and use Push changes first to keep your edits.)");
  });
});

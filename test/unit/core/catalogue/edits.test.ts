import { overwriteQuestion, unconfirmedEdits } from '../../../../src/core/catalogue/edits';
import { readTable } from '../../../../src/sheet';

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
/** What the hub sends: D's quantity equals the sheet (nothing lost there), its prices differ. */
const incoming = new Map<string, Record<string, number>>([
  ['A', { quantity: 5, 'price:amazon': 10, 'price:mercadolibre': 20 }],
  ['B', { quantity: 6, 'price:amazon': 11, 'price:mercadolibre': 21 }],
  ['C', { quantity: 8 }],
  ['D', { quantity: 1, 'price:amazon': 2, 'price:mercadolibre': 3 }],
]);
const all = { generalQuantity: true, channels: new Set(['amazon', 'mercadolibre']) };

describe('unconfirmedEdits', () => {
  it('counts the cells a pull would change that the hub never confirmed, unreadable ones included, with the values', () => {
    const edits = unconfirmedEdits(table.rows, table.columns, confirmed, new Set([2, 3, 4, 5]), all, incoming);
    expect(edits).toEqual({
      rows: 3,
      cells: 4,
      examples: [
        'row 3 (B): Price [meli] (not a number)',
        'row 4 (C): Quantity 7 (hub: 8)',
        'row 5 (D): Price [amazon] 1 (hub: 2), Price [meli] 1 (hub: 3)',
      ],
    });
  });

  it('a sheet never pushed but holding what the hub holds loses nothing: no question', () => {
    const same = new Map(
      [...table.rows]
        .filter((r) => r.sku)
        .map((r) => [r.sku as string, { quantity: Number((r.cells.quantity as { value?: number }).value ?? 0) }] as const),
    );
    const edits = unconfirmedEdits(
      table.rows,
      table.columns,
      new Map(),
      new Set([2, 3, 4, 5]),
      { generalQuantity: true, channels: new Set() },
      same,
    );
    expect(edits.cells).toBe(0);
  });

  it('a cell the hub sends nothing for is kept, so it does not count', () => {
    expect(unconfirmedEdits(table.rows, table.columns, confirmed, new Set([4]), all, new Map()).cells).toBe(0);
  });

  it('ignores rows and channels the operation does not write', () => {
    expect(
      unconfirmedEdits(
        table.rows,
        table.columns,
        confirmed,
        new Set([2, 3]),
        { generalQuantity: true, channels: new Set(['amazon']) },
        incoming,
      ).rows,
    ).toBe(0);
    expect(
      unconfirmedEdits(
        table.rows,
        table.columns,
        confirmed,
        new Set([4]),
        { generalQuantity: false, channels: new Set(['amazon']) },
        incoming,
      ).rows,
    ).toBe(0);
  });

  it('asks a question that counts cells and rows, names the first few and says how to keep the edits', () => {
    const q = overwriteQuestion('Pulling the catalogue', { rows: 3, cells: 4, examples: ['row 3 (B): Price [meli] 5 (hub: 6)'] });
    expect(q).toBe(
      "4 cells in 3 rows hold values the hub has not confirmed (edited and not pushed yet), e.g. row 3 (B): Price [meli] 5 (hub: 6). Pulling the catalogue replaces them with the hub's values. Continue? (Choose No and use Push changes first to keep your edits.)",
    );
    expect(overwriteQuestion('Refreshing these rows', { rows: 1, cells: 1, examples: ['row 3 (B): Quantity 5 (hub: 6)'] })).toMatch(
      /^1 cell in 1 row holds a value the hub has not confirmed .* replaces it with/,
    );
  });
});

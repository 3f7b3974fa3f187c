import { layoutOf, readProducts } from '../../../../src/core/pipeline/hub-reads/products';
import { pullColumns } from '../../../../src/core/pipeline/hub-reads/columns';
import { planUpsert, type UpsertInput } from '../../../../src/core/catalogue/upsert';
import type { Product } from '../../../../src/api/schemas/stock';
import type { CellValue } from '../../../../src/core/kernel/ports';

const hub = (sku: string, price: number): Product =>
  ({
    sku,
    quantity: 1,
    channelData: [{ channel: 'amazon', quantity: 1, price, salePrice: null, externalId: `E${sku}`, permalink: '', status: 'active' }],
  }) as unknown as Product;

/** The sheet: Notes, SKU, Price [amazon], In hub; the pull's other columns go to the right. */
const ABSENT = {
  missing: 'No (gone)',
  twin: (sheetSku: string, hubSkus: readonly string[]) => `No: twin of ${sheetSku}: ${hubSkus.join('|')}`,
};

function input(values: CellValue[][], products: Product[], absent: UpsertInput['absent'] = ABSENT): UpsertInput {
  const pulled = readProducts(products, {});
  const layout = layoutOf(pulled);
  const where: Record<string, number> = { 'Price [amazon]': 2, 'In hub': 3 };
  let next = 4;
  const placed = pullColumns(layout, ['*']).map((spec) => ({ column: where[spec.header] ?? next++, spec }));
  const rows = values.slice(1).map((r, i) => ({ rowNumber: i + 2, sku: typeof r[1] === 'string' && r[1] !== '' ? r[1] : null }));
  return { values, placed, rows, products: pulled, layout, inHubText: 'Yes', absent };
}

const SHEET: CellValue[][] = [
  ['Notes', 'SKU', 'Price [amazon]', 'In hub'],
  ['mine', 'B', 1, ''],
  ['', 'GONE', 2, 'Yes'],
  ['no sku', '', 3, ''],
  ['dup', 'B', 4, ''],
  ['nfd', 'LA\u0301MPARA', '', ''],
];

describe('planUpsert', () => {
  const plan = planUpsert(input(SHEET, [hub('B', 10), hub('00123', 11), hub('L\u00c1MPARA', 12), hub('C', 13)]));

  it('updates every row of a known SKU in place, NFC-equal SKUs included', () => {
    expect(plan.updatedRows).toBe(3);
    expect([...plan.updatedRowNumbers].sort()).toEqual([2, 5, 6]);
    expect([plan.cell(2, 2), plan.cell(5, 2), plan.cell(6, 2)]).toEqual([10, 10, 12]);
    expect([plan.cell(2, 3), plan.cell(5, 3), plan.cell(6, 3)]).toEqual(['Yes', 'Yes', 'Yes']);
  });

  it('appends new SKUs in the hub\u2019s order, SKUs escaped as text', () => {
    expect(plan.addedRows).toBe(2);
    expect(plan.appended).toEqual({ firstRow: 7, skus: ["'00123", 'C'] });
    expect(plan.lastRow).toBe(8);
    expect([plan.cell(7, 2), plan.cell(8, 2)]).toEqual([11, 13]);
  });

  it('marks rows the hub no longer has, keeps their values, and leaves rows without a SKU alone', () => {
    expect(plan.missingRows).toBe(1);
    expect(plan.cell(3, 3)).toBe('No (gone)');
    expect(plan.cell(3, 2)).toBe(2);
    expect(plan.cell(4, 2)).toBe(3);
    expect(plan.cell(4, 3)).toBe('');
  });

  it('keys the snapshot by the SKU as the push reads it: the row\u2019s own text, or the written SKU', () => {
    expect([...plan.pulledBySku.keys()].sort()).toEqual(['00123', 'B', 'C', 'LA\u0301MPARA']);
    expect(plan.pulledBySku.get('B')).toEqual({ quantity: 1, 'quantity:amazon': 1, 'price:amazon': 10 });
  });

  it('with no text for missing rows (a filtered or incomplete pull), marks nobody', () => {
    const unsure = planUpsert(input(SHEET, [hub('B', 10)], null));
    expect(unsure.missingRows).toBe(0);
    expect(unsure.cell(3, 3)).toBe('Yes'); // GONE keeps what it had
  });

  it('works on a sheet with only a header, and on a new one', () => {
    const fresh = planUpsert(input([['Notes', 'SKU', 'Price [amazon]', 'In hub']], [hub('X', 1)]));
    expect(fresh).toMatchObject({ lastRow: 2, addedRows: 1, updatedRows: 0, appended: { firstRow: 2, skus: ['X'] } });
    const none = planUpsert(input([['Notes', 'SKU', 'Price [amazon]', 'In hub']], []));
    expect(none).toMatchObject({ lastRow: 1, addedRows: 0 });
  });
});

describe('planUpsert matches SKUs exactly', () => {
  const sheet: CellValue[][] = [
    ['Notes', 'SKU', 'Price [amazon]', 'In hub'],
    ['', 'ABC', 1, 'Yes'],
    ['', 'DUP', 2, ''],
  ];

  it('a twin is named on its row, neither matched nor appended; a SKU no row can hold is left out and reported', () => {
    const plan = planUpsert(input(sheet, [hub('abc', 10), hub('DUP', 20), hub('NEW ', 30)]));
    expect(plan.twins).toEqual([{ sheetSku: 'ABC', hubSkus: ['abc'], rowNumbers: [2] }]);
    expect(plan.unreachable).toEqual([{ sku: 'NEW ', why: "it has a trailing space, which a sheet's SKU is sent without" }]);
    expect(plan).toMatchObject({ updatedRows: 1, addedRows: 0, missingRows: 1, lastRow: 3 });
    expect(plan.cell(2, 3)).toBe('No: twin of ABC: abc');
    expect(plan.cell(2, 2)).toBe(1); // never the twin's price
    expect([...plan.pulledBySku.keys()]).toEqual(['DUP']);
  });

  it('with nothing proven, twins are still found but their rows keep their In hub', () => {
    const plan = planUpsert(input(sheet, [hub('abc', 10)], null));
    expect(plan.twins).toHaveLength(1);
    expect(plan.missingRows).toBe(0);
    expect(plan.cell(2, 3)).toBe('Yes');
  });

  it('a product with a note (a duplicated SKU) gets it as its In hub text', () => {
    const plan = planUpsert({ ...input(sheet, [hub('DUP', 20)]), inHubNotes: new Map([['DUP', 'Yes \u2014 listed twice']]) });
    expect(plan.cell(3, 3)).toBe('Yes \u2014 listed twice');
  });
});

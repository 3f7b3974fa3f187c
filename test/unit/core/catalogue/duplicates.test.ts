import type { Product } from '../../../../src/api/schemas/stock';
import { duplicateNote, findDuplicates, isDuplicateNote } from '../../../../src/core/catalogue/duplicates';
import { inSkuOrder, readProducts } from '../../../../src/core/catalogue/products';
import { listed } from './paged-hub';

const entries = (products: Product[]) => products.map((product, position) => ({ product, position }));

describe('a SKU the hub lists more than once', () => {
  const list = entries([listed('A'), listed('MUG', 160, { erpId: 'ERP-1' }), listed('B'), listed('MUG', 0, { erpId: 'ERP-9' })]);

  it('shows the first of the hub’s own (oldest-first) list — the one pushes update — and names the other', () => {
    const [mug] = findDuplicates(list).values();
    expect(duplicateNote(mug, '2026-11-20 09:00')).toBe(
      'Yes \u2014 the hub lists this SKU 2 times (pull of 2026-11-20 09:00); shown: #2 (ERP id ERP-1), the oldest \u2014 the one pushes update; the other: #4 (ERP id ERP-9). Remove or rename it in the hub.',
    );
    const shown = readProducts(
      list.map((e) => e.product),
      {},
    ).find((p) => p.sku === 'MUG');
    expect(shown?.channels.get('amazon')?.price).toBe(160);
  });

  it('a note is told from the other In hub texts a refresh may meet', () => {
    const [mug] = findDuplicates(list).values();
    expect(isDuplicateNote(duplicateNote(mug, '2026-11-20 09:00'))).toBe(true);
    for (const other of ['Yes', 'No (not in the hub at the pull of 2026-11-20 09:00)', '', 5, null])
      expect(isDuplicateNote(other)).toBe(false);
  });
});

describe('inSkuOrder', () => {
  const products = readProducts(
    ['b-2', 'A-1', 'a-1', 'C_3', 'B-2'].map((sku) => listed(sku)),
    {},
  );

  it('sorts as the hub’s A→Z and Z→A do: letter case aside, then exactly; none keeps the order given', () => {
    expect(inSkuOrder(products, 'alph_asc').map((p) => p.sku)).toEqual(['A-1', 'a-1', 'B-2', 'b-2', 'C_3']);
    expect(inSkuOrder(products, 'alph_desc').map((p) => p.sku)).toEqual(['C_3', 'b-2', 'B-2', 'a-1', 'A-1']);
    expect(inSkuOrder(products, undefined).map((p) => p.sku)).toEqual(['b-2', 'A-1', 'a-1', 'C_3', 'B-2']);
  });
});

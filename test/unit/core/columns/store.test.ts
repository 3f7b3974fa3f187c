/**
 * Saved column mappings are kept by sheet id, so renaming the sheet keeps its mapping.
 */
import { clearColumnMapping, columnMappingKey, loadColumnMapping, saveColumnMapping } from '../../../../src/core/pipeline/column-mapping';
import type { ColumnMapping } from '../../../../src/sheet';
import { memoryStore } from '../../../support/ports';

const MAPPING: ColumnMapping = {
  version: 1,
  preset: null,
  entries: [
    { field: 'sku', header: 'Code' },
    { field: 'quantity', header: 'Units' },
  ],
  skip: [],
};

describe('column mapping store', () => {
  it('keeps a mapping with its sheet through a rename, and not with another sheet of the old name', () => {
    const store = memoryStore();
    saveColumnMapping(store, { id: 7, name: 'Stock & Prices' }, MAPPING);
    expect(Object.keys(store.data)).toEqual([columnMappingKey({ id: 7 })]);
    expect(loadColumnMapping(store, { id: 7, name: 'Inventario' })).toEqual(MAPPING);
    expect(loadColumnMapping(store, { id: 8, name: 'Stock & Prices' })).toBeNull();
  });

  it('clearing forgets the mapping: the sheet is detected again', () => {
    const store = memoryStore();
    saveColumnMapping(store, { id: 3, name: 'Stock & Prices' }, MAPPING);
    clearColumnMapping(store, { id: 3, name: 'Stock & Prices' });
    expect(store.data).toEqual({});
    expect(loadColumnMapping(store, { id: 3, name: 'Stock & Prices' })).toBeNull();
  });

  it('an unreadable mapping is an error naming the sheet and what to do', () => {
    const store = memoryStore({ [columnMappingKey({ id: 1 })]: '{"version":2}' });
    expect(() => loadColumnMapping(store, { id: 1, name: 'Mine' })).toThrow(/"Mine" cannot be read\. Open the sidebar › Columns/);
  });
});

/**
 * Saved column mappings are kept by sheet id, so renaming the sheet keeps its mapping; a mapping
 * saved by name (before ids) moves to the id the first time it is read.
 */
import { clearColumnMapping, columnMappingKey, loadColumnMapping, saveColumnMapping } from '../../../src/core/columns/store';
import type { ColumnMapping } from '../../../src/sheet';
import { memoryStore } from '../orders/fakes';

const MAPPING: ColumnMapping = { version: 1, preset: null, entries: [{ field: 'sku', header: 'Code' }, { field: 'quantity', header: 'Units' }], skip: [] };

describe('column mapping store', () => {
  it('keeps a mapping with its sheet through a rename, and not with another sheet of the old name', () => {
    const store = memoryStore();
    saveColumnMapping(store, { id: 7, name: 'Stock & Prices' }, MAPPING);
    expect(Object.keys(store.data)).toEqual([columnMappingKey({ id: 7 })]);
    expect(loadColumnMapping(store, { id: 7, name: 'Inventario' })).toEqual(MAPPING);
    expect(loadColumnMapping(store, { id: 8, name: 'Stock & Prices' })).toBeNull();
  });

  it('moves a mapping saved by sheet name to the sheet id when it is first read; a rename after that keeps it', () => {
    const store = memoryStore({ 'columns.Stock & Prices': JSON.stringify(MAPPING) });
    expect(loadColumnMapping(store, { id: 3, name: 'Stock & Prices' })).toEqual(MAPPING);
    expect(store.data).toEqual({ [columnMappingKey({ id: 3 })]: JSON.stringify(MAPPING) });
    expect(loadColumnMapping(store, { id: 3, name: 'Renamed' })).toEqual(MAPPING);
  });

  it('still reads the name key when the store refuses the move (a quota run out), and tries again next time', () => {
    const store = memoryStore({ 'columns.Stock & Prices': JSON.stringify(MAPPING) });
    const refusing = { ...store, set: () => { throw new Error('Service invoked too many times for one day: properties'); } };
    expect(loadColumnMapping(refusing, { id: 3, name: 'Stock & Prices' })).toEqual(MAPPING);
    expect(Object.keys(store.data)).toEqual(['columns.Stock & Prices']);
  });

  it('saving or clearing drops the old name key too', () => {
    const store = memoryStore({ 'columns.Stock & Prices': JSON.stringify(MAPPING) });
    saveColumnMapping(store, { id: 3, name: 'Stock & Prices' }, { ...MAPPING, preset: 'shopify' });
    expect(Object.keys(store.data)).toEqual([columnMappingKey({ id: 3 })]);
    store.data['columns.Stock & Prices'] = JSON.stringify(MAPPING);
    clearColumnMapping(store, { id: 3, name: 'Stock & Prices' });
    expect(store.data).toEqual({});
  });

  it('an unreadable mapping is an error naming the sheet and what to do', () => {
    const store = memoryStore({ [columnMappingKey({ id: 1 })]: '{"version":2}' });
    expect(() => loadColumnMapping(store, { id: 1, name: 'Mine' })).toThrow(/"Mine" cannot be read\. Open the sidebar › Columns/);
  });
});

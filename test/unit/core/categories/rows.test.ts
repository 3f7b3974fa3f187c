import { CATEGORY_FIELDS, CATEGORY_HEADERS, mapCategoryHeaders, readCategoryRow } from '../../../../src/core/categories/columns';
import { checkCreateRows, treePlaces } from '../../../../src/core/categories/create';
import { checkDeleteRows } from '../../../../src/core/categories/delete';
import { checkMapRows } from '../../../../src/core/categories/map';
import { mappingsText, parseMappings, withMapping } from '../../../../src/core/categories/mappings';
import { checkUpdateRows } from '../../../../src/core/categories/update';
import type { CellValue } from '../../../../src/core/kernel/ports';

const HEADER = CATEGORY_FIELDS.map((f) => CATEGORY_HEADERS[f]);
/** A Categories sheet from partial rows keyed by header. */
function sheet(rows: Array<Record<string, CellValue>>): CellValue[][] {
  return [HEADER, ...rows.map((r) => HEADER.map((h) => r[h] ?? ''))];
}
const read = (values: CellValue[][]) => {
  const columns = mapCategoryHeaders(values[0]);
  return { columns, rows: values.slice(1).map((_, i) => readCategoryRow(values, columns, i + 2)) };
};

describe('Categories sheet headers', () => {
  it('finds columns case- and space-insensitively, by English, Spanish or the hub\u2019s own names', () => {
    expect(mapCategoryHeaders(['título', 'CategorySource', ' source ID ', 'Id padre', 'x', 'internalId', 'Title'])).toEqual({
      title: 0,
      source: 1,
      sourceId: 2,
      parentId: 3,
      internalId: 5,
    });
  });
});

describe('checkCreateRows', () => {
  const values = sheet([
    { Path: 'Hogar', Level: 1, Title: 'Hogar', Source: 'magento', 'Source id': 1, 'Internal id': 10 },
    { Title: 'Velas', Source: 'magento', 'Source id': 901, 'Parent id': 10 },
    { Title: 'Copia', Source: 'MAGENTO', 'Source id': '901' },
    { Title: '', Source: 'magento', 'Source id': 'abc', 'Parent id': 1.5 },
    { Title: 'Suelta', Source: 'tiendanube', 'Source id': 5, 'Parent source': 'mercadolibre' },
    { Title: 'Lejos', Source: 'magento', 'Source id': 6, 'Parent id': 777 },
  ]);
  const { columns, rows } = read(values);
  const checked = checkCreateRows(rows, treePlaces(values, columns));

  it('refuses a row already in the hub, incomplete rows, and two rows with one Source + Source id', () => {
    expect(checked.map((c) => ('reason' in c ? c.reason : 'ok'))).toEqual([
      'Already in the hub as category 10: use Update selected rows to rename it.',
      'Not sent: the same Source and Source id are also in row 4: keep one.',
      'Not sent: the same Source and Source id are also in row 3: keep one.',
      "Not sent: Title is empty; Source id: 'abc' is not a number; Parent id: must be a whole number, got 1.5.",
      'ok',
      'ok',
    ]);
  });

  it('builds the hub\u2019s body, and the row\u2019s place under a parent row of the sheet', () => {
    expect('payload' in checked[4] && checked[4].payload).toEqual({
      body: {
        Title: 'Suelta',
        CategorySource: 'tiendanube',
        CategorySourceId: 5,
        CategorySourceParent: 'mercadolibre',
        CategorySourceParentId: null,
      },
      place: { path: 'Suelta', level: 1 },
    });
    // A parent that is not in the sheet: sent as is, its place unknown.
    expect('payload' in checked[5] && checked[5].payload.place).toBeNull();
    const child = checkCreateRows(
      read(sheet([{ Title: 'Velas', Source: 'magento', 'Source id': 901, 'Parent id': 10 }])).rows,
      treePlaces(values, columns),
    )[0];
    expect('payload' in child && child.payload.place).toEqual({ path: 'Hogar \u203a Velas', level: 2 });
  });
});

describe('checkUpdateRows and checkMapRows', () => {
  it('update needs Title, Source and Source id', () => {
    const { rows } = read(
      sheet([
        { Title: 'Nuevo', Source: 'magento', 'Source id': 3 },
        { Title: 'x', Source: '' },
      ]),
    );
    expect(checkUpdateRows(rows).map((c) => ('reason' in c ? c.reason : c.payload))).toEqual([
      { Title: 'Nuevo', CategorySource: 'magento', CategorySourceId: 3 },
      'Not sent: Source is empty; Source id is empty.',
    ]);
  });

  it('map needs the Internal id and the destination; the channel goes by its written code', () => {
    const values = sheet([
      { 'Internal id': 4, 'Map to channel': 'MELI', 'Map to category id': 'MLM1', Mappings: 'magento: 4' },
      { 'Internal id': 5, 'Map to channel': 'amazon' },
    ]);
    const { columns, rows } = read(values);
    expect(checkMapRows(rows, { values, columns }, { meli: 'mercadolibre' }).map((c) => ('reason' in c ? c.reason : c.payload))).toEqual([
      { input: { internalId: 4, channel: 'mercadolibre', channelCategoryId: 'MLM1' }, mappings: 'magento: 4' },
      'Not sent: Map to category id is empty.',
    ]);
  });
});

describe('checkDeleteRows', () => {
  it('sends children before their parents, by the Parent id links of the whole sheet', () => {
    const values = sheet([
      { Title: 'Hogar', 'Internal id': 1 },
      { Title: 'Cocina', 'Internal id': 2, 'Parent id': 1 },
      { Title: 'Tazas', 'Internal id': 3, 'Parent id': 2 },
      { Title: 'Sin id' },
      { Title: 'Otra', 'Internal id': 9 },
    ]);
    const { columns, rows } = read(values);
    const order = checkDeleteRows(rows, values, columns).map((c) => ('payload' in c ? c.payload : c.reason));
    expect(order).toEqual([3, 2, 1, 9, 'Not sent: Internal id is empty (load the categories to get it).']);
  });
});

describe('Mappings cell', () => {
  it('round-trips, one entry per channel, a new mapping replacing the channel\u2019s old one', () => {
    const text = mappingsText([
      { channel: 'mercadolibre', channelCategoryId: 'MLM1' },
      { channel: 'amazon', channelCategoryId: '94' },
    ]);
    expect(text).toBe('amazon: 94; mercadolibre: MLM1');
    expect(parseMappings(`${text}; broken; :x`)).toEqual([
      { channel: 'amazon', channelCategoryId: '94' },
      { channel: 'mercadolibre', channelCategoryId: 'MLM1' },
    ]);
    expect(mappingsText(withMapping(parseMappings(text), { channel: 'amazon', channelCategoryId: '95' }))).toBe(
      'amazon: 95; mercadolibre: MLM1',
    );
  });
});

/**
 * The columns a pull adds are wide enough for their header to read whole (`Listing status
 * [mercadolibre]` is cut at Sheets' default width), one width call for the columns added side by
 * side; the seller's columns keep the widths they had.
 */
import { useHub } from '../support/hub';
import { loose } from '../support/results';

const SHEET = 'Stock & Prices';
/** Sheets' width of a column nobody resized. */
const DEFAULT_WIDTH = 100;
/** Fewer pixels per character than any bold 10 pt header needs: a width below this cuts the header. */
const MIN_PX_PER_CHAR = 6.5;

describe('a pull widens the columns it adds to their header', () => {
  const env = useHub({ settings: { pullChannelColumns: ['*'] } }, (env) => {
    env.adminSync('POST', '/__admin/products', {
      generate: { count: 5, prefix: 'W-', channels: ['mercadolibre', 'amazon'], status: 'mixed', seed: 3 },
    });
    const sheet = env.rt.addSheet(SHEET, [
      ['SKU', 'My notes'],
      ['W-000001', 'keep'],
    ]);
    // The seller made their notes column narrow.
    sheet.setColumnWidth(2, 60);
  });

  test('added columns fit their header; the seller keeps the widths of theirs', () => {
    expect(loose(env.call('pullCatalogue', {}))).toMatchObject({ ok: true, value: { status: 'done' } });
    const sheet = env.rt.sheet(SHEET);
    const header = sheet.values()[0] as string[];
    expect(header.slice(0, 2)).toEqual(['SKU', 'My notes']);
    const added = header.slice(2).filter((h) => h !== '');
    expect(added).toEqual(expect.arrayContaining(['Listing status [mercadolibre]', 'Permalink [amazon]']));
    added.forEach((h, i) => {
      const width = sheet.columnWidth(3 + i);
      expect({ header: h, fits: width >= Math.max(DEFAULT_WIDTH, h.length * MIN_PX_PER_CHAR) }).toEqual({ header: h, fits: true });
    });
    // Added side by side in one call: one width for all of them.
    expect(new Set(added.map((_, i) => sheet.columnWidth(3 + i))).size).toBe(1);
    expect([sheet.columnWidth(1), sheet.columnWidth(2)]).toEqual([DEFAULT_WIDTH, 60]);
  });

  test('a second pull adds nothing and leaves every width as it is', () => {
    const sheet = env.rt.sheet(SHEET);
    sheet.setColumnWidth(3, 90);
    const before = Array.from({ length: sheet.lastColumn() }, (_, c) => sheet.columnWidth(c + 1));
    expect(loose(env.call('pullCatalogue', {}))).toMatchObject({ ok: true, value: { status: 'done', columnsAdded: 0 } });
    expect(Array.from({ length: sheet.lastColumn() }, (_, c) => sheet.columnWidth(c + 1))).toEqual(before);
  });
});

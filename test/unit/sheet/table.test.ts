import type { CellValue } from '../../../src/core/kernel/ports';
import { readTable } from '../../../src/sheet';

const HEADER = ['SKU', 'Qty', 'Price', 'Channel', 'Price [amazon]', 'Notes', 'Sync status'];

describe('readTable', () => {
  it('reads typed cells with 1-based sheet row numbers', () => {
    const t = readTable([HEADER, ['A1', 5, '10.50', 'meli', 12, 'hello', 'OK']]);
    expect(t.problems).toEqual([]);
    expect(t.rows).toHaveLength(1);
    const row = t.rows[0];
    expect(row).toMatchObject({
      rowNumber: 2,
      blank: false,
      sku: 'A1',
      channel: 'mercadolibre',
      erpId: null,
      notes: [],
      problems: [],
      duplicate: null,
    });
    expect(row.cells.quantity).toEqual({ kind: 'number', value: 5 });
    expect(row.cells.price).toEqual({ kind: 'number', value: 10.5 });
    expect(row.cells.salePrice).toEqual({ kind: 'empty' });
    expect(row.perChannel).toEqual({ amazon: { price: { kind: 'number', value: 12 } } });
  });

  it('names the column by its own header in reasons and keeps every reason, SKU first then column order', () => {
    const t = readTable([HEADER, ['', 2.5, 'abc', 'amzn', true, '', '']]);
    expect(t.rows[0].problems).toEqual([
      'SKU is empty',
      'Qty: must be a whole number, got 2.5',
      "Price: 'abc' is not a number",
      expect.stringMatching(/^channel 'amzn' is not a channel the hub knows/),
      'Price [amazon]: TRUE is not a number',
    ]);
  });

  it('skips blank rows silently, counting them, even thousands at the end', () => {
    const values: CellValue[][] = [HEADER, ['A1', 1, '', '', '', '', '']];
    for (let i = 0; i < 10000; i++) values.push(['', '', '', '', '', '', '']);
    values.push(['  ', '\u200B', '', '', '', 'a note only', 'OK']); // user and result columns do not count
    const t = readTable(values);
    expect(t.rows.map((r) => r.rowNumber)).toEqual([2]);
    expect(t.blankRows).toBe(10001);
  });

  it('returns blank rows on request, marked blank', () => {
    const t = readTable([HEADER, ['', '', '', '', '', '', 'OK'], ['A', 1, '', '', '', '', '']], { keepBlankRows: true });
    expect(t.rows.map((r) => [r.rowNumber, r.blank])).toEqual([
      [2, true],
      [3, false],
    ]);
  });

  it('leaves out rows the caller skips (hidden or filtered)', () => {
    const t = readTable([HEADER, ['A', 1], ['B', 2], ['A', 3]], { skipRows: new Set([4]) });
    expect(t.rows.map((r) => r.sku)).toEqual(['A', 'B']);
    expect(t.rows[0].duplicate).toBeNull();
  });

  it('copes with ragged rows and a missing header row', () => {
    expect(readTable([]).rows).toEqual([]);
    const t = readTable([['SKU', 'Qty'], ['A'], [] as CellValue[], ['B', 1, 'extra', 'cells']]);
    expect(t.rows.map((r) => r.sku)).toEqual(['A', 'B']);
  });

  it('marks every row of a duplicated SKU, comparing normalized, case-sensitive SKUs', () => {
    const t = readTable([
      ['SKU', 'Qty'],
      ['X', 1],
      ['x', 1],
      [' X ', 2],
      ['Y', 1],
      ['X\u200B', 3],
    ]);
    const byRow = new Map(t.rows.map((r) => [r.rowNumber, r]));
    expect(byRow.get(2)?.duplicate?.reason).toBe("SKU 'X' is also in rows 4 and 6: keep one row per SKU");
    expect(byRow.get(4)?.duplicate?.reason).toBe("SKU 'X' is also in rows 2 and 6: keep one row per SKU");
    expect(byRow.get(6)?.problems).toContain("SKU 'X' is also in rows 2 and 4: keep one row per SKU");
    expect(byRow.get(3)?.duplicate).toBeNull();
    expect(byRow.get(5)?.duplicate).toBeNull();
  });

  it('matches the message for a single duplicate', () => {
    const t = readTable([['SKU'], ['X'], ['X']]);
    expect(t.rows[0].problems).toEqual(["SKU 'X' is also in row 3: keep one row per SKU"]);
  });

  it('stays linear when one SKU fills the sheet', () => {
    const values: CellValue[][] = [['SKU', 'Qty']];
    for (let i = 0; i < 20000; i++) values.push(['SAME', i]);
    const t = readTable(values);
    expect(t.rows[19999].duplicate?.reason).toBe("SKU 'SAME' is also in rows 2, 3, 4, 5 and 6 (and 19994 more): keep one row per SKU");
  });

  it('reads a number SKU and a trimmed SKU as the same text for duplicates', () => {
    const t = readTable([['SKU'], [123], [' 123']]);
    expect(t.rows[1].notes).toEqual(["SKU had leading/trailing spaces; sent as '123'"]);
    expect(t.rows[1].duplicate?.rows).toEqual([2]);
  });

  it('uses the decimal separator setting and notes its reading', () => {
    const t = readTable(
      [
        ['SKU', 'Precio'],
        ['A', '1.234'],
      ],
      { decimalSeparator: ',' },
    );
    expect(t.rows[0].cells.price).toMatchObject({ kind: 'number', value: 1234 });
    expect(t.rows[0].notes).toEqual(["Precio: '1.234' read as 1234 (decimal separator setting: ',')"]);
  });

  it('parses rows without a SKU column, each saying so', () => {
    const t = readTable([
      ['ERP id', 'Price'],
      ['E1', 10],
    ]);
    expect(t.problems[0].message).toMatch(/^No SKU column/);
    expect(t.rows[0]).toMatchObject({ sku: null, erpId: 'E1', problems: ['there is no SKU column'] });
  });

  it('reads 50,000 rows × 30 columns', () => {
    const header: CellValue[] = ['SKU', 'Qty', 'Price', 'Channel', 'Sale price', 'ERP id', 'Available days'];
    for (const ch of ['amazon', 'walmart', 'mercadolibre', 'linio']) header.push(`Price [${ch}]`, `Quantity [${ch}]`, `Sale price [${ch}]`);
    while (header.length < 30) header.push(`Note ${header.length}`);
    const values: CellValue[][] = [header];
    for (let i = 0; i < 50000; i++) {
      const row: CellValue[] = [`SKU-${i}`, i % 100, '1,234.50', 'amazon', 9.5, `E${i}`, 3];
      while (row.length < 30) row.push(row.length % 3 === 0 ? '' : row.length * 1.5);
      values.push(row);
    }
    // Correctness at size only: how fast it reads is the benchmark's business, never the suite's
    // (a millisecond bound here failed whenever the machine was busy).
    const t = readTable(values);
    expect(t.rows).toHaveLength(50000);
    expect(t.rows[49999].perChannel.linio.price).toMatchObject({ kind: 'number' });
  });
});

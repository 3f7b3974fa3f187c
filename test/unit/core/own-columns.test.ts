import { addHeaders, cellsByHeader, findOwnColumns, ownColumns, rowByHeader } from '../../../src/core/kernel/own-columns';
import { writeRowsByHeader } from '../../../src/core/kernel/sheet-blocks';
import { findMissingColumns } from '../../../src/sheet';
import { memorySheet } from '../../support/ports';

const HEADERS = ['Job id', 'SKU', 'Stock', 'Status'];

describe('ownColumns: the add-on\u2019s columns found by header before writing', () => {
  it('finds them wherever the seller moved them, with the seller\u2019s columns at A, in the middle and at the end', () => {
    const sheet = memorySheet('Jobs', [['Notes', 'Job id', 'SKU', 'Checked', 'Stock', 'Status', 'Later']]);
    expect(ownColumns(sheet, sheet.grid[0], HEADERS)).toEqual({ 'Job id': 1, SKU: 2, Stock: 4, Status: 5 });
    expect(sheet.writes).toEqual([]);
  });

  it('matches case, spaces and accents aside', () => {
    expect(findOwnColumns(['  job ID ', 'sku', 'STOCK', 'status:'], HEADERS).present).toEqual({ 'Job id': 0, SKU: 1, Stock: 2, Status: 3 });
  });

  it('widens added columns whose header the default width cuts, in one call, and no others', () => {
    const sheet = memorySheet('Stock', [['SKU', 'Notes']]);
    expect(addHeaders(sheet, [{ header: 'Status', column: 2 }])).toBe(2);
    expect(sheet.widths.size).toBe(0);
    const added = [
      { header: 'Quantity', column: 3 },
      { header: 'Listing status [mercadolibre]', column: 4 },
    ];
    expect(addHeaders(sheet, added)).toBe(3);
    const width = sheet.widths.get(5)!;
    expect(width).toBeGreaterThanOrEqual('Listing status [mercadolibre]'.length * 6.5);
    expect([...sheet.widths]).toEqual([
      [4, width],
      [5, width],
    ]);
  });

  it('re-creates a missing header at the right of the header row, in one write, and never writes by position', () => {
    const sheet = memorySheet('Jobs', [
      ['Notes', 'Job id', 'SKU', 'Estado', 'Stock', ''],
      ['keep', '1', 'A', 'mine', 3, 'x'],
    ]);
    // A renamed column ("Estado", was Status) is the seller's now; the width counts trailing empty headers.
    expect(ownColumns(sheet, sheet.grid[0], HEADERS)).toEqual({ 'Job id': 1, SKU: 2, Stock: 4, Status: 6 });
    expect(sheet.writes).toEqual([{ row: 1, column: 7, rows: 1, columns: 1 }]);
    expect(sheet.grid[0]).toEqual(['Notes', 'Job id', 'SKU', 'Estado', 'Stock', '', 'Status']);
    expect(sheet.grid[1]).toEqual(['keep', '1', 'A', 'mine', 3, 'x']);
  });

  it('takes no column by what it means on the stock sheet: a seller\u2019s Quantity or Canal is theirs', () => {
    const header = ['Quantity', 'Canal', 'Job id', 'SKU', 'Stock'];
    expect(findOwnColumns(header, ['Stock', 'Channel']).present).toEqual({ Stock: 4 });
    expect(findOwnColumns(header, ['Stock', 'Channel']).missing).toEqual([{ header: 'Channel', column: 5 }]);
    // The stock sheet's own matching does read them by meaning (its result columns, by alias).
    expect(findMissingColumns(header, ['Stock']).present).toEqual({ Stock: 0 });
  });

  it('adds every header to an empty header row from column A', () => {
    const sheet = memorySheet('Jobs', []);
    expect(ownColumns(sheet, [], HEADERS)).toEqual({ 'Job id': 0, SKU: 1, Stock: 2, Status: 3 });
    expect(sheet.grid).toEqual([HEADERS]);
  });
});

describe('addHeaders', () => {
  it('writes side-by-side headers once and styles the header row up to the last', () => {
    const sheet = memorySheet('X', [['a']]);
    const styled: number[] = [];
    sheet.styleHeader = (columns) => styled.push(columns);
    expect(
      addHeaders(sheet, [
        { header: 'B', column: 1 },
        { header: 'C', column: 2 },
      ]),
    ).toBe(2);
    expect(sheet.grid[0]).toEqual(['a', 'B', 'C']);
    expect(styled).toEqual([3]);
    expect(addHeaders(sheet, [])).toBe(0);
    expect(sheet.writes).toHaveLength(1);
  });
});

describe('rows by header', () => {
  const at = { 'Job id': 1, SKU: 2, Stock: 4, Status: 5 };

  it('cellsByHeader reads a row in the order of the headers, an empty cell for a header without a column', () => {
    expect(cellsByHeader(['n', '7', 'A', 'c', 3, 'OK'], at, HEADERS)).toEqual(['7', 'A', 3, 'OK']);
    expect(cellsByHeader(['n', '7'], { 'Job id': 1 }, HEADERS)).toEqual(['7', '', '', '']);
  });

  it('rowByHeader places the cells under their columns, empty cells in the seller\u2019s between them', () => {
    expect(rowByHeader(['7', 'A', 3, 'OK'], at, HEADERS)).toEqual(['', '7', 'A', '', 3, 'OK']);
  });

  it('writeRowsByHeader writes each run of our columns and nothing in the seller\u2019s', () => {
    const sheet = memorySheet('Jobs', [
      ['Notes', 'Job id', 'SKU', 'Checked', 'Stock', 'Status', 'Later'],
      ['n1', '1', 'A', 'c1', 1, 'x', 'l1'],
      ['n2', '1', 'B', 'c2', 2, 'x', 'l2'],
    ]);
    const writes = writeRowsByHeader(sheet, at, HEADERS, 2, [
      ['2', 'C', 5, 'OK'],
      ['', '', '', ''],
    ]);
    expect(writes).toBe(2);
    expect(sheet.writes).toEqual([
      { row: 2, column: 2, rows: 2, columns: 2 },
      { row: 2, column: 5, rows: 2, columns: 2 },
    ]);
    expect(sheet.grid).toEqual([
      ['Notes', 'Job id', 'SKU', 'Checked', 'Stock', 'Status', 'Later'],
      ['n1', '2', 'C', 'c1', 5, 'OK', 'l1'],
      ['n2', '', '', 'c2', '', '', 'l2'],
    ]);
    expect(writeRowsByHeader(sheet, at, HEADERS, 2, [])).toBe(0);
  });
});

import { HarnessError, loadRuntime } from '../../dev/gas-runtime';

/**
 * A collaborator's structural edits through SheetHandle (insert/delete rows and columns, sort,
 * move), which behave like the Sheets UI: cells move with their values, formula text, formats,
 * notes and font weights; hidden rows and merges follow; the grid grows and shrinks.
 */

const RUNNER = `function run(code) { var sh = SpreadsheetApp.getActive().getSheetByName('S'); return eval(code); }`;

/** Sheet S: a header and three SKU rows, with a format, a note, a bold cell and a formula. */
function seeded() {
  const rt = loadRuntime({
    bundle: RUNNER,
    workbook: {
      S: [
        ['SKU', 'Qty', 'Link'],
        ['A-1', 5, ''],
        ['B-2', 7, ''],
        ['C-3', 9, ''],
      ],
    },
  });
  const s = rt.sheet('S');
  s.setFontWeight('A1:C1', 'bold')
    .setNumberFormat('B3', '00000')
    .setNote('A3', 'check')
    .type('C3', '=HYPERLINK("https://x.example/b","b")');
  return { rt, s };
}

describe('SheetHandle.insertRows / deleteRows', () => {
  it('moves cells down with their formats, notes and formulas; new rows take the formats above', () => {
    const { rt, s } = seeded();
    s.insertRows(2, 2);
    expect(s.values()).toEqual([
      ['SKU', 'Qty', 'Link'],
      ['', '', ''],
      ['', '', ''],
      ['A-1', 5, ''],
      ['B-2', 7, 'b'],
      ['C-3', 9, ''],
    ]);
    expect(s.displayValues('B5')).toEqual([['00007']]);
    expect(s.notes('A5')).toEqual([['check']]);
    expect(s.formulas('C5')).toEqual([['=HYPERLINK("https://x.example/b","b")']]);
    // Like Sheets, inserted rows copy the formats (not values or notes) of the row above: the header's bold.
    expect(s.fontWeights('A2:A4')).toEqual([['bold'], ['bold'], ['normal']]);
    expect(s.maxRows()).toBe(1002);
    expect(rt.call('run', `[sh.getLastRow(), sh.getRange('A5').getValue()]`)).toEqual([6, 'B-2']);
  });

  it('deletes rows and moves the cells below up; the grid shrinks', () => {
    const { s } = seeded();
    s.deleteRows(2, 1);
    expect(s.values()).toEqual([
      ['SKU', 'Qty', 'Link'],
      ['B-2', 7, 'b'],
      ['C-3', 9, ''],
    ]);
    expect(s.displayValues('B2')).toEqual([['00007']]);
    expect(s.notes('A2:A3')).toEqual([['check'], ['']]);
    expect(s.maxRows()).toBe(999);
  });

  it('moves merges with their rows, growing and shrinking them; frozen rows follow inserts inside them', () => {
    const { s } = seeded();
    s.merge('A4:B4').merge('C2:C3').setFrozenRows(1);
    s.insertRows(3, 1); // inside the C2:C3 merge, which grows
    expect(s.merges()).toEqual(['A5:B5', 'C2:C4']);
    s.insertRows(1, 1); // inside the frozen header
    expect(s.frozenRows()).toBe(2);
    expect(s.merges()).toEqual(['A6:B6', 'C3:C5']);
    s.deleteRows(4, 1); // one row of C3:C5, which shrinks; A6:B6 moves up
    expect(s.merges()).toEqual(['A5:B5', 'C3:C4']);
    s.deleteRows(4, 1);
    expect(s.merges()).toEqual(['A4:B4']); // C3 alone is no longer a merge
  });

  it('keeps hidden flags on their rows, as the bundle sees them', () => {
    const { rt, s } = seeded();
    s.hideRows(3);
    s.insertRows(2, 1);
    expect(rt.call('run', `[3, 4].map(function (r) { return [sh.getRange(r, 1).getValue(), sh.isRowHiddenByUser(r)]; })`)).toEqual([
      ['A-1', false],
      ['B-2', true],
    ]);
    s.deleteRows(2, 2);
    expect(rt.call('run', `[sh.getRange(2, 1).getValue(), sh.isRowHiddenByUser(2)]`)).toEqual(['B-2', true]);
  });

  it('refuses rows outside the grid and deleting every non-frozen row', () => {
    const { s } = seeded();
    s.resize(4, 3).setFrozenRows(1);
    expect(() => s.deleteRows(4, 2)).toThrow(HarnessError);
    expect(() => s.deleteRows(2, 3)).toThrow('every non-frozen row');
    expect(() => s.insertRows(6, 1)).toThrow(HarnessError);
    s.insertRows(5, 1); // right after the last row
    expect(s.maxRows()).toBe(5);
  });
});

describe('SheetHandle.insertColumns / deleteColumns', () => {
  it('moves cells right and back left with everything they hold', () => {
    const { rt, s } = seeded();
    s.merge('B4:C4');
    s.insertColumns(2, 1);
    expect(s.values('A1:D3')).toEqual([
      ['SKU', '', 'Qty', 'Link'],
      ['A-1', '', 5, ''],
      ['B-2', '', 7, 'b'],
    ]);
    expect(s.displayValues('C3')).toEqual([['00007']]);
    expect(s.formulas('D3')).toEqual([['=HYPERLINK("https://x.example/b","b")']]);
    expect(s.fontWeights('A1:D1')).toEqual([['bold', 'bold', 'bold', 'bold']]); // the new column copies the left one's formats
    expect(s.merges()).toEqual(['C4:D4']);
    expect(s.maxColumns()).toBe(27);
    expect(rt.call('run', `sh.getRange('C1').getValue()`)).toBe('Qty');

    s.deleteColumns(1, 2);
    expect(s.values('A1:B3')).toEqual([
      ['Qty', 'Link'],
      [5, ''],
      [7, 'b'],
    ]);
    expect(s.displayValues('A3')).toEqual([['00007']]);
    expect(s.merges()).toEqual(['A4:B4']);
    expect(s.maxColumns()).toBe(25);
  });

  it('drops a merge reduced to one cell and refuses columns outside the grid', () => {
    const { s } = seeded();
    s.merge('A4:B4');
    s.deleteColumns(2, 1);
    expect(s.merges()).toEqual([]);
    expect(() => s.deleteColumns(25, 2)).toThrow(HarnessError);
    expect(() => s.insertColumns(0, 1)).toThrow(HarnessError);
  });
});

describe('SheetHandle.sortRows', () => {
  function mixed() {
    const rt = loadRuntime({
      bundle: RUNNER,
      workbook: {
        S: [
          ['key', 'tag'],
          ['banana', 1],
          ['', 2],
          [10, 3],
          ['Apple', 4],
          [2, 5],
          [true, 6],
          ['apple', 7],
          ['cherry', 8],
        ],
      },
    });
    return { rt, s: rt.sheet('S') };
  }

  it('sorts numbers before text, text case-insensitively, blanks last, stably', () => {
    const { s } = mixed();
    s.sortRows(2, 9, 1);
    expect(s.values('A2:B9')).toEqual([
      [2, 5],
      [10, 3],
      ['Apple', 4],
      ['apple', 7],
      ['banana', 1],
      ['cherry', 8],
      [true, 6],
      ['', 2],
    ]);
  });

  it('keeps blanks last when descending', () => {
    const { s } = mixed();
    s.sortRows(2, 9, 1, false);
    expect(s.values('A2:A9').map((r) => r[0])).toEqual([true, 'cherry', 'banana', 'Apple', 'apple', 10, 2, '']);
  });

  it('moves whole rows with formats, notes and formulas; hidden flags stay with positions', () => {
    const { rt, s } = seeded();
    s.hideRows(2);
    s.sortRows(2, 4, 2, false);
    expect(s.values()).toEqual([
      ['SKU', 'Qty', 'Link'],
      ['C-3', 9, ''],
      ['B-2', 7, 'b'],
      ['A-1', 5, ''],
    ]);
    expect(s.displayValues('B3')).toEqual([['00007']]);
    expect(s.notes('A3')).toEqual([['check']]);
    expect(s.formulas('C3')).toEqual([['=HYPERLINK("https://x.example/b","b")']]);
    expect(rt.call('run', `[sh.isRowHiddenByUser(2), sh.isRowHiddenByUser(4)]`)).toEqual([true, false]);
  });

  it('moves single-row merges with their row and refuses vertical merges', () => {
    const { s } = seeded();
    s.merge('B2:C2');
    s.sortRows(2, 4, 1, false);
    expect(s.merges()).toEqual(['B4:C4']);
    s.merge('C2:C3');
    expect(() => s.sortRows(2, 4, 1)).toThrow('vertically merged');
  });
});

describe('SheetHandle.moveRows / moveColumns', () => {
  it('moves rows before a destination counted before the move, hidden flags included', () => {
    const { rt, s } = seeded();
    s.hideRows(4);
    s.moveRows(4, 1, 2);
    expect(s.values('A1:A4').map((r) => r[0])).toEqual(['SKU', 'C-3', 'A-1', 'B-2']);
    expect(s.displayValues('B4')).toEqual([['00007']]);
    expect(rt.call('run', `[2, 3, 4].map(function (r) { return sh.isRowHiddenByUser(r); })`)).toEqual([true, false, false]);
    s.moveRows(2, 1, 5);
    expect(s.values('A1:A4').map((r) => r[0])).toEqual(['SKU', 'A-1', 'B-2', 'C-3']);
    expect(rt.call('run', `[2, 3, 4].map(function (r) { return sh.isRowHiddenByUser(r); })`)).toEqual([false, false, true]);
  });

  it('moves columns', () => {
    const { s } = seeded();
    s.moveColumns(3, 1, 1);
    expect(s.values('A1:C3')).toEqual([
      ['Link', 'SKU', 'Qty'],
      ['', 'A-1', 5],
      ['b', 'B-2', 7],
    ]);
    expect(s.notes('B3')).toEqual([['check']]);
  });
});

describe("the bundle's own structural calls", () => {
  it('move merges below deleted rows up (they used to stay put)', () => {
    const { rt, s } = seeded();
    s.merge('A4:B4');
    rt.call('run', `sh.deleteRows(2, 1)`);
    expect(s.merges()).toEqual(['A3:B3']);
  });
});

describe('column widths', () => {
  it('keeps what setColumnWidth(s) set; the columns carry their width when columns are inserted, deleted or moved, and through a saved state', () => {
    const { rt, s } = seeded();
    expect(
      rt.call(
        'run',
        `sh.setColumnWidths(2, 2, 180); sh.setColumnWidth(1, 60); [1, 2, 3, 4].map(function (c) { return sh.getColumnWidth(c); })`,
      ),
    ).toEqual([60, 180, 180, 100]);
    rt.call('run', 'sh.insertColumnsAfter(1, 2); 0');
    expect([1, 2, 3, 4, 5].map((c) => s.columnWidth(c))).toEqual([60, 100, 100, 180, 180]);
    s.deleteColumns(2, 2);
    s.moveColumns(1, 1, 4);
    expect([1, 2, 3].map((c) => s.columnWidth(c))).toEqual([180, 180, 60]);
    const after = loadRuntime({ bundle: RUNNER, state: JSON.parse(JSON.stringify(rt.exportState())) });
    expect([1, 2, 3].map((c) => after.sheet('S').columnWidth(c))).toEqual([180, 180, 60]);
    expect(() => rt.call('run', 'sh.setColumnWidths(3, 40, 90); 0')).toThrow(/out of bounds/);
  });
});

import { parseA1, toA1 } from '../../dev/gas-runtime/a1';
import { loadRuntime } from '../../dev/gas-runtime';
import { displayValue } from '../../dev/gas-runtime/number-format';

const rowsMsg = (data: number, range: number) =>
  `The number of rows in the data does not match the number of rows in the range. The data has ${data} but the range has ${range}.`;
const colsMsg = (data: number, range: number) =>
  `The number of columns in the data does not match the number of columns in the range. The data has ${data} but the range has ${range}.`;

/** A bundle whose `run(code)` evaluates code with `ss` and `sh` (sheet "S") in scope. */
const RUNNER = `function run(code) { var ss = SpreadsheetApp.getActive(); var sh = ss.getSheetByName('S'); return eval(code); }
  function act(code) { run(code); }`;

function sheetRuntime(values: unknown[][] = [], extra: Parameters<typeof loadRuntime>[0] = {}) {
  return loadRuntime({ bundle: RUNNER, workbook: { S: values }, timeZone: 'America/New_York', ...extra });
}

describe('A1 notation', () => {
  it('parses cells, rectangles, whole columns and whole rows', () => {
    expect(parseA1('B2', 1000, 26)).toMatchObject({ row: 2, col: 2, numRows: 1, numCols: 1 });
    expect(parseA1('A1:C3', 1000, 26)).toMatchObject({ row: 1, col: 1, numRows: 3, numCols: 3 });
    expect(parseA1('C3:A1', 1000, 26)).toMatchObject({ row: 1, col: 1, numRows: 3, numCols: 3 });
    expect(parseA1('A:C', 1000, 26)).toMatchObject({ row: 1, col: 1, numRows: 1000, numCols: 3, wholeCols: true });
    expect(parseA1('2:5', 1000, 26)).toMatchObject({ row: 2, col: 1, numRows: 4, numCols: 26, wholeRows: true });
    expect(parseA1('B2:D', 50, 26)).toMatchObject({ row: 2, col: 2, numRows: 49, numCols: 3 });
    expect(parseA1("'My sheet'!$AA$10", 1000, 60)).toMatchObject({ sheetName: 'My sheet', row: 10, col: 27 });
    for (const bad of ['', 'A', '12', '1A', 'A0', 'A1:B2:C3', '2:B5', 'hello world'])
      expect([bad, parseA1(bad, 1000, 26)]).toEqual([bad, null]);
  });

  it('writes A1 back', () => {
    expect(toA1({ row: 2, col: 2, numRows: 1, numCols: 1 })).toBe('B2');
    expect(toA1({ row: 1, col: 1, numRows: 3, numCols: 28 })).toBe('A1:AB3');
    expect(toA1({ row: 1, col: 1, numRows: 1000, numCols: 3 }, { wholeCols: true })).toBe('A:C');
  });

  it('resolves getRange overloads in the bundle', () => {
    const rt = sheetRuntime();
    const geometry = (expr: string) =>
      rt.call('run', `var r = ${expr}; [r.getRow(), r.getColumn(), r.getNumRows(), r.getNumColumns(), r.getA1Notation()]`);
    expect(geometry(`sh.getRange('A1:C3')`)).toEqual([1, 1, 3, 3, 'A1:C3']);
    expect(geometry(`sh.getRange('B2')`)).toEqual([2, 2, 1, 1, 'B2']);
    expect(geometry(`sh.getRange('A:C')`)).toEqual([1, 1, 1000, 3, 'A:C']);
    expect(geometry(`sh.getRange('2:5')`)).toEqual([2, 1, 4, 26, '2:5']);
    expect(geometry(`sh.getRange(3, 2)`)).toEqual([3, 2, 1, 1, 'B3']);
    expect(geometry(`sh.getRange(3, 2, 4)`)).toEqual([3, 2, 4, 1, 'B3:B6']);
    expect(geometry(`sh.getRange(3, 2, 4, 2)`)).toEqual([3, 2, 4, 2, 'B3:C6']);
    expect(geometry(`ss.getRange("S!D4")`)).toEqual([4, 4, 1, 1, 'D4']);
    expect(() => rt.call('run', `sh.getRange('nonsense!!')`)).toThrow('Range not found');
    expect(() => rt.call('run', `sh.getRange(0, 1)`)).toThrow('The starting row of the range is too small.');
    expect(() => rt.call('run', `sh.getRange(1, 1, 0, 1)`)).toThrow('The number of rows in the range must be at least 1.');
    expect(() => rt.call('run', `sh.getRange(1001, 1)`)).toThrow('Those rows are out of bounds.');
    expect(() => rt.call('run', `sh.getRange(1, 27)`)).toThrow('Those columns are out of bounds.');
  });
});

describe('values', () => {
  it('come back typed, with "" for empty cells', () => {
    const when = new Date(Date.UTC(2026, 0, 31, 5));
    const rt = sheetRuntime([
      ['SKU', 12, true, when],
      ['', 1.5, false, null],
    ]);
    const types = rt.call(
      'run',
      `sh.getRange('A1:E2').getValues().map(function (r) { return r.map(function (v) {
      return v instanceof Date ? 'date:' + v.toISOString() : typeof v + ':' + v; }); })`,
    );
    expect(types).toEqual([
      ['string:SKU', 'number:12', 'boolean:true', 'date:2026-01-31T05:00:00.000Z', 'string:'],
      ['string:', 'number:1.5', 'boolean:false', 'string:', 'string:'],
    ]);
    expect(rt.call('run', `sh.getRange('B1').getValue()`)).toBe(12);
  });

  it('refuses setValues with the wrong dimensions, in Apps Script words', () => {
    const rt = sheetRuntime();
    expect(() => rt.call('run', `sh.getRange('A1:B2').setValues([[1, 2]])`)).toThrow(rowsMsg(1, 2));
    expect(() => rt.call('run', `sh.getRange('A1:B2').setValues([[1, 2], [3]])`)).toThrow(colsMsg(1, 2));
    expect(() => rt.call('run', `sh.getRange('A1:B1').setValues([[1, 2, 3]])`)).toThrow(colsMsg(3, 2));
    expect(() => rt.call('run', `sh.getRange('A1:A3').setValues([[1], [2], [3], [4]])`)).toThrow(rowsMsg(4, 3));
    expect(rt.sheet('S').values()).toEqual([]);
  });

  it('reads strings written by the bundle like a user typing them', () => {
    const rt = sheetRuntime();
    rt.call(
      'act',
      `sh.getRange('A1:A12').setValues([['123'], ['1.5'], ['-3'], ['1,234'], ['TRUE'], ['false'], ['2026-01-31'], ['1/31/2026'],
        ["'0042"], ['=HYPERLINK("https://hub.example/p/1","Open")'], ['=SUM(A1:A2)'], ['plain text']])`,
    );
    const v = rt
      .sheet('S')
      .values('A1:A12')
      .map((r) => r[0]);
    expect(v.slice(0, 6)).toEqual([123, 1.5, -3, 1234, true, false]);
    expect(v[6]).toEqual(new Date(Date.UTC(2026, 0, 31, 5)));
    expect(v[7]).toEqual(new Date(Date.UTC(2026, 0, 31, 5)));
    expect(v.slice(8)).toEqual(['0042', 'Open', '#ERROR!', 'plain text']);
    expect(rt.sheet('S').formulas('A9:A11')).toEqual([[''], ['=HYPERLINK("https://hub.example/p/1","Open")'], ['=SUM(A1:A2)']]);
    expect(rt.call('run', `sh.getRange('A10').getFormula()`)).toBe('=HYPERLINK("https://hub.example/p/1","Open")');
  });

  it('keeps strings as text in cells formatted "@"', () => {
    const rt = sheetRuntime();
    rt.call('act', `sh.getRange('A1:C1').setNumberFormat('@').setValues([['007', '=1+1', 'TRUE']]); sh.getRange('D1').setValue('007')`);
    expect(rt.sheet('S').values('A1:D1')).toEqual([['007', '=1+1', 'TRUE', 7]]);
    expect(rt.sheet('S').formulas('A1:B1')).toEqual([['', '']]);
    expect(rt.sheet('S').numberFormats('A1:D1')).toEqual([['@', '@', '@', '0.###############']]);
  });

  it('stores values seeded by the test as given', () => {
    const rt = sheetRuntime([['123', '=1+1', "'x"]]);
    expect(rt.call('run', `sh.getRange('A1:C1').getValues()`)).toEqual([['123', '=1+1', "'x"]]);
  });

  it('renders display values by number format', () => {
    const rt = sheetRuntime([[1234.5, 0.256, 3, new Date(Date.UTC(2026, 0, 31, 18, 5, 9)), 42, new Date(Date.UTC(2026, 1, 1, 5))]]);
    rt.call('act', `sh.getRange('A1:E1').setNumberFormats([['#,##0.00', '0.0%', '"$"#,##0', 'yyyy-mm-dd hh:mm', '@']])`);
    expect(rt.sheet('S').displayValues()).toEqual([['1,234.50', '25.6%', '$3', '2026-01-31 13:05', '42', '2/1/2026']]);
    expect(rt.call('run', `sh.getRange('A1:B1').getDisplayValues()`)).toEqual([['1,234.50', '25.6%']]);
    expect(rt.call('run', `sh.getRange('D1').getDisplayValue()`)).toBe('2026-01-31 13:05');
  });

  it('formats numbers and dates with the supported pattern subset', () => {
    const cases: Array<[unknown, string, string]> = [
      [1234.5, '0', '1235'],
      [1234567.891, '#,##0', '1,234,568'],
      [-1234.5, '$#,##0.00', '-$1,234.50'],
      [-1234.5, '#,##0.00;(#,##0.00)', '(1,234.50)'],
      [0, '#,##0.00;(#,##0.00);"zero"', 'zero'],
      [0.5, '#.##', '.5'],
      [12, '000', '012'],
      [3.14159, '0.0#', '3.14'],
      [1234.5, '[$€-407]#,##0.00', '€1,234.50'],
      [1 / 3, '0.###############', '0.3333333333'],
      [46053, 'yyyy-mm-dd', '2026-01-31'],
      [new Date(Date.UTC(2026, 0, 31, 13, 5)), 'dddd, mmmm d, yyyy h:mm AM/PM', 'Saturday, January 31, 2026 8:05 AM'],
      [new Date(Date.UTC(2026, 0, 31, 13, 5, 7, 250)), 'hh:mm:ss.000', '08:05:07.250'],
      [true, '0.00', 'TRUE'],
      ['text', '0.00', 'text'],
    ];
    for (const [value, format, shown] of cases) {
      expect([value, format, displayValue(value as never, format, 'America/New_York')]).toEqual([value, format, shown]);
    }
  });

  it('applies an automatic date format when the bundle writes a Date', () => {
    const rt = sheetRuntime();
    rt.call('act', `sh.getRange('A1').setValue(new Date(Date.UTC(2026, 2, 3, 14, 30)))`);
    expect(rt.sheet('S').numberFormats()).toEqual([['M/d/yyyy H:mm:ss']]);
    expect(rt.sheet('S').displayValues()).toEqual([['3/3/2026 9:30:00']]);
  });

  it('records formats, font weights and notes', () => {
    const rt = sheetRuntime([['a', 'b']]);
    rt.call(
      'act',
      `var r = sh.getRange('A1:B1'); r.setFontWeight('bold'); r.setNote('hi'); sh.getRange('B1').setFontWeights([[null]]);
      [r.getFontWeights(), r.getFontWeight(), r.getNotes(), r.getNumberFormat()]`,
    );
    expect(rt.sheet('S').fontWeights()).toEqual([['bold', 'normal']]);
    expect(rt.sheet('S').notes()).toEqual([['hi', 'hi']]);
  });

  it('clears content but keeps formats', () => {
    const rt = sheetRuntime([['a', 'b']]);
    rt.call('act', `sh.getRange('A1:B1').setNumberFormat('@'); sh.getRange('A1:B1').clearContent()`);
    expect(rt.sheet('S').values('A1:B1')).toEqual([['', '']]);
    expect(rt.sheet('S').numberFormats('A1:B1')).toEqual([['@', '@']]);
  });
});

describe('sheets and structure', () => {
  it('finds, inserts, renames and deletes sheets', () => {
    const rt = loadRuntime({ bundle: RUNNER, workbook: { S: [], Other: [] } });
    expect(rt.call('run', `ss.getSheets().map(function (s) { return [s.getName(), s.getIndex()]; })`)).toEqual([
      ['S', 1],
      ['Other', 2],
    ]);
    expect(() => rt.call('run', `ss.insertSheet('Other')`)).toThrow(
      'A sheet with the name "Other" already exists. Please enter another name.',
    );
    expect(rt.call('run', `ss.insertSheet('Log', 0).getIndex()`)).toBe(1);
    expect(rt.sheetNames()).toEqual(['Log', 'S', 'Other']);
    expect(rt.call('run', `ss.getActiveSheet().getName()`)).toBe('Log');
    expect(rt.call('run', `ss.getSheetByName('nope')`)).toBeNull();
    rt.call('act', `ss.getSheetByName('Other').setName('Renamed')`);
    expect(() => rt.call('run', `ss.getSheetByName('Renamed').setName('S')`)).toThrow('already exists');
    rt.call('act', `ss.deleteSheet(ss.getSheetByName('Renamed'))`);
    expect(rt.sheetNames()).toEqual(['Log', 'S']);
    expect(
      rt.call('run', `[ss.getId().length > 20, ss.getUrl().indexOf(ss.getId()) > 0, ss.getSpreadsheetTimeZone(), ss.getName()]`),
    ).toEqual([true, true, 'America/New_York', 'Untitled spreadsheet']);
  });

  it('knows the last row and column with content and the data range', () => {
    const rt = sheetRuntime([
      ['h1', 'h2', ''],
      ['', '', ''],
      ['x', '', ''],
    ]);
    expect(
      rt.call('run', `[sh.getLastRow(), sh.getLastColumn(), sh.getDataRange().getA1Notation(), sh.getMaxRows(), sh.getMaxColumns()]`),
    ).toEqual([3, 2, 'A1:B3', 1000, 26]);
  });

  it('inserts and deletes rows and columns', () => {
    const rt = sheetRuntime([['a'], ['b'], ['c']]);
    rt.call('act', `sh.insertRowsAfter(1, 2); sh.insertColumnsAfter(1, 1)`);
    expect(
      rt
        .sheet('S')
        .values('A1:A5')
        .map((r) => r[0]),
    ).toEqual(['a', '', '', 'b', 'c']);
    expect(rt.sheet('S').maxRows()).toBe(1002);
    expect(rt.sheet('S').maxColumns()).toBe(27);
    rt.call('act', `sh.deleteRows(2, 2)`);
    expect(rt.sheet('S').values()).toEqual([['a'], ['b'], ['c']]);
    expect(() => rt.call('run', `sh.deleteRows(999, 5)`)).toThrow('Those rows are out of bounds.');
    expect(() => rt.call('run', `sh.deleteRows(1, 1000)`)).toThrow('Sorry, it is not possible to delete all non-frozen rows.');
  });

  it('throws beyond the grid instead of growing it, except appendRow', () => {
    const rt = sheetRuntime([['a']]);
    rt.sheet('S').resize(2, 3);
    expect(() => rt.call('run', `sh.getRange(2, 1, 2, 1).setValues([[1], [2]])`)).toThrow('Those rows are out of bounds.');
    rt.call('act', `sh.appendRow(['b']); sh.appendRow(['c', '2'])`);
    expect(rt.sheet('S').values()).toEqual([
      ['a', ''],
      ['b', ''],
      ['c', 2],
    ]);
    expect(rt.sheet('S').maxRows()).toBe(3);
  });

  it('freezes rows and reports hidden and filtered rows set by the test', () => {
    const rt = sheetRuntime([['h'], ['1'], ['2'], ['3']]);
    rt.call('act', `sh.setFrozenRows(1)`);
    expect(rt.sheet('S').frozenRows()).toBe(1);
    rt.sheet('S').hideRows(2).filterRows(4);
    expect(rt.call('run', `[2, 3, 4].map(function (r) { return [sh.isRowHiddenByUser(r), sh.isRowHiddenByFilter(r)]; })`)).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    rt.call('act', `sh.insertRowsAfter(1, 1)`);
    expect(rt.call('run', `[sh.isRowHiddenByUser(3), sh.isRowHiddenByFilter(5), sh.getFrozenRows()]`)).toEqual([true, true, 1]);
  });

  it('merges ranges', () => {
    const rt = sheetRuntime([['a', 'b', 'c']]);
    rt.sheet('S').merge('A2:B2');
    rt.call('act', `sh.getRange('A3:C3').merge()`);
    expect(rt.sheet('S').merges()).toEqual(['A2:B2', 'A3:C3']);
    expect(
      rt.call(
        'run',
        `[sh.getRange('B2').isPartOfMerge(), sh.getRange('C2').isPartOfMerge(),
      sh.getRange('A1:C3').getMergedRanges().map(function (r) { return r.getA1Notation(); })]`,
      ),
    ).toEqual([true, false, ['A2:B2', 'A3:C3']]);
  });

  it('follows the selection set by the test and by the bundle', () => {
    const rt = loadRuntime({ bundle: RUNNER, workbook: { S: [], T: [] } });
    expect(rt.call('run', `[ss.getActiveSheet().getName(), ss.getActiveRange().getA1Notation()]`)).toEqual(['S', 'A1']);
    rt.select('T', ['A2:B3', 'D5']);
    expect(
      rt.call(
        'run',
        `[SpreadsheetApp.getActiveSheet().getName(), SpreadsheetApp.getActiveRange().getA1Notation(),
      ss.getSelection().getActiveRange().getA1Notation(),
      ss.getActiveRangeList().getRanges().map(function (r) { return r.getA1Notation(); })]`,
      ),
    ).toEqual(['T', 'D5', 'D5', ['A2:B3', 'D5']]);
    rt.call('act', `ss.getSheetByName('S').getRange('C3').activate()`);
    expect(rt.call('run', `ss.getActiveRange().getA1Notation() + '@' + ss.getActiveSheet().getName()`)).toBe('C3@S');
  });

  it('records toasts', () => {
    const rt = sheetRuntime();
    rt.call('act', `ss.toast('Saved 3 rows', 'Hub Sync', 5)`);
    expect(rt.toasts()).toEqual([
      { user: 'user@example.com', at: expect.any(Number), message: 'Saved 3 rows', title: 'Hub Sync', timeoutSeconds: 5 },
    ]);
  });

  it('opens the spreadsheet by id and fails for an unknown one', () => {
    const rt = sheetRuntime();
    expect(rt.call('run', `SpreadsheetApp.openById(ss.getId()).getSheetByName('S').getName()`)).toBe('S');
    expect(() => rt.call('run', `SpreadsheetApp.openById('nope')`)).toThrow('openById');
  });
});

describe('sheet ids', () => {
  it('a sheet keeps its id when renamed (by the script or by the seller), and reading it is a cheap call, not a round trip', () => {
    const rt = sheetRuntime([['a']]);
    const id = rt.call('run', 'sh.getSheetId()') as number;
    rt.call('run', "sh.setName('Renamed'); 0");
    expect(rt.call('run', "ss.getSheetByName('Renamed').getSheetId()")).toBe(id);
    rt.renameSheet('Renamed', 'Again');
    rt.resetCounters();
    expect(rt.call('run', "ss.getSheetByName('Again').getSheetId()")).toBe(id);
    // getActive, getSheetByName twice (the runner's and this one), getSheetId: all counted, none a round trip.
    expect(rt.counters()).toMatchObject({ sheetsRoundTrips: 0, serviceCalls: 4 });
    expect(rt.call('run', "ss.insertSheet('New').getSheetId()")).not.toBe(id);
  });
});

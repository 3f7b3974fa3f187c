import { loadRuntime } from '../../dev/gas-runtime';

/**
 * A collaborator editing the sheet while an execution runs: SheetHandle edits made from
 * rt.onServiceCall land between two of the bundle's service calls, and the bundle's next Sheets
 * call sees them (the hook runs before the call it announces).
 */

const BUNDLE = `
function readTwice() {
  var sh = SpreadsheetApp.getActive().getSheetByName('S');
  var n = sh.getLastRow();
  var first = sh.getRange(2, 1, n - 1, 2).getValues();
  var second = sh.getRange(2, 1, n - 1, 2).getValues();
  return { first: first, second: second, lastRow: sh.getLastRow() };
}
function writeStale() {
  var sh = SpreadsheetApp.getActive().getSheetByName('S');
  var range = sh.getRange('A2:B4');
  var read = range.getValues();
  try { range.setValues(read); return 'written'; } catch (e) { return e.message; }
}
`;

function stock() {
  return loadRuntime({
    bundle: BUNDLE,
    workbook: {
      S: [
        ['SKU', 'Qty'],
        ['A-1', 5],
        ['B-2', 9],
        ['C-3', 7],
      ],
    },
  });
}

describe('a collaborator editing from onServiceCall', () => {
  it('sorts the sheet between two reads: the second read sees the new order', () => {
    const rt = stock();
    let reads = 0;
    rt.onServiceCall((info) => {
      if (info.method === 'getValues' && ++reads === 2) rt.sheet('S').sortRows(2, 4, 2, false);
    });
    expect(rt.call('readTwice')).toEqual({
      first: [
        ['A-1', 5],
        ['B-2', 9],
        ['C-3', 7],
      ],
      second: [
        ['B-2', 9],
        ['C-3', 7],
        ['A-1', 5],
      ],
      lastRow: 4,
    });
  });

  it('inserts rows after the Nth service call: later calls see the grown sheet', () => {
    const rt = stock();
    // Calls: getActive, getSheetByName, getLastRow, getRange, getValues (5), getRange (6)...
    // The hook announcing call 6 runs after the first read completed.
    rt.onServiceCall((info) => {
      if (info.count === 6)
        rt.sheet('S')
          .insertRows(2, 1)
          .setValues([['NEW', 1]], 'A2');
    });
    const seen = rt.call('readTwice') as { first: unknown[][]; second: unknown[][]; lastRow: number };
    expect(seen.first).toEqual([
      ['A-1', 5],
      ['B-2', 9],
      ['C-3', 7],
    ]);
    expect(seen.second).toEqual([
      ['NEW', 1],
      ['A-1', 5],
      ['B-2', 9],
    ]);
    expect(seen.lastRow).toBe(5);
  });

  it('fails a write through a range the collaborator pushed out of the grid, instead of writing past it', () => {
    const rt = stock();
    rt.sheet('S').resize(4, 2);
    rt.onServiceCall((info) => {
      if (info.method === 'setValues') rt.sheet('S').deleteRows(2, 2);
    });
    expect(rt.call('writeStale')).toBe('Those rows are out of bounds.');
    expect(rt.sheet('S').maxRows()).toBe(2);
    expect(rt.sheet('S').values()).toEqual([
      ['SKU', 'Qty'],
      ['C-3', 7],
    ]);
  });
});

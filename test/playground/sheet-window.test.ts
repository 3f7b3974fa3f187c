/** The playground's grid window shows the colour a cell shows in Sheets: its conditional format rule's, else its own. */
import { loadRuntime } from '../../dev/gas-runtime';
import { readWindow } from '../../dev/playground/runtime/sheet-window';

describe('readWindow colours', () => {
  it('carries the effective background and font colour of each cell, and nothing for white on black', () => {
    const rt = loadRuntime({
      bundle: 'function noop() {}',
      workbook: {
        S: [
          ['SKU', 'Sync status'],
          ['A-1', 'OK'],
          ['B-2', 'Error'],
          ['C-3', ''],
        ],
      },
    });
    const s = rt.sheet('S');
    s.addConditionalRule({ criteria: 'TEXT_EQUAL_TO', values: ['OK'], background: '#b7e1cd', ranges: ['B2:B'] });
    s.addConditionalRule({ criteria: 'TEXT_EQUAL_TO', values: ['Error'], background: '#f4c7c3', fontColor: '#990000', ranges: ['B2:B'] });
    const w = readWindow(rt, 'America/New_York', 'S', 1, 4);
    expect(w.rows.map((r) => r[1])).toEqual([
      { t: 'Sync status' },
      { t: 'OK', bg: '#b7e1cd' },
      { t: 'Error', bg: '#f4c7c3', fg: '#990000' },
      null,
    ]);
    s.sortRows(2, 3, 2, true); // Error before OK: the colours go with the values
    expect(readWindow(rt, 'America/New_York', 'S', 2, 2).rows.map((r) => r[1]?.bg)).toEqual(['#f4c7c3', '#b7e1cd']);
  });
});

describe('readWindow dropdowns', () => {
  it('carries the values of a list shown as a dropdown, on empty cells too, and nothing for a list kept hidden', () => {
    const rt = loadRuntime({
      bundle: `function setup() {
        var s = SpreadsheetApp.getActive().getSheetByName('Rules');
        s.getRange('A2:A3').setDataValidation(SpreadsheetApp.newDataValidation().requireValueInList(['amazon', 'walmart'], true).build());
        s.getRange('B2').setDataValidation(SpreadsheetApp.newDataValidation().requireValueInList(['yes'], false).build());
      }`,
      workbook: {
        Rules: [
          ['Channel', 'Hidden list'],
          ['amazon', 'yes'],
          ['', ''],
        ],
      },
    });
    rt.call('setup');
    const w = readWindow(rt, 'America/New_York', 'Rules', 1, 3);
    expect(w.rows.map((r) => r[0])).toEqual([
      { t: 'Channel' },
      { t: 'amazon', v: ['amazon', 'walmart'] },
      { t: '', v: ['amazon', 'walmart'] },
    ]);
    expect(w.rows[1][1]).toEqual({ t: 'yes' });
  });
});

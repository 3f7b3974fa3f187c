import { loadRuntime } from '../../dev/gas-runtime';

const BUNDLE = `
function seen() {
  var ss = SpreadsheetApp.getActive();
  var a1 = function (r) { return r ? r.getA1Notation() : null; };
  var list = ss.getActiveRangeList();
  return {
    sheet: ss.getActiveSheet().getName(),
    range: a1(SpreadsheetApp.getActiveRange()),
    list: list ? list.getRanges().map(a1) : null,
    selection: a1(ss.getSelection().getActiveRange()),
    current: a1(SpreadsheetApp.getCurrentCell()),
    sheetRange: a1(ss.getSheetByName('Stock').getActiveRange()),
  };
}
function later(handler) { ScriptApp.newTrigger(handler).timeBased().after(1000).create(); }
function record() { PropertiesService.getDocumentProperties().setProperty('seen', JSON.stringify(seen())); }
function activateInTrigger() { SpreadsheetApp.getActive().getSheetByName('Stock').getRange('D4').activate(); record(); }
`;

describe('selection in time-driven runs: nobody at the keyboard', () => {
  const setup = () => {
    const rt = loadRuntime({ bundle: BUNDLE, deployment: 'container', workbook: { Log: [], Stock: [['SKU']] } });
    rt.select('Stock', ['A2:A5', 'B7:C9']);
    return rt;
  };

  it('a call sees the user selection', () => {
    expect(setup().call('seen')).toEqual({
      sheet: 'Stock',
      range: 'B7:C9',
      list: ['A2:A5', 'B7:C9'],
      selection: 'B7:C9',
      current: 'B7',
      sheetRange: 'B7:C9',
    });
  });

  it('a trigger run sees the first sheet and no active range, whatever the user selected', () => {
    const rt = setup();
    rt.call('later', 'record');
    rt.advance(2000);
    expect(JSON.parse(rt.properties('document').seen)).toEqual({
      sheet: 'Log',
      range: null,
      list: null,
      selection: null,
      current: null,
      sheetRange: null,
    });
  });

  it('what a trigger run activates is its own: the user selection is left alone', () => {
    const rt = setup();
    rt.call('later', 'activateInTrigger');
    rt.advance(2000);
    expect(JSON.parse(rt.properties('document').seen)).toMatchObject({ sheet: 'Stock', range: 'D4', current: 'D4' });
    expect(rt.selection()).toEqual({ sheet: 'Stock', ranges: ['A2:A5', 'B7:C9'] });
  });
});

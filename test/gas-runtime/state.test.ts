import { loadRuntime } from '../../dev/gas-runtime';

const BUNDLE = `
function setup() {
  var ss = SpreadsheetApp.getActive();
  var sh = ss.insertSheet('Orders');
  sh.getRange('A1:C1').setValues([['Order', 'When', 'Total']]).setFontWeight('bold');
  sh.getRange('A2:C2').setValues([['o-1', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 12.5]]);
  sh.getRange('C2').setNumberFormat('"$"#,##0.00');
  sh.getRange('D2').setFormula('=HYPERLINK("https://hub.example/o/1","o-1")');
  sh.getRange('A2').setNote('imported');
  sh.setFrozenRows(1);
  PropertiesService.getDocumentProperties().setProperty('cursor', '42');
  PropertiesService.getUserProperties().setProperty('token', 'secret');
  CacheService.getScriptCache().put('warm', 'yes', 3600);
  ScriptApp.newTrigger('importOrders').timeBased().everyHours(1).create();
  var folder = DriveApp.createFolder('Labels');
  folder.createFile(Utilities.newBlob([0, 1, 2, 255], 'application/pdf', 'label.pdf'));
}
function check() {
  var sh = SpreadsheetApp.getActive().getSheetByName('Orders');
  var when = sh.getRange('B2').getValue();
  return {
    values: sh.getRange('A1:C2').getDisplayValues(),
    isDate: when instanceof Date,
    when: when.toISOString(),
    formula: sh.getRange('D2').getFormula(),
    note: sh.getRange('A2').getNote(),
    frozen: sh.getFrozenRows(),
    cursor: PropertiesService.getDocumentProperties().getProperty('cursor'),
    token: PropertiesService.getUserProperties().getProperty('token'),
    cache: CacheService.getScriptCache().get('warm'),
    triggers: ScriptApp.getProjectTriggers().map(function (t) { return t.getHandlerFunction(); }),
    files: DriveApp.getFoldersByName('Labels').next().getFiles().next().getBlob().getBytes()
  };
}
function importOrders() { PropertiesService.getDocumentProperties().setProperty('imported', 'yes'); }
`;

describe('exportState / loadRuntime({ state })', () => {
  it('round-trips the whole world through JSON', () => {
    const before = loadRuntime({ bundle: BUNDLE, deployment: 'container', user: 'seller@example.com', timeZone: 'Europe/Madrid' });
    before.call('setup');
    before.advance(10 * 60_000);
    const expected = before.call('check');
    const json = JSON.stringify(before.exportState());

    const after = loadRuntime({ bundle: BUNDLE, deployment: 'container', user: 'seller@example.com', state: JSON.parse(json) });
    expect(after.now()).toBe(before.now());
    expect(after.sheetNames()).toEqual(before.sheetNames());
    expect(after.call('check')).toEqual(expected);
    expect(after.sheet('Orders').values()[1][1]).toEqual(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
    expect(after.sheet('Orders').fontWeights('A1:C1')).toEqual([['bold', 'bold', 'bold']]);
    expect(after.drive()).toEqual([
      expect.objectContaining({ name: 'label.pdf', folderName: 'Labels', mimeType: 'application/pdf', size: 4 }),
    ]);
    expect(expected).toMatchObject({
      isDate: true,
      cursor: '42',
      token: 'secret',
      cache: 'yes',
      triggers: ['importOrders'],
      files: [0, 1, 2, -1],
    });

    // Triggers keep their schedule across the restore.
    const runs = after.advance(60 * 60_000);
    expect(runs.map((r) => r.handler)).toEqual(['importOrders']);
    expect(after.properties('document').imported).toBe('yes');
  });

  it('exports plain JSON data', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.call('setup');
    const state = rt.exportState();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(state.version).toBe(1);
  });
});

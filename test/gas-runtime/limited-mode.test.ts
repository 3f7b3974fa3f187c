/**
 * Simple triggers in AuthMode.LIMITED (https://developers.google.com/apps-script/guides/triggers#restrictions):
 * no other files, no mail, no user's email. Each planted onOpen breaks one rule and must fail.
 */
import { GasExecutionError, loadRuntime } from '../../dev/gas-runtime';

const BUNDLE = `
function onOpen(e) {
  var what = PropertiesService.getDocumentProperties().getProperty('what');
  var doc = PropertiesService.getDocumentProperties();
  if (what === 'openById') SpreadsheetApp.openById(SpreadsheetApp.getActive().getId());
  if (what === 'openByUrl') SpreadsheetApp.openByUrl(SpreadsheetApp.getActive().getUrl());
  if (what === 'drive') DriveApp.getRootFolder();
  if (what === 'mail') MailApp.sendEmail('someone@example.com', 'hi', 'body');
  if (what === 'email') doc.setProperty('email', JSON.stringify([Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), e.user.getEmail()]));
  if (what === 'bound') doc.setProperty('bound', SpreadsheetApp.getActive().getSheets()[0].getName());
  SpreadsheetApp.getUi().createMenu('M').addItem('x', 'x').addToUi();
}
function email() { return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail()]; }
`;

function openWith(what: string) {
  const rt = loadRuntime({ bundle: BUNDLE, workbook: { Data: [['a']] } });
  rt.setProperty('document', 'what', what);
  return rt;
}

describe('simple triggers in LIMITED mode', () => {
  test.each(['openById', 'openByUrl', 'drive', 'mail'])('%s: refused, as it needs authorization', (what) => {
    const rt = openWith(what);
    expect(() => rt.open()).toThrow(GasExecutionError);
    expect(() => rt.open()).toThrow(/You do not have permission to call .* \(AuthMode\.LIMITED\)/);
    // The same call in a FULL execution (a menu item) is allowed.
    expect(() => rt.open({ authMode: 'FULL' })).not.toThrow(/permission/);
  });

  test("the user's email is blank: active user, effective user and the event's user", () => {
    const rt = openWith('email');
    rt.open();
    expect(JSON.parse(rt.properties('document').email)).toEqual(['', '', '']);
    expect(rt.call('email')).toEqual(['user@example.com', 'user@example.com']);
  });

  test('the bound document itself can be read and written', () => {
    const rt = openWith('bound');
    expect(rt.open()).not.toBeNull();
    expect(rt.properties('document').bound).toBe('Data');
  });
});

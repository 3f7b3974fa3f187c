import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadRuntime, type DialogRequest } from '../../dev/gas-runtime';

const BUNDLE = `
function onOpen(e) {
  SpreadsheetApp.getUi().createAddonMenu()
    .addItem('Push stock', 'pushStock')
    .addSeparator()
    .addSubMenu(SpreadsheetApp.getUi().createMenu('Orders').addItem('Import now', 'importOrders'))
    .addItem('Open sidebar', 'showSidebar')
    .addToUi();
  return e && e.authMode;
}
function onOpenTouchingData() { PropertiesService.getDocumentProperties().getProperty('x'); }
function showSidebar() {
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Hub Sync').setWidth(320));
}
function showDialog() {
  var t = HtmlService.createTemplateFromFile('Dialog');
  t.name = '<Ana>';
  t.items = ['a', 'b'];
  SpreadsheetApp.getUi().showModalDialog(t.evaluate().setWidth(400).setHeight(200), 'Details');
}
function missingFile() { HtmlService.createHtmlOutputFromFile('Nope'); }
function confirmIt() {
  var ui = SpreadsheetApp.getUi();
  return ui.alert('Delete rows', 'Delete 3 rows?', ui.ButtonSet.YES_NO) === ui.Button.YES;
}
function simpleAlert() { var ui = SpreadsheetApp.getUi(); return ui.alert('Done') === ui.Button.OK; }
function askName() {
  var ui = SpreadsheetApp.getUi();
  var r = ui.prompt('Token', 'Paste your API token', ui.ButtonSet.OK_CANCEL);
  return [r.getSelectedButton() === ui.Button.OK, r.getResponseText()];
}
function swallowDialogError() { try { SpreadsheetApp.getUi().alert('Unexpected!'); } catch (e) { return 'swallowed'; } }
`;

describe('menus, dialogs and HtmlService', () => {
  let htmlDir: string;
  beforeAll(() => {
    htmlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-html-'));
    fs.writeFileSync(path.join(htmlDir, 'Sidebar.html'), '<h1>Hub Sync</h1>');
    fs.writeFileSync(
      path.join(htmlDir, 'Dialog.html'),
      '<p>Hi <?= name ?></p><? for (var i = 0; i < items.length; i++) { ?><li><?!= items[i] ?></li><? } ?>',
    );
  });
  afterAll(() => fs.rmSync(htmlDir, { recursive: true, force: true }));

  it('captures the menu tree of addToUi', () => {
    const rt = loadRuntime({ bundle: BUNDLE, addonName: 'Hub Sync' });
    expect(rt.menu()).toBeNull();
    expect(rt.callWith({ authMode: 'NONE' }, 'onOpen', { authMode: 'NONE' })).toBe('NONE');
    expect(rt.menu()).toEqual({
      caption: 'Hub Sync',
      items: [
        { caption: 'Push stock', functionName: 'pushStock' },
        { separator: true },
        { caption: 'Orders', items: [{ caption: 'Import now', functionName: 'importOrders' }] },
        { caption: 'Open sidebar', functionName: 'showSidebar' },
      ],
    });
  });

  it('opens the document like Apps Script: onOpen as a simple trigger with its event', () => {
    const rt = loadRuntime({
      bundle: `function onOpen(e) {
        SpreadsheetApp.getUi().createAddonMenu().addItem('Go', 'go').addToUi();
        if (e.authMode !== ScriptApp.AuthMode.NONE) {
          PropertiesService.getDocumentProperties().setProperty('opened', e.source.getId() + '|' + e.user.getEmail() + '|' + e.authMode);
        }
      }
      function onInstall(e) { PropertiesService.getDocumentProperties().setProperty('installed', e.authMode); }`,
    });
    expect(rt.open({ authMode: 'NONE' })).toEqual({ caption: 'Add-on', items: [{ caption: 'Go', functionName: 'go' }] });
    expect(rt.properties('document')).toEqual({});
    rt.open();
    const id = rt.exportState().workbook as { id: string };
    // A simple trigger runs without the user's authorization: no email (Session reference).
    expect(rt.properties('document').opened).toBe(`${id.id}||LIMITED`);
    rt.install();
    expect(rt.properties('document').installed).toBe('FULL');
  });

  it('refuses services needing authorization in AuthMode.NONE', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    expect(() => rt.callWith({ authMode: 'NONE' }, 'onOpenTouchingData')).toThrow(
      'You do not have permission to call PropertiesService.getDocumentProperties',
    );
    expect(() => rt.call('onOpenTouchingData')).not.toThrow();
  });

  it('shows a sidebar read from htmlDir', () => {
    const rt = loadRuntime({ bundle: BUNDLE, htmlDir });
    rt.call('showSidebar');
    // setWidth(320) has no effect on a sidebar: all are 300 px wide (Ui.showSidebar reference).
    expect(rt.sidebar()).toEqual({ title: 'Hub Sync', content: '<h1>Hub Sync</h1>', width: 300 });
    expect(() => rt.call('missingFile')).toThrow('No HTML file named Nope was found.');
  });

  it('evaluates templates and shows modal dialogs', () => {
    const rt = loadRuntime({ bundle: BUNDLE, htmlDir });
    rt.call('showDialog');
    expect(rt.dialogs()).toEqual([
      expect.objectContaining({
        kind: 'modal',
        title: 'Details',
        content: '<p>Hi &lt;Ana&gt;</p><li>a</li><li>b</li>',
        width: 400,
        height: 200,
      }),
    ]);
  });

  it('answers alerts and prompts from the scripted queue', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.answerNext('YES', 'NO', { button: 'OK', text: 'tok-123' }, 'CANCEL');
    expect(rt.call('confirmIt')).toBe(true);
    expect(rt.call('confirmIt')).toBe(false);
    expect(rt.call('askName')).toEqual([true, 'tok-123']);
    expect(rt.call('askName')).toEqual([false, '']);
    expect(rt.dialogs().map((d) => [d.kind, d.title, d.message, d.buttons, d.answer])).toEqual([
      ['alert', 'Delete rows', 'Delete 3 rows?', 'YES_NO', 'YES'],
      ['alert', 'Delete rows', 'Delete 3 rows?', 'YES_NO', 'NO'],
      ['prompt', 'Token', 'Paste your API token', 'OK_CANCEL', { button: 'OK', text: 'tok-123' }],
      ['prompt', 'Token', 'Paste your API token', 'OK_CANCEL', 'CANCEL'],
    ]);
  });

  it('fails the call on a dialog nobody answers, even if the bundle catches', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    expect(() => rt.call('confirmIt')).toThrow(
      'Unexpected alert (no answer queued with answerNext() and no onDialog): Delete rows: Delete 3 rows?',
    );
    expect(() => rt.call('swallowDialogError')).toThrow('Unexpected alert');
    rt.answerNext('YES');
    expect(() => rt.call('simpleAlert')).toThrow('Answer YES is not a button of OK');
  });

  it('asks onDialog when nothing is queued', () => {
    const asked: DialogRequest[] = [];
    const rt = loadRuntime({
      bundle: BUNDLE,
      onDialog: (d) => (asked.push(d), d.kind === 'prompt' ? { button: 'OK', text: 'typed' } : 'OK'),
    });
    expect(rt.call('simpleAlert')).toBe(true);
    expect(rt.call('askName')).toEqual([true, 'typed']);
    expect(asked).toEqual([
      { kind: 'alert', message: 'Done', buttons: 'OK' },
      { kind: 'prompt', title: 'Token', message: 'Paste your API token', buttons: 'OK_CANCEL' },
    ]);
  });
});

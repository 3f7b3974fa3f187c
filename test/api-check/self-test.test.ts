import { strictApiCheck } from '../../dev/api-check';
import { loadRuntime, type Manifest } from '../../dev/gas-runtime';

/**
 * The strict API check can fail: a planted bundle makes one mistake of each kind it looks for,
 * each must be reported, and the declared calls around them must not be.
 */

const PLANTED = `
function undeclaredMember() {
  // A typo: Spreadsheet has getSheetByName. The emulator has no such member either, so the call
  // throws; the check must have logged the read before that.
  return SpreadsheetApp.getActive().getSheetByNam('Sheet1');
}
function tooManyArguments() {
  SpreadsheetApp.getActive().toast('hi', 'title', 5, 'extra');
}
function wrongPrimitive() {
  Utilities.sleep('10');
}
function wrongPrimitiveInOverloads() {
  return SpreadsheetApp.getActive().getSheets()[0].getRange('A1', 2).getA1Notation();
}
function deprecatedMember() {
  return Session.getActiveUser().getUserLoginId();
}
function declaredCalls() {
  var ss = SpreadsheetApp.getActive();
  var sheet = ss.getSheetByName('Sheet1');
  var ranges = [sheet.getRange(1, 1, 2, 2), sheet.getRange('B2'), sheet.getDataRange()];
  ranges[0].setValues([[1, 'a'], [true, null]]).setFontWeight(null).setNumberFormat('@');
  ss.toast('done', 'Title', 5);
  Utilities.sleep(1);
  var blob = Utilities.newBlob('text', MimeType.PLAIN_TEXT, 'a.txt');
  var file = DriveApp.createFolder('Labels').createFile(blob);
  var ui = SpreadsheetApp.getUi();
  ui.createAddonMenu().addItem('Open', 'open').addSubMenu(ui.createMenu('More').addSeparator()).addToUi();
  ui.showSidebar(HtmlService.createHtmlOutput('<p>x</p>').setTitle('Side'));
  var trigger = ScriptApp.newTrigger('declaredCalls').timeBased().everyHours(1).create();
  ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); });
  console.log('n=%s', ranges.length, Array.isArray(ranges), String(sheet));
  Logger.log(ScriptApp.AuthMode.FULL + ' ' + ui.Button.OK + ' ' + Utilities.Charset.UTF_8);
  var props = PropertiesService.getDocumentProperties();
  props.setProperty('k', 'v');
  return [file.getName(), trigger.getHandlerFunction(), Object.keys(props.getProperties()).length,
    Array.isArray(ScriptApp.getProjectTriggers()), ss.getSheets() instanceof Array];
}
function driveV2Names() {
  // Drive API v2's names: title (v3: name) in the resource, alternateLink (v3: webViewLink) in fields.
  var folder = Drive.Files.create({ title: 'Labels', mimeType: 'application/vnd.google-apps.folder' });
  return Drive.Files.get(folder.id, { fields: 'id,alternateLink' }).id;
}
function driveWrongFieldType() {
  return Drive.Files.create({ name: 'a.pdf', parents: [42] });
}
function driveWrongQueryParameters() {
  var blob = Utilities.newBlob('x', 'application/pdf', 'a.pdf');
  return Drive.Files.create({ name: 'a.pdf' }, blob, { supportsAllDrive: true, keepRevisionForever: 'yes', supportsTeamDrives: true }).id;
}
function driveDeclared() {
  var folder = Drive.Files.create({ name: 'Labels', mimeType: 'application/vnd.google-apps.folder' });
  var blob = Utilities.newBlob('x', 'application/pdf', 'a.pdf');
  var file = Drive.Files.create({ name: 'a.pdf', mimeType: 'application/pdf', parents: [folder.id] }, blob,
    { fields: 'id,webViewLink', supportsAllDrives: true });
  return [Drive.Files.get(folder.id, { fields: 'id,trashed' }).trashed, typeof file.webViewLink];
}
`;

/** The add-on's advanced service, as both targets' manifests enable it. */
const DRIVE: Manifest = { dependencies: { enabledAdvancedServices: [{ userSymbol: 'Drive', serviceId: 'drive', version: 'v3' }] } };

function runPlanted(fn: string) {
  const check = strictApiCheck();
  const rt = loadRuntime({ bundle: PLANTED, wrapGlobals: check.wrapGlobals, manifest: DRIVE });
  let error: unknown;
  let result: unknown;
  try {
    result = rt.call(fn);
  } catch (e) {
    error = e;
  }
  return { check, result, error, rt };
}

describe('the strict API check (self-test on a planted bundle)', () => {
  it('reports a member the type does not declare, even when the emulator then throws', () => {
    const { check, error } = runPlanted('undeclaredMember');
    expect(error).toBeDefined();
    expect(check.violations()).toEqual([
      expect.objectContaining({ type: 'Spreadsheet.Spreadsheet', member: 'getSheetByNam', problem: 'not declared' }),
    ]);
    expect(check.violations()[0].where).toMatch(/Code\.js:\d+/);
  });

  it('reports a call with more arguments than any overload takes', () => {
    const { check } = runPlanted('tooManyArguments');
    expect(check.violations()).toEqual([
      expect.objectContaining({ type: 'Spreadsheet.Spreadsheet', member: 'toast', problem: 'called with 4 arguments, declared 1, 2, 3' }),
    ]);
  });

  it('reports a primitive of the wrong type', () => {
    const { check } = runPlanted('wrongPrimitive');
    expect(check.violations()).toEqual([
      expect.objectContaining({
        type: 'Utilities.Utilities',
        member: 'sleep',
        problem: 'argument 1 (milliseconds) is string "10", declared number',
      }),
    ]);
  });

  it('reports a call that fits an overload by arity but not by argument types', () => {
    const { check } = runPlanted('wrongPrimitiveInOverloads');
    expect(check.report()).toContain('Spreadsheet.Sheet.getRange: argument 1 (row) is string "A1", declared number');
  });

  it('reports a member declared deprecated', () => {
    const { check } = runPlanted('deprecatedMember');
    expect(check.violations()).toEqual([
      expect.objectContaining({ type: 'Base.User', member: 'getUserLoginId', problem: expect.stringMatching(/^deprecated/) }),
    ]);
  });

  describe('the Advanced Drive service against the Drive API v3 reference', () => {
    const FILES = 'Drive_v3.Drive.V3.Collection.FilesCollection';

    it('reports a v2 field in the resource and a v2 field in the fields selection', () => {
      const { check } = runPlanted('driveV2Names');
      expect(check.violations()).toEqual([
        expect.objectContaining({
          type: FILES,
          member: 'create',
          problem: 'argument 1 (resource).title is not a field of Drive_v3.Drive.V3.Schema.File',
        }),
        expect.objectContaining({
          type: FILES,
          member: 'get',
          problem: 'optionalArgs.fields selects "alternateLink", not a field of Drive_v3.Drive.V3.Schema.File',
        }),
      ]);
    });

    it('reports a resource field of the wrong type, element by element', () => {
      const { check } = runPlanted('driveWrongFieldType');
      expect(check.report()).toContain(`${FILES}.create: argument 1 (resource).parents[0] is number 42, declared string`);
    });

    it('reports a query parameter the method does not have, one of the wrong type, and a deprecated one, citing the page', () => {
      const { check } = runPlanted('driveWrongQueryParameters');
      const page = 'https://developers.google.com/drive/api/reference/rest/v3/files/create';
      expect(check.violations().map((v) => `${v.member}: ${v.problem}`)).toEqual([
        `create: optionalArgs.supportsAllDrive is not a query parameter of ${page}`,
        `create: optionalArgs.keepRevisionForever is string, declared boolean (${page})`,
        `create: optionalArgs.supportsTeamDrives is deprecated in ${page}`,
      ]);
    });

    it('reports nothing for v3 names and types', () => {
      const { check, result, error } = runPlanted('driveDeclared');
      expect(error).toBeUndefined();
      expect(check.report()).toBe('');
      expect(result).toEqual([false, 'string']);
    });
  });

  it('reports nothing for declared calls, and hands the emulator its own objects back', () => {
    const { check, result, error, rt } = runPlanted('declaredCalls');
    expect(error).toBeUndefined();
    expect(check.report()).toBe('');
    expect(result).toEqual(['a.txt', 'declaredCalls', 1, true, true]);
    // The Blob, HtmlOutput and Trigger reached the emulator as its own objects.
    expect(rt.drive()).toEqual([expect.objectContaining({ name: 'a.txt', text: 'text' })]);
    expect(rt.sidebar()).toMatchObject({ title: 'Side' });
    expect(rt.triggers()).toEqual([]);
  });
});

/**
 * OAuth scopes checked against the manifest, as Apps Script does once `oauthScopes` is declared:
 * each call needs one of the scopes its method's reference page lists (scopes.ts), else
 * "Specified permissions are not sufficient to call X. Required permissions: …". The real
 * manifests of both targets are used where the rule matters to them (openById, DriveApp).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HarnessError, loadRuntime, type Manifest } from '../../dev/gas-runtime';
import { checkScopes, METHOD_SCOPES } from '../../dev/gas-runtime/scopes';

const AUTH = 'https://www.googleapis.com/auth/';
const DIST = path.resolve(__dirname, '..', '..', 'dist');
const manifestOf = (target: 'bound' | 'addon'): Manifest =>
  JSON.parse(fs.readFileSync(path.join(DIST, target, 'appsscript.json'), 'utf8')) as Manifest;
const declaring = (...scopes: string[]): Manifest => ({ oauthScopes: scopes.map((s) => `${AUTH}${s}`) });
const DRIVE_ADVANCED = { enabledAdvancedServices: [{ userSymbol: 'Drive', serviceId: 'drive', version: 'v3' }] };

const BUNDLE = `
function email() { return Session.getActiveUser().getEmail(); }
function sheetName() { return SpreadsheetApp.getActive().getSheets()[0].getName(); }
function reopen() { return SpreadsheetApp.openById(SpreadsheetApp.getActive().getId()).getName(); }
function driveAppFolder() { return DriveApp.createFolder('Labels').getName(); }
function advancedFolder() { return Drive.Files.create({ name: 'Labels', mimeType: 'application/vnd.google-apps.folder' }).name; }
function readCaught() {
  try { return SpreadsheetApp.getActive().getSheets()[0].getRange('A1').getValues()[0][0]; } catch (e) { return 'caught: ' + e; }
}
`;

function run(manifest: Manifest | null, fn: string): unknown {
  const rt = loadRuntime({ bundle: BUNDLE, manifest, workbook: { Stock: [['SKU']] } });
  try {
    return rt.call(fn);
  } finally {
    void rt.close();
  }
}

describe('OAuth scopes declared in the manifest', () => {
  it('refuses a call whose scope the manifest lacks, with Apps Script wording', () => {
    expect(() => run(declaring('spreadsheets.currentonly'), 'email')).toThrow(
      'Specified permissions are not sufficient to call Session.getActiveUser. Required permissions: https://www.googleapis.com/auth/userinfo.email',
    );
    expect(run(declaring('spreadsheets.currentonly', 'userinfo.email'), 'email')).toBe('user@example.com');
  });

  it('names several acceptable scopes as (a || b), in the reference order', () => {
    expect(() => run(declaring('script.external_request'), 'sheetName')).toThrow(
      'Required permissions: (https://www.googleapis.com/auth/spreadsheets.currentonly || https://www.googleapis.com/auth/spreadsheets)',
    );
    expect(run(declaring('spreadsheets'), 'sheetName')).toBe('Stock');
  });

  it('checks nothing without a manifest, or with one that declares no scopes (Apps Script detects them)', () => {
    expect(run(null, 'email')).toBe('user@example.com');
    expect(run({ timeZone: 'America/Mexico_City' }, 'email')).toBe('user@example.com');
  });

  it('refuses SpreadsheetApp.openById under the bound manifest (spreadsheets.currentonly), allows it under the add-on one', () => {
    expect(manifestOf('bound').oauthScopes).toContain(`${AUTH}spreadsheets.currentonly`);
    expect(() => run(manifestOf('bound'), 'reopen')).toThrow(
      'Specified permissions are not sufficient to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets',
    );
    expect(run(manifestOf('addon'), 'reopen')).toBe('Untitled spreadsheet');
  });

  it('refuses DriveApp.createFolder under drive.file (both targets), where the advanced Drive.Files.create is allowed', () => {
    for (const target of ['bound', 'addon'] as const) {
      const manifest = manifestOf(target);
      expect(manifest.oauthScopes).toContain(`${AUTH}drive.file`);
      expect(() => run(manifest, 'driveAppFolder')).toThrow(
        'Specified permissions are not sufficient to call DriveApp.createFolder. Required permissions: https://www.googleapis.com/auth/drive',
      );
      expect(run(manifest, 'advancedFolder')).toBe('Labels');
    }
  });

  it('an advanced service without any of its scopes fails as its API does', () => {
    expect(() => run({ ...declaring('spreadsheets'), dependencies: DRIVE_ADVANCED }, 'advancedFolder')).toThrow(
      'API call to drive.files.create failed with error: Request had insufficient authentication scopes.',
    );
  });

  it('a method missing from the table fails the call with a HarnessError naming it, even when the bundle catches', () => {
    const table = METHOD_SCOPES as Record<string, (typeof METHOD_SCOPES)[string]>;
    const row = table['Range.getValues'];
    delete table['Range.getValues'];
    try {
      let thrown: unknown;
      try {
        run(declaring('spreadsheets'), 'readCaught');
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(HarnessError);
      expect((thrown as Error).message).toMatch(
        /^Range\.getValues is called under a manifest that declares oauthScopes.*scopes\.ts.*reference page/,
      );
      // Without declared scopes the table is not consulted.
      expect(run(null, 'readCaught')).toBe('SKU');
    } finally {
      table['Range.getValues'] = row;
    }
  });

  it('every row names its reference page, and methods listing no scope need none', () => {
    for (const [method, rule] of Object.entries(METHOD_SCOPES)) {
      expect([method, rule.page]).toEqual([method, expect.stringMatching(/^https:\/\/developers\.google\.com\//)]);
      for (const s of rule.scopes) expect([method, s]).toEqual([method, expect.stringMatching(/^https:\/\/www\.googleapis\.com\/auth\//)]);
    }
    expect(checkScopes(declaring('spreadsheets'), 'PropertiesService', 'getUserProperties')).toEqual({ ok: true });
    expect(checkScopes(declaring('spreadsheets'), 'UrlFetchApp', 'fetchAll')).toMatchObject({ ok: false, unknown: false });
  });
});

/**
 * The Advanced Drive service when the Drive API is off in the script's Cloud project (a standard
 * project where nobody enabled it): every call fails as Google fails it, a
 * GoogleJsonResponseException naming the API and the project, with a 403 accessNotConfigured
 * in `details`; DriveApp is not affected, and turning the API on makes the same call work.
 * https://developers.google.com/apps-script/guides/services/advanced
 */
import { loadRuntime, type Manifest } from '../../dev/gas-runtime';
import { cloudProjectNumber } from '../../dev/gas-runtime/drive-api';

const MANIFEST: Manifest = { dependencies: { enabledAdvancedServices: [{ userSymbol: 'Drive', serviceId: 'drive', version: 'v3' }] } };

const BUNDLE = `
function createFolder() { return Drive.Files.create({ name: 'Labels', mimeType: 'application/vnd.google-apps.folder' }).name; }
function getMissing() { return Drive.Files.get('nope', { fields: 'id' }).id; }
function caught() {
  try { Drive.Files.create({ name: 'x.pdf' }); return 'no error'; }
  catch (e) { return { name: e.name, message: e.message, text: String(e), code: e.details.code, reason: e.details.errors[0].reason }; }
}
function driveApp() { return DriveApp.createFolder('Plain').getName(); }
`;

describe('Advanced Drive service with the Drive API disabled in the Cloud project', () => {
  it('fails every call with the API-disabled error, naming the project and where to enable it', () => {
    const rt = loadRuntime({ bundle: BUNDLE, manifest: MANIFEST, driveApiDisabled: true });
    const project = cloudProjectNumber(String(rt.exportState().scriptId));
    const enable = `https://console.developers.google.com/apis/api/drive.googleapis.com/overview?project=${project}`;
    expect(project).toMatch(/^\d{12}$/);
    const got = rt.call('caught') as Record<string, unknown>;
    expect(got).toEqual({
      name: 'GoogleJsonResponseException',
      message:
        `API call to drive.files.create failed with error: Google Drive API has not been used in project ${project} before or it is disabled. ` +
        `Enable it by visiting ${enable} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
      text: expect.stringMatching(
        /^GoogleJsonResponseException: API call to drive\.files\.create failed with error: Google Drive API has not been used/,
      ),
      code: 403,
      reason: 'accessNotConfigured',
    });
    expect(() => rt.call('createFolder')).toThrow(
      /API call to drive\.files\.create failed with error: Google Drive API has not been used in project/,
    );
    // The disabled API is refused before the file is looked up: not a "File not found".
    expect(() => rt.call('getMissing')).toThrow(/API call to drive\.files\.get failed with error: Google Drive API has not been used/);
    expect(rt.drive()).toEqual([]);
    expect(rt.call('driveApp')).toBe('Plain');
  });

  it('works once the API is enabled, and an enabled API fails only on what the call got wrong', () => {
    const rt = loadRuntime({ bundle: BUNDLE, manifest: MANIFEST, driveApiDisabled: true });
    expect(() => rt.call('createFolder')).toThrow(/has not been used/);
    rt.setDriveApiEnabled(true);
    expect(rt.call('createFolder')).toBe('Labels');
    expect(() => rt.call('getMissing')).toThrow(/^API call to drive\.files\.get failed with error: File not found: nope\.$/);
    rt.setDriveApiEnabled(false);
    expect(() => rt.call('createFolder')).toThrow(/has not been used/);
  });

  it('is on by default', () => {
    expect(loadRuntime({ bundle: BUNDLE, manifest: MANIFEST }).call('createFolder')).toBe('Labels');
  });
});

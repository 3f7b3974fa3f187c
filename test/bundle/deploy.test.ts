import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLASP_PROJECT, deployBlocker, describePush, parseDeployArgs } from '../../dev/tools/deploy';

describe('npm run deploy preconditions', () => {
  const login = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clasp-')), '.clasprc.json');
  test('without a clasp login it says to run clasp login', () => {
    expect(deployBlocker('{"scriptId":"abc","rootDir":"dist"}', ['/nonexistent/.clasprc.json'])).toMatch(/npx clasp login/);
  });
  test('without a script id it says how to create or where to paste one', () => {
    fs.writeFileSync(login, '{}');
    const msg = deployBlocker('{"scriptId":"","rootDir":"dist"}', [login]);
    expect(msg).toMatch(/clasp create --type sheets .*--rootDir dist/);
    expect(msg).toMatch(/paste it into "scriptId" in \.clasp\.json/);
    expect(msg).not.toMatch(/\n\s+at /); // one paragraph, no stack trace
  });
  test('ready when both are there', () => {
    fs.writeFileSync(login, '{}');
    expect(deployBlocker('{"scriptId":"1abc","rootDir":"dist"}', [login])).toBeNull();
  });
  test('a broken .clasp.json gets a way out', () => {
    expect(deployBlocker('{nope', [login])).toMatch(/not valid JSON/);
  });
});

describe('npm run deploy -- --target', () => {
  const login = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clasp-')), '.clasprc.json');
  test('each target has its own clasp project, rooted in its own dist folder', () => {
    for (const [target, file] of Object.entries(CLASP_PROJECT)) {
      const project = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8'));
      expect(project.rootDir).toBe(`dist/${target}`);
    }
  });
  test('the add-on without a script id is told to create a standalone project', () => {
    fs.writeFileSync(login, '{}');
    const msg = deployBlocker('{"scriptId":"","rootDir":"dist/addon"}', [login], 'addon');
    expect(msg).toMatch(/clasp create --type standalone .*--rootDir dist\/addon/);
    expect(msg).toMatch(/\.clasp-addon\.json/);
  });
  test('flags', () => {
    expect(parseDeployArgs([])).toEqual({ target: 'bound', dryRun: false });
    expect(parseDeployArgs(['--target', 'addon', '--dry-run'])).toEqual({ target: 'addon', dryRun: true });
    expect(() => parseDeployArgs(['--target', 'web'])).toThrow(/use bound or addon/);
  });
  test.each(['bound', 'addon'] as const)('a dry run (%s) lists the files, the scopes and the whitelist it would push', (target) => {
    const out = describePush(path.resolve(__dirname, '../../dist', target), target);
    expect(out).toMatch(new RegExp(`Would push dist/${target}/`));
    expect(out).toMatch(/Code\.js +\d+\.\d KB/);
    expect(out).toMatch(/Sidebar\.html/);
    expect(out).toMatch(/https:\/\/www\.googleapis\.com\/auth\/drive\.file/);
    if (target === 'addon') expect(out).toMatch(/urlFetchWhitelist:\n {2}https:\/\//);
    else expect(out).not.toMatch(/urlFetchWhitelist/);
    expect(out).toContain(`npx clasp --project ${CLASP_PROJECT[target]} push --force`);
    // A published add-on's Cloud project needs the Drive API enabled by hand (labels).
    if (target === 'addon') {
      expect(out).toMatch(/standard Google Cloud project, not the default one/);
      expect(out).toMatch(/enable the Google Drive API/);
      expect(out).toMatch(/OAuth consent screen: list exactly the scopes above/);
      expect(out).toMatch(/Marketplace SDK/);
    } else expect(out).not.toMatch(/Google Drive API|consent screen/);
  });
});

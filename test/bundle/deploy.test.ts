import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deployBlocker } from '../../dev/deploy';

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

/**
 * npm run deploy: checks that clasp can push, then typecheck, test, build, `clasp push`.
 * The checks come first so a missing script id or login costs seconds, not a test run.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');

/** What is missing before clasp can push, as one paragraph of what to run; null when ready. */
export function deployBlocker(claspJson: string | null, claspLoginFiles: string[]): string | null {
  let scriptId = '';
  try {
    scriptId = claspJson ? String(JSON.parse(claspJson).scriptId ?? '').trim() : '';
  } catch {
    return '.clasp.json is not valid JSON. Restore it from git (git checkout .clasp.json) and paste your script id into its "scriptId" field.';
  }
  const loggedIn = claspLoginFiles.some((f) => fs.existsSync(f));
  if (!loggedIn) {
    return 'clasp is not logged in. Run `npx clasp login` once (it opens a browser to authorise your Google account), then run `npm run deploy` again.';
  }
  if (!scriptId) {
    return 'No Apps Script project is linked: .clasp.json has an empty "scriptId". Either create a new spreadsheet-bound project with `npx clasp create --type sheets --title "Hub Sync" --rootDir dist` (it writes the id for you; keep "rootDir": "dist"), or open your spreadsheet\u2019s Extensions \u203a Apps Script \u203a Project Settings, copy the Script ID and paste it into "scriptId" in .clasp.json. Then run `npm run deploy` again.';
  }
  return null;
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: false });
  if (r.status !== 0) {
    console.error(`\ndeploy stopped: \`${cmd} ${args.join(' ')}\` failed (exit ${r.status ?? r.signal}). Nothing was pushed.`);
    process.exit(r.status ?? 1);
  }
}

function main(): void {
  const claspPath = path.join(root, '.clasp.json');
  const claspJson = fs.existsSync(claspPath) ? fs.readFileSync(claspPath, 'utf8') : null;
  const blocker = deployBlocker(claspJson, [path.join(os.homedir(), '.clasprc.json'), path.join(root, '.clasprc.json')]);
  if (blocker) {
    console.error(`deploy stopped before pushing anything:\n\n${blocker}`);
    process.exit(1);
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, ['test']); // typecheck, build, jest
  run(npm, ['run', 'build']); // fresh dist/ after the tests
  run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['clasp', 'push', '--force']);
  console.log('deployed: dist/ pushed to the Apps Script project in .clasp.json.');
}

if (require.main === module) main();

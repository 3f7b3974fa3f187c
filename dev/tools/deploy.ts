/**
 * npm run deploy -- [--target bound|addon] [--dry-run]: checks that clasp can push, then
 * typecheck, test, build the target, `clasp push` into that target's Apps Script project.
 * The checks come first so a missing script id or login costs seconds, not a test run. Without a
 * clasp login (or with --dry-run) it builds the target and prints what it would push.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TARGETS, type Target } from './targets';

const root = path.resolve(__dirname, '..', '..');

/** Each target is its own Apps Script project: a spreadsheet's bound script, or a standalone add-on project. */
export const CLASP_PROJECT: Record<Target, string> = { bound: '.clasp.json', addon: '.clasp-addon.json' };

/** What is missing before clasp can push, as one paragraph of what to run; null when ready. */
export function deployBlocker(claspJson: string | null, claspLoginFiles: string[], target: Target = 'bound'): string | null {
  const file = CLASP_PROJECT[target];
  let scriptId = '';
  try {
    scriptId = claspJson ? String(JSON.parse(claspJson).scriptId ?? '').trim() : '';
  } catch {
    return `${file} is not valid JSON. Restore it from git (git checkout ${file}) and paste your script id into its "scriptId" field.`;
  }
  const loggedIn = claspLoginFiles.some((f) => fs.existsSync(f));
  if (!loggedIn) {
    return `clasp is not logged in. Run \`npx clasp login\` once (it opens a browser to authorise your Google account), then run \`npm run deploy -- --target ${target}\` again.`;
  }
  if (!scriptId) {
    if (target === 'addon') {
      return `No Apps Script project is linked for the add-on: ${file} has an empty "scriptId". Create a standalone project with \`npx clasp create --type standalone --title "Hub Sync" --rootDir dist/addon\`, move the .clasp.json it writes to ${file}, or paste the Script ID of your add-on project (script.google.com › Project Settings) into "scriptId" in ${file}. Then run \`npm run deploy -- --target addon\` again.`;
    }
    return `No Apps Script project is linked: ${file} has an empty "scriptId". Either create a new spreadsheet-bound project with \`npx clasp create --type sheets --title "Hub Sync" --rootDir dist/bound\` (it writes the id for you; keep "rootDir": "dist/bound"), or open your spreadsheet\u2019s Extensions \u203a Apps Script \u203a Project Settings, copy the Script ID and paste it into "scriptId" in ${file}. Then run \`npm run deploy\` again.`;
  }
  return null;
}

/** `--target` and `--dry-run`. */
export function parseDeployArgs(argv: readonly string[]): { target: Target; dryRun: boolean } {
  let target: Target = 'bound';
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    if (flag === '--dry-run') dryRun = true;
    else if (flag === '--target') {
      const v = inline ?? argv[++i];
      if (!(TARGETS as readonly string[]).includes(v)) throw new Error(`--target ${v ?? ''}: use bound or addon`);
      target = v as Target;
    } else throw new Error(`unknown option ${argv[i]}: use --target bound|addon and --dry-run`);
  }
  return { target, dryRun };
}

/**
 * What a Marketplace add-on needs in Google Cloud besides the pushed code, once per Cloud project
 * (docs/user/install.md has the details and Google's pages): printed with every add-on push, since
 * a missed step shows only when a seller first prints a label or installs.
 */
export function publishSteps(): string {
  return [
    'Before publishing (once; docs/user/install.md › Marketplace add-on):',
    '  1. Use a standard Google Cloud project, not the default one: Apps Script › Project Settings › Change project.',
    '  2. In that project enable the Google Drive API (labels go through the Advanced Drive service; a standard',
    '     project does not enable it by itself) and the Google Workspace Marketplace SDK.',
    '  3. OAuth consent screen: list exactly the scopes above.',
    '  4. Deploy › New deployment (a version), then Marketplace SDK › App Configuration: Sheets add-on, the',
    '     script id and that version, the same scopes; then the Store Listing.',
  ].join('\n');
}

/** What `clasp push` would send from a built target folder: each file with its size, and the manifest's permissions. */
export function describePush(dist: string, target: Target): string {
  const files = fs
    .readdirSync(dist)
    .filter((f) => /\.(js|html|json)$/.test(f))
    .sort();
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'appsscript.json'), 'utf8')) as {
    oauthScopes?: string[];
    urlFetchWhitelist?: string[];
  };
  const lines = [
    `Would push ${path.relative(root, dist)}/ to the Apps Script project in ${CLASP_PROJECT[target]} (${target === 'bound' ? 'container-bound script' : 'Marketplace editor add-on'}):`,
    ...files.map((f) => `  ${f.padEnd(18)} ${(fs.statSync(path.join(dist, f)).size / 1024).toFixed(1)} KB`),
    'Scopes asked at install:',
    ...(manifest.oauthScopes ?? []).map((s) => `  ${s}`),
  ];
  if (manifest.urlFetchWhitelist) lines.push('urlFetchWhitelist:', ...manifest.urlFetchWhitelist.map((u) => `  ${u}`));
  lines.push(`Command: npx clasp --project ${CLASP_PROJECT[target]} push --force`);
  if (target === 'addon') lines.push(publishSteps());
  return lines.join('\n');
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: false });
  if (r.status !== 0) {
    console.error(`\ndeploy stopped: \`${cmd} ${args.join(' ')}\` failed (exit ${r.status ?? r.signal}). Nothing was pushed.`);
    process.exit(r.status ?? 1);
  }
}

function main(): void {
  const { target, dryRun } = parseDeployArgs(process.argv.slice(2));
  const projectPath = path.join(root, CLASP_PROJECT[target]);
  const claspJson = fs.existsSync(projectPath) ? fs.readFileSync(projectPath, 'utf8') : null;
  const blocker = deployBlocker(claspJson, [path.join(os.homedir(), '.clasprc.json'), path.join(root, '.clasprc.json')], target);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const dist = path.join(root, 'dist', target);
  if (dryRun || blocker) {
    run(npm, ['run', '--silent', 'build', '--', '--target', target]);
    console.log(`\n${describePush(dist, target)}\n`);
    if (blocker) console.error(`Dry run: nothing was pushed. ${blocker}`);
    else console.log('Dry run: nothing was pushed (run without --dry-run to push).');
    process.exit(blocker && !dryRun ? 1 : 0);
  }
  run(npm, ['test']); // typecheck, build, jest
  run(npm, ['run', 'build', '--', '--target', target]); // fresh dist/<target>/ after the tests
  run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['clasp', '--project', CLASP_PROJECT[target], 'push', '--force']);
  console.log(`deployed: dist/${target}/ pushed to the Apps Script project in ${CLASP_PROJECT[target]}.`);
  if (target === 'addon') console.log(publishSteps());
}

if (require.main === module) main();

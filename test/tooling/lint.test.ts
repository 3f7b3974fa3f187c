/**
 * `npm test` runs Biome (`npm run lint`: `biome ci --error-on-warnings .`, format and lint; a warning fails too) before
 * anything else. These prove the configuration fails on a violation of each kind, with the
 * project's own biome.json, on throwaway files outside the tree.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

describe('Biome fails on a violation', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-probe-'));
    const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
    config.$schema = undefined;
    fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
    // Biome knows the test framework from package.json (focused tests are Jest's).
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
    fs.mkdirSync(path.join(dir, 'src', 'core'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'test'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src', 'server'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src', 'platform'), { recursive: true });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** `biome ci` on one file written with `text`: its exit status and what it names. */
  function ci(file: string, text: string): { status: number | null; output: string } {
    fs.writeFileSync(path.join(dir, file), text);
    const run = spawnSync(BIOME, ['ci', '--colors=off', '--error-on-warnings', file], { cwd: dir, encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  test('a file as the tree is written passes', () => {
    expect(ci('src/core/clean.ts', "export const sent = { quantity: 3, channel: 'amazon' };\n").status).toBe(0);
  });

  test('a misformatted file fails (format check)', () => {
    const run = ci('src/core/format.ts', 'export const sent = {quantity:3,channel:"amazon"}\n');
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/format/);
  });

  test('a lint violation fails: == instead of ===, a focused test', () => {
    const eq = ci('src/core/eq.ts', 'export function same(a: number, b: number): boolean {\n  return a == b;\n}\n');
    expect(eq.status).not.toBe(0);
    expect(eq.output).toMatch(/noDoubleEquals/);
    const only = ci('test/only.test.ts', "test.only('one', () => {\n  expect(1).toBe(1);\n});\n");
    expect(only.status).not.toBe(0);
    expect(only.output).toMatch(/noFocusedTests/);
  });

  test("an Apps Script global outside src/platform fails; inside it, it is the platform's job", () => {
    const server = ci('src/server/open.ts', 'export const open = (id: string): unknown => SpreadsheetApp.openById(id);\n');
    expect(server.status).not.toBe(0);
    expect(server.output).toMatch(/Only src\/platform\/ touches Apps Script's globals/);
    expect(ci('src/platform/open.ts', 'export const open = (id: string): unknown => SpreadsheetApp.openById(id);\n').status).toBe(0);
  });

  test('a function of more than 80 lines in src/ fails; 80 pass (one job per function)', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');
    const fn = (n: number): string => `export function add(): number {\n  let x = 0;\n${body(n)}\n  return x;\n}\n`;
    const long = ci('src/core/long.ts', fn(80));
    expect(long.status).not.toBe(0);
    expect(long.output).toMatch(/noExcessiveLinesPerFunction/);
    expect(long.output).toMatch(/Maximum allowed is 80/);
    expect(ci('src/core/short.ts', fn(77)).status).toBe(0);
  });
});

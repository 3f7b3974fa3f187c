/**
 * Issue 19, item 2: the layers are checked, and each check can fail. The import rule over src/
 * (layers.ts), and the per-layer typechecks: a file in the core's program that names
 * SpreadsheetApp, setTimeout, Buffer, fetch or document does not compile, nor does a sidebar file
 * naming Apps Script or Node, nor a platform file naming the DOM or Node.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importsOf, layerOf, sourceFiles, upwardImports } from './layers';

const ROOT = path.join(__dirname, '..', '..');

describe('the import rule: api ← sheet ← core ← platform ← server ← client', () => {
  test('src/ has no upward import', () => {
    expect(upwardImports(sourceFiles(path.join(ROOT, 'src')))).toEqual([]);
  });

  test('the check sees an upward import, a type-only one and a re-export too', () => {
    const files = new Map([
      ['sheet/table.ts', "import type { CellValue } from '../core/ports';\nimport { x } from './cells';"],
      ['platform/ui.ts', "export { menuTree } from '../server/menu';"],
      ['core/push/run.ts', "import { readAll } from '../../sheet';\nimport { VERSION } from '../../version';"],
    ]);
    expect(upwardImports(files)).toEqual([
      { file: 'sheet/table.ts', imports: '../core/ports', from: 'sheet', to: 'core' },
      { file: 'platform/ui.ts', imports: '../server/menu', from: 'platform', to: 'server' },
    ]);
    expect(importsOf("const m = await import('../server/main');")).toEqual(['../server/main']);
    expect(layerOf('version.ts')).toBe('root');
  });
});

describe('each layer program compiles exactly its own folders', () => {
  // The globals probes below compile a file outside src/: this pins what each program covers, so
  // narrowing an `include` (a core folder left to no program, or to one with more globals) fails.
  const PROGRAMS = {
    core: ['api', 'sheet', 'core', 'root'],
    server: ['platform', 'server'],
    client: ['client'],
  } as const;

  /** The src/ files (relative, .d.ts left out) a layer's tsconfig compiles itself. */
  function programFiles(layer: keyof typeof PROGRAMS): string[] {
    const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
    const run = spawnSync(tsc, ['-p', path.join(ROOT, `tsconfig.${layer}.json`), '--listFilesOnly'], { encoding: 'utf8' });
    const src = path.join(ROOT, 'src') + path.sep;
    return run.stdout
      .split('\n')
      .map((f) => path.resolve(f.trim()))
      .filter((f) => f.startsWith(src) && !f.endsWith('.d.ts'))
      .map((f) => path.relative(src, f))
      .sort();
  }

  test.each(Object.keys(PROGRAMS) as Array<keyof typeof PROGRAMS>)(
    'tsconfig.%s.json: every source file of its layers, and no other',
    (layer) => {
      const expected = [...sourceFiles(path.join(ROOT, 'src')).keys()]
        .filter((f) => !f.endsWith('.d.ts') && (PROGRAMS[layer] as readonly string[]).includes(layerOf(f)))
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(programFiles(layer)).toEqual(expected);
    },
  );
});

describe('each layer typechecks with its own globals only', () => {
  // (The tools' and the pages' views, at the end of this block, are dev/ and test/.)
  const dir = path.join(ROOT, 'test-output', 'tsc-probe');
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');

  /** Compiles `code` with a layer's compiler options; returns the names tsc could not find. */
  function missingNames(layer: 'core' | 'server' | 'client' | 'tools' | 'browser', code: string): string[] {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `${layer}-probe.ts`);
    fs.writeFileSync(probe, code);
    const config = path.join(dir, `tsconfig.${layer}.json`);
    const base = path.relative(dir, path.join(ROOT, layer === 'tools' ? 'tsconfig.json' : `tsconfig.${layer}.json`));
    const typeFiles = layer === 'core' ? [path.relative(dir, path.join(ROOT, 'types', 'core-console.d.ts'))] : [];
    fs.writeFileSync(
      config,
      JSON.stringify({
        extends: base,
        compilerOptions: { composite: false, noEmit: true, rootDir: null, outDir: null, tsBuildInfoFile: null },
        include: [],
        files: [`${layer}-probe.ts`, ...typeFiles],
        references: [],
      }),
    );
    const run = spawnSync(tsc, ['-p', config], { encoding: 'utf8' });
    return [...run.stdout.matchAll(/Cannot find name '(\w+)'/g)].map((m) => m[1]);
  }

  test('the core: none of SpreadsheetApp, setTimeout, Buffer, fetch, document; console and the language are there', () => {
    expect(
      missingNames(
        'core',
        'export const probe = [SpreadsheetApp, setTimeout, Buffer, fetch, document];\nconsole.warn(new Map(), JSON, Math.max(1));\n',
      ),
    ).toEqual(['SpreadsheetApp', 'setTimeout', 'Buffer', 'fetch', 'document']);
  });

  test('the platform and the server: Apps Script, but no DOM and no Node', () => {
    expect(missingNames('server', 'export const probe = [SpreadsheetApp, UrlFetchApp, document, Buffer, setTimeout];\n')).toEqual([
      'document',
      'Buffer',
      'setTimeout',
    ]);
  });

  test('the sidebar: the DOM, but no Apps Script and no Node', () => {
    expect(missingNames('client', 'export const probe = [document, fetch, SpreadsheetApp, Buffer];\n')).toEqual([
      'SpreadsheetApp',
      'Buffer',
    ]);
  });

  test('dev/ and test/ outside pages: Node and Jest (and the Apps Script the emulator implements), no DOM', () => {
    expect(missingNames('tools', 'export const probe = [Buffer, setTimeout, jest, expect, SpreadsheetApp, document, window];\n')).toEqual([
      'document',
      'window',
    ]);
  });

  test('the playground page and the browser tests: the DOM, Node and Jest, no Apps Script', () => {
    expect(missingNames('browser', 'export const probe = [document, window, Buffer, expect, SpreadsheetApp, UrlFetchApp];\n')).toEqual([
      'SpreadsheetApp',
      'UrlFetchApp',
    ]);
  });
});

/**
 * The one-way core is checked, and each check can fail: no import up a zone, none sideways between
 * features, no cycle between core folders; the push engine imports no feature.
 */
import * as path from 'node:path';
import { coreFolderOf, coreImports, importCycles, zoneRank, zoneViolations } from './core-zones';
import { sourceFiles } from './layers';

const SRC = path.join(__dirname, '..', '..', 'src');

describe('the one-way core: kernel ← settings ← pipeline ← push ← features ← background ← wiring', () => {
  const imports = coreImports(sourceFiles(SRC));

  test('every core folder is in a zone', () => {
    const folders = [...new Set([...sourceFiles(SRC).keys()].map(coreFolderOf).filter((f): f is string => f !== null))];
    expect(folders.filter((f) => zoneRank(f) < 0)).toEqual([]);
  });

  test('no import goes up a zone or sideways between features', () => {
    expect(zoneViolations(imports)).toEqual([]);
  });

  test('no import cycle between core folders', () => {
    expect(importCycles(imports)).toEqual([]);
  });

  test('the push engine and the pipeline import no feature', () => {
    const features = [
      'preview',
      'undo',
      'ledger',
      'sales',
      'rules',
      'jobs',
      'catalogue',
      'categories',
      'orders',
      'columns',
      'alerts',
      'background',
    ];
    expect(imports.filter((i) => (i.from === 'push' || i.from === 'pipeline') && features.includes(i.to))).toEqual([]);
  });

  test('only the background module schedules triggers: no other core or server code calls the Scheduler port', () => {
    const callers = [...sourceFiles(SRC)].filter(
      ([file, text]) =>
        /\bscheduler\.(once|every|remove|list)\(/.test(text) && !/^core[\\/]background[\\/]/.test(file) && !/^platform[\\/]/.test(file),
    );
    expect(callers.map(([file]) => file)).toEqual([]);
  });

  test('the checks see an upward import, a sideways one, an unzoned folder and a cycle', () => {
    const files = new Map([
      ['core/push/run.ts', "import { recordUndo } from '../undo/record';\nimport { Hook } from '../kernel/hook';"],
      ['core/undo/run.ts', "import { hubNow } from '../preview/run';\nimport { startLimitedPush } from '../push/run';"],
      ['core/preview/run.ts', "import type { UndoPreview } from '../undo/run';"],
      ['core/stray.ts', "import { x } from './kernel/time';"],
      ['sheet/table.ts', "import type { CellValue } from '../core/kernel/ports';"],
    ]);
    const found = coreImports(files);
    expect(found.map((i) => `${i.from}→${i.to}`)).toEqual([
      'push→undo',
      'push→kernel',
      'undo→preview',
      'undo→push',
      'preview→undo',
      'stray→kernel',
    ]);
    expect(zoneViolations(found).map((i) => `${i.from}→${i.to}`)).toEqual(['push→undo', 'undo→preview', 'preview→undo', 'stray→kernel']);
    // push → undo → push and undo → preview → undo: one knot of three folders.
    expect(importCycles(found)).toEqual([['preview', 'push', 'undo']]);
  });
});

import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BUNDLE_BUDGET_KIB, serverBuildOptions } from '../../dev/tools/build';
import { TARGETS } from '../../dev/tools/targets';

const codeOf = (target: string): string => fs.readFileSync(path.resolve(__dirname, '../../dist', target, 'Code.js'), 'utf8');

describe.each(TARGETS)('the shipped bundle (dist/%s/Code.js) is small', (target) => {
  test(`weighs at most ${BUNDLE_BUDGET_KIB} KiB`, () => {
    const kib = Buffer.byteLength(codeOf(target), 'utf8') / 1024;
    expect(kib).toBeGreaterThan(50); // a truncated or empty build must not pass as small
    expect(kib).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB);
  });

  test('is minified: what the tests run is what ships', () => {
    const code = codeOf(target);
    const [iife] = code.split(/\nfunction /, 1);
    // A readable esbuild build has one statement a line (thousands), indented, with comments; this one has a
    // few dozen: the minifier writes each "\n" of a message as a line break inside its template literal.
    expect(iife.split('\n').length).toBeLessThan(40);
    expect(iife).not.toMatch(/^ {2,}\S/m);
  });
});

describe('what goes into the bundle', () => {
  let inputs: string[] = [];
  beforeAll(async () => {
    const result = await esbuild.build({ ...serverBuildOptions('bound'), metafile: true });
    // The files that put code into the output (esbuild also lists the ones it read and shook out).
    const [output] = Object.values(result.metafile.outputs);
    inputs = Object.entries(output.inputs)
      .filter(([, i]) => i.bytesInOutput > 0)
      .map(([f]) => f);
  });

  test('zod/mini only: classic zod (methods, JSON Schema) never comes back through an import of "zod"', () => {
    expect(inputs.some((f) => /zod\/v4\/mini\//.test(f))).toBe(true);
    expect(inputs.filter((f) => /zod\/v4\/classic\/|to-json-schema|json-schema-processors/.test(f))).toEqual([]);
  });

  test('one locale, English: the messages users read, and no other language', () => {
    expect(inputs.filter((f) => /zod\/v4\/locales\//.test(f)).map((f) => path.basename(f))).toEqual(['en.js']);
  });

  test('no sidebar code in the server bundle', () => {
    expect(inputs.filter((f) => f.includes('src/client/'))).toEqual([]);
  });
});

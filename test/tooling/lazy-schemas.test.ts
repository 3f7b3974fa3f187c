/**
 * Apps Script evaluates the whole bundle at the start of every execution (a menu click, a sidebar
 * call, a trigger run), so a zod schema built at the top of a module costs every execution,
 * whether it parses anything or not. Top-level schemas in src/ are built at first use
 * (`z.lazy(() => ...)`); this check finds one that is not, and is shown failing.
 */
import * as path from 'node:path';
import { sourceFiles } from './layers';

const SRC = path.join(__dirname, '..', '..', 'src');

/**
 * Top-level `const X = z.…` (or `z` on its own line, chained below) that is not `z.lazy(`, and a
 * top-level value that builds a schema on its line (`const Shape = { a: z.string() }`); a function
 * (`const shape = () => …`) builds at its call.
 */
function eagerSchemas(files: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of files)
    text.split('\n').forEach((line, i) => {
      const init = /^(export )?const [\w$]+(: [^=]+)? = (.*)$/.exec(line)?.[3];
      if (init === undefined || /^z\.lazy\(/.test(init) || /^(\([^)]*\)|[\w$]+) =>|^function\b/.test(init)) return;
      if (/^z(\.|$)/.test(init) || /\bz\.\w+\(/.test(init)) out.push(`${file}:${i + 1}`);
    });
  return out;
}

describe('zod schemas are built at first use, not when the bundle loads', () => {
  test('no top-level schema in src/ is built eagerly', () => {
    expect(eagerSchemas(sourceFiles(SRC))).toEqual([]);
  });

  test('the check finds an eager schema, chained or not', () => {
    const planted = new Map([
      ['a.ts', 'export const A = z.object({ a: z.string() });\nexport const B = z.lazy(() => z.string());'],
      ['b.ts', 'const C = z\n  .array(z.string());\nfunction f() {\n  const D = z.string();\n}'],
      [
        'c.ts',
        "const Shape = { a: z.catch(z.string(), '') };\nconst shape = () => ({ a: z.string() });\nconst E = z.lazy(() => z.object(Shape));",
      ],
    ]);
    expect(eagerSchemas(planted)).toEqual(['a.ts:1', 'b.ts:1', 'c.ts:1']);
  });
});

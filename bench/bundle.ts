/**
 * Bundle load: what every execution pays before any work, since Apps Script compiles and runs the
 * whole Code.js at the start of each menu click, sidebar call and trigger run. Compares the
 * shipped bundle with the same source built as before issue 16 (readable, classic zod), in one
 * run: compile (new vm.Script) and evaluate (its top-level code in a fresh realm of the runtime
 * emulator), the median of `runs` interleaved loads of each.
 */
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BUNDLE_BUDGET_KIB, codeFile, serverBuildOptions } from '../dev/tools/build';
import { createRealm } from '../dev/gas-runtime/realm';
import { median, timeLoad, type LoadTiming } from '../dev/gas-runtime/bundle-load';

/** Issue 16's goal for dist/<target>/Code.js. */
export const BUNDLE_TARGET_KIB = 200;

export interface BundleLoad {
  kib: number;
  compileMs: number;
  evaluateMs: number;
  loadMs: number;
}

export interface BundleFigures {
  runs: number;
  before: BundleLoad;
  shipped: BundleLoad;
  /** What the shipped bundle is made of (KiB): the add-on's code and zod/mini. */
  ownKib: number;
  zodKib: number;
}

const ROOT = path.resolve(__dirname, '..');

/** The bound target as built before issue 16: not minified, classic zod in place of zod/mini. */
async function beforeSource(): Promise<string> {
  const classicZod: esbuild.Plugin = {
    name: 'classic-zod',
    setup(build) {
      build.onResolve({ filter: /^zod\/mini$/ }, () => ({ path: path.join(__dirname, 'zod-classic.ts') }));
    },
  };
  const result = await esbuild.build({ ...serverBuildOptions('bound'), minify: false, plugins: [classicZod] });
  return codeFile('bound', result.outputFiles[0].text);
}

/** KiB of the shipped bundle's output that come from zod, and from the rest. */
async function composition(): Promise<{ ownKib: number; zodKib: number }> {
  const result = await esbuild.build({ ...serverBuildOptions('bound'), metafile: true });
  const [output] = Object.values(result.metafile.outputs);
  let zod = 0;
  let own = 0;
  for (const [file, input] of Object.entries(output.inputs)) {
    if (file.includes('node_modules/zod/')) zod += input.bytesInOutput;
    else own += input.bytesInOutput;
  }
  return { ownKib: own / 1024, zodKib: zod / 1024 };
}

/** One load, as the runtime emulator charges it (dev/gas-runtime/bundle-load.ts): compile, then run its top level in a fresh realm. */
function loadOnce(source: string, run: number): LoadTiming {
  const realm = createRealm(() => Date.now(), 'UTC');
  const timing = timeLoad(source, String(run), (script) => realm.run(script));
  if (typeof realm.global.onOpen !== 'function') throw new Error('bundle load: the bundle declared no onOpen');
  return timing;
}

function summary(source: string, loads: LoadTiming[]): BundleLoad {
  return {
    kib: Buffer.byteLength(source, 'utf8') / 1024,
    compileMs: median(loads.map((l) => l.compileMs)),
    evaluateMs: median(loads.map((l) => l.evaluateMs)),
    loadMs: median(loads.map((l) => l.compileMs + l.evaluateMs)),
  };
}

/** Loads each bundle `runs` times, alternating, so that a busy machine slows both alike. */
export async function benchBundle(runs = 30): Promise<BundleFigures> {
  const shippedPath = path.join(ROOT, 'dist', 'bound', 'Code.js');
  if (!fs.existsSync(shippedPath)) throw new Error('bundle load: no dist/bound/Code.js; run npm run build -- --target all first');
  const shipped = fs.readFileSync(shippedPath, 'utf8');
  const before = await beforeSource();
  const loads = { before: [] as ReturnType<typeof loadOnce>[], shipped: [] as ReturnType<typeof loadOnce>[] };
  loadOnce(before, -1); // warm up node's own code paths (vm, realm) before measuring either
  loadOnce(shipped, -1);
  for (let i = 0; i < runs; i++) {
    loads.before.push(loadOnce(before, i));
    loads.shipped.push(loadOnce(shipped, i));
  }
  return { runs, before: summary(before, loads.before), shipped: summary(shipped, loads.shipped), ...(await composition()) };
}

export const BUNDLE_TABLE_HEADER = [
  '| Bundle (dist/bound/Code.js) | Size | Compile | Evaluate | Load (compile + evaluate) | Against |',
  '|---|---:|---:|---:|---:|---|',
].join('\n');

const kib = (n: number): string => `${Math.round(n)} KiB`;
const ms = (n: number): string => `${n.toFixed(1)} ms`;
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** The table's two rows: the build before issue 16 and the shipped one, with their ratios. */
export function bundleRows(f: BundleFigures): string[] {
  const { before: b, shipped: s } = f;
  return [
    `| Before issue 16: readable, classic zod (same source) | ${kib(b.kib)} | ${ms(b.compileMs)} | ${ms(b.evaluateMs)} | ${ms(b.loadMs)} | — |`,
    `| Shipped: minified, zod/mini (${kib(f.ownKib)} the add-on's code, ${kib(f.zodKib)} zod) | ${kib(s.kib)} | ${ms(s.compileMs)} | ${ms(s.evaluateMs)} | ${ms(s.loadMs)} | size ${ratio(s.kib, b.kib)}, load ${ratio(s.loadMs, b.loadMs)} the build before; ${ratio(s.kib, BUNDLE_TARGET_KIB)} the ${BUNDLE_TARGET_KIB} KiB goal (test budget ${BUNDLE_BUDGET_KIB} KiB) |`,
  ];
}

if (require.main === module) {
  const runs = Number(process.argv[2] ?? 30);
  benchBundle(runs)
    .then((f) => console.log([BUNDLE_TABLE_HEADER, ...bundleRows(f)].join('\n')))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}

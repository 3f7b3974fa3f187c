/**
 * What the change ledger costs a push, and what a revert from it costs against a push of the same
 * values, side by side in one run (virtual time of the runtime emulator against the hub emulator,
 * 100 ms per request, concurrency 8):
 *
 * - ledger: a 10,000-row Push stock from the menu by the shipped bundle and by the same source
 *   built without the ledger's subscription (a bench-only variant: esbuild swaps the module that
 *   subscribes it for an empty one; the product has no switch that turns the record off), the
 *   two alternated so that a busy machine slows both alike;
 * - revert: a 10,000-row push (A→B) reverted whole from the History (its preview, then the revert
 *   chunk by chunk, as the sidebar does) against the same values (B→A) pushed from the sidebar.
 */
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Counters } from '../dev/gas-runtime';
import { callValue as value, startAddonEnv, type AddonEnv } from '../dev/testkit/env';
import { codeFile, serverBuildOptions } from '../dev/tools/build';
import { sidebarRun } from './preview';
import { SCALE_CONCURRENCY, SCALE_LATENCY_MS, measured, menuPushToEnd } from './scale';

const SHEET = 'Stock & Prices';
const ROOT = path.resolve(__dirname, '..');

/** What one measured operation cost. */
export interface OpFigures {
  requests: number;
  roundTrips: number;
  cellsWritten: number;
  executions: number;
  seconds: number;
  counters: Counters;
}

function opFigures(m: ReturnType<typeof measured>): OpFigures {
  const c = m.counters;
  return {
    requests: c.fetchRequests,
    roundTrips: c.sheetsRoundTrips,
    cellsWritten: c.cellsWritten,
    executions: m.executions,
    seconds: m.busySeconds,
    counters: c,
  };
}

/**
 * The bound bundle without the ledger's subscription, in a folder of its own beside a copy of
 * dist/bound's manifest and pages: the module wiring.ts imports it from becomes an empty one.
 */
async function withoutLedgerBundle(): Promise<string> {
  const noLedger: esbuild.Plugin = {
    name: 'no-ledger',
    setup(build) {
      build.onResolve({ filter: /^\.\/ledger\/subscriptions$/ }, (args) =>
        path.basename(args.importer) === 'wiring.ts' ? { path: 'no-ledger', namespace: 'bench' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'bench' }, () => ({ contents: 'export function subscribeLedger() {}', loader: 'ts' }));
    },
  };
  const built = path.join(ROOT, 'dist', 'bound');
  if (!fs.existsSync(path.join(built, 'Code.js')))
    throw new Error('ledger bench: no dist/bound/Code.js; run npm run build -- --target all first');
  const result = await esbuild.build({ ...serverBuildOptions('bound'), plugins: [noLedger] });
  const source = codeFile('bound', result.outputFiles[0].text);
  if (source === fs.readFileSync(path.join(built, 'Code.js'), 'utf8')) throw new Error('ledger bench: the variant is the shipped bundle');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hubsync-no-ledger-'));
  for (const file of fs.readdirSync(built)) if (file !== 'Code.js') fs.copyFileSync(path.join(built, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, 'Code.js'), source);
  return path.join(dir, 'Code.js');
}

async function env(bundlePath?: string): Promise<AddonEnv> {
  return startAddonEnv({
    hub: { latencyMs: SCALE_LATENCY_MS },
    settings: { concurrency: SCALE_CONCURRENCY },
    leakCheck: false,
    measuredCosts: true,
    ...(bundlePath ? { runtime: { bundlePath } } : {}),
  });
}

const skuOf = (i: number): string => `LEDGER-${String(i + 1).padStart(6, '0')}`;

/** A stock sheet of `n` rows whose quantities are `1 + (i % 500) + by`. */
function stockSheet(e: AddonEnv, n: number): (by: number) => void {
  e.adminSync('POST', '/__admin/products', {
    generate: { count: n, prefix: 'LEDGER-', channels: ['mercadolibre', 'amazon'], status: 'active', seed: 3 },
  });
  e.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...Array.from({ length: n }, (_, i) => [skuOf(i), 1 + (i % 500)])]);
  return (by) =>
    e.rt.sheet(SHEET).setValues(
      Array.from({ length: n }, (_, i) => [1 + (i % 500) + by]),
      'B2',
    );
}

export interface LedgerBench {
  n: number;
  runs: number;
  /** The median run of each side (by virtual time), and every run's time. */
  with: OpFigures;
  without: OpFigures;
  withSeconds: number[];
  withoutSeconds: number[];
  /** Values the ledger holds after the runs (its sheet's cells, for the record). */
  ledgerValues: number;
}

function median(runs: OpFigures[]): OpFigures {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A steady-state 10,000-row menu push with and without the ledger, `runs` of each, alternated. */
export async function benchLedger(n = 10_000, runs = 3, log: (s: string) => void = console.log): Promise<LedgerBench> {
  const variant = await withoutLedgerBundle();
  const sides = { with: await env(), without: await env(variant) };
  try {
    const bump = { with: stockSheet(sides.with, n), without: stockSheet(sides.without, n) };
    log(`  ledger ${n.toLocaleString('en-US')}: first pushes (result columns, snapshot, the ledger's sheet)…`);
    for (const side of ['with', 'without'] as const) menuPushToEnd(sides[side], 'pushStockAll');
    const out = { with: [] as OpFigures[], without: [] as OpFigures[] };
    for (let run = 1; run <= runs; run++) {
      for (const side of ['with', 'without'] as const) {
        bump[side](run);
        const f = opFigures(measured(sides[side], () => menuPushToEnd(sides[side], 'pushStockAll')));
        log(`    push ${run} ${side} the ledger: ${f.seconds.toFixed(1)} s, ${f.roundTrips} round trips, ${f.cellsWritten} cells written`);
        out[side].push(f);
      }
    }
    if (sides.without.rt.sheetNames().includes('Hub Sync Ledger')) throw new Error('ledger bench: the variant wrote the ledger');
    const ledger = sides.with.rt.sheet('Hub Sync Ledger').values();
    const ledgerValues = ledger.slice(1).reduce((sum, r) => sum + Number(r[5]), 0);
    return {
      n,
      runs,
      with: median(out.with),
      without: median(out.without),
      withSeconds: out.with.map((f) => f.seconds),
      withoutSeconds: out.without.map((f) => f.seconds),
      ledgerValues,
    };
  } finally {
    await sides.with.close();
    await sides.without.close();
    fs.rmSync(path.dirname(variant), { recursive: true, force: true });
  }
}

export interface RevertBench {
  n: number;
  /** The revert's preview and the revert itself, and both together. */
  preview: OpFigures;
  revert: OpFigures;
  total: OpFigures;
  /** The same values pushed from the sidebar. */
  push: OpFigures;
  /** The same values previewed, then sent with Push these changes (a push with a preview, as the revert has), and both. */
  pushPreview: OpFigures;
  pushPress: OpFigures;
  previewed: OpFigures;
}

function sum(a: OpFigures, b: OpFigures): OpFigures {
  const counters = { ...a.counters };
  for (const k of Object.keys(counters) as Array<keyof Counters>) counters[k] = a.counters[k] + b.counters[k];
  return {
    requests: a.requests + b.requests,
    roundTrips: a.roundTrips + b.roundTrips,
    cellsWritten: a.cellsWritten + b.cellsWritten,
    executions: a.executions + b.executions,
    seconds: a.seconds + b.seconds,
    counters,
  };
}

/** A 10,000-row push (A→B) reverted whole from the History, against the same values (B→A) pushed from the sidebar. */
export async function benchRevert(n = 10_000, log: (s: string) => void = console.log): Promise<RevertBench> {
  const e = await env();
  try {
    const set = stockSheet(e, n);
    const push = () => sidebarRun(e, value(e, 'startPush', 'stock', 'all'));
    const A = 0;
    const B = 7;
    log(`  revert ${n.toLocaleString('en-US')}: pushes A, then B (the push to revert)…`);
    push();
    set(B);
    push();
    const pushId = value(e, 'getHistory', {}).entries[0]?.push;
    if (!pushId) throw new Error('revert bench: the History holds no push');
    log('  preview of the revert…');
    let shown: { newestId: string; rowsToRestore: number } = { newestId: '', rowsToRestore: 0 };
    const preview = opFigures(
      measured(e, () => {
        shown = value(e, 'previewRevert', { push: pushId }, false);
      }),
    );
    if (shown.rowsToRestore !== n) throw new Error(`the revert would restore ${shown.rowsToRestore} rows, not ${n}`);
    log('  the revert…');
    let ok = 0;
    const revert = opFigures(
      measured(e, () => {
        ok = sidebarRun(e, value(e, 'revertFromHistory', { push: pushId }, false, shown.newestId)).ok;
      }),
    );
    if (ok !== n) throw new Error(`the revert put back ${ok} rows, not ${n}`);
    // The hub back at B, the sheet at A: the same values as the revert, pushed.
    push();
    set(A);
    log('  the same values pushed from the sidebar…');
    const plain = opFigures(measured(e, () => push()));
    // Once more with a preview first, as the revert has one: hub at B, sheet at A.
    set(B);
    push();
    set(A);
    log('  the same values previewed, then Push these changes…');
    let previewId = '';
    const pushPreview = opFigures(
      measured(e, () => {
        previewId = value(e, 'previewPush', 'stock', 'all').previewId;
      }),
    );
    const pushPress = opFigures(measured(e, () => sidebarRun(e, value(e, 'pushPreviewedChanges', previewId))));
    return { n, preview, revert, total: sum(preview, revert), push: plain, pushPreview, pushPress, previewed: sum(pushPreview, pushPress) };
  } finally {
    await e.close();
  }
}

const num = (x: number): string => x.toLocaleString('en-US');
const secs = (ms: number): string => (ms / 1000).toFixed(1);

export const OP_TABLE_HEADER = [
  '| what | executions | requests | Sheets round trips | cells written | requests (s) | Sheets (s) | properties (s) | JavaScript (s) | bundle loads (s) | virtual time (s) | ratio |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
].join('\n');

/** One row: what the operation cost, by kind, and its ratio (text) against its reference. */
export function opRow(what: string, f: OpFigures, ratio: string): string {
  const c = f.counters;
  return `| ${what} | ${f.executions} | ${num(f.requests)} | ${num(f.roundTrips)} | ${num(f.cellsWritten)} | ${secs(c.fetchMs)} | ${secs(c.sheetsMs)} | ${secs(c.propertiesMs)} | ${secs(c.jsMs)} | ${secs(c.bundleLoadMs)} | ${f.seconds.toFixed(1)} | ${ratio} |`;
}

const times = (x: number): string => `${x.toFixed(2)}×`;

/** The ledger's table: each side's median run, the ratio, and the ledger's own share per value. */
export function ledgerRows(b: LedgerBench): string[] {
  const ratio = b.with.seconds / b.without.seconds;
  const extra = (k: 'roundTrips' | 'cellsWritten'): number => b.with[k] - b.without[k];
  // Sheets time is the cost model's (round trips and cells), the same from run to run; JavaScript time is this machine's.
  const sheetsMs = b.with.counters.sheetsMs - b.without.counters.sheetsMs;
  return [
    opRow(`Push stock, ${num(b.n)} rows, without the ledger (bench-only build)`, b.without, '—'),
    opRow(
      `Push stock, ${num(b.n)} rows, with the ledger (shipped)`,
      b.with,
      `${times(ratio)} ${ratio <= 1.1 ? '✓' : '✗'} (goal ≤ 1.10×); +${extra('roundTrips')} round trips, +${num(extra('cellsWritten'))} cells: Sheets +${secs(sheetsMs)} s, ${(sheetsMs / b.n).toFixed(3)} ms a value`,
    ),
  ];
}

/**
 * The least a revert with its guarantees costs against the push: the push's own work and two reads
 * of the hub (the preview's, and the press's again), each read's time as this run measured it —
 * the preview's requests, and what the press's requests took beyond the push's.
 */
export function revertFloor(b: RevertBench): number {
  const reads = b.preview.counters.fetchMs + (b.revert.counters.fetchMs - b.push.counters.fetchMs);
  return (b.push.seconds + reads / 1000) / b.push.seconds;
}

/** The revert's table: its preview, the revert, both, and the plain push of the same values. */
export function revertRows(b: RevertBench): string[] {
  const ratio = b.total.seconds / b.push.seconds;
  return [
    opRow(`Push the same values from the sidebar, ${num(b.n)} rows (B→A)`, b.push, '—'),
    opRow('Revert: its preview (reads the hub, writes the Preview sheet)', b.preview, times(b.preview.seconds / b.push.seconds)),
    opRow('Revert: the revert (reads the hub again, sends, writes back)', b.revert, times(b.revert.seconds / b.push.seconds)),
    opRow(
      `Revert of a ${num(b.n)}-row push, preview + revert (A←B)`,
      b.total,
      `${times(ratio)} ${ratio <= 1.2 ? '✓' : '✗'} (goal ≤ 1.2× the push; floor ${times(revertFloor(b))}); requests ${times(b.total.requests / b.push.requests)}; ${times(b.total.seconds / b.previewed.seconds)} the previewed push`,
    ),
    opRow('Push with a preview: its preview', b.pushPreview, times(b.pushPreview.seconds / b.push.seconds)),
    opRow('Push with a preview: Push these changes (reads the hub again, sends)', b.pushPress, times(b.pushPress.seconds / b.push.seconds)),
    opRow(
      `Preview + Push these changes of the same values, ${num(b.n)} rows (B→A)`,
      b.previewed,
      times(b.previewed.seconds / b.push.seconds),
    ),
  ];
}

if (require.main === module) {
  (async () => {
    const ledger = await benchLedger();
    console.log([OP_TABLE_HEADER, ...ledgerRows(ledger)].join('\n'));
    const revert = await benchRevert();
    console.log([OP_TABLE_HEADER, ...revertRows(revert)].join('\n'));
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

/**
 * What sellers do, at scale, each against its floor (floor.ts) under the same cost model, side by
 * side in one run: a stock push from the menu (10k/50k/200k rows, continuations included), the
 * same push from the sidebar (chunk after chunk), a price-and-stock push by channel, and a
 * catalogue pull. Every figure is virtual time of the runtime emulator against the hub emulator
 * (100 ms per request, concurrency 8).
 */
import type { CostTable, Counters } from '../dev/gas-runtime';
import { startAddonEnv, type AddonEnv } from '../dev/testkit/env';
import type { PushMenuName } from '../src/server/menu';
import { floorOf, type Floor, type FloorInput } from './floor';

export const SCALE_LATENCY_MS = 100;
export const SCALE_CONCURRENCY = 8;
const PAGE = 50;
const SHEET = 'Stock & Prices';
const SNAPSHOT = 'Hub Sync snapshot';
const RESULT_HEADER = /^(Sync status|Sync message|Job id|Synced at|Status \[.+\])$/;

export interface ScaleFigures {
  row: string;
  n: number;
  executions: number;
  requests: number;
  minRequests: number;
  counters: Counters;
  /** Σ of the executions' virtual durations, s. */
  busySeconds: number;
  /** First start to last end, waits between continuations included, s. */
  elapsedSeconds: number;
  floor: Floor;
  /** 'floor' rows aim at ≤ 1.2× their floor (at 50k); 'menu' rows also at ≤ 1.3× the menu push of the same N. */
  goal: string;
  /** Ratio to the menu push of the same N (sidebar rows). */
  vsMenu?: number;
  note?: string;
}

export interface ScaleOptions {
  pushSizes: number[];
  sidebarSizes: number[];
  byChannel: number[];
  pullSizes: number[];
  /** Settings › Per-channel columns on pull for the pulls (none: the default, the general columns and each channel's status and link). */
  pullChannelColumns?: string[];
}

export const DEFAULT_SCALE: ScaleOptions = {
  pushSizes: [10_000, 50_000, 200_000],
  sidebarSizes: [10_000, 50_000],
  byChannel: [10_000],
  pullSizes: [10_000, 50_000],
};

const skuOf = (prefix: string, i: number): string => `${prefix}${String(i + 1).padStart(6, '0')}`;

export async function env(settings: Record<string, unknown> = {}): Promise<AddonEnv> {
  return startAddonEnv({
    hub: { latencyMs: SCALE_LATENCY_MS },
    settings: { concurrency: SCALE_CONCURRENCY, ...settings },
    leakCheck: false,
    measuredCosts: true,
  });
}

/** Runs `fn` (one or more calls) and measures the executions it made, continuations included. */
export function measured(
  e: AddonEnv,
  fn: () => void,
): { counters: Counters; executions: number; killed: number; busySeconds: number; elapsedSeconds: number } {
  e.rt.resetCounters();
  const before = e.rt.executions().length;
  fn();
  const runs = e.rt.executions().slice(before);
  const busy = runs.reduce((s, x) => s + (x.endedAt - x.startedAt), 0);
  const killed = runs.filter((x) => !x.ok && x.error === KILLED).length;
  const failed = runs.find((x) => !x.ok && x.error !== KILLED);
  if (failed) throw new Error(`${failed.functionName} failed: ${failed.error}`);
  return {
    counters: e.rt.counters(),
    executions: runs.length,
    killed,
    busySeconds: busy / 1000,
    elapsedSeconds: (runs[runs.length - 1].endedAt - runs[0].startedAt) / 1000,
  };
}

const KILLED = 'Exceeded maximum execution time';

/**
 * A menu push and the background continuations it arms, run until the push is over. An execution
 * killed by the 6-minute limit is part of the story (its safety trigger resumes the push), not a
 * failure of the benchmark: measured() counts it.
 */
export function menuPushToEnd(e: AddonEnv, fn: PushMenuName): void {
  try {
    e.call(fn);
  } catch (err) {
    if (!String((err as Error).message).includes(KILLED)) throw err;
  }
  for (let i = 0; i < 100; i++) {
    const running = Object.keys(e.rt.properties('document')).some((k) => k.includes('pushRun'));
    if (!running) return;
    const next = e.rt.triggers().filter((t) => !t.fired);
    if (next.length === 0) throw new Error('a push is still running but no trigger will continue it');
    e.rt.advanceTo(next.reduce((m, t) => Math.min(m, t.nextFireAt), Infinity));
  }
  throw new Error('push still running after 100 continuations');
}

/** The sidebar's loop: startPush, then continuePush until finished. */
function sidebarPush(e: AddonEnv, operation: string): void {
  let p = e.call('startPush', operation, 'all');
  for (let i = 0; p.ok && !p.value.finished; i++) {
    if (i > 10_000) throw new Error('sidebar push never finished');
    p = e.call('continuePush', p.value.runId);
  }
  if (!p.ok) throw new Error(`sidebar push: ${p.error}`);
}

/** Cells of each block of result columns (contiguous) and of the snapshot, for `n` rows. */
export function resultBlocks(e: AddonEnv, n: number): number[] {
  const header = e.rt.sheet(SHEET).values('1:1')[0] ?? [];
  const blocks: number[] = [];
  let width = 0;
  for (const h of [...header, '']) {
    if (RESULT_HEADER.test(String(h))) width++;
    else if (width > 0) {
      blocks.push(width * n);
      width = 0;
    }
  }
  if (e.rt.sheetNames().includes(SNAPSHOT)) blocks.push(e.rt.sheet(SNAPSHOT).lastColumn() * n);
  return blocks;
}

/** How a run spanning several executions went: background continuations, kills by the 6-minute limit. */
function continuation(m: ReturnType<typeof measured>): string | undefined {
  if (m.executions <= 1) return undefined;
  const killed = m.killed ? `, ${m.killed} killed at 6 min and resumed by its safety trigger` : '';
  return `${m.executions} executions${killed}; ${(m.elapsedSeconds / 60).toFixed(1)} min from start to end`;
}

export function figures(
  row: string,
  n: number,
  m: ReturnType<typeof measured>,
  floor: FloorInput,
  costs: CostTable,
  loadMs: number,
  goal: string,
  note?: string,
): ScaleFigures {
  return {
    row,
    n,
    executions: m.executions,
    requests: m.counters.fetchRequests,
    minRequests: floor.requests,
    counters: m.counters,
    busySeconds: m.busySeconds,
    elapsedSeconds: m.elapsedSeconds,
    floor: floorOf(floor, costs, loadMs),
    goal,
    ...(note ? { note } : {}),
  };
}

/** The bundle load the runtime charged per execution (measured), for the floors. */
export function loadMsOf(e: AddonEnv): number {
  return e.rt.world.bundleLoadMs();
}

/** Menu push (and sidebar push) of stock for each size, on a sheet pushed once before (its columns exist). */
async function stockPushes(sizes: number[], sidebarSizes: number[], log: (s: string) => void): Promise<ScaleFigures[]> {
  const out: ScaleFigures[] = [];
  for (const n of sizes) {
    const e = await env();
    try {
      e.adminSync('POST', '/__admin/products', {
        generate: { count: n, prefix: 'BENCH-', channels: ['mercadolibre', 'amazon'], status: 'active', seed: 3 },
      });
      e.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...Array.from({ length: n }, (_, i) => [skuOf('BENCH-', i), 1 + (i % 500)])]);
      const bump = (by: number) =>
        e.rt.sheet(SHEET).setValues(
          Array.from({ length: n }, (_, i) => [1 + (i % 500) + by]),
          'B2',
        );
      log(`  menu push ${n.toLocaleString('en-US')}: first push (creates the result columns)…`);
      menuPushToEnd(e, 'pushStockAll');
      bump(1);
      log(`  menu push ${n.toLocaleString('en-US')}…`);
      const menu = measured(e, () => menuPushToEnd(e, 'pushStockAll'));
      const input = (): FloorInput => ({
        requests: Math.ceil(n / PAGE),
        concurrency: SCALE_CONCURRENCY,
        latencyMs: SCALE_LATENCY_MS,
        readCells: 2 * n,
        writeBlocks: resultBlocks(e, n),
      });
      const costs = e.rt.world.config.costs;
      const menuRow = figures(
        'menu push',
        n,
        menu,
        input(),
        costs,
        loadMsOf(e),
        n === 50_000 ? '≤ 1.2× floor' : n >= 200_000 ? 'completes' : '—',
        continuation(menu),
      );
      out.push(menuRow);
      log(`    ${scaleRow(menuRow)}`);
      if (sidebarSizes.includes(n)) {
        bump(2);
        log(`  sidebar push ${n.toLocaleString('en-US')}…`);
        const side = measured(e, () => sidebarPush(e, 'stock'));
        const row = figures(
          'sidebar push',
          n,
          side,
          input(),
          costs,
          loadMsOf(e),
          n === 50_000 ? '≤ 1.2× floor, ≤ 1.3× menu' : '≤ 1.3× menu',
          side.killed ? `${side.killed} chunk${side.killed === 1 ? '' : 's'} killed at 6 min` : undefined,
        );
        row.vsMenu = side.busySeconds / menuRow.busySeconds;
        out.push(row);
        log(`    ${scaleRow(row)}`);
      }
    } finally {
      await e.close();
    }
  }
  return out;
}

/** Price and stock by channel: one SKU per request (the interface's rule), three channels per row. */
async function byChannelPushes(sizes: number[], log: (s: string) => void): Promise<ScaleFigures[]> {
  const channels = ['amazon', 'mercadolibre', 'walmart'];
  const out: ScaleFigures[] = [];
  for (const n of sizes) {
    const e = await env();
    try {
      e.adminSync('POST', '/__admin/products', { generate: { count: n, prefix: 'CHAN-', channels, status: 'active', seed: 5 } });
      const header = ['SKU', ...channels.flatMap((c) => [`Quantity [${c}]`, `Price [${c}]`])];
      e.rt.addSheet(SHEET, [
        header,
        ...Array.from({ length: n }, (_, i) => [
          skuOf('CHAN-', i),
          ...channels.flatMap((_, k) => [1 + ((i + k) % 50), 100 + ((i + k) % 90)]),
        ]),
      ]);
      log(`  by channel ${n.toLocaleString('en-US')} × ${channels.length}…`);
      const m = measured(e, () => menuPushToEnd(e, 'pushByChannelAll'));
      const input: FloorInput = {
        requests: n,
        concurrency: SCALE_CONCURRENCY,
        latencyMs: SCALE_LATENCY_MS,
        readCells: header.length * n,
        writeBlocks: resultBlocks(e, n),
      };
      out.push(
        figures(
          `by channel × ${channels.length}`,
          n,
          m,
          input,
          e.rt.world.config.costs,
          loadMsOf(e),
          '—',
          ['first push', continuation(m)].filter(Boolean).join('; '),
        ),
      );
      log(`    ${scaleRow(out[out.length - 1])}`);
    } finally {
      await e.close();
    }
  }
  return out;
}

/** Catalogue pull into an empty sheet (the sidebar's pullCatalogue). */
async function pulls(sizes: number[], log: (s: string) => void, pullChannelColumns: string[] = []): Promise<ScaleFigures[]> {
  const out: ScaleFigures[] = [];
  const row = pullChannelColumns.length > 0 ? `catalogue pull (per-channel columns: ${pullChannelColumns.join(', ')})` : 'catalogue pull';
  for (const n of sizes) {
    const e = await env({ pullChannelColumns });
    try {
      e.adminSync('POST', '/__admin/products', {
        generate: { count: n, prefix: 'SKU-', channels: ['mercadolibre', 'amazon', 'walmart'], status: 'mixed', seed: 3 },
      });
      log(`  catalogue pull ${n.toLocaleString('en-US')}…`);
      const m = measured(e, () => {
        const r = e.call('pullCatalogue', {});
        if (!r.ok || r.value.status !== 'done' || r.value.skus !== n) throw new Error(`pull of ${n} SKUs: ${JSON.stringify(r)}`);
      });
      const blocks = [
        e.rt.sheet(SHEET).lastColumn() * n,
        ...(e.rt.sheetNames().includes(SNAPSHOT) ? [e.rt.sheet(SNAPSHOT).lastColumn() * n] : []),
      ];
      const input: FloorInput = {
        requests: Math.ceil(n / PAGE),
        firstAlone: true,
        concurrency: SCALE_CONCURRENCY,
        latencyMs: SCALE_LATENCY_MS,
        readCells: 0,
        writeBlocks: blocks,
      };
      out.push(figures(row, n, m, input, e.rt.world.config.costs, loadMsOf(e), n === 50_000 ? '≤ 1.2× floor' : '—', continuation(m)));
      log(`    ${scaleRow(out[out.length - 1])}`);
    } finally {
      await e.close();
    }
  }
  return out;
}

export async function benchScale(options: ScaleOptions = DEFAULT_SCALE, log: (s: string) => void = console.log): Promise<ScaleFigures[]> {
  const stockSizes = [...new Set([...options.pushSizes, ...options.sidebarSizes])].sort((a, b) => a - b);
  return [
    ...(await stockPushes(stockSizes, options.sidebarSizes, log)).filter((r) => r.row !== 'menu push' || options.pushSizes.includes(r.n)),
    ...(await byChannelPushes(options.byChannel, log)),
    ...(await pulls(options.pullSizes, log, options.pullChannelColumns)),
  ];
}

const s = (ms: number): string => (ms / 1000).toFixed(1);
const n = (x: number): string => x.toLocaleString('en-US');

export const SCALE_TABLE_HEADER = [
  '| row | N | executions | requests (minimum) | Sheets round trips | cells read | cells written | property reads / writes | requests (s) | Sheets (s) | properties (s) | JavaScript (s) | bundle loads (s) | virtual time (s) | floor (s) | ÷ floor | goal |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
].join('\n');

/** One markdown row; the breakdown columns are what the cost model charged by kind. */
export function scaleRow(f: ScaleFigures): string {
  const c = f.counters;
  const ratio = f.busySeconds / (f.floor.totalMs / 1000);
  const vs = f.vsMenu === undefined ? '' : `; ${f.vsMenu.toFixed(2)}× menu`;
  return `| ${f.row}${f.note ? ` (${f.note})` : ''} | ${n(f.n)} | ${f.executions} | ${n(f.requests)} (${n(f.minRequests)}) | ${n(c.sheetsRoundTrips)} | ${n(c.cellsRead)} | ${n(c.cellsWritten)} | ${n(c.propertyReads)} / ${n(c.propertyWrites)} | ${s(c.fetchMs)} | ${s(c.sheetsMs)} | ${s(c.propertiesMs)} | ${s(c.jsMs)} | ${s(c.bundleLoadMs)} | ${f.busySeconds.toFixed(1)} | ${s(f.floor.totalMs)} | ${ratio.toFixed(2)}×${vs} | ${f.goal} |`;
}

/** Why each kind of row spends what the floor does not count (the causes; the figures come from the run). */
const CAUSES: Record<'requests' | 'sheets' | 'properties' | 'js' | 'loads', (f: ScaleFigures) => string> = {
  requests: (f) =>
    f.row.startsWith('sidebar')
      ? 'a chunk\u2019s last fetchAll round is not full'
      : f.row.startsWith('catalogue')
        ? 'pages overlap by one product, to prove that none was skipped'
        : 'retries and rounds the deadline cut short',
  sheets: (f) =>
    f.row.startsWith('sidebar')
      ? `each of the ${f.executions} chunks reads the header, its block and the block\u2019s snapshot rows, reads the block again just before writing (a colleague may have sorted), and writes its results, snapshot rows and one packed row of done rows`
      : f.row.startsWith('catalogue')
        ? 'the sheet\u2019s header and formats, and the snapshot'
        : 'the used range (result columns included: results are written as blocks) is read twice, before the requests and again just before writing, so that results follow a colleague\u2019s sort or inserted column; the snapshot of confirmed values is read to plan the rows; the undo history (the values before the push, packed: about 5 round trips) is written for Undo last push',
  properties: (f) =>
    f.row.startsWith('sidebar')
      ? 'per chunk: settings, the run and its blocks, the lock\u2019s holder, the token, the journal of confirmed rows, open jobs'
      : 'the journal of confirmed rows (one write per two rounds: a killed execution sends again at most those rows), the run record, the lock\u2019s holder',
  js: () => 'the add-on\u2019s own work: parsing, planning, matching each answer to its row by SKU',
  loads: (f) => `one bundle load per execution (${f.executions})`,
};

/**
 * One line per row over 1.2× its floor (or the sidebar over 1.3× the menu): the virtual time
 * beyond the floor, split by what the cost model charged, each part with its cause.
 */
export function gapNotes(rows: readonly ScaleFigures[]): string[] {
  const out: string[] = [];
  for (const f of rows) {
    const ratio = f.busySeconds / (f.floor.totalMs / 1000);
    const overMenu = f.vsMenu !== undefined && f.vsMenu > 1.3;
    if (ratio <= 1.2 && !overMenu) continue;
    const c = f.counters;
    const parts: Array<[keyof typeof CAUSES, number]> = [
      ['requests', c.fetchMs - f.floor.requestMs],
      ['sheets', c.sheetsMs - f.floor.sheetsMs],
      ['properties', c.propertiesMs],
      ['js', c.jsMs],
      ['loads', c.bundleLoadMs - f.floor.loadMs],
    ];
    const shown = parts
      .filter(([, ms]) => ms >= 500)
      .sort((a, b) => b[1] - a[1])
      .map(
        ([kind, ms]) =>
          `${kind === 'js' ? 'JavaScript' : kind === 'loads' ? 'bundle loads' : kind.charAt(0).toUpperCase() + kind.slice(1)} +${s(ms)} s (${CAUSES[kind](f)})`,
      );
    out.push(
      `- **${f.row} ${n(f.n)}**: ${ratio.toFixed(2)}× the floor, ${s(f.busySeconds * 1000 - f.floor.totalMs)} s over it: ${shown.join('; ')}.`,
    );
  }
  return out;
}

/**
 * npm run bench: runs the benchmarks in the Apps Script runtime emulator against the hub emulator
 * and writes docs/reports/BENCHMARKS.md. Figures are measured side by side in one run; times are virtual (the
 * runtime's cost model, stated in the file's header). Flags pick what runs:
 *
 *   --parts scale,preview,push,prices,pull,orders,bundle,locks,ledger,revert   (default: all)
 *   --push 10000,50000,200000 --sidebar 10000,50000 --by-channel 10000 --pull 10000,50000   (scale sizes; none: skip)
 *   --pull-channel-columns '*'   (the scale pulls' Settings › Per-channel columns on pull, e.g. amazon,walmart; default none)
 *   --out FILE   (default docs/reports/BENCHMARKS.md; a partial run while developing should not overwrite it)
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadRuntime } from '../dev/gas-runtime';
import { bundlePathOf } from '../dev/testkit/env';
import { benchPush, pushTable, LATENCY_MS } from './push';
import { CATALOGUE_LATENCY_MS, CATALOGUE_TABLE_HEADER, benchCatalogue, catalogueRow } from './catalogue';
import { PRICES_TABLE_HEADER, benchPrices, pricesRow } from './prices';
import {
  ADDON_ORDERS_TABLE_HEADER,
  addonOrdersRow,
  benchAddonOrders,
  ORDERS_LATENCY_MS,
  ORDERS_TABLE_HEADER,
  ORDER_SCALE_TABLE_HEADER,
  benchOrderScale,
  benchOrders,
  orderScaleRows,
  ordersRow,
} from './orders';
import { BUNDLE_TABLE_HEADER, BUNDLE_TARGET_KIB, benchBundle, bundleRows } from './bundle';
import { costSheet } from './cost-sheet';
import { LOCKS_TABLE_HEADER, benchLocks, locksRow } from './locks';
import { OP_TABLE_HEADER, benchLedger, benchRevert, ledgerRows, revertRows } from './ledger';
import { STARTUP_MS } from '../src/core/kernel/runtime-budget';
import { COSTS } from '../dev/gas-runtime/costs';
import { benchPreview } from './preview';
import {
  DEFAULT_SCALE,
  SCALE_CONCURRENCY,
  SCALE_LATENCY_MS,
  SCALE_TABLE_HEADER,
  benchScale,
  gapNotes,
  scaleRow,
  type ScaleOptions,
} from './scale';

const PARTS = ['scale', 'preview', 'push', 'prices', 'pull', 'orders', 'bundle', 'locks', 'ledger', 'revert'] as const;
type Part = (typeof PARTS)[number];

interface Args {
  parts: Set<Part>;
  scale: ScaleOptions;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const sizes = (flag: string, fallback: number[]): number[] => {
    const v = value(flag);
    if (v === undefined) return fallback;
    if (v === 'none') return [];
    const list = v.split(',').filter(Boolean).map(Number);
    if (list.some((x) => !Number.isInteger(x) || x <= 0))
      throw new Error(`${flag} takes whole numbers separated by commas (e.g. ${flag} 10000,50000) or none`);
    return list;
  };
  const parts = (value('--parts') ?? PARTS.join(',')).split(',').filter(Boolean);
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`unknown --parts ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  return {
    parts: new Set(parts as Part[]),
    scale: {
      pushSizes: sizes('--push', DEFAULT_SCALE.pushSizes),
      sidebarSizes: sizes('--sidebar', DEFAULT_SCALE.sidebarSizes),
      byChannel: sizes('--by-channel', DEFAULT_SCALE.byChannel),
      pullSizes: sizes('--pull', DEFAULT_SCALE.pullSizes),
      pullChannelColumns: (value('--pull-channel-columns') ?? '').split(',').filter(Boolean),
    },
    out: path.resolve(value('--out') ?? path.join(__dirname, '..', 'docs', 'reports', 'BENCHMARKS.md')),
  };
}

/** The cost model in force (defaults) and the bundle load it measures, from a runtime of the bound bundle. */
function modelHeader(): string {
  const rt = loadRuntime({ bundlePath: bundlePathOf('bound') });
  try {
    const costs = rt.world.config.costs;
    return `## Cost model\n\nEvery time below is virtual: what the Apps Script runtime emulator charges (dev/gas-runtime/costs.ts; docs/dev/benchmarks.md). Requests are charged their measured latency against the hub emulator, queued beyond Apps Script's fetchAll parallelism, plus the call overhead; the bundle's JavaScript is charged its measured CPU time in the vm × the factor; every execution starts with a bundle load (the bound bundle's, measured in this run).\n\n${costSheet(costs, rt.world.bundleLoadMs())}`;
  } finally {
    void rt.close();
  }
}

/** The rows over their goal, each with where its time beyond the floor went (none: said so). */
function gapSection(notes: string[]): string {
  if (notes.length === 0) return '\n\nEvery row is within 1.2× its floor, and the sidebar within 1.3× the menu.';
  return `\n\n**Beyond the floor.** Rows over 1.2× their floor (or a sidebar push over 1.3× the menu's), with the time beyond it split by what the cost model charged and why:\n\n${notes.join('\n')}`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const sections: string[] = [modelHeader()];
  if (args.parts.has('scale')) {
    console.log('bench: what sellers do, each against its floor…');
    const rows = await benchScale(args.scale);
    sections.push(
      `## What sellers do, against the floor\n\nHub latency ${SCALE_LATENCY_MS} ms per request, concurrency ${SCALE_CONCURRENCY}. The **floor** of a row is the least any implementation could spend under the same cost model: one bundle load, the request minimum ÷ concurrency × (latency + fetchAll call overhead) (a pull's first page alone), one read of the used columns and one write per result block (the result columns, the snapshot of confirmed values; a pull's rows). *Virtual time* sums the executions (a sidebar push is one per chunk; a menu push past the 6-minute budget continues in background executions, whose waits are not counted); the breakdown columns say what it was spent on (the rest: locks, triggers, UI, local calls). The goals are the issue's: ≤ 1.2× the floor at 50,000 rows, a sidebar push ≤ 1.3× the menu push of the same N, and 200,000 rows completing.\n\n${[SCALE_TABLE_HEADER, ...rows.map(scaleRow)].join('\n')}${gapSection(gapNotes(rows))}`,
    );
  }
  if (args.parts.has('preview')) {
    console.log('bench: preview, push these changes, undo (10,000 rows)…');
    const p = await benchPreview(10_000);
    const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;
    sections.push(
      `## Preview, push these changes, undo\n\nOne sheet of 10,000 rows with a Price for two channels, hub latency ${SCALE_LATENCY_MS} ms, concurrency ${SCALE_CONCURRENCY}, all from the sidebar; floors as above. The preview reads the catalogue (one page per 50 products; one GET per SKU would take a request per row) and writes a line per value to the Preview sheet. *Push these changes* reads the hub again for the edited rows alone (the cheaper way; here the catalogue's pages, as 1,000 GETs would cost more), compares, and sends only the changed values. At a 10 % edit rate it made **${p.previewedRequests} requests against ${p.blindRequests} for a blind push of the same sheet (${ratio(p.previewedRequests, p.blindRequests)})**; a changed-rows push (which trusts the last confirmed values and checks nothing) made ${p.changedRequests}. The check read is most of its cost: it is what lets it refuse when the hub changed since the preview. Beyond the floor, *push these changes* and the changed-rows push spend their time in Sheets: the results of rows scattered over the sheet are written as one block over their span (the rows between written back as read: one round trip rather than one per row), where the floor counts the edited rows alone. The undo's preview and the undo itself each read the hub (the second read catches changes made in between: 810 requests where 600 would do); the preview lists every value that needs a look and the first 500 put back over exactly what the push set, counts the rest in one line, and deletes the lines the push's preview before it left (a line per value, and blanking those, were 220,000 cells, about 33 s, of the undo's 330,000).\n\n${[SCALE_TABLE_HEADER, ...p.rows.map(scaleRow)].join('\n')}`,
    );
  }
  if (args.parts.has('push')) {
    console.log('bench: push (1,000 and 10,000 rows; baseline (a) sampled on 1,000 rows)…');
    const push = await benchPush([1000, 10_000], 1000);
    sections.push(
      `## Push stock from the menu, against what a seller would write\n\nHub latency ${LATENCY_MS} ms per request, concurrency 8. Ratios are against Hub Sync's steady-state push of the same N, measured in the same run.\n\n${pushTable(push)}`,
    );
  }
  if (args.parts.has('prices')) {
    console.log('bench: push prices (1,000 and 10,000 rows × 3 channels)…');
    const prices = await benchPrices([1000, 10_000]);
    sections.push(
      `## Push prices from the menu\n\nThree channels per row, hub latency ${LATENCY_MS} ms, concurrency 8. Update Price's answer names the SKU but not the channel, so a request never carries a SKU twice: each result is tied to exactly one item. The minimum is ceil(items/50) requests.\n\n${[PRICES_TABLE_HEADER, ...prices.map(pricesRow)].join('\n')}`,
    );
  }
  if (args.parts.has('pull')) {
    console.log('bench: catalogue pull (1,000 and 10,000 SKUs)…');
    const pull = await benchCatalogue([1000, 10_000]);
    sections.push(
      `## Catalogue pull: requests and rounds\n\nHub latency ${CATALOGUE_LATENCY_MS} ms per request, concurrency 8. The ideal counts ceil(N/50) requests, what a pull that proves nothing would need (the pull's pages overlap by one product to prove that none was skipped: 1 page per 49 products, 205 instead of 200 for 10,000), and its time counts requests only (first page, then ceil((N−50)/50) pages ÷ concurrency × latency); the rest of the virtual time is the Sheets writes and the rest of the cost model.\n\n${[CATALOGUE_TABLE_HEADER, ...pull.map(catalogueRow)].join('\n')}`,
    );
  }
  if (args.parts.has('orders')) {
    console.log('bench: order import (1,000-order backlog at 1 call per minute)…');
    const orders = await benchOrders(1000, 1);
    sections.push(
      `## Order import\n\nA backlog of 1,000 orders imported by the scheduled trigger (container-bound, every minute) at the hub's documented limit of 1 Get Orders call per minute (50 orders per call), hub latency ${ORDERS_LATENCY_MS} ms. The bound is what the rate limit allows: 50 orders per minute. The first import starts at once when the schedule is switched on; each call of the backlog comes back with a one-off trigger when the rate limit allows (a sleep would cost its minute of trigger runtime; a one-off run costs its start-up and bookkeeping); pages overlap by one order, so 1,000 orders take 21 calls. Trigger runtime is the runs' virtual time as Google counts it, Apps Script's start-up (${COSTS.executionStartMs} ms) and the bundle's load included (the bundle's own budget records a ${STARTUP_MS} ms allowance for those, on the safe side).\n\n${[ORDERS_TABLE_HEADER, ordersRow(orders)].join('\n')}`,
    );
    console.log('bench: Marketplace order import (2,000-order backlog; 60 new orders an hour; 7 days of both)…');
    const drain = await benchAddonOrders(2000, 0, 24);
    const steady = await benchAddonOrders(0, 60, 48);
    const week = await benchAddonOrders(2000, 60, 168);
    sections.push(
      `## Order import in the Marketplace build\n\nThe add-on's one hourly trigger, no document open, 1 Get Orders call per minute, hub latency ${ORDERS_LATENCY_MS} ms, runs from 00:00 UTC. A run that finds full pages waiting keeps calling, sleeping until the rate limit allows the next call, for up to 4.5 minutes of its 6 and as far as the day's trigger-runtime budget (45 min, half a consumer account's 90) leaves room beyond the day's remaining hourly runs; a partial page waits for the next hourly run, which reads it with no wait. Every sleep counts as trigger runtime: a call beyond a run's first costs about a minute of it. Runtime per UTC day sums the trigger executions' virtual time, Apps Script's start-up (${COSTS.executionStartMs} ms) and the bundle's load included, as Google counts it. Reading 2,000 orders and 1,440 new ones in the first day needs about 70 calls; at most about 24 + 42 fit in 45 minutes, so a backlog with new orders arriving takes a little more than a day (the budget, not the rate limit, sets the pace).\n\n${[
        ADDON_ORDERS_TABLE_HEADER,
        addonOrdersRow('2,000-order backlog, 24 h', drain),
        addonOrdersRow('60 new orders an hour, 48 h', steady),
        addonOrdersRow('2,000-order backlog and 60 new orders an hour, 7 days', week),
      ].join('\n')}`,
    );
    console.log('bench: order import at scale (1,000 and 10,000-order backlogs into an empty sheet, then idle runs)…');
    const small = await benchOrderScale(1_000);
    const scale = await benchOrderScale(10_000);
    sections.push(
      `## Order import at scale\n\nThe same schedule and limit (1-minute trigger, 1 Get Orders call per minute, hub latency ${ORDERS_LATENCY_MS} ms): a 10,000-order backlog imported into an empty sheet, then 20 minutes of runs with nothing new against the full sheet. A run reads the order id columns of Orders, Order Items and the order snapshot, then only the rows of the orders it writes; a run whose page lists only the last order read, unchanged, opens no sheet. Floors under the same cost model: the backlog needs ceil(N/50) calls one after another (the rate limit allows no overlap) and per call one read of the used columns and one write per result block (Orders, Order Items, the snapshot), plus every cell of the rows written; an idle run needs its one call. The rest of a run is the trigger's own bookkeeping and, for the backlog, the order id columns read at each call (one cell per row: the term that still grows with the sheet). **Beyond the floor:** each run of the backlog (one page) pays about 24 property operations (settings, the lock's holder, the rate limit's state written before the call so that a killed execution still counts it, the cursors, the import status, this user's trigger state: about 1 s), about 20 Sheets round trips where the floor counts 4 (the header of each of the three sheets, read every run because a colleague may have moved a column, their order id columns, the writes and two number formats) and the trigger re-armed for the next allowed call. The rate limit, not this, sets the pace (50 orders a minute); the cost is trigger runtime, charged to the 90 minutes a day a consumer account's triggers may run. An idle run that calls the hub pays the same bookkeeping around its one call; a run the rate limit keeps from calling (every other minute at one call a minute) takes no lock and writes nothing.\n\n${[ORDER_SCALE_TABLE_HEADER, ...orderScaleRows(small), ...orderScaleRows(scale)].join('\n')}`,
    );
  }
  if (args.parts.has('bundle')) {
    console.log('bench: bundle load (shipped vs the build before issue 16, 30 loads each)…');
    const bundle = await benchBundle(30);
    sections.push(
      `## Bundle load\n\nApps Script compiles and runs the whole Code.js at the start of every execution (menu click, sidebar call, trigger run), before any work. *Load* is the median of ${bundle.runs} loads of each bundle, alternated: compile (\`new vm.Script\` of a source V8 has not seen) plus evaluate (its top-level code in a fresh realm of the runtime emulator), real time in Node on this machine. The build before is today's source built as before issue 16 (not minified, classic zod), so the ratio is the build's alone. Issue 16's goal is ${BUNDLE_TARGET_KIB} KiB: what remains above it is the add-on's own minified code (its messages, and the code of every menu item: push, orders, catalogue, jobs, categories), not a library; zod/mini is the rest. Reaching ${BUNDLE_TARGET_KIB} KiB would mean dropping features or the schemas the types come from, to save about ${(bundle.shipped.loadMs * (1 - BUNDLE_TARGET_KIB / bundle.shipped.kib)).toFixed(1)} ms a load (load time is about proportional to size) against an execution's fixed cost of about a second (lock, properties, the sheet's header): the build stays as it is, under the test budget.\n\n${[BUNDLE_TABLE_HEADER, ...bundleRows(bundle)].join('\n')}`,
    );
  }
  if (args.parts.has('locks')) {
    console.log('bench: script-lock hold per lease operation (Marketplace add-on)…');
    const locks = await benchLocks(10);
    sections.push(
      `## The add-on's script-wide lock\n\nThe Marketplace add-on keeps each spreadsheet's lease in its state sheet and reads and writes it under \`LockService.getScriptLock()\`, which Google scopes to the whole script project: for a published add-on, one lock for every user in every spreadsheet. *Hold* is from \`tryLock\` returning to \`releaseLock\` returning (the lease row's read, its write, the flush that publishes it, the release; letting go of a lease takes no script lock), measured per operation on the runtime emulator's counters with the cost model above. The last column is what the add-on can take across all its users with lease operations queued back to back: 1000 / mean hold (ms); the longest is the first operation in a spreadsheet, which reads the whole state sheet to find the lease's row.\n\n${[LOCKS_TABLE_HEADER, ...locks.map(locksRow)].join('\n')}`,
    );
  }
  if (args.parts.has('ledger')) {
    console.log("bench: the change ledger's cost (10,000-row push with and without it, 3 of each, alternated)…");
    const l = await benchLedger(10_000, 3);
    const per = (k: 'roundTrips' | 'cellsWritten'): number => l.with[k] - l.without[k];
    sections.push(
      `## The change ledger's cost\n\nA steady-state Push stock of ${l.n.toLocaleString('en-US')} rows from the menu, hub latency ${SCALE_LATENCY_MS} ms, concurrency ${SCALE_CONCURRENCY}: by the shipped bundle, and by the same source built for the bench without the ledger's subscription (the product has no switch that turns the record off). ${l.runs} pushes of each, alternated; each side's median run is shown (with the ledger ${l.withSeconds.map((x) => x.toFixed(1)).join(', ')} s; without ${l.withoutSeconds.map((x) => x.toFixed(1)).join(', ')} s). The ledger writes a row per batch of values, packed (about ${Math.round(l.n / Math.max(1, per('cellsWritten') / 10))} values a row), after one read of its index columns: **+${per('roundTrips')} Sheets round trips and +${per('cellsWritten').toLocaleString('en-US')} cells written for ${l.n.toLocaleString('en-US')} values** (${((100 * per('cellsWritten')) / l.without.cellsWritten).toFixed(2)} % of the push's cells), and its JavaScript. The goal is ≤ 1.10× the push without it. It held ${l.ledgerValues.toLocaleString('en-US')} values at the end.\n\n${[OP_TABLE_HEADER, ...ledgerRows(l)].join('\n')}`,
    );
  }
  if (args.parts.has('revert')) {
    console.log('bench: revert of a 10,000-row push against a push of the same values…');
    const r = await benchRevert(10_000);
    sections.push(
      `## Revert from the History, against a push of the same values\n\nA 10,000-row Push stock from the sidebar (A→B), reverted whole from the History as the sidebar does it: its preview (the hub read for the push's SKUs; the Preview sheet lists every value not put back as pushed and the first 500 put back, and counts the rest), then the revert chunk by chunk (the hub read again, so that a value changed since the preview is left and named, then the values sent and the rows written back). Against it, the same values (B→A) pushed from the sidebar, and previewed then sent with *Push these changes*, in the same run; hub latency ${SCALE_LATENCY_MS} ms, concurrency ${SCALE_CONCURRENCY}. The goal is ≤ 1.2× the push; the ratio column is against the plain push. *Floor* is the push plus the two reads of the hub a revert cannot do without (its preview shows what the hub holds now; pressed, it reads again to leave a value changed since), each as measured in this run.\n\n${[OP_TABLE_HEADER, ...revertRows(r)].join('\n')}`,
    );
  }
  const body = [
    '# Benchmarks',
    '',
    `Generated by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${os.cpus().length} CPUs; ${Math.round((Date.now() - started) / 1000)} s in all; parts: ${[...args.parts].join(', ')}). Regenerate rather than edit.`,
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  fs.writeFileSync(args.out, body);
  console.log(body);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

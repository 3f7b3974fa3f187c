/**
 * Issue 17's costs, side by side in one run on one 10,000-row price sheet (two channels): a
 * preview, "Push these changes" at a 10 % edit rate against a blind push of the same sheet, and
 * an undo of a push of every row. Rows in the scale table's form (scale.ts), each against its
 * floor under the same cost model.
 */
import { callValue as value, type AddonEnv } from '../dev/testkit/env';
import { SCALE_CONCURRENCY, SCALE_LATENCY_MS, env, figures, loadMsOf, measured, resultBlocks, scaleRow, type ScaleFigures } from './scale';
import type { FloorInput } from './floor';
import type { PushProgress } from '../src/core/pipeline/types';

const SHEET = 'Stock & Prices';
const PAGE = 50;
const CHANNELS = ['amazon', 'walmart'];
/** A sidebar run from its first call to its end. */
export function sidebarRun(e: AddonEnv, first: PushProgress): PushProgress {
  let p = first;
  for (let i = 0; !p.finished; i++) {
    if (i > 10_000) throw new Error('sidebar run never finished');
    p = value(e, 'continuePush', p.runId);
  }
  return p;
}

export interface PreviewBench {
  rows: ScaleFigures[];
  /** Requests of the blind push of the same sheet, and of the changed-rows push. */
  blindRequests: number;
  changedRequests: number;
  previewedRequests: number;
}

export async function benchPreview(n: number, log: (s: string) => void = console.log): Promise<PreviewBench> {
  const e = await env();
  try {
    e.adminSync('POST', '/__admin/products', { generate: { count: n, prefix: 'PV-', channels: CHANNELS, status: 'active', seed: 7 } });
    const hub = (
      e.adminSync('GET', '/__admin/state?only=products') as {
        products: Array<{ sku: string; listings: Record<string, { price: number }> }>;
      }
    ).products;
    const header = ['SKU', ...CHANNELS.map((c) => `Price [${c}]`)];
    const asHub = hub.map((p) => [p.sku, ...CHANNELS.map((c) => p.listings[c].price)]);
    e.rt.addSheet(SHEET, [header, ...asHub]);
    const costs = e.rt.world.config.costs;
    const pages = Math.ceil(n / PAGE);
    const edited = Math.round(n / 10);
    const editRate = (by: number) =>
      e.rt.sheet(SHEET).setValues(
        asHub.map((r, i) => [i % 10 === 0 ? Number(r[1]) + by : r[1]]),
        'B2',
      );
    // A first blind push confirms every value (the snapshot), as a seller's sheet has after a pull or a push.
    log(`  preview ${n.toLocaleString('en-US')}: first push (result columns, snapshot)…`);
    sidebarRun(e, value(e, 'startPush', 'prices', 'all'));
    editRate(1);

    log(`  preview ${n.toLocaleString('en-US')}…`);
    let previewId = '';
    const preview = measured(e, () => {
      previewId = value(e, 'previewPush', 'prices', 'all').previewId;
    });
    const lines = n * CHANNELS.length;
    const previewFloor: FloorInput = {
      requests: pages,
      firstAlone: true,
      concurrency: SCALE_CONCURRENCY,
      latencyMs: SCALE_LATENCY_MS,
      readCells: header.length * n,
      writeBlocks: [10 * lines],
    };
    const rows: ScaleFigures[] = [
      figures(
        'preview',
        n,
        preview,
        previewFloor,
        costs,
        loadMsOf(e),
        '—',
        `${lines.toLocaleString('en-US')} values; one catalogue page per 50 (one GET per SKU would be ${n.toLocaleString('en-US')} requests)`,
      ),
    ];
    log(`    ${scaleRow(rows[0])}`);

    log(`  push these changes (${edited.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} rows edited)…`);
    const previewed = measured(e, () => sidebarRun(e, value(e, 'pushPreviewedChanges', previewId)));
    const sends = Math.ceil(edited / PAGE);
    const checkPages = Math.min(pages, edited);
    const previewedFloor: FloorInput = {
      requests: checkPages + sends,
      firstAlone: true,
      concurrency: SCALE_CONCURRENCY,
      latencyMs: SCALE_LATENCY_MS,
      readCells: header.length * n,
      writeBlocks: resultBlocks(e, edited),
    };
    rows.push(
      figures(
        'push these changes, 10 % edited',
        n,
        previewed,
        previewedFloor,
        costs,
        loadMsOf(e),
        'fewer requests than blind',
        `${sends} sends after a check read of ${checkPages} catalogue pages`,
      ),
    );
    log(`    ${scaleRow(rows[1])}`);

    // The same edits pushed blind (every row, both channels), and by changed rows (the snapshot's way).
    editRate(2);
    log('  blind push of the same sheet…');
    const blind = measured(e, () => sidebarRun(e, value(e, 'startPush', 'prices', 'all')));
    const blindFloor: FloorInput = {
      requests: Math.ceil(lines / PAGE),
      concurrency: SCALE_CONCURRENCY,
      latencyMs: SCALE_LATENCY_MS,
      readCells: header.length * n,
      writeBlocks: resultBlocks(e, n),
    };
    rows.push(figures('blind push, same sheet', n, blind, blindFloor, costs, loadMsOf(e), '—', 'every value of every row'));
    log(`    ${scaleRow(rows[2])}`);
    editRate(3);
    const changed = measured(e, () => sidebarRun(e, value(e, 'startPush', 'prices', 'changed')));
    const changedFloor: FloorInput = {
      requests: Math.ceil((edited * CHANNELS.length) / PAGE),
      concurrency: SCALE_CONCURRENCY,
      latencyMs: SCALE_LATENCY_MS,
      readCells: header.length * n,
      writeBlocks: resultBlocks(e, edited),
    };
    rows.push(
      figures(
        'changed-rows push, same edits',
        n,
        changed,
        changedFloor,
        costs,
        loadMsOf(e),
        '—',
        'rows whose values differ from the last confirmed; no check of the hub',
      ),
    );
    log(`    ${scaleRow(rows[3])}`);

    // Undo of a push of every row: every price moved, then put back.
    e.rt.sheet(SHEET).setValues(
      asHub.map((r) => [Number(r[1]) + 5, Number(r[2]) + 5]),
      'B2',
    );
    log(`  undo of a ${n.toLocaleString('en-US')}-row push…`);
    sidebarRun(e, value(e, 'startPush', 'prices', 'all'));
    const undo = measured(e, () => {
      const shown = value(e, 'previewUndo', false);
      if (shown.rowsToRestore !== n) throw new Error(`undo would restore ${shown.rowsToRestore} rows, not ${n}`);
      if (shown.pushId === null) throw new Error('no push to undo');
      sidebarRun(e, value(e, 'undoLastPush', shown.pushId, false));
    });
    const undoFloor: FloorInput = {
      requests: pages + Math.ceil(lines / PAGE),
      firstAlone: true,
      concurrency: SCALE_CONCURRENCY,
      latencyMs: SCALE_LATENCY_MS,
      readCells: header.length * n,
      writeBlocks: resultBlocks(e, n),
    };
    rows.push(
      figures(
        'undo of a push of every row',
        n,
        undo,
        undoFloor,
        costs,
        loadMsOf(e),
        '—',
        `its preview and the undo each read the hub (${pages} pages), then ${Math.ceil(lines / PAGE)} sends`,
      ),
    );
    log(`    ${scaleRow(rows[4])}`);
    return {
      rows,
      blindRequests: blind.counters.fetchRequests,
      changedRequests: changed.counters.fetchRequests,
      previewedRequests: previewed.counters.fetchRequests,
    };
  } finally {
    await e.close();
  }
}

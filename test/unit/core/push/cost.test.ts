/**
 * What a push will cost, said before it is pressed (src/core/push/cost.ts): the requests follow
 * the engine's own rounds and chunks, so the estimate is what a push then makes — checked here
 * against pushes of the push world (menu and sidebar, at several concurrencies and chunk sizes),
 * and on the built bundle against the hub emulator in test/e2e/send-cost.test.ts.
 */
import fc from 'fast-check';
import type { Part, RowPlan } from '../../../../src/core/pipeline/parts';
import { queuedSkus } from '../../../../src/core/pipeline/jobs/queued';
import { loadStockSheet } from '../../../../src/core/pipeline/load';
import { costOf, estimateSeconds, estimateSend, sendFrom } from '../../../../src/core/push/cost';
import { pendingRows } from '../../../../src/core/push/pending';
import { continuePush, pushFromMenu, sidebarChunkRows, startPush } from '../../../../src/core/push/run';
import { fetchPlace, recordFetches } from '../../../../src/core/kernel/fetch-store';
import type { Context } from '../../../../src/core/kernel/context';
import { pushWorld } from './world';

const stock = (row: number, sku: string): Part => ({ kind: 'stock', rowNumber: row, item: { sku, quantity: 1 }, values: { quantity: 1 } });
const byChannel = (row: number, sku: string): Part => ({
  kind: 'byChannel',
  rowNumber: row,
  item: { sku, channelData: [{ channel: 'amazon', quantity: 2 }] },
  values: { 'quantity:amazon': 2 },
});
const asyncPart = (row: number, sku: string): Part => ({
  kind: 'async',
  rowNumber: row,
  item: { sku, quantity: '1' },
  values: { quantity: 1 },
});
const plan = (row: number, sku: string, parts: Part[]): RowPlan => ({ rowNumber: row, sku, send: true, parts, notes: [] });
const rows = (n: number, make: (row: number, sku: string) => Part[]): RowPlan[] =>
  Array.from({ length: n }, (_, i) => plan(i + 2, `S${i}`, make(i + 2, `S${i}`)));

describe('requests, as the engine sends them', () => {
  test('Update Stock: 50 items a request, `concurrency` requests a fetchAll', () => {
    // 120 rows at concurrency 2: a round of 100 (2 requests), then one of 20 (1 request).
    expect(
      estimateSend(
        rows(120, (r, s) => [stock(r, s)]),
        { kind: 'menu' },
        2,
      ),
    ).toMatchObject({ send: 3, fetchAlls: 2, executions: 1 });
  });

  test('a SKU on three rows goes in three requests (an answer is tied to its item by SKU)', () => {
    const plans = [plan(2, 'A', [stock(2, 'A')]), plan(3, 'A', [stock(3, 'A')]), plan(4, 'A', [stock(4, 'A')])];
    expect(estimateSend(plans, { kind: 'menu' }, 8).send).toBe(3);
  });

  test('a per-channel value after the general one goes in a later round, one SKU per request', () => {
    const plans = rows(30, (r, s) => [stock(r, s), byChannel(r, s)]);
    // 30 general quantities in one request; then 30 by-channel requests, 8 a fetchAll.
    expect(estimateSend(plans, { kind: 'menu' }, 8)).toMatchObject({ send: 31, fetchAlls: 1 + 4 });
  });

  test('an async push is one job per execution, and reading its results once it is done is counted', () => {
    const plans = rows(120, (r, s) => [asyncPart(r, s)]);
    // One job of 120 items; its poll: the status request, 3 pages and the empty page that ends them.
    expect(estimateSend(plans, { kind: 'menu' }, 8)).toMatchObject({ send: 1, poll: 5 });
    // Sidebar chunks of 50 rows: three jobs.
    expect(estimateSend(plans, { kind: 'sidebar', chunkRows: 50, blocks: 'none' }, 8)).toMatchObject({ send: 3, executions: 3 });
  });

  test('the sidebar goes block by block of the sheet: a few changed rows scattered over it take a request per block', () => {
    const plans = [2, 3, 2500, 2600, 9000].map((r) => plan(r, `S${r}`, [stock(r, `S${r}`)]));
    expect(estimateSend(plans, { kind: 'sidebar', chunkRows: 2400, blocks: 'all' }, 8)).toMatchObject({ send: 3, executions: 3 });
    // A first push adds the result columns: after its first block the run reads the whole sheet, 2,400 rows to send at a time.
    expect(estimateSend(plans, { kind: 'sidebar', chunkRows: 2400, blocks: 'first' }, 8)).toMatchObject({ send: 2, executions: 2 });
    expect(estimateSend(plans, { kind: 'menu' }, 8)).toMatchObject({ send: 1, executions: 1 });
  });

  test('rows that send nothing cost no request; the check read before sending is counted', () => {
    const plans: RowPlan[] = [
      { rowNumber: 2, sku: 'A', send: false, nothingToSend: true, notes: [], reason: '' },
      plan(3, 'B', [stock(3, 'B')]),
    ];
    expect(estimateSend(plans, { kind: 'menu' }, 8, 4)).toMatchObject({ send: 1, check: 4, fetchAlls: 2 });
  });

  test('roughly how long grows with the rounds, the executions and the rows written', () => {
    const small = estimateSeconds(
      estimateSend(
        rows(50, (r, s) => [stock(r, s)]),
        { kind: 'menu' },
        8,
      ),
    );
    const large = estimateSeconds(
      estimateSend(
        rows(5000, (r, s) => [stock(r, s)]),
        { kind: 'menu' },
        8,
      ),
    );
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThan(small * 5);
  });
});

/** The plans a push of the stock sheet would send now, and where it would run. */
function estimateFor(ctx: Context, chunkRows: number | null) {
  const loaded = loadStockSheet(ctx, 'stock');
  const plans = pendingRows(loaded, { operation: 'stock', scope: 'all' }, { selected: new Set(), done: new Set() }, queuedSkus(ctx, null));
  return estimateSend(plans, sendFrom(loaded, { operation: 'stock', scope: 'all' }, chunkRows), ctx.settings.concurrency);
}

describe('the estimate is what the push then makes', () => {
  test('property: a menu push makes the requests estimated, whatever the rows, repeated SKUs and concurrency', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 700 }),
        fc.integer({ min: 1, max: 4 }),
        (skus, concurrency) => {
          const w = pushWorld({ rows: skus.map((s, i) => [`S${s}`, i % 50]), settings: { concurrency } });
          const estimate = estimateFor(w.execution(), null);
          const done = pushFromMenu(w.execution(), 'stock', 'all');
          expect(done.finished).toBe(true);
          expect(estimate.send).toBe(w.hub.seen.length);
        },
      ),
      { numRuns: 25 },
    );
  });

  test('property: a sidebar push, chunk by chunk, makes the requests estimated', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 10, max: 200 }),
        fc.integer({ min: 1, max: 3 }),
        (n, chunkRows, c) => {
          const w = pushWorld({ skus: n, settings: { concurrency: c, chunkRows } });
          const estimate = estimateFor(w.execution(), sidebarChunkRows(w.execution(), 'stock'));
          let p = startPush(w.execution(), 'stock', 'all');
          let executions = 0;
          while (!p.finished) {
            p = continuePush(w.execution(), p.runId);
            executions++;
          }
          expect(estimate.send).toBe(w.hub.seen.length);
          expect(estimate.executions).toBe(executions);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('the calls of the day', () => {
  test("what is left counts the calls already made today and this execution's own, not yet recorded", () => {
    const w = pushWorld({ skus: 120 });
    const ctx = w.execution();
    recordFetches(fetchPlace(ctx.ports, ctx.settings.deployment), 19_990, ctx.ports.clock.now() - 3_600_000);
    const transport = Object.assign(Object.create(ctx.ports.transport), { calls: () => 4 });
    const cost = costOf({ ...ctx, ports: { ...ctx.ports, transport } }, estimateFor(ctx, null));
    // 120 rows at concurrency 2: a round of 100 (2 requests) and one of 20.
    expect(cost).toMatchObject({ requests: 3, calls: 3, quota: 20_000, left: 6 });
    expect(cost.resetsAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d/);
  });
});

/**
 * Issue 16: the sidebar push and the by-channel push stay linear. Counted by the runtime
 * emulator (Sheets round trips, cells read, property writes), never timed: a push ten times
 * longer costs each chunk the same, and the whole run ten times as much.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { hubRequests } from './catalogue-helpers';
import { columnValues, seedProducts } from './helpers';
import { unwrap } from '../support/results';

describe('linear pushes', () => {
  let skus: string[];
  const BIG = 20_000;
  const env = useHub(
    {
      settings: { chunkRows: 500, concurrency: 8 },
      runtime: { fetchQuotaPerDay: 1e6, propertyQuotaPerDay: 1e7 },
      leakCheck: false,
      startMs: 180_000,
    },
    (env) => {
      skus = seedProducts(env, BIG, ['mercadolibre', 'amazon', 'walmart'], 'active');
    },
  );

  function fresh(rows: unknown[][]): void {
    for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
    env.rt.addSheet('Stock & Prices', rows);
  }

  /** A whole sidebar push of n rows (a second one: the snapshot holds every SKU), with the counters of each chunk. */
  function sidebarPush(n: number) {
    fresh([['SKU', 'Quantity'], ...skus.slice(0, n).map((s, i) => [s, 1 + (i % 90)])]);
    const run = () => {
      const start = unwrap(env.call('startPush', 'stock', 'all'));
      const chunks: Array<ReturnType<AddonEnv['rt']['counters']>> = [];
      let p = start;
      while (!p.finished) {
        env.rt.resetCounters();
        p = unwrap(env.call('continuePush', start.runId));
        chunks.push(env.rt.counters());
      }
      return chunks;
    };
    run();
    const sheet = env.rt.sheet('Stock & Prices');
    sheet.setValues(sheet.values().map((r, i) => (i === 0 ? r : [r[0], 2 + (i % 90), ...r.slice(2)])));
    const chunks = run();
    expect(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status').every((s) => s === 'OK')).toBe(true);
    type Counted = 'sheetsRoundTrips' | 'cellsRead' | 'cellsWritten';
    const max = (k: Counted) => chunks.reduce((m, c) => Math.max(m, c[k]), 0);
    const sum = (k: Counted) => chunks.reduce((m, c) => m + c[k], 0);
    return {
      chunks: chunks.length,
      maxRoundTrips: max('sheetsRoundTrips'),
      maxCells: max('cellsRead'),
      cells: sum('cellsRead'),
      written: sum('cellsWritten'),
    };
  }

  test('a sidebar chunk reads its own rows, not the sheet: 10× the rows, the same cost per chunk, 10× in all', () => {
    const small = sidebarPush(BIG / 10);
    const big = sidebarPush(BIG);
    expect(big.chunks).toBe(small.chunks * 10);
    // Per chunk: the same round trips and about the same cells whatever the sheet's length.
    expect(big.maxRoundTrips).toBeLessThanOrEqual(small.maxRoundTrips + 2);
    expect(big.maxCells).toBeLessThanOrEqual(small.maxCells * 1.2);
    // In all: linear (a whole read per chunk would be 40 chunks × 20,000 rows).
    expect(big.cells).toBeLessThanOrEqual(small.cells * 10 * 1.2);
    // About 20 cells a row (the block twice, six columns wide, and its snapshot rows); a whole read per chunk was ~600.
    expect(big.cells / BIG).toBeLessThan(40);
    // Written per row: its result columns (Sync status, message, Job id, Synced at, a Status per
    // channel: 7) and its snapshot row (3, and the value pushed once more in the key column the
    // edited-cell colour reads: 1); the run sheet's record of done rows is packed, a row per chunk.
    // One run-sheet row per done row was 3 cells more a row (14).
    expect(big.written / BIG).toBeLessThan(11.5);
  }, 600_000);

  test('a colleague sorts mid-run: the packed record of done rows keeps every SKU sent once', () => {
    const n = 3_000;
    fresh([['SKU', 'Quantity'], ...skus.slice(0, n).map((s, i) => [s, 1 + (i % 90)])]);
    env.adminSync('DELETE', '/__admin/requests');
    const start = unwrap(env.call('startPush', 'stock', 'all'));
    let p = unwrap(env.call('continuePush', start.runId));
    p = unwrap(env.call('continuePush', start.runId));
    // Rows done so far sit in the first blocks; sorted descending, they land in the last ones.
    env.rt.sheet('Stock & Prices').sortRows(2, n + 1, 1, false);
    for (let i = 0; !p.finished && i < 50; i++) p = unwrap(env.call('continuePush', start.runId));
    expect(p.finished).toBe(true);
    const sent = hubRequests(env)
      .filter((r) => r.path.endsWith('/updatestock'))
      .flatMap((r) => r.skus ?? []);
    expect(sent).toHaveLength(n);
    expect(new Set(sent).size).toBe(n);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
    // The run sheet held the done rows packed (a row per chunk), and is empty once the run ends.
    expect(
      env.rt
        .sheet('Hub Sync run')
        .values()
        .slice(1)
        .every((r) => r.every((c) => c === '')),
    ).toBe(true);
  }, 120_000);

  test('by channel: property writes grow with rows, not with request rounds', () => {
    const n = 2000;
    fresh([
      ['SKU', 'Quantity [mercadolibre]', 'Quantity [amazon]', 'Quantity [walmart]'],
      ...skus.slice(0, n).map((s, i) => [s, 1 + (i % 7), 2 + (i % 7), 3 + (i % 7)]),
    ]);
    env.rt.resetCounters();
    env.call('pushByChannelAll');
    const c = env.rt.counters();
    expect(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status').every((s) => s === 'OK')).toBe(true);
    // Many rounds of small requests…
    expect(c.fetchCalls).toBeGreaterThan(20);
    // …and the journal written once per 800 rows (2 rounds × 8 × 50), plus the run's own records.
    expect(c.propertyWrites).toBeLessThanOrEqual(Math.ceil(n / 800) + 20);
    expect(c.propertyWrites).toBeLessThan(c.fetchCalls);
  }, 300_000);

  test('menu push: one property write per two rounds of requests (the journal value is rewritten, not a key per round deleted after)', () => {
    const n = 20_000;
    fresh([['SKU', 'Quantity'], ...skus.slice(0, n).map((s, i) => [s, 1 + (i % 90)])]);
    env.call('pushStockAll');
    env.rt.sheet('Stock & Prices').setValues(
      skus.slice(0, n).map((_, i) => [2 + (i % 90)]),
      'B2',
    );
    env.rt.resetCounters();
    env.call('pushStockAll');
    const c = env.rt.counters();
    expect(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status').every((s) => s === 'OK')).toBe(true);
    const rounds = Math.ceil(n / 400);
    expect(c.fetchCalls).toBe(rounds);
    // A journal write every second round, the few deletes at the end, the run's own records, and
    // the day's UrlFetch count (once per execution that fetched).
    expect(c.propertyWrites).toBeLessThanOrEqual(Math.ceil(rounds / 2) + 13);
  }, 300_000);
});

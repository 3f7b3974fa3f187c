/**
 * Interruptions: an execution cut off at a random service call (the runtime's budget exhausted on
 * purpose), over 50 seeds per operation. The next run resumes; no row is lost; the sheet and the
 * hub end as if nothing had happened. Figures go to reports/reliability/interruptions-*.json.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { writeReliability } from '../../dev/testkit/reliability';
import { apiRequests, clearRequests, column, columnValues, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';

const SEEDS = 50;

/** A small deterministic PRNG (mulberry32): the same seed cuts at the same call. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function lastExecutionCalls(env: AddonEnv): number {
  return (env.rt.executions().at(-1) as { serviceCalls: number }).serviceCalls;
}

describe('interrupted executions resume without losing a row', () => {
  let skus: string[];
  const env = useHub({ settings: { concurrency: 4 } }, (env) => {
    skus = seedProducts(env, 1000, ['amazon', 'walmart']);
  });

  function reset(rows: unknown[][]): void {
    for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
    for (const key of Object.keys(env.rt.properties('document'))) if (key !== 'settings') env.rt.setProperty('document', key, null);
    for (const t of env.rt.triggers()) void t; // triggers are cleared by the add-on itself on success
    env.rt.addSheet('Stock & Prices', rows);
    clearRequests(env);
  }

  test(`push: ${SEEDS} seeds, each cut at a random service call, then pushed again`, () => {
    const rows = (base: number) => [['SKU', 'Quantity'], ...skus.slice(0, 600).map((s, i) => [s, base + i])];
    reset(rows(1));
    env.call('pushStockAll');
    const full = lastExecutionCalls(env);
    const results: Array<{ seed: number; cutAt: number; killed: boolean; resentRows: number }> = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const sheet = rows(seed * 1000);
      reset(sheet);
      const cutAt = 1 + Math.floor(rng(seed)() * full);
      env.rt.cutOffAfter(cutAt);
      let killed = false;
      try {
        env.call('pushStockAll');
      } catch (e) {
        killed = /Exceeded maximum execution time/.test(String((e as Error).message));
        if (!killed) throw e;
      }
      // The next run: a seller who sees rows without a result pushes again, which resumes the cut
      // push (or starts it, if it was cut before it began).
      const header = env.rt.sheet('Stock & Prices').values()[0] as string[];
      const statusColumn = header.indexOf('Sync status');
      const unfinished =
        statusColumn < 0 ||
        env.rt
          .sheet('Stock & Prices')
          .values()
          .slice(1)
          .some((r) => r[statusColumn] === '');
      if (unfinished) env.call('pushStockAll');
      env.rt.advance(10 * 60_000); // and whatever a trigger still had to do
      const values = env.rt.sheet('Stock & Prices').values();
      expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
      expectInputsUnchanged(values, sheet);
      const hub = hubProducts(env);
      expect(sheet.slice(1).filter(([sku, q]) => hub.get(sku as string)!.quantity !== q)).toEqual([]);
      const sends = new Map<string, number>();
      for (const r of apiRequests(env)) for (const sku of r.skus ?? []) sends.set(sku, (sends.get(sku) ?? 0) + 1);
      expect(sends.size).toBe(600);
      const resentRows = [...sends.values()].filter((n) => n > 1).length;
      // At most the rows confirmed since the last journal write (every second round of 4 × 50) and
      // the round in flight when it was cut: rows confirmed before are journalled, not resent.
      expect(resentRows).toBeLessThanOrEqual(2 * 4 * 50);
      results.push({ seed, cutAt, killed, resentRows });
    }
    expect(results.filter((r) => r.killed).length).toBeGreaterThan(SEEDS / 2);
    writeReliability('interruptions-push', {
      seeds: SEEDS,
      rowsPerRun: 600,
      serviceCallsOfAFullRun: full,
      killed: results.filter((r) => r.killed).length,
      survived: results.length,
      rowsLost: 0,
      maxRowsResent: Math.max(...results.map((r) => r.resentRows)),
      results,
    });
  });

  test(`job refresh: ${SEEDS} seeds, each cut at a random service call, then refreshed again`, () => {
    const sheet = [['SKU', 'Quantity'], ...skus.slice(0, 120).map((s, i) => [s, 70 + i])];
    const prepare = (): void => {
      reset(sheet);
      env.call('pushAsyncAll');
      env.adminSync('POST', '/__admin/clock', { advanceMs: 10 * 60_000 }); // the hub finishes the job
      env.rt.advanceTo(env.rt.now() + 1); // nothing due yet: the poll trigger is 5 minutes away
    };
    prepare();
    env.call('refreshJobResults');
    const full = lastExecutionCalls(env);
    const expectedJobRows = env.rt.sheet('Jobs').values().length;
    const results: Array<{ seed: number; cutAt: number; killed: boolean }> = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      prepare();
      const cutAt = 1 + Math.floor(rng(1000 + seed)() * full);
      env.rt.cutOffAfter(cutAt);
      let killed = false;
      try {
        env.call('refreshJobResults');
      } catch (e) {
        killed = /Exceeded maximum execution time/.test(String((e as Error).message));
        if (!killed) throw e;
      }
      env.call('refreshJobResults');
      const values = env.rt.sheet('Stock & Prices').values();
      expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
      const jobs = env.rt.sheet('Jobs').values();
      expect(jobs.length).toBe(expectedJobRows); // the job's items once each, no duplicate rows
      expect(new Set(jobs.slice(1).map((r) => `${r[0]}|${r[1]}|${r[2]}`)).size).toBe(jobs.length - 1);
      expect(env.rt.properties('document').openJobs).toBeUndefined();
      results.push({ seed, cutAt, killed });
    }
    expect(results.filter((r) => r.killed).length).toBeGreaterThan(SEEDS / 2);
    writeReliability('interruptions-jobs', {
      seeds: SEEDS,
      jobItems: expectedJobRows - 1,
      serviceCallsOfAFullRun: full,
      killed: results.filter((r) => r.killed).length,
      survived: results.length,
      rowsLost: 0,
      duplicateRows: 0,
      results,
    });
  });

  test('async job: a cut never creates a job twice; rows whose job creation was cut are flagged, not resent', () => {
    const sheet = [['SKU', 'Quantity'], ...skus.slice(0, 300).map((s, i) => [s, 9 + i])];
    const asyncJobs = () =>
      (env.adminSync('GET', '/__admin/state?only=jobs') as { jobs: Array<{ id: number; kind: string }> }).jobs.filter(
        (j) => j.kind === 'async',
      ).length;
    reset(sheet);
    const jobsBefore = asyncJobs();
    env.call('pushAsyncAll');
    const full = lastExecutionCalls(env);
    const perRun = asyncJobs() - jobsBefore;
    const results: Array<{ seed: number; cutAt: number; jobsCreated: number; flagged: number }> = [];
    for (let seed = 1; seed <= 20; seed++) {
      reset(sheet);
      const before = asyncJobs();
      const cutAt = 1 + Math.floor(rng(2000 + seed)() * full);
      env.rt.cutOffAfter(cutAt);
      try {
        env.call('pushAsyncAll');
      } catch (e) {
        if (!/Exceeded maximum execution time/.test(String((e as Error).message))) throw e;
      }
      const header = env.rt.sheet('Stock & Prices').values()[0] as string[];
      const unfinished =
        header.indexOf('Sync status') < 0 ||
        env.rt
          .sheet('Stock & Prices')
          .values()
          .slice(1)
          .some((r) => r[header.indexOf('Sync status')] === '');
      if (unfinished) env.call('pushAsyncAll');
      const created = asyncJobs() - before;
      const status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
      const flagged = status.filter((x) => x === 'Error').length;
      // Either the rows are queued in exactly the jobs of one run, or they say the job may exist.
      expect(created).toBeLessThanOrEqual(perRun);
      expect(status.every((x) => x === 'Pending' || x === 'Error')).toBe(true);
      if (flagged > 0)
        expect(String(env.rt.sheet('Stock & Prices').values()[1 + status.indexOf('Error')].join(' '))).toMatch(/may or may not exist/);
      results.push({ seed, cutAt, jobsCreated: created, flagged });
    }
    writeReliability('interruptions-async', {
      seeds: results.length,
      jobsPerRun: perRun,
      jobsCreatedTwice: results.filter((r) => r.jobsCreated > perRun).length,
      results,
    });
  });

  test(`order import: ${SEEDS} seeds, each cut at a random service call, then the following runs`, () => {
    // Orders of the last days in the hub, imported by the menu item one Get Orders call at a time.
    env.adminSync('POST', '/__admin/orders', { generate: { count: 120, days: 3, seed: 9 } });
    const hubOrders = (env.adminSync('GET', '/__admin/state?only=orders') as { orders: Array<{ orderId: number; items: unknown[] }> })
      .orders;
    const expectedItems = hubOrders.reduce((n, o) => n + o.items.length, 0);
    const resetOrders = (): void => {
      for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
      for (const key of Object.keys(env.rt.properties('document'))) if (key !== 'settings') env.rt.setProperty('document', key, null);
      clearRequests(env);
    };
    /** Runs the import until the backlog is done; the clock moves past the rate limit between runs. */
    const importAll = (): number => {
      let runs = 0;
      for (; runs < 20; runs++) {
        env.rt.advance(62_000);
        env.call('importOrdersNow');
        const ids = columnValues(env.rt.sheet('Orders').values(), 'Order id');
        if (ids.length >= hubOrders.length && !/more to read|continues/i.test(env.rt.toasts().at(-1)?.message ?? '')) break;
      }
      return runs;
    };
    resetOrders();
    env.call('saveSettings', { orders: { backfillDays: 10 } });
    env.rt.advance(62_000);
    env.call('importOrdersNow');
    const full = lastExecutionCalls(env);
    const results: Array<{ seed: number; cutAt: number; killed: boolean; runsAfter: number }> = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      resetOrders();
      const cutAt = 1 + Math.floor(rng(3000 + seed)() * full);
      env.rt.advance(62_000);
      env.rt.cutOffAfter(cutAt);
      let killed = false;
      try {
        env.call('importOrdersNow');
      } catch (e) {
        killed = /Exceeded maximum execution time/.test(String((e as Error).message));
        if (!killed) throw e;
      }
      const runsAfter = importAll();
      const orders = env.rt.sheet('Orders').values();
      const ids = columnValues(orders, 'Order id').map(String);
      // Every order once: none lost, none duplicated, whatever the cut.
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(hubOrders.map((o) => String(o.orderId))));
      const items = env.rt.sheet('Order Items').values();
      const keys = items
        .slice(1)
        .map((r) => `${r[column(items, 'Order id')]}|${r[column(items, 'Item external id')]}|${r[column(items, 'SKU')]}`);
      expect(items.length - 1).toBe(expectedItems);
      expect(new Set(keys).size).toBe(keys.length);
      // And never more than one Get Orders call per minute.
      const calls = apiRequests(env).filter((r) => r.path === '/api/orders/orders');
      expect(calls.filter((r) => r.status === 429)).toHaveLength(0);
      results.push({ seed, cutAt, killed, runsAfter });
    }
    expect(results.filter((r) => r.killed).length).toBeGreaterThan(SEEDS / 2);
    writeReliability('interruptions-orders', {
      seeds: SEEDS,
      orders: hubOrders.length,
      items: expectedItems,
      serviceCallsOfAFirstRun: full,
      killed: results.filter((r) => r.killed).length,
      survived: results.length,
      ordersLost: 0,
      ordersDuplicated: 0,
      results,
    });
  });
});

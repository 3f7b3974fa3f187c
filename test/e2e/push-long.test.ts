import { type AddonEnv, typedCall } from '../../dev/testkit/env';
import { TARGETS } from '../../dev/tools/targets';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, seedProducts } from './helpers';
import { unwrap } from '../support/results';

/** How many times each SKU was sent in the hub's request log. */
function sendCounts(env: AddonEnv): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of apiRequests(env)) for (const sku of r.skus ?? []) counts.set(sku, (counts.get(sku) ?? 0) + 1);
  return counts;
}

// Both builds: the bound script continues a minute later; the add-on, whose clock trigger runs at
// most hourly and with no document open, at the next hourly run.
describe.each(TARGETS)('long pushes (%s): budget continuation, sidebar chunks, cancel, lock, interruption', (target) => {
  let skus: string[];
  const N = 20_000;
  const continuation = target === 'addon' ? 61 * 60_000 : 3 * 60_000;

  // Every fetchAll round costs 8 virtual seconds: 400 requests / 8 per round = 400 s > one execution.
  const env = useHub(
    {
      target,
      runtime: { virtualFetchLatencyMs: 8000, measuredFetchLatency: false },
      settings: { chunkRows: 2500 },
      startMs: 120_000,
    },
    (env) => {
      skus = seedProducts(env, N, ['amazon'], 'active');
    },
  );

  function freshSheet(count: number, base: number): void {
    for (const name of env.rt.sheetNames()) if (name === 'Stock & Prices' || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.slice(0, count).map((s, i) => [s, base + (i % 100)])]);
    clearRequests(env);
  }

  test('a 20,000-row push from the menu stops at the time budget and a trigger finishes it, sending every row once', () => {
    freshSheet(N, 1);
    env.call('pushStockAll');
    let status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
    const firstPass = status.filter((s) => s === 'OK').length;
    expect(firstPass).toBeGreaterThan(0);
    expect(firstPass).toBeLessThan(N);
    expect(env.rt.toasts().at(-1)!.message).toMatch(
      target === 'addon' ? /continues at the next hourly background run/ : /continues in the background in about a minute/,
    );
    expect(env.rt.triggers().map((t) => t.handler)).toEqual(['onBackgroundWork']);
    const runs = env.rt.advance(continuation);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
    expect(status.filter((s) => s === 'OK').length).toBe(N);
    const counts = sendCounts(env);
    expect(counts.size).toBe(N);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(apiRequests(env)).toHaveLength(N / 50);
    expect(env.rt.triggers()).toEqual([]);
    const log = env.rt.sheet('Log').values();
    expect(log[log.length - 1][column(log, 'Rows OK')]).toBe(N);
  });

  test('from the sidebar: chunk by chunk with progress, and cancel stops after the current chunk', () => {
    freshSheet(10_000, 200);
    const start = unwrap(env.call('startPush', 'stock', 'all'));
    expect(start).toMatchObject({ total: 10_000, done: 0, finished: false });
    const seen: number[] = [];
    let p = start;
    for (let i = 0; i < 2; i++) {
      p = unwrap(env.call('continuePush', start.runId));
      seen.push(p.done);
    }
    expect(seen).toEqual([2500, 5000]);
    const cancelled = unwrap(env.call('cancelPush', start.runId));
    expect(cancelled).toMatchObject({ finished: true, cancelled: true, done: 5000 });
    const status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
    expect(status.filter((s) => s === 'OK').length).toBe(5000);
    expect(status.slice(5000).every((s) => s === '')).toBe(true);
    expect(sendCounts(env).size).toBe(5000);
    const log = env.rt.sheet('Log').values();
    expect(String(log[log.length - 1][column(log, 'Message')])).toMatch(/Cancelled by the user/);
    // The same sheet again, through to the end: rows already confirmed are unchanged, so only the rest go.
    const again = unwrap(env.call('startPush', 'stock', 'changed'));
    expect(again.total).toBe(5000);
    for (let i = 0; i < 10 && !p.finished; i++) p = unwrap(env.call('continuePush', again.runId));
    expect(p).toMatchObject({ finished: true, done: 5000 });
  });

  test('a second push while one runs is refused and told who and how far; the lock refuses when held', () => {
    freshSheet(3000, 300);
    const run = unwrap(env.call('startPush', 'stock', 'all'));
    const other = typedCall(env.rt.forUser('colleague@example.com'));
    unwrap(other('saveToken', env.token));
    const refused = other('startPush', 'stock', 'changed');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(
      /did not start: Push stock \(all rows\) on "Stock & Prices" by user@example\.com, started \d+ min ago, is still running \(0 of 3,000 rows done\)/,
    );
    unwrap(env.call('cancelPush', run.runId));
    // The add-on's document lock is a lease taken under the script lock (its hourly run has no document lock).
    env.rt.holdLock(target === 'addon' ? 'script' : 'document', 60_000);
    const busy = env.call('startPush', 'stock', 'all');
    expect(!busy.ok && busy.error).toMatch(/did not start: another Hub Sync operation is running/);
    env.rt.advance(61_000);
    expect(apiRequests(env).filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  test('an execution killed by the time limit is resumed by its safety trigger: no row lost', () => {
    freshSheet(4000, 400);
    // Killed once the push is under way: past reading the sheet and the snapshot, setting the
    // sheet's edited-cell rules (a new sheet's first push) and arming the safety trigger.
    env.rt.cutOffAfter(90);
    expect(() => env.call('pushStockAll')).toThrow(/Exceeded maximum execution time/);
    env.rt.advance(continuation + 10 * 60_000);
    const status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
    expect(status.every((s) => s === 'OK')).toBe(true);
    const counts = sendCounts(env);
    expect(counts.size).toBe(4000);
    // At most the rows confirmed since the last journal write (written every second round: fewer
    // than 2 × 8 × 50) and the round in flight when it was killed are sent again.
    expect([...counts.values()].filter((c) => c > 1).length).toBeLessThanOrEqual(800);
    expect(env.rt.triggers()).toEqual([]);
  });
});

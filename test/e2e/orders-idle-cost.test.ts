/**
 * Issue 16: the scheduled import's idle runs are cheap. At one Get Orders call a minute, with a
 * trigger every minute, every other run finds the call not allowed yet: such a run takes no lock
 * and writes one property, the user's record of the day's trigger runtime (it used to write 7,
 * ~0.9 s of trigger time under the cost model); a run
 * that calls and finds nothing new writes only what it must (the rate, the cursors, the status,
 * the lock's holder, this user's trigger state, and the stamp that tells an open sidebar the
 * Orders section changed — its last run — in one write with the Log's; none for Alerts unless
 * an alert changed).
 */
import { useHub } from '../support/hub';
import { ordersSettings } from './orders-helpers';

describe('idle runs of the scheduled order import', () => {
  // Virtual latency only: which minutes may call must not depend on the machine's load.
  const env = useHub({
    runtime: { virtualFetchLatencyMs: 100, measuredFetchLatency: false },
    settings: { orders: ordersSettings({ callsPerMinute: 1, backfillDays: 60 }) },
    leakCheck: false,
  });

  test('a run the rate limit keeps from calling takes no lock and writes only its runtime; one that calls and finds nothing takes no lock and writes at most 5 times', () => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 120, days: 30, seed: 4 } });
    const on = env.call('setOrdersSchedule', 1);
    expect(on.ok).toBe(true);
    for (let i = 0; i < 30; i++) env.rt.advance(60_000);
    expect(env.rt.sheet('Orders').lastRow() - 1).toBe(120);
    const runs: Array<{ fetches: number; writes: number; reads: number; locks: number; ms: number }> = [];
    for (let i = 0; i < 12; i++) {
      env.rt.resetCounters();
      const before = env.rt.executions().length;
      env.rt.advance(60_000);
      const c = env.rt.counters();
      const ms = env.rt
        .executions()
        .slice(before)
        .reduce((sum, e) => sum + e.endedAt - e.startedAt, 0);
      runs.push({ fetches: c.fetchCalls, writes: c.propertyWrites, reads: c.propertyReads, locks: c.lockAcquires, ms });
    }
    const waiting = runs.filter((r) => r.fetches === 0);
    const calling = runs.filter((r) => r.fetches > 0);
    expect(waiting.length).toBeGreaterThan(0);
    expect(calling.length).toBeGreaterThan(0);
    for (const r of waiting) expect(r).toMatchObject({ writes: 1, locks: 0 });
    // A trigger run reads each properties store whole, once (two reads), plus its runtime record.
    for (const r of waiting) expect(r.reads).toBeLessThanOrEqual(3);
    for (const r of calling) expect(r).toMatchObject({ locks: 0 });
    for (const r of calling) expect(r.reads).toBeLessThanOrEqual(3);
    for (const r of calling) expect(r.writes).toBeLessThanOrEqual(5);
    // Start-up 0.2 s, bundle, the call 0.15 s, the trigger check, 3 reads and 5 writes.
    for (const r of calling) expect(r.ms).toBeLessThanOrEqual(850);
    expect(env.rt.sheet('Orders').lastRow() - 1).toBe(120);
  }, 120_000);
});

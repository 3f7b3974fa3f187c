/**
 * Catch-up within a run, and the trigger-runtime budget, on the built bundles. The Marketplace
 * build's hourly run keeps calling Get Orders while full pages wait, each call spaced by the hub's
 * rate limit (never a 429 at the default setting); a run with nothing waiting opens no sheet; a
 * run that the day's budget cannot carry stops calling and says why; the sidebar shows the day's
 * runtime against the quota; a schedule the budget cannot carry is refused.
 */
import { TARGETS } from '../../dev/tools/targets';
import { useHub } from '../support/hub';
import { loose, unwrap } from '../support/results';
import { column } from './helpers';
import { getOrdersCalls, ordersSettings, orderRows, ordersSheet } from './orders-helpers';

const HOUR = 3_600_000;
const MIN = 60_000;
const ORDERS_PATH = /\/api\/orders\/orders/i;

/** The day's runtime record of the user, as another execution left it. */
function spendToday(env: ReturnType<typeof useHub>, minutes: number): void {
  const day = Math.floor(env.rt.now() / 86_400_000);
  env.rt.setProperty(
    'user',
    'runtime.day',
    JSON.stringify({
      day,
      ms: { orders: minutes * MIN, jobs: 0, push: 0, walk: 0 },
      runs: 20,
      catchUpMs: minutes * MIN - 20 * 1_500,
      carriedRunMs: null,
    }),
  );
}

describe("catch-up within the add-on's hourly run", () => {
  const env = useHub(
    { target: 'addon', runtime: { now: Date.UTC(2026, 10, 20, 0, 5) }, settings: { orders: ordersSettings({ backfillDays: 30 }) } },
    (env) => {
      env.adminSync('POST', '/__admin/orders', { generate: { count: 400, days: 10, seed: 7 } });
    },
  );

  test('one run makes several calls, spaced by the rate limit, with no 429; a partial page waits for the next run', () => {
    unwrap(env.call('setOrdersSchedule', 60));
    env.rt.advance(HOUR);
    const runs = env.rt.executions().filter((e) => e.kind === 'trigger');
    expect(runs).toHaveLength(1);
    const calls = env.rt.fetchLog().filter((f) => ORDERS_PATH.test(f.url));
    // About 4 minutes of the run: a call a minute, each after the rate limit's interval (60 s and its slack).
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(calls.every((c) => c.status === 200)).toBe(true);
    for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(60_000);
    expect(runs[0].endedAt - runs[0].startedAt).toBeLessThan(6 * MIN);
    expect(orderRows(env).size).toBeGreaterThanOrEqual(150);
    // The run's runtime is recorded for the user, the waits as catch-up.
    const day = JSON.parse(env.rt.properties('user')['runtime.day']);
    expect(day.runs).toBe(1);
    expect(day.catchUpMs).toBeGreaterThanOrEqual(3 * 60_000);
    expect(day.ms.orders).toBeGreaterThanOrEqual(day.catchUpMs);
    // Read on hour by hour until every order is in; no call refused.
    for (let h = 0; h < 6 && orderRows(env).size < 400; h++) env.rt.advance(HOUR);
    expect(orderRows(env).size).toBe(400);
    expect(getOrdersCalls(env).filter((c) => c.status === 429)).toEqual([]);
  });

  test("a run the day's budget cannot carry stops calling and says why, in the status and the Log", () => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 300, days: 1, seed: 8 } });
    spendToday(env, 46);
    const before = getOrdersCalls(env).length;
    env.rt.advance(HOUR);
    expect(getOrdersCalls(env).length).toBe(before);
    const status = unwrap<{ runtimeNote: string | null; runtime: { usedMinutes: number; budgetMinutes: number; quotaMinutes: number } }>(
      env.call('getOrdersStatus'),
    );
    expect(status.runtimeNote).toMatch(
      /^Order import paused until 00:00 UTC to stay within the trigger runtime budget\. Your triggers have used 4\d min of the 45 min trigger runtime budget today/,
    );
    expect(status.runtimeNote).toMatch(/set Account type to Workspace in Settings/);
    expect(status.runtime).toMatchObject({ budgetMinutes: 45, quotaMinutes: 90 });
    expect(status.runtime.usedMinutes).toBeGreaterThanOrEqual(46);
    const log = ordersSheet(env, 'Log');
    expect(log.slice(1).some((r) => /Order import paused until 00:00 UTC/.test(String(r[column(log, 'Message')])))).toBe(true);
    // Nearly spent: the run makes its one call and does not wait for more.
    spendToday(env, 44.5);
    env.rt.advance(HOUR);
    expect(getOrdersCalls(env).length).toBe(before + 1);
  });
});

describe('an idle run of the bound script', () => {
  const env = useHub({ target: 'bound', settings: { orders: ordersSettings({ backfillDays: 30 }) } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 120, days: 10, seed: 9 } });
  });

  // The add-on keeps its state in a hidden sheet of the spreadsheet (platform/document-store.ts), so
  // only the bound script's idle run can be free of Sheets calls.
  test('with nothing waiting, a run calls once and makes no Sheets call', () => {
    unwrap(env.call('setOrdersSchedule', 1));
    for (let m = 0; m < 30 && (orderRows(env).size < 120 || unwrap<{ backlog: boolean }>(env.call('getOrdersStatus')).backlog); m++)
      env.rt.advance(MIN);
    expect(orderRows(env).size).toBe(120);
    // Each stream lists once more the orders the other wrote (compared, nothing written); from then on a run finds nothing.
    env.rt.advance(4 * MIN);
    let calling = 0;
    for (let m = 0; m < 4; m++) {
      env.rt.resetCounters();
      env.rt.advance(MIN);
      const c = env.rt.counters();
      calling += c.fetchCalls;
      expect(c.fetchCalls).toBeLessThanOrEqual(1);
      expect({ roundTrips: c.sheetsRoundTrips, cellsRead: c.cellsRead, cellsWritten: c.cellsWritten }).toEqual({
        roundTrips: 0,
        cellsRead: 0,
        cellsWritten: 0,
      });
    }
    expect(calling).toBeGreaterThan(0);
  });
});

describe.each(TARGETS)('the trigger-runtime budget in the sidebar and the schedule (%s)', (target) => {
  const env = useHub({ target, settings: { orders: ordersSettings() } });

  test('the sidebar shows used and projected runtime against the quota; a schedule the budget cannot carry is refused and not offered', () => {
    const state = unwrap<{ orders: { runtime: Record<string, unknown>; allowedMinutes: number[] } }>(env.call('getSidebarState'));
    expect(state.orders.runtime).toMatchObject({ account: 'consumer', budgetMinutes: 45, quotaMinutes: 90, usedMinutes: 0 });
    // Runs measured at 4 s each: every minute would take 96 min a day, every 5 minutes 19 min.
    const day = Math.floor(env.rt.now() / 86_400_000);
    // The add-on's record follows the user (user properties); the bound script's is the document's, under the user's key.
    const userKey = env.rt.properties('user').userKey;
    if (target === 'bound') expect(userKey).toBeTruthy();
    env.rt.setProperty(
      target === 'addon' ? 'user' : 'document',
      target === 'addon' ? 'runtime.day' : `runtime.day:${userKey}`,
      JSON.stringify({ day, ms: { orders: 0, jobs: 0, push: 0, walk: 40_000 }, runs: 10, catchUpMs: 0, carriedRunMs: null }),
    );
    const offered = unwrap<{ orders: { allowedMinutes: number[]; runtime: { runSeconds: number } } }>(env.call('getSidebarState')).orders;
    expect(offered.runtime.runSeconds).toBe(4);
    if (target === 'bound') {
      expect(offered.allowedMinutes).toEqual([5, 10, 15, 30, 60]);
      const refused = loose(env.call('setOrdersSchedule', 1));
      expect(refused.ok).toBe(false);
      expect(refused.error).toMatch(
        /^An order import every minute needs more trigger runtime than the 45 min budget a day\. It would take about 96 min \(4\.0 s a run\)\. Choose every 5 minutes or longer/,
      );
      const saved = unwrap<{ saved: boolean; errors: Record<string, string> }>(
        env.call('saveSettings', { orders: ordersSettings({ scheduleMinutes: 1 }) }),
      );
      expect(saved.saved).toBe(false);
      expect(saved.errors['orders.scheduleMinutes']).toMatch(/would take about 96 min/);
      // A Workspace account's quota carries it once the budget is raised.
      const workspace = unwrap<{ saved: boolean; errors: Record<string, string> }>(
        env.call('saveSettings', { orders: ordersSettings({ scheduleMinutes: 1 }), runtime: { account: 'workspace', budgetMinutes: 180 } }),
      );
      expect(workspace).toMatchObject({ saved: true, errors: {} });
    } else {
      expect(offered.allowedMinutes).toEqual([60, 120, 240, 360, 480, 720]);
    }
    const tooBig = unwrap<{ saved: boolean; errors: Record<string, string> }>(
      env.call('saveSettings', { runtime: { account: 'consumer', budgetMinutes: 60 } }),
    );
    expect(tooBig.errors['runtime.budgetMinutes']).toMatch(
      /^The trigger runtime budget is at most 45 minutes a day for a consumer account\. Google counts/,
    );
  });
});

/**
 * "Triggers total runtime" (https://developers.google.com/apps-script/guides/services/quotas): 90
 * minutes a day for a consumer account, 6 hours for Workspace, per user; past it every trigger of
 * that user fails at start with "Service using too much computer time for one day." until the
 * 24-hour window closes. Manual executions (calls) are not counted.
 */
import { loadRuntime, MSG } from '../../dev/gas-runtime';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// A trigger run that takes 10 virtual minutes (sleep), and one that takes almost nothing.
const BUNDLE = `
function arm(handler, minutes) { ScriptApp.newTrigger(handler).timeBased().everyMinutes(minutes).create(); }
function heavy() { Utilities.sleep(10 * 60 * 1000); }
function light() { PropertiesService.getScriptProperties().setProperty('light', String(Date.now())); }
function manual() { Utilities.sleep(20 * 60 * 1000); }
`;
const COSTS = { jsCpuFactor: 0, bundleLoadMs: 0, executionStartMs: 200 };

function runtime(extra: Parameters<typeof loadRuntime>[0] = {}) {
  return loadRuntime({ bundle: BUNDLE, deployment: 'container', costs: COSTS, budgetMs: 30 * MINUTE, ...extra });
}

describe('daily trigger runtime', () => {
  test('counts every trigger run, start-up included; past 90 minutes every trigger of the user fails at start', () => {
    const rt = runtime();
    rt.call('arm', 'heavy', 15);
    rt.call('arm', 'light', 30);
    const runs = rt.advance(4 * 60 * MINUTE);
    const heavy = runs.filter((r) => r.handler === 'heavy');
    const light = runs.filter((r) => r.handler === 'light');
    // Nine heavy runs of 10 min 0.2 s pass the 90 minutes; everything after fails, light runs too.
    const firstFailure = runs.findIndex((r) => !r.ok);
    expect(heavy.slice(0, 9).every((r) => r.ok)).toBe(true);
    expect(runs.slice(firstFailure).every((r) => !r.ok && r.error === MSG.triggerRuntime)).toBe(true);
    expect(light.some((r) => !r.ok)).toBe(true);
    expect(MSG.triggerRuntime).toBe('Service using too much computer time for one day.');
    // A failed start costs nothing and runs none of the script.
    const failed = rt.executions().filter((x) => x.error === MSG.triggerRuntime);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((x) => x.endedAt === x.startedAt && x.serviceCalls === 0 && x.kind === 'trigger')).toBe(true);
    const today = rt.triggerRuntimeToday();
    expect(today.limit).toBe(90 * MINUTE);
    expect(today.used).toBeGreaterThanOrEqual(90 * MINUTE);
    // What was counted is exactly the runs' durations, each with its 200 ms start-up.
    const ran = rt.executions().filter((x) => x.kind === 'trigger' && x.ok);
    // (Records show whole ms; the quota counts the exact virtual time.)
    expect(Math.abs(today.used - ran.reduce((s, x) => s + (x.endedAt - x.startedAt), 0))).toBeLessThan(ran.length);
    expect(ran.every((x) => x.endedAt - x.startedAt >= 200)).toBe(true);
  });

  test('manual executions do not count; the window closes 24 h after the first trigger run', () => {
    const rt = runtime();
    rt.call('manual');
    expect(rt.triggerRuntimeToday().used).toBe(0);
    rt.call('arm', 'light', 30);
    rt.setQuotaUsed('triggerRuntime', 90 * MINUTE);
    const started = rt.triggerRuntimeToday().windowStartedAt!;
    expect(rt.advance(60 * MINUTE).every((r) => !r.ok && r.error === MSG.triggerRuntime)).toBe(true);
    rt.advanceTo(started + DAY + MINUTE);
    const after = rt.advance(30 * MINUTE);
    expect(after.map((r) => r.ok)).toEqual([true]);
    // A new window, holding the one run: its start-up and its property write.
    expect(rt.triggerRuntimeToday().windowStartedAt).toBe(after[0].at);
    expect(rt.triggerRuntimeToday().used).toBeGreaterThanOrEqual(200);
    expect(rt.triggerRuntimeToday().used).toBeLessThan(400);
  });

  test('a Workspace account has 6 hours; the limit can also be set directly', () => {
    expect(runtime({ account: 'workspace' }).triggerRuntimeToday().limit).toBe(6 * 60 * MINUTE);
    expect(runtime({ account: 'workspace' }).quota('urlfetch').limit).toBe(100_000);
    expect(runtime({ triggerRuntimePerDayMs: 5 * MINUTE }).triggerRuntimeToday().limit).toBe(5 * MINUTE);
  });

  test('each user has their own runtime', () => {
    const a = runtime({ user: 'a@example.com' });
    const b = a.forUser('b@example.com');
    a.call('arm', 'light', 30);
    b.call('arm', 'light', 30);
    a.setQuotaUsed('triggerRuntime', 90 * MINUTE);
    const runs = a.advance(30 * MINUTE);
    expect(runs.map((r) => [r.user, r.ok]).sort()).toEqual([
      ['a@example.com', false],
      ['b@example.com', true],
    ]);
  });
});

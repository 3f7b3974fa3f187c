/**
 * The stale alert's expectation of the scheduled import follows what the trigger-runtime budget
 * lets it do today: runs as often as the budget slowed it to, and none while it is paused until
 * the next UTC day (waiting on purpose is not failing).
 */
import { importExpectation } from '../../../../src/core/background/expected';
import { isStale } from '../../../../src/core/alerts/stale';
import { Settings } from '../../../../src/core/kernel/settings-schema';

const MIN = 60_000;
const settings = (scheduleMinutes: number) =>
  Settings.parse({ orders: { scheduleMinutes, scheduleOwner: 'a@example.com' }, deployment: 'container' });

describe('importExpectation under the trigger-runtime budget', () => {
  const since = 1_000 * MIN;

  test('on schedule: expected every scheduled period', () => {
    expect(importExpectation(settings(5), { scheduledSince: since, lastRunAt: null, runtimePeriod: null })?.intervalMs).toBe(5 * MIN);
  });

  test('slowed by the budget: expected only as often as it is allowed to run', () => {
    const e = importExpectation(settings(5), { scheduledSince: since, lastRunAt: null, runtimePeriod: 30 });
    expect(e?.intervalMs).toBe(30 * MIN);
    // 40 minutes without a run is no stale import when it may run every 30.
    expect(isStale(e!, since + 40 * MIN)).toBe(false);
  });

  test('paused until the next UTC day: nothing is expected', () => {
    expect(importExpectation(settings(5), { scheduledSince: since, lastRunAt: null, runtimePeriod: 0 })).toBeNull();
  });
});

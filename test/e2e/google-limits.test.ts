/**
 * Both builds under Google's limits as the runtime emulator enforces them:
 * - onOpen runs as a simple trigger in AuthMode.LIMITED: no other files, no mail, no user's email
 *   (https://developers.google.com/apps-script/guides/triggers#restrictions);
 * - every script sidebar is 300 px wide
 *   (https://developers.google.com/apps-script/reference/base/ui#showSidebar(Object));
 * - "Triggers total runtime", 90 min a day for a consumer account
 *   (https://developers.google.com/apps-script/guides/services/quotas): the most frequent order
 *   schedule a build offers stays well inside it when idle, and a day past it (every trigger run
 *   fails at start) leaves the schedule in place to go on the next day.
 */
import { TARGETS } from '../../dev/tools/targets';
import { MSG } from '../../dev/gas-runtime';
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { ordersSettings } from './orders-helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(TARGETS)('Google limits (%s)', (target) => {
  const fastest = target === 'bound' ? 1 : 60;
  const env = useHub({ target, settings: { orders: ordersSettings() } });

  test('onOpen in LIMITED mode builds the menu without touching anything it may not', () => {
    const menu = env.rt.open();
    expect(menu).not.toBeNull();
    const open = env.rt.executions().at(-1)!;
    expect(open).toMatchObject({ functionName: 'onOpen', ok: true });
    expect(
      env.rt
        .toasts()
        .map((t) => t.message)
        .join('\n'),
    ).not.toMatch(/permission/i);
  });

  test('the sidebar is drawn at the fixed 300 px', () => {
    env.call('showSidebar');
    expect(env.rt.sidebar()?.width).toBe(300);
  });

  test(`an idle ${fastest}-minute order schedule uses a small part of the day's trigger runtime`, () => {
    unwrap(env.call('setOrdersSchedule', fastest));
    env.rt.advance(2 * HOUR);
    const today = env.rt.triggerRuntimeToday();
    expect(today.limit).toBe(90 * MINUTE);
    const runs = env.rt.executions().filter((x) => x.kind === 'trigger' && x.ok);
    expect(runs.length).toBeGreaterThanOrEqual(target === 'bound' ? 100 : 2);
    // Every run pays Apps Script's start-up; a whole day at this pace stays under a third of the quota.
    expect(runs.every((x) => x.endedAt - x.startedAt >= 200)).toBe(true);
    expect(today.used * 12).toBeLessThan(today.limit / 3);
  });

  test('past the quota every run fails at start for the rest of the window; the schedule goes on after it', () => {
    env.rt.setQuotaUsed('triggerRuntime', 90 * MINUTE);
    const failed = env.rt.advance(HOUR);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => !r.ok && r.error === MSG.triggerRuntime)).toBe(true);
    const window = env.rt.triggerRuntimeToday();
    env.rt.advanceTo(window.resetsAt! + MINUTE);
    const after = env.rt.advance(HOUR);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.ok)).toBe(true);
    expect(env.rt.triggerRuntimeToday().used).toBeLessThan(DAY);
  });
});

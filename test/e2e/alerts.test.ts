/**
 * Alerts (issue 18, item 3) on the built bundle: failing or stale background work sends its owner
 * one mail per kind per day (MailApp in the runtime emulator), shows once as a toast at the next
 * open, and stays in the sidebar until dismissed or until the work succeeds again.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { column, seedProducts } from './helpers';
import { loose, unwrap } from '../support/results';

const HOUR = 3_600_000;
type Alert = { kind: string; title: string; text: string; since: number };
type State = { alerts: Alert[]; notices: string[]; timeZone: string };

const state = (env: AddonEnv): State => unwrap<State>(env.call('getSidebarState'));
const alerts = (env: AddonEnv): Alert[] => state(env).alerts;
const failOrders = (env: AddonEnv): unknown =>
  env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: '/api/orders/orders', seed: 1 });
const healOrders = (env: AddonEnv): unknown => env.adminSync('DELETE', '/__admin/faults');
/** An hour past the next midnight in the spreadsheet's time zone (the seller's "next day"). */
const nextLocalDay = (env: AddonEnv): number => {
  const now = env.rt.now();
  const local = new Date(new Date(now).toLocaleString('en-US', { timeZone: state(env).timeZone }));
  const msToMidnight = (24 - local.getHours()) * HOUR - local.getMinutes() * 60_000;
  return now + msToMidnight + HOUR;
};
const logLines = (env: AddonEnv, operation: RegExp): unknown[][] => {
  const log = env.rt.sheet('Log').values();
  return log.slice(1).filter((r) => operation.test(String(r[column(log, 'Operation')])));
};

describe('alerts from a failing scheduled import (bound script, hourly)', () => {
  const env = useHub({ target: 'bound' }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 5, days: 2, seed: 2 } });
  });

  test("several failed runs the same day send exactly one mail, to the trigger's owner, saying what failed, since when and what to try", () => {
    failOrders(env);
    unwrap(env.call('setOrdersSchedule', 60));
    env.rt.advance(4 * HOUR + 60_000);
    expect(logLines(env, /Background orders/).length).toBeGreaterThanOrEqual(4);
    const mails = env.rt.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['user@example.com']);
    expect(mails[0].subject).toMatch(/scheduled order import failing/);
    expect(mails[0].body).toMatch(/Scheduled order import failing since \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(mails[0].body).toMatch(/What failed: .*HTTP 500/);
    expect(mails[0].body).toMatch(/First thing to try: /);
    expect(mails[0].body).toContain('https://docs.google.com/spreadsheets/d/');
    expect(env.rt.executions().filter((e) => e.kind === 'trigger' && !e.ok)).toEqual([]);
  });

  test('the next open shows the alert as one toast; the sidebar keeps it; the open after is quiet', () => {
    const before = env.rt.toasts().length;
    env.rt.open({ authMode: 'LIMITED' });
    const shown = env.rt.toasts().slice(before);
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toMatch(/while you were away/);
    expect(shown[0].message).toMatch(/Scheduled order import failing since .*HTTP 500.*Nothing is lost/);
    env.rt.open({ authMode: 'LIMITED' });
    expect(env.rt.toasts()).toHaveLength(before + 1);
    // Read twice: the sidebar's alerts are kept, not taken.
    expect(alerts(env).map((a) => a.kind)).toEqual(['import']);
    expect(alerts(env)[0].text).toMatch(/HTTP 500/);
  });

  test('failing on into the next day sends exactly one more mail', () => {
    env.rt.advanceTo(nextLocalDay(env));
    expect(env.rt.mails()).toHaveLength(2);
    env.rt.advance(3 * HOUR);
    expect(env.rt.mails()).toHaveLength(2);
  });

  test('dismiss removes the alert from the sidebar; failing again the same day brings it back without another mail', () => {
    const left = unwrap(env.call('dismissAlert', 'import'));
    expect(left.alerts).toEqual([]);
    expect(alerts(env)).toEqual([]);
    expect(loose(env.call('dismissAlert', 'nonsense')).error).toMatch(/No alert of kind 'nonsense'/);
    env.rt.advance(HOUR);
    expect(alerts(env).map((a) => a.kind)).toEqual(['import']);
    expect(env.rt.mails()).toHaveLength(2);
  });

  test('a recovery (the next successful import) clears the alert', () => {
    healOrders(env);
    env.rt.advance(HOUR);
    expect(alerts(env)).toEqual([]);
    expect(env.rt.mails()).toHaveLength(2);
  });

  test('with mail off, a failure sends nothing but the alert is still shown', () => {
    unwrap(env.call('saveSettings', { alerts: { mail: false, lowStock: 0 } }));
    failOrders(env);
    env.rt.advanceTo(nextLocalDay(env));
    expect(alerts(env).map((a) => a.kind)).toEqual(['import']);
    expect(env.rt.mails()).toHaveLength(2);
    unwrap(env.call('saveSettings', { alerts: { mail: true, lowStock: 0 } }));
  });

  test('with the mail quota spent, the import fails as before, the refusal is logged and the alert kept', () => {
    // Mail was just switched on again: the day's alert would go at the next run, but the quota is spent.
    env.rt.setQuotaUsed('email', 100, { windowStartedAt: env.rt.now() });
    const failedBefore = logLines(env, /Background orders/).length;
    env.rt.advance(3 * HOUR);
    expect(logLines(env, /Background orders/).length).toBeGreaterThan(failedBefore);
    expect(env.rt.mails()).toHaveLength(2);
    const refused = logLines(env, /Alert mail/);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.map((r) => r.join(' ')).join(' ')).toMatch(/Service invoked too many times for one day: email.*stays in the sidebar/);
    expect(alerts(env).map((a) => a.kind)).toEqual(['import']);
    expect(env.rt.executions().filter((e) => e.kind === 'trigger' && !e.ok)).toEqual([]);
    healOrders(env);
  });
});

describe('stale background work (bound script)', () => {
  const env = useHub({ target: 'bound' });

  test('an import that cannot run (a colleague holds the lock) for more than twice its interval is mailed as not running', () => {
    unwrap(env.call('setOrdersSchedule', 60));
    env.rt.holdLock('document', 10 * HOUR);
    env.rt.advance(2 * HOUR - 60_000);
    expect(env.rt.mails()).toHaveLength(0);
    expect(alerts(env)).toEqual([]);
    env.rt.advance(HOUR + 2 * 60_000);
    const mails = env.rt.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/scheduled order import not running/);
    expect(mails[0].body).toMatch(/has not succeeded since/);
    expect(alerts(env)[0].text).toMatch(/Scheduled order import has not succeeded since/);
  });
});

describe('low stock after a push (add-on)', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 5, ['amazon', 'walmart']);
  });

  test("SKUs the hub confirms at or below the threshold (after the rules) are an alert at once and go out in the day's one mail", () => {
    unwrap(env.call('saveSettings', { alerts: { mail: true, lowStock: 5 } }));
    // amazon keeps 2 back: a sheet's 6 is 4 in the hub, at or below 5.
    env.rt.addSheet('Rules', [
      ['Channel', 'Stock buffer', 'Also per-channel columns'],
      ['amazon', 2, 'yes'],
    ]);
    env.rt.addSheet('Stock & Prices', [
      ['SKU', 'Quantity [amazon]', 'Quantity [walmart]'],
      [skus[0], 6, 40],
      [skus[1], 50, 50],
      [skus[2], 30, 0],
    ]);
    env.call('pushByChannelAll');
    const values = env.rt.sheet('Stock & Prices').values();
    expect(values.slice(1).map((r) => r[column(values, 'Sync status')])).toEqual(['OK', 'OK', 'OK']);
    const low = alerts(env).find((a) => a.kind === 'lowStock');
    expect(low?.text).toMatch(new RegExp(`^Low stock: 2 SKUs at or below the threshold since .*: ${skus[0]} \\(4\\), ${skus[2]} \\(0\\)`));
    expect(env.rt.mails()).toHaveLength(0);
    // The next background run mails it, once.
    unwrap(env.call('setOrdersSchedule', 60));
    env.rt.advance(HOUR + 60_000);
    expect(env.rt.mails()).toHaveLength(1);
    expect(env.rt.mails()[0].body).toContain(`- ${skus[0]}: 4\n- ${skus[2]}: 0`);
    env.call('pushByChannelAll');
    env.rt.advance(HOUR);
    expect(env.rt.mails()).toHaveLength(1);
  });

  test('with the threshold off, a push records nothing', () => {
    unwrap(env.call('dismissAlert', 'lowStock'));
    unwrap(env.call('saveSettings', { alerts: { mail: true, lowStock: 0 } }));
    env.call('pushByChannelAll');
    expect(alerts(env).filter((a) => a.kind === 'lowStock')).toEqual([]);
  });
});

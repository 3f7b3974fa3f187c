/**
 * Background runs whose reads fail are failures, never successes: the seller gets the alert as
 * documented for failing background work (docs/user/alerts.md) — kept for the sidebar, shown once at
 * the next open, mailed once a day to the trigger's owner. The built bundle in the runtime
 * emulator against the hub emulator, driven by the virtual clock.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { SHEET, freshWorld, rows } from './contrary/attack-helpers';
import { apiRequests, column, seedProducts } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
type Alert = { kind: string; title: string; text: string; since: number };

const alerts = (env: AddonEnv): Alert[] => unwrap<{ alerts: Alert[] }>(env.call('getSidebarState')).alerts;
const logLines = (env: AddonEnv, operation: RegExp): unknown[][] => {
  const log = env.rt.sheet('Log').values();
  return log.slice(1).filter((r) => operation.test(String(r[column(log, 'Operation')])));
};
/** The toasts of one open of the spreadsheet (onOpen runs in LIMITED mode). */
const toastsAtOpen = (env: AddonEnv): ReturnType<AddonEnv['rt']['toasts']> => {
  const before = env.rt.toasts().length;
  env.rt.open({ authMode: 'LIMITED' });
  return env.rt.toasts().slice(before);
};

describe('a day of failed Get Job Status reads (bound script)', () => {
  const env = useHub({ target: 'bound' });

  test('alert kept, one toast at the next open, one mail: the rows stay Pending and the seller is told', () => {
    freshWorld(env, [
      { sku: 'J-1', quantity: 1, price: 10, listings: { amazon: {} } },
      { sku: 'J-2', quantity: 1, price: 10, listings: { amazon: {} } },
    ]);
    // The job is held so that only the reads decide; every read of it fails.
    env.adminSync('POST', '/__admin/settings', { jobStartDelayMs: 30 * 24 * HOUR });
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['J-1', 5],
      ['J-2', 6],
    ]);
    env.call('pushAsyncAll');
    expect(rows(env).map((r) => r['Sync status'])).toEqual(['Pending', 'Pending']);
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: '/api/stock/GetStockPriceJob', seed: 1 });
    // 09:00 → 21:00 in the spreadsheet's time zone (America/Mexico_City): one day of failing polls.
    env.rt.advance(12 * HOUR);

    const reads = apiRequests(env).filter((r) => r.path.toLowerCase() === '/api/stock/getstockpricejob');
    expect(reads.length).toBeGreaterThanOrEqual(10);
    expect(reads.every((r) => r.status === 500)).toBe(true);
    expect(rows(env).map((r) => r['Sync status'])).toEqual(['Pending', 'Pending']);
    expect(logLines(env, /Refresh job results/).length).toBeGreaterThanOrEqual(10);

    const kept = alerts(env);
    expect(kept.map((a) => a.kind)).toEqual(['jobs']);
    expect(kept[0].text).toMatch(/^Polling of async jobs failing since .*: 0 jobs finished, 1 still open\. Not read: job \d+: .*HTTP 500/);
    const mails = env.rt.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/polling of async jobs failing/);
    expect(mails[0].body).toMatch(/What failed: 0 jobs finished, 1 still open\. Not read: job \d+: .*HTTP 500/);
    const shown = toastsAtOpen(env);
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toMatch(/while you were away/);
    expect(shown[0].message).toMatch(/Polling of async jobs failing since .*HTTP 500/);
    expect(env.rt.executions().filter((e) => e.kind === 'trigger' && !e.ok)).toEqual([]);

    // Still failing the next day: exactly one more mail.
    env.rt.advance(9 * HOUR);
    expect(env.rt.mails()).toHaveLength(2);
    expect(alerts(env).map((a) => a.kind)).toEqual(['jobs']);

    // The hub answers again: the next poll (a good read, the job still running) clears the alert.
    env.adminSync('DELETE', '/__admin/faults');
    env.rt.advance(HOUR);
    expect(alerts(env)).toEqual([]);
  });
});

describe('failed Get Orders pages (add-on, hourly)', () => {
  const env = useHub({ target: 'addon' }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 5, days: 2, seed: 2 } });
  });
  afterEach(() => {
    env.adminSync('DELETE', '/__admin/faults');
    unwrap(env.call('setOrdersSchedule', 0));
  });

  test('every page failing (HTTP 500): alert kept, one toast at the next open, one mail', () => {
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: '/api/orders/orders', seed: 1 });
    unwrap(env.call('setOrdersSchedule', 60));
    env.rt.advance(5 * HOUR);
    const pages = apiRequests(env).filter((r) => r.path === '/api/orders/orders');
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.every((r) => r.status === 500)).toBe(true);
    expect(alerts(env).map((a) => [a.kind, a.text])).toEqual([
      ['import', expect.stringMatching(/^Scheduled order import failing since .*HTTP 500/)],
    ]);
    expect(env.rt.mails()).toHaveLength(1);
    expect(env.rt.mails()[0].subject).toMatch(/scheduled order import failing/);
    const shown = toastsAtOpen(env);
    expect(shown.map((t) => t.message)).toEqual([expect.stringMatching(/Scheduled order import failing since .*HTTP 500/)]);
  });
});

describe('Get Orders refused for the rate limit at every run (add-on, hourly)', () => {
  const env = useHub({ target: 'addon' }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 5, days: 2, seed: 2 } });
  });

  test('every page refused for the rate limit (HTTP 429): no run counts as a success, so after twice the interval the seller is told', () => {
    env.adminSync('POST', '/__admin/faults', { rates: { '429': 1 }, pathPattern: '/api/orders/orders', seed: 1 });
    unwrap(env.call('setOrdersSchedule', 60));
    env.rt.advance(HOUR + 5 * MIN);
    expect(alerts(env)).toEqual([]);
    env.rt.advance(2 * HOUR);
    const pages = apiRequests(env).filter((r) => r.path === '/api/orders/orders');
    expect(pages.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(3);
    expect(pages.every((r) => r.status === 429)).toBe(true);
    expect(alerts(env).map((a) => [a.kind, a.text])).toEqual([
      ['import', expect.stringMatching(/^Scheduled order import has not succeeded since/)],
    ]);
    const shown = toastsAtOpen(env);
    expect(shown.map((t) => t.message)).toEqual([expect.stringMatching(/Scheduled order import has not succeeded since/)]);
    const mails = env.rt.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/scheduled order import not running/);
  });
});

describe('a background push whose requests fail (bound script)', () => {
  const env = useHub({ target: 'bound' });

  test('the rows it could not push are Error, and the run is a failure: alert kept, one toast, one mail', () => {
    const skus = seedProducts(env, 3000, ['amazon']);
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...skus.map((s) => [s, 5])]);
    // The menu push is cut short (Google's time limit), so its trigger must finish it; the hub then fails every write.
    // Killed once the push is under way: past resolving the sheet, reading it and the snapshot, setting the
    // sheet's edited-cell rules (a new sheet's first push) and arming the safety trigger.
    env.rt.cutOffAfter(90);
    expect(() => env.call('pushStockAll')).toThrow(/Exceeded maximum execution time/);
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: '/api/stock/updatestock', seed: 1 });
    env.rt.advance(10 * MIN);
    const statuses = rows(env).map((r) => r['Sync status']);
    expect(statuses.filter((s) => s === 'Error').length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 'OK' && s !== 'Error')).toEqual([]);
    expect(env.rt.triggers()).toEqual([]);
    const kept = alerts(env);
    expect(kept.map((a) => [a.kind, a.text])).toEqual([
      [
        'push',
        expect.stringMatching(
          /^Finishing a push in the background failing since .*: Rows not pushed: \d+ requests? failed; first problem, row \d+: .*HTTP 500.* Push them again with Changed rows once the hub answers\.$/,
        ),
      ],
    ]);
    expect(env.rt.mails()).toHaveLength(1);
    expect(env.rt.mails()[0].subject).toMatch(/finishing a push in the background failing/);
    expect(toastsAtOpen(env).map((t) => t.message)).toEqual([expect.stringMatching(/Finishing a push in the background failing since/)]);
  });
});

/** Alerts kept in the document store: noted, cleared, dismissed, toasted once, mailed once a day. */
import { alertsAfterBackground } from '../../../../src/core/background/alerts';
import { noteLowStock } from '../../../../src/core/alerts/low-stock';
import { alertsView, dismissAlert } from '../../../../src/core/alerts/open';
import { alertsToToast } from '../../../../src/core/background/alerts';
import { emptyAlerts, readAlerts } from '../../../../src/core/alerts/record';
import { AlertsRecord } from '../../../../src/core/alerts/schema';
import { updateImportStatus } from '../../../../src/core/orders/import-status';
import { Settings } from '../../../../src/core/kernel/settings-schema';
import { fakeContext, fakeMailer, memoryStore, memoryWorkbook } from '../../../support/ports';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 20, 15);
const ZONE = 'America/Mexico_City';

function world(settings: Partial<Settings> = {}) {
  let now = T0;
  const mailer = fakeMailer();
  const documentStore = memoryStore();
  const workbook = memoryWorkbook();
  const ctx = () =>
    fakeContext({
      documentStore,
      workbook,
      clock: { now: () => now, sleep: () => {} },
      mailer,
      settings: { orders: { ...Settings.parse({}).orders, scheduleMinutes: 60, scheduleOwner: 'seller@example.com' }, ...settings },
    });
  return {
    documentStore,
    workbook,
    mails: mailer.sent,
    ctx,
    at: (ms: number) => void (now = ms),
    refuse: (message: string | null) => void (mailer.refuse = message),
  };
}

const fail = { work: 'orders' as const, ran: true, failure: 'Order import: HTTP 500.' };
const ok = { work: 'orders' as const, ran: true, failure: null };

describe('alerts after background runs', () => {
  test('failing runs the same day: one mail; the next day one more; a success clears the alert but mails nothing', () => {
    const w = world();
    for (let h = 0; h < 5; h++) {
      w.at(T0 + h * 60 * MIN);
      expect(alertsAfterBackground(w.ctx(), [fail], {})).toBeNull();
    }
    expect(w.mails).toHaveLength(1);
    expect(readAlerts(w.documentStore).alerts).toMatchObject([{ kind: 'import', cause: 'failed', since: T0, lastAt: T0 + 240 * MIN }]);
    w.at(Date.UTC(2026, 10, 21, 6, 30)); // 00:30 the next day in Mexico City
    alertsAfterBackground(w.ctx(), [fail], {});
    expect(w.mails).toHaveLength(2);
    alertsAfterBackground(w.ctx(), [ok], {});
    expect(readAlerts(w.documentStore).alerts).toEqual([]);
    expect(w.mails).toHaveLength(2);
  });

  test('a refused mail is logged, keeps the alert, and is tried again an hour later, not at every run', () => {
    const w = world();
    w.refuse('Service invoked too many times for one day: email.');
    alertsAfterBackground(w.ctx(), [fail], {});
    w.at(T0 + 30 * MIN);
    alertsAfterBackground(w.ctx(), [fail], {});
    const log = w.workbook.sheets.get('Log')!.readAll();
    expect(log.slice(1).filter((r) => r[2] === 'Alert mail')).toHaveLength(1);
    w.refuse(null);
    w.at(T0 + 61 * MIN);
    alertsAfterBackground(w.ctx(), [fail], {});
    expect(w.mails).toHaveLength(1);
    expect(readAlerts(w.documentStore).alerts).toHaveLength(1);
  });

  test('mail off: the alert is kept, nothing is sent', () => {
    const w = world({ alerts: { mail: false, lowStock: 0 } });
    alertsAfterBackground(w.ctx(), [fail], {});
    expect(w.mails).toEqual([]);
    expect(alertsView(w.documentStore, ZONE)).toHaveLength(1);
  });

  test('a pending push not finished for twice its interval is stale; open jobs too', () => {
    const w = world({ deployment: 'container', orders: Settings.parse({}).orders });
    const job = { jobId: 'J1', rows: 3, createdAt: T0, items: 0, finalItems: 0, tracked: true, owner: 'seller@example.com' };
    w.at(T0 + 121 * MIN);
    alertsAfterBackground(w.ctx(), [], { pushAt: T0 + 100 * MIN, jobs: [job as never] });
    expect(readAlerts(w.documentStore).alerts.map((a) => [a.kind, a.cause, a.since])).toEqual([
      ['jobs', 'stale', T0],
      ['push', 'stale', T0 + 100 * MIN],
    ]);
  });
});

describe('alerts at an open and in the sidebar', () => {
  test('a schedule whose trigger never ran is found stale at the open, shown once, kept until dismissed', () => {
    const store = memoryStore();
    const settings = { ...Settings.parse({}), orders: { ...Settings.parse({}).orders, scheduleMinutes: 60, scheduleOwner: 'x' } };
    updateImportStatus(store, { scheduledSince: T0 });
    expect(alertsToToast(store, settings, T0 + 110 * MIN, ZONE)).toEqual([]);
    const lines = alertsToToast(store, settings, T0 + 130 * MIN, ZONE);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Scheduled order import has not succeeded since 2026-11-20 09:00: it should run every hour,/);
    expect(alertsToToast(store, settings, T0 + 140 * MIN, ZONE)).toEqual([]);
    expect(alertsView(store, ZONE).map((a) => a.kind)).toEqual(['import']);
    dismissAlert(store, 'import');
    expect(alertsView(store, ZONE)).toEqual([]);
    expect(() => dismissAlert(store, 'bogus')).toThrow(/No alert of kind 'bogus'/);
  });

  test('low SKUs are merged by SKU (latest quantity) into one alert; a threshold of 0 records nothing', () => {
    const w = world({ alerts: { mail: true, lowStock: 3 } });
    noteLowStock(w.ctx(), [
      { sku: 'A', quantity: 3 },
      { sku: 'B', quantity: 9 },
    ]);
    noteLowStock(w.ctx(), [
      { sku: 'A', quantity: 1 },
      { sku: 'C', quantity: 0 },
    ]);
    expect(readAlerts(w.documentStore).alerts).toMatchObject([
      {
        kind: 'lowStock',
        skus: [
          { sku: 'A', quantity: 1 },
          { sku: 'C', quantity: 0 },
        ],
      },
    ]);
    const off = world();
    noteLowStock(off.ctx(), [{ sku: 'A', quantity: 0 }]);
    expect(readAlerts(off.documentStore).alerts).toEqual([]);
  });

  test('a quiet run notes its success alone: a dismissal made meanwhile stays, and nothing else is rewritten', () => {
    const w = world();
    w.at(T0);
    alertsAfterBackground(w.ctx(), [fail], {});
    // The run reads the alerts; the seller dismisses the failure before the run's own success is written.
    const writes: string[][] = [];
    const store = w.documentStore;
    const during = { ...store, setMany: (e: Record<string, string>) => (writes.push(Object.keys(e)), store.setMany(e)) };
    const run = { ...w.ctx(), ports: { ...w.ctx().ports, documentStore: during } };
    w.at(T0 + 2 * MIN);
    alertsAfterBackground(run, [{ work: 'push', ran: true, failure: null }], {});
    expect(writes).toEqual([['alerts.lastSuccess']]);
    expect(readAlerts(store).lastSuccess).toMatchObject({ push: T0 + 2 * MIN });
    expect(readAlerts(store).alerts).toMatchObject([{ kind: 'import' }]);
  });

  test('successes an earlier version kept in the record still count, the later of the two; an unreadable key counts none', () => {
    const store = memoryStore({
      alerts: JSON.stringify({ ...emptyAlerts(), lastSuccess: { import: T0, jobs: T0 + 5 } }),
      'alerts.lastSuccess': JSON.stringify({ import: T0 + 9, push: 'soon', jobs: T0 + 1 }),
    });
    expect(readAlerts(store).lastSuccess).toEqual({ import: T0 + 9, jobs: T0 + 5 });
    store.data['alerts.lastSuccess'] = '{unreadable';
    expect(readAlerts(store).lastSuccess).toEqual({ import: T0, jobs: T0 + 5 });
  });

  test('no alert reads as the schema reads nothing, without parsing', () => {
    expect(emptyAlerts()).toEqual(AlertsRecord.parse({}));
    expect(readAlerts(memoryStore({ alerts: JSON.stringify(emptyAlerts()) }))).toEqual(AlertsRecord.parse({}));
  });
});

/**
 * The Marketplace build's one hourly trigger serves every spreadsheet of the user, but Google ties
 * it to the spreadsheet it was created in and stops it while the add-on is turned off there
 * ("Add-on triggers stop firing … if the add-on is disabled in a document",
 * https://developers.google.com/workspace/add-ons/concepts/editor-triggers). Background work in
 * the other spreadsheets must not stop for good: the next sidebar opening in one that still has
 * the add-on creates the trigger again there, and the stale alert says what happened.
 */
import { useHub } from '../../support/hub';
import { unwrap } from '../../support/results';
import { hubOrders, orderRows, ordersSettings } from '../orders-helpers';

const HOUR = 3_600_000;
const A = 'spreadsheet-A'; // where the trigger was set up; this world's spreadsheet is another one

describe('add-on: the hourly trigger is turned off with the add-on in its spreadsheet', () => {
  const env = useHub({ target: 'addon', settings: { orders: ordersSettings({ backfillDays: 30 }) } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 30, days: 2, seed: 5 } });
  });

  test('the import stops, the alert says why and what to do, the sidebar creates the trigger here, the import resumes', () => {
    unwrap(env.call('setOrdersSchedule', 60));
    const [created] = env.rt.triggers();
    env.rt.setTriggerDocument(created.uid, A);
    env.rt.setAddonEnabled(false, A);

    const stopped = env.rt.advance(3 * HOUR + 60_000);
    expect(stopped.map((r) => r.skipped)).toEqual(['addon-disabled', 'addon-disabled', 'addon-disabled']);
    expect(orderRows(env).size).toBe(0);

    // Opening this spreadsheet: the toast names the stopped trigger and what to do.
    env.rt.open();
    const toast = env.rt.toasts().at(-1)!.message;
    expect(toast).toMatch(/Scheduled order import has not succeeded since/);
    expect(toast).toMatch(
      /hourly trigger stops when Hub Sync is turned off \(Extensions › Add-ons › Manage add-ons\) in the spreadsheet where it was set up/,
    );
    expect(toast).toMatch(/Open the sidebar here: it sets the hourly trigger up again from this spreadsheet/);

    // Opening the sidebar (the first call with the user's authorization) creates the trigger here.
    const state = unwrap(env.call('getSidebarState'));
    expect(state.alerts.map((a: { text: string }) => a.text).join('\n')).toMatch(/Open the sidebar here/);
    const now = env.rt.triggers();
    expect(now).toEqual([
      expect.objectContaining({ handler: 'onBackgroundWork', type: 'everyHours', documentId: env.rt.world.workbook.id }),
    ]);
    expect(now[0].uid).not.toBe(created.uid);

    // The next hourly run imports; its success clears the alert.
    const resumed = env.rt.advance(HOUR + 60_000);
    expect(resumed.map((r) => [r.ok, r.skipped])).toEqual([[true, undefined]]);
    expect(orderRows(env).size).toBe(hubOrders(env).length);
    expect(unwrap(env.call('getSidebarState')).alerts).toEqual([]);
  });

  test('a trigger that keeps running is left alone by the sidebar', () => {
    const [t] = env.rt.triggers();
    env.rt.advance(3 * HOUR);
    unwrap(env.call('getSidebarState'));
    expect(env.rt.triggers().map((x) => x.uid)).toEqual([t.uid]);
  });
});

/**
 * The Marketplace add-on build (dist/addon) with Google's add-on rules in the runtime emulator:
 * its time trigger runs with no document open (getActive(), document properties and the
 * document lock are null), at most hourly, one per user. Scheduled import, job polling and
 * long menu pushes must still get done, through the user's list of spreadsheets opened by id.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, seedProducts } from './helpers';
import { hubOrders, orderRows } from './orders-helpers';
import { unwrap } from '../support/results';

const HOUR = 3_600_000;
const STATE_SHEET = 'Hub Sync data (do not edit)';

type Doc = { id: string; name: string; due: string[]; lastRunAt: number | null };
const documents = (env: AddonEnv): Doc[] => JSON.parse(env.rt.properties('user')['background.documents'] ?? '[]') as Doc[];

function expectHourlyTriggerOnly(env: AddonEnv): void {
  const triggers = env.rt.triggers();
  expect(triggers).toHaveLength(1);
  expect(triggers[0]).toMatchObject({ handler: 'onBackgroundWork', type: 'everyHours', interval: 1 });
}

describe('add-on target: background work with no document open', () => {
  let skus: string[];
  const env = useHub(
    {
      target: 'addon',
      runtime: { virtualFetchLatencyMs: 8000, measuredFetchLatency: false },
      settings: { chunkRows: 2500, plainChannels: ['*'] }, // an async job with a plain Price: for every channel
      startMs: 120_000,
    },
    (env) => {
      skus = seedProducts(env, 20_000, ['amazon'], 'active');
    },
  );

  test("keeps the spreadsheet's state in its hidden sheet, not in document properties (unreadable in the hourly run)", () => {
    // Only the open sidebar's section stamps (live.*): not state — a stamp the hourly run cannot
    // reach only delays a redraw (it marks in the user's properties instead).
    expect(Object.keys(env.rt.properties('document')).filter((key) => !key.startsWith('live.'))).toEqual([]);
    expect(env.rt.sheet(STATE_SHEET).isHidden()).toBe(true);
    const keys = env.rt
      .sheet(STATE_SHEET)
      .values()
      .slice(1)
      .map((r) => r[0]);
    expect(keys).toContain('settings');
  });

  test('a 20,000-row menu push stops at the time budget, says the rest goes on hourly, and the hourly run finishes it: every row once', () => {
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 1 + (i % 100)])]);
    clearRequests(env);
    env.call('pushStockAll');
    const first = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status').filter((s) => s === 'OK').length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(20_000);
    expect(env.rt.toasts().at(-1)!.message).toMatch(/continues at the next hourly background run, or open the sidebar and press Resume/);
    // No one-off trigger a minute later: an add-on may not run a clock trigger more often than hourly.
    expectHourlyTriggerOnly(env);
    expect(documents(env)).toEqual([expect.objectContaining({ due: ['a push to finish'] })]);

    const runs = env.rt.advance(HOUR + 60_000);
    expect(runs.map((r) => [r.handler, r.ok])).toEqual([['onBackgroundWork', true]]);
    const status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
    expect(status.filter((s) => s === 'OK')).toHaveLength(20_000);
    const counts = new Map<string, number>();
    for (const r of apiRequests(env)) for (const sku of r.skus ?? []) counts.set(sku, (counts.get(sku) ?? 0) + 1);
    expect(counts.size).toBe(20_000);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    // Nothing left to do anywhere: the list is empty and the trigger is gone.
    expect(documents(env)).toEqual([]);
    expect(env.rt.triggers()).toEqual([]);
  });

  test('an async job is polled by the hourly run and its result written back; then the trigger goes', () => {
    env.rt.deleteSheet('Stock & Prices');
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity', 'Price'], ...skus.slice(0, 60).map((s, i) => [s, 40 + i, 99.5])]);
    env.call('pushAsyncAll');
    expect(new Set(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status'))).toEqual(new Set(['Pending']));
    expectHourlyTriggerOnly(env);
    expect(documents(env)[0].due).toEqual(['1 async job to follow']);
    env.rt.advance(HOUR + 60_000);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
    expect(values[1][column(values, 'Status [amazon]')]).toBe('OK');
    expect(env.rt.triggers()).toEqual([]);
  });

  test('a spreadsheet that cannot be opened three hourly runs in a row is dropped with a notice; the others still run', () => {
    unwrap(env.call('setOrdersSchedule', 60));
    const mine = documents(env);
    expect(mine).toHaveLength(1);
    // A spreadsheet deleted since it was listed (its id no longer opens).
    env.rt.setProperty(
      'user',
      'background.documents',
      JSON.stringify([
        { id: '1deletedSpreadsheetId00000000000000', name: 'Old shop', due: ['order import every 60 min'], addedAt: 0, lastRunAt: null },
        ...mine,
      ]),
    );
    env.adminSync('POST', '/__admin/orders', { generate: { count: 30, days: 2, seed: 9 } });
    // A passing outage is not a deletion: after one or two failed runs it is still listed, quietly.
    expect(env.rt.advance(HOUR + 60_000).every((r) => r.ok)).toBe(true);
    expect(documents(env).map((d) => d.name)).toEqual(['Old shop', mine[0].name]);
    expect(orderRows(env).size).toBe(hubOrders(env).length);
    expect(env.rt.advance(2 * HOUR).every((r) => r.ok)).toBe(true);
    expect(documents(env).map((d) => d.name)).toEqual([mine[0].name]);
    const state = unwrap(env.call('getSidebarState'));
    expect(state.notices.join('\n')).toMatch(
      /Background work for the spreadsheet "Old shop" stopped: it could not be opened 3 hours in a row/,
    );
    // Reading the sidebar's state changes nothing (issue 19): the notice stays until dismissed, and only what was shown goes.
    expect(unwrap(env.call('getSidebarState')).notices).toEqual(state.notices);
    expect(unwrap(env.call('dismissNotices', state.notices.slice(1))).left).toBe(1);
    expect(unwrap(env.call('getSidebarState')).notices).toEqual(state.notices.slice(0, 1));
    expect(unwrap(env.call('dismissNotices', state.notices)).left).toBe(0);
    expect(unwrap(env.call('getSidebarState')).notices).toEqual([]);
    unwrap(env.call('setOrdersSchedule', 0));
    expect(documents(env)).toEqual([]);
    expect(env.rt.triggers()).toEqual([]);
  });
});

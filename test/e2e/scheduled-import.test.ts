/**
 * The scheduled order import in both builds: the bound script's trigger runs in its spreadsheet;
 * the add-on's runs with no document open (Google's rule, enforced by the runtime emulator) and
 * opens the spreadsheet by id from the user's background list. Same orders, same rows.
 */
import { TARGETS } from '../../dev/tools/targets';
import { useHub } from '../support/hub';
import { column } from './helpers';
import { getOrdersCalls, hubOrders, orderRows, ordersSettings, ordersSheet } from './orders-helpers';
import { unwrap } from '../support/results';

const HOUR = 3_600_000;

describe.each(TARGETS)('scheduled order import, hourly (%s)', (target) => {
  const env = useHub({ target, settings: { orders: ordersSettings({ backfillDays: 30 }) } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 120, days: 10, seed: 3 } });
  });

  test('imports until every order is in the sheet, one row each, every trigger run succeeding', () => {
    expect(hubOrders(env)).toHaveLength(120);
    unwrap(env.call('setOrdersSchedule', 60));
    // The bound script's first import starts at once (a one-off trigger); the add-on's at its hourly run.
    expect(env.rt.triggers()).toEqual([
      expect.objectContaining(
        target === 'bound'
          ? { handler: 'onBackgroundWork', type: 'after' }
          : { handler: 'onBackgroundWork', type: 'everyHours', interval: 1 },
      ),
    ]);
    expect(orderRows(env).size).toBe(0);
    for (let h = 0; h < 8 && orderRows(env).size < hubOrders(env).length; h++) env.rt.advance(HOUR);
    expect(orderRows(env).size).toBe(120);
    const runs = env.rt.executions().filter((e) => e.kind === 'trigger');
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.filter((e) => !e.ok)).toEqual([]);
  });

  test('an order added in the hub later arrives at the next run; nothing is written twice', () => {
    const before = getOrdersCalls(env).length;
    env.adminSync('POST', '/__admin/orders', { generate: { count: 3, days: 0, seed: 11 } });
    env.rt.advance(HOUR);
    expect(getOrdersCalls(env).length).toBeGreaterThan(before);
    expect(orderRows(env).size).toBe(123);
    const sheet = ordersSheet(env);
    const ids = sheet
      .slice(1)
      .map((r) => r[column(sheet, 'Order id')])
      .filter((id) => id !== '');
    expect(ids).toHaveLength(123); // one row per order: none written twice
  });
});

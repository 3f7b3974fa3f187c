/**
 * A seller whose email Apps Script hides (consumer account, outside the owner's domain):
 * Session getEmail() is '' and the only identity Google offers, getTemporaryActiveUserKey(),
 * changes every 30 days (the emulator models both, dev/gas-runtime/README.md "Hidden emails").
 * Everything the add-on keeps per user — background state, the order schedule's owner, open
 * jobs' owner, the push run's owner — must survive that rotation: the scheduled import and the
 * polling of jobs go on across it. And where a name is shown, '' must read as someone.
 */
import { useHub } from '../support/hub';
import { TEMPORARY_KEY_ROTATION_MS } from '../../dev/gas-runtime/session-service';
import { column, columnValues, seedProducts } from './helpers';
import { advanceUntil, orderRows, ordersSettings } from './orders-helpers';
import { unwrap } from '../support/results';
import { typedCall } from '../../dev/testkit/env';

const MINUTE = 60_000;

/** The first key rotation after 2026-11-20 (rotations fall on multiples of 30 days since the epoch). */
const ROTATION = Math.ceil(Date.UTC(2026, 10, 20) / TEMPORARY_KEY_ROTATION_MS) * TEMPORARY_KEY_ROTATION_MS;

describe('hidden emails: per-user work survives the 30-day rotation of the temporary user key', () => {
  let skus: string[];

  const env = useHub(
    {
      settings: { deployment: 'container', orders: ordersSettings({ backfillDays: 30 }) },
      runtime: { deployment: 'container', hiddenEmails: true, now: ROTATION - 2 * 60 * MINUTE },
    },
    (env) => {
      skus = seedProducts(env, 60, ['amazon']);
      env.adminSync('POST', '/__admin/orders', { generate: { count: 40, days: 10, seed: 3 } });
    },
  );

  test('the scheduled import and job polling started before the rotation go on after it', () => {
    unwrap(env.call('setOrdersSchedule', 15));
    advanceUntil(env, () => orderRows(env).size >= 40, 60);
    expect(orderRows(env).size).toBe(40);

    // An async job sent three minutes before the rotation is first polled after it.
    env.rt.advanceTo(ROTATION - 3 * MINUTE);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])]);
    env.call('pushAsyncAll');
    expect(new Set(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status'))).toEqual(new Set(['Pending']));

    env.rt.advanceTo(ROTATION + 10 * MINUTE);
    env.adminSync('POST', '/__admin/clock', { now: env.rt.now() });
    env.adminSync('POST', '/__admin/orders', { generate: { count: 10, days: 0.005, seed: 4 } });
    const runs = env.rt.advance(60 * MINUTE);
    expect(runs.filter((r) => !r.ok)).toEqual([]);

    expect(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status').every((s) => s === 'OK')).toBe(true);
    expect(orderRows(env).size).toBe(50);
    expect(unwrap(env.call('getOrdersStatus'))).toMatchObject({ scheduleOn: true, totalAdded: 50, lastError: null });
    // One trigger, the schedule's: none left behind for an identity that no longer exists.
    expect(env.rt.triggers()).toEqual([expect.objectContaining({ handler: 'onBackgroundWork', type: 'everyMinutes', interval: 15 })]);
  });

  test('the Log sheet names a hidden user "someone"; a colleague is told "another user" is pushing', () => {
    const log = env.rt.sheet('Log').values();
    // Operations say "someone"; a settings change says "another editor" (settings/audit.ts).
    const users = new Set(columnValues(log, 'User'));
    expect([...users].sort()).toEqual(['another editor', 'someone']);
    expect(log.slice(1).some((r) => r[column(log, 'Operation')] === 'Import orders')).toBe(true);

    const run = unwrap(env.call('startPush', 'stock', 'all'));
    const colleague = typedCall(env.rt.forUser('colleague@example.com', { hideEmail: false }));
    unwrap(colleague('saveToken', env.token));
    const refused = colleague('startPush', 'stock', 'changed');
    expect(!refused.ok && refused.error).toMatch(/did not start: Push stock \(all rows\) on "Stock & Prices" by another user, started/);
    unwrap(env.call('cancelPush', run.runId));
  });
});

/**
 * Send as async job over 10,000 rows scattered among rows that are not sent (every other row has
 * an empty Quantity). Before the request the chunk marks every row of the round "in flight" in
 * document properties (journal.ts markInFlight): one range per row when the rows are not adjacent,
 * ~30 bytes each, with no bound. The store passes the 250 KB budget of issue 11.
 */
import { useHub } from '../../support/hub';
import { PROPERTY_BUDGET_BYTES, storeBytes } from '../../../dev/testkit/invariant/check';
import { SHEET, freshWorld, rows } from './attack-helpers';

describe('attack: document properties budget', () => {
  const env = useHub();

  test('async job of 10,000 scattered rows', () => {
    freshWorld(env, []);
    const n = 20_000;
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...Array.from({ length: n }, (_, i) => [`Q-${i + 1}`, i % 2 === 0 ? 3 : ''])]);
    let max = 0;
    env.rt.onServiceCall((info) => {
      if (info.service === 'UrlFetchApp' || info.service === 'Properties') max = Math.max(max, storeBytes(env.rt.properties('document')));
    });
    let error = '';
    try {
      env.call('pushAsyncAll');
    } catch (e) {
      error = String(e).slice(0, 300);
    } finally {
      env.rt.onServiceCall(undefined);
    }
    const statuses = new Map<string, number>();
    for (const r of rows(env)) statuses.set(String(r['Sync status']), (statuses.get(String(r['Sync status'])) ?? 0) + 1);
    expect({ error, statuses: Object.fromEntries(statuses) }).toEqual({ error: '', statuses: { Pending: 10_000, Error: 10_000 } });
    expect(max).toBeLessThanOrEqual(PROPERTY_BUDGET_BYTES);
  }, 120_000);
});

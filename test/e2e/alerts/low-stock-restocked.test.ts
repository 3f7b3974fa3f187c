/**
 * Review 18: the low-stock alert only ever grew. A SKU a push found low stayed on it after a later
 * push confirmed it restocked, so the sidebar kept saying it was low and the next day's mail listed
 * it again with its old quantity. A SKU confirmed above the threshold now leaves the alert (and the
 * alert goes when none is left).
 */
import type { AddonEnv } from '../../../dev/testkit/env';
import { useHub } from '../../support/hub';
import { seedProducts } from '../helpers';
import { unwrap } from '../../support/results';

const HOUR = 3_600_000;
const STOCK = 'Stock & Prices';
type Alert = { kind: string; text: string };
const alerts = (env: AddonEnv): Alert[] => unwrap<{ alerts: Alert[] }>(env.call('getSidebarState')).alerts;

describe('a restocked SKU leaves the low-stock alert', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 3, ['amazon', 'walmart']);
  });

  const pushStock = (rows: unknown[][]): void => {
    if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [['SKU', 'Quantity'], ...rows]);
    env.call('pushStockAll');
  };

  test('low, mailed; restocked: off the sidebar and not mailed again the next day', () => {
    unwrap(env.call('saveSettings', { alerts: { mail: true, lowStock: 5 } }));
    pushStock([
      [skus[0], 2],
      [skus[1], 3],
      [skus[2], 40],
    ]);
    expect(alerts(env).find((a) => a.kind === 'lowStock')?.text).toMatch(new RegExp(`${skus[0]} \\(2\\), ${skus[1]} \\(3\\)`));
    unwrap(env.call('setOrdersSchedule', 60));
    env.rt.advance(HOUR + 60_000);
    expect(env.rt.mails()).toHaveLength(1);

    // One restocked: the other is still low.
    pushStock([[skus[0], 50]]);
    const low = alerts(env).find((a) => a.kind === 'lowStock');
    expect(low?.text).toMatch(new RegExp(`: ${skus[1]} \\(3\\)`));
    expect(low?.text).not.toContain(skus[0]);
    // Both: the alert is gone, and the next day sends nothing about it.
    pushStock([[skus[1], 60]]);
    expect(alerts(env).filter((a) => a.kind === 'lowStock')).toEqual([]);
    env.rt.advance(26 * HOUR);
    expect(env.rt.mails()).toHaveLength(1);
  });
});

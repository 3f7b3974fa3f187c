/**
 * Found by the cross-feature property (dev/testkit/cross, mixed profile), shrunk: a row's general
 * Quantity is what the hub holds as its general value, but one channel's listing holds another (the
 * hub's channels drift; a pull shows them). The preview said the push would send the general value
 * on to that channel ("send", walmart 44 → 49), but Push these changes took the row for unchanged
 * and sent nothing: the seller was shown a change that never came. What the preview shows as
 * changing is what Push these changes sends.
 */
import { useHub } from '../../support/hub';
import { hubProducts } from '../helpers';
import { call, finish } from '../preview-helpers';

const STOCK = 'Stock & Prices';
const SKU = 'DRIFT-1';

describe('cross: a general Quantity the hub holds, passed on to a channel that holds another', () => {
  const env = useHub({}, (env) => {
    env.adminSync('POST', '/__admin/products', {
      products: [{ sku: SKU, quantity: 49, price: 100, listings: { amazon: { quantity: 49 }, walmart: { quantity: 44 } } }],
    });
  });

  test('the preview shows walmart changing and Push these changes sends the general Quantity that changes it', () => {
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity'],
      [SKU, 49],
    ]);
    const shown = call(env, 'previewPush', 'stock', 'all');
    expect(shown.totals.changes).toEqual({ Quantity: 1, 'Quantity [walmart]': 1 });
    expect(shown.rowsToPush).toBe(1);
    const lines = env.rt.sheet('Preview').values().slice(1);
    expect(lines.map((l) => [l[2], l[4], l[5], l[8]])).toEqual([
      ['all channels', 49, 49, 'send'],
      ['walmart', 44, 49, 'send'],
    ]);
    expect(finish(env, call(env, 'pushPreviewedChanges', shown.previewId))).toMatchObject({ ok: 1, failed: 0 });
    expect(hubProducts(env).get(SKU)!.listings.walmart!.quantity).toBe(49);
  });
});

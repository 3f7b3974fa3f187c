/**
 * Review 17: the stock-to-0 guard rail counts the SKUs dropping to 0 among the lines it is given.
 * The preview counts every row in scope; the check before "Push these changes" re-counts only the
 * rows the preview would push. A row whose only change is a held-back drop to 0 is not among
 * them, so the count falls under the limit, the other row's held-back quantity turns into "send",
 * and the push is refused as "the sheet or the hub changed since the preview" — every time.
 */
import { useHub } from '../../support/hub';
import { apiRequests, clearRequests, hubProducts, seedProducts } from '../helpers';
import { loose } from '../../support/results';

const SHEET = 'Stock & Prices';

describe('the zero-stock guard rail and the check', () => {
  let skus: string[];
  const env = useHub({ settings: { guards: { pricePct: 0, zeroStock: 1 } } }, (env) => {
    skus = seedProducts(env, 2, ['amazon'], 'active');
  });

  test('nothing changed since the preview: its price change is pushed, its held-back drops are not', () => {
    const hub = hubProducts(env);
    const price = hub.get(skus[1])!.listings.amazon!.price;
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Price [amazon]'],
      [skus[0], 0, hub.get(skus[0])!.listings.amazon!.price], // only a drop to 0
      [skus[1], 0, price + 1], // a drop to 0 and a price change
    ]);
    const preview = loose(env.call('previewPush', 'changes', 'all')).value!;
    expect(preview.totals.guarded).toBe(2);
    expect(preview.rowsToPush).toBe(1);
    clearRequests(env);
    const r = loose(env.call('pushPreviewedChanges', preview.previewId));
    expect(r.error).toBeUndefined();
    expect(r.ok).toBe(true);
    let p = r.value!;
    for (let i = 0; i < 10 && !p.finished; i++) p = loose(env.call('continuePush', p.runId)).value!;
    const after = hubProducts(env);
    expect(after.get(skus[1])!.listings.amazon!.price).toBe(price + 1);
    expect(after.get(skus[1])!.quantity).toBe(hub.get(skus[1])!.quantity);
    expect(
      apiRequests(env)
        .filter((q) => q.method !== 'GET')
        .every((q) => !q.path.includes('updatestock')),
    ).toBe(true);
  });
});

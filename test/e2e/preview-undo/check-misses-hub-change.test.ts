/**
 * Review 17: the check before "Push these changes" compares only the values the row sends. The
 * channels a general value is passed on to (shown in the preview with what they hold) are left
 * out of the record and of its digest, and a price by ERP id is never read at all ("not read" both
 * times). A hub change since the preview on those channels goes unnoticed and is overwritten.
 */
import type { AddonEnv } from '../../../dev/testkit/env';
import { useHub } from '../../support/hub';
import { apiRequests, changeOnHub, clearRequests, hubProducts, seedProducts, type HubProduct } from '../helpers';
import { loose } from '../../support/results';

const SHEET = 'Stock & Prices';

const posts = (env: AddonEnv) => apiRequests(env).filter((r) => r.method.toUpperCase() !== 'GET');

describe('hub changes the check does not see', () => {
  let skus: string[];
  // Prices by ERP id go to every channel: plain columns are every channel's.
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart'], 'active');
  });

  test('prices by ERP id: a channel price changed on the hub since the preview is not overwritten', () => {
    const p = hubProducts(env).get(skus[0]) as HubProduct;
    env.rt.addSheet(SHEET, [
      ['SKU', 'ERP id', 'Price'],
      [skus[0], p.internalId, 55.5],
    ]);
    const preview = loose(env.call('previewPush', 'erp', 'all')).value!;
    expect(preview.rowsToPush).toBe(1);
    // The preview listed amazon's and walmart's prices (passed the 55.5); a colleague reprices amazon.
    expect(
      env.rt
        .sheet('Preview')
        .values()
        .some((r) => r[0] === skus[0] && r[2] === 'amazon'),
    ).toBe(true);
    changeOnHub(env, skus[0], 'amazon', 'price', 99.99);
    clearRequests(env);
    const r = loose(env.call('pushPreviewedChanges', preview.previewId));
    let p2 = r.value;
    for (let i = 0; i < 10 && p2 && !p2.finished; i++) p2 = loose(env.call('continuePush', p2.runId)).value;
    expect(posts(env)).toEqual([]);
    expect(r.ok).toBe(false);
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(99.99);
  });

  test('a general Quantity: a channel quantity changed on the hub since the preview is not overwritten', () => {
    env.rt.deleteSheet(SHEET);
    const q = hubProducts(env).get(skus[1])!.quantity;
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      [skus[1], q + 5],
    ]);
    const preview = loose(env.call('previewPush', 'stock', 'all')).value!;
    changeOnHub(env, skus[1], 'walmart', 'quantity', 1); // a sale on walmart
    clearRequests(env);
    const r = loose(env.call('pushPreviewedChanges', preview.previewId));
    let p2 = r.value;
    for (let i = 0; i < 10 && p2 && !p2.finished; i++) p2 = loose(env.call('continuePush', p2.runId)).value;
    expect(r.ok).toBe(false);
    expect(posts(env)).toEqual([]);
  });
});

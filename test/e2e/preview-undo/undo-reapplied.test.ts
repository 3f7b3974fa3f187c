/**
 * Review 17: "Push changes" sends a row's general Quantity and then re-sends its per-channel
 * quantities the hub overwrote with it. The undo records the re-sent channel quantity as "the push
 * did not change it" (before = after) and restores only the general Quantity — which the hub
 * passes on to every channel again, so the channel's own quantity is lost.
 */
import { useHub } from '../../support/hub';
import { hubProducts, seedProducts, type HubProduct } from '../helpers';
import { call, finish } from '../preview-helpers';

const SHEET = 'Stock & Prices';

describe('undo of Push changes with a re-applied channel quantity', () => {
  let sku: string;
  const env = useHub({}, (env) => {
    [sku] = seedProducts(env, 1, ['amazon', 'walmart'], 'active');
    const p = hubProducts(env).get(sku) as HubProduct;
    p.quantity = 8;
    p.listings.amazon!.quantity = 4; // amazon keeps its own quantity
    p.listings.walmart!.quantity = 8;
    env.adminSync('POST', '/__admin/products', { products: [p] });
  });

  test('after the undo, amazon holds its own 4 again, as before the push', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Quantity [amazon]'],
      [sku, 10, 4],
    ]);
    const preview = call(env, 'previewPush', 'changes', 'all');
    expect(preview.rowsToPush).toBe(1);
    finish(env, call(env, 'pushPreviewedChanges', preview.previewId));
    const pushed = hubProducts(env).get(sku)!;
    expect([pushed.quantity, pushed.listings.amazon!.quantity, pushed.listings.walmart!.quantity]).toEqual([10, 4, 10]);
    const shown = call(env, 'previewUndo', false);
    finish(env, call(env, 'undoLastPush', shown.pushId!, false));
    const after = hubProducts(env).get(sku)!;
    expect([after.quantity, after.listings.amazon!.quantity, after.listings.walmart!.quantity]).toEqual([8, 4, 8]);
  });
});

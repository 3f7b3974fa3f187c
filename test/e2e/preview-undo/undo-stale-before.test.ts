/**
 * Review 17: for a push that was not previewed, undo's "before" is the snapshot (the last value
 * the add-on confirmed), not what the hub held just before the push. A sale on a channel between
 * two pushes is then wiped out by Undo last push, which says it "restores the value from before
 * the push".
 */
import { useHub } from '../../support/hub';
import { hubProducts, seedProducts, type HubProduct } from '../helpers';
import { call } from '../preview-helpers';

const SHEET = 'Stock & Prices';

describe('undo of a blind push after the hub moved', () => {
  let sku: string;
  const env = useHub({}, (env) => {
    [sku] = seedProducts(env, 1, ['amazon'], 'active');
  });

  // Issue 17 takes "before" from the preview's read when there was one, else from the last
  // confirmed value: a push without a preview reads nothing first, so a channel's sale in between
  // is not seen. The undo says where its value comes from (and a preview before the push reads it).
  test('undo of a push without a preview restores the last confirmed value, and says so', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      [sku, 10],
    ]);
    env.call('pushStockAll'); // confirmed: 10 (the snapshot says 10)
    // Three units sold on the channel: the hub now holds 7.
    const p = hubProducts(env).get(sku) as HubProduct;
    p.quantity = 7;
    p.listings.amazon!.quantity = 7;
    env.adminSync('POST', '/__admin/products', { products: [p] });
    env.rt.sheet(SHEET).setValues([[20]], 'B2');
    env.call('pushStockAll'); // the hub held 7 before this push
    const shown = call(env, 'previewUndo', false);
    const line = env.rt
      .sheet('Preview')
      .values()
      .find((r) => r[0] === sku && r[3] === 'quantity' && r[2] === 'all channels');
    expect(line?.[5]).toBe(10);
    expect(String(line?.[9])).toBe(
      'restores the last value the add-on had confirmed before the push (no preview read the hub just before it)',
    );
    let done = call(env, 'undoLastPush', shown.pushId!, false);
    for (let i = 0; i < 10 && !done.finished; i++) done = call(env, 'continuePush', done.runId);
    expect(hubProducts(env).get(sku)!.quantity).toBe(10);
  });

  test('previewed, the same push is undone to what the hub held just before it', () => {
    const p = hubProducts(env).get(sku) as HubProduct;
    p.quantity = 7;
    p.listings.amazon!.quantity = 7;
    env.adminSync('POST', '/__admin/products', { products: [p] });
    const preview = call(env, 'previewPush', 'stock', 'all');
    let done = call(env, 'pushPreviewedChanges', preview.previewId);
    for (let i = 0; i < 10 && !done.finished; i++) done = call(env, 'continuePush', done.runId);
    expect(hubProducts(env).get(sku)!.quantity).toBe(20);
    const shown = call(env, 'previewUndo', false);
    done = call(env, 'undoLastPush', shown.pushId!, false);
    for (let i = 0; i < 10 && !done.finished; i++) done = call(env, 'continuePush', done.runId);
    expect(hubProducts(env).get(sku)!.quantity).toBe(7);
    expect(hubProducts(env).get(sku)!.listings.amazon!.quantity).toBe(7);
  });
});

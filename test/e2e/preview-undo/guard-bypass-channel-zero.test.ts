/**
 * Review 17: allowedKeys adds every `quantity:<channel>` key of a row once its general Quantity is
 * sent ("they ride along"), including channel quantities the stock-to-0 guard rail held back. The
 * preview says "not sent unless you tick 'I checked these'"; Push these changes sends them.
 */
import { useHub } from '../../support/hub';
import { hubProducts, seedProducts, type HubProduct } from '../helpers';
import { call } from '../preview-helpers';

const SHEET = 'Stock & Prices';

describe('a held-back drop to 0 of a channel quantity', () => {
  let skus: string[];
  const env = useHub({ settings: { guards: { pricePct: 0, zeroStock: 1 } } }, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart'], 'active');
    for (const sku of skus) {
      const p = hubProducts(env).get(sku) as HubProduct;
      p.quantity = 10;
      p.listings.amazon!.quantity = 10;
      p.listings.walmart!.quantity = 10;
      env.adminSync('POST', '/__admin/products', { products: [p] });
    }
  });

  test('is not sent by Push these changes', () => {
    // Each row: a new general Quantity, and amazon to 0 (2 SKUs to 0 on amazon: beyond the rail of 1).
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Quantity [amazon]'],
      [skus[0], 12, 0],
      [skus[1], 12, 0],
    ]);
    const preview = call(env, 'previewPush', 'changes', 'all');
    const held = env.rt
      .sheet('Preview')
      .values()
      .filter((r) => r[8] === 'guarded' || /guard rail/.test(String(r[9])));
    // The channel's drop is held, and the row's general Quantity with it (the hub would pass it on to amazon).
    expect(held.map((r) => [r[0], r[2], r[3]])).toEqual([
      [skus[0], 'all channels', 'quantity'],
      [skus[0], 'amazon', 'quantity'],
      [skus[1], 'all channels', 'quantity'],
      [skus[1], 'amazon', 'quantity'],
    ]);
    expect(preview.totals.guarded).toBe(4);
    let p = call(env, 'pushPreviewedChanges', preview.previewId);
    for (let i = 0; i < 10 && !p.finished; i++) p = call(env, 'continuePush', p.runId);
    const hub = hubProducts(env);
    // Both held back: the hub keeps its 10, never the unchecked 0.
    for (const sku of skus) {
      expect(hub.get(sku)!.quantity).toBe(10);
      expect(hub.get(sku)!.listings.amazon!.quantity).not.toBe(0);
    }
  });
});

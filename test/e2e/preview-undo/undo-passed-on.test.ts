/**
 * Review 17: a general Quantity (or an ERP-id price) is passed on by the hub to every channel. The
 * preview reads and shows what each channel held, but the previewed push keeps no "before" for
 * those channels (previewedRows drops passedOn lines), so Undo last push cannot put them back.
 */
import { useHub } from '../../support/hub';
import { hubProducts, seedProducts, type HubProduct } from '../helpers';
import { call, finish } from '../preview-helpers';

const SHEET = 'Stock & Prices';

describe('undo of a previewed general quantity', () => {
  let sku: string;
  const env = useHub({}, (env) => {
    [sku] = seedProducts(env, 1, ['amazon', 'walmart'], 'active');
    // The channels hold their own quantities (a channel's sales, a by-channel push).
    const p = hubProducts(env).get(sku) as HubProduct;
    p.quantity = 8;
    p.listings.amazon!.quantity = 5;
    p.listings.walmart!.quantity = 3;
    env.adminSync('POST', '/__admin/products', { products: [p] });
  });

  test('undo puts every channel back to what the preview showed the hub held', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      [sku, 10],
    ]);
    const preview = call(env, 'previewPush', 'stock', 'all');
    // The preview shows amazon 5 and walmart 3 being passed 10.
    const shownChannels = env.rt
      .sheet('Preview')
      .values()
      .filter((r) => r[0] === sku)
      .map((r) => [r[2], r[4]]);
    expect(shownChannels).toEqual(
      expect.arrayContaining([
        ['amazon', 5],
        ['walmart', 3],
      ]),
    );
    finish(env, call(env, 'pushPreviewedChanges', preview.previewId));
    expect(hubProducts(env).get(sku)!.listings.amazon!.quantity).toBe(10);
    const shown = call(env, 'previewUndo', false);
    finish(env, call(env, 'undoLastPush', shown.pushId!, false));
    const after = hubProducts(env).get(sku)!;
    expect([after.quantity, after.listings.amazon!.quantity, after.listings.walmart!.quantity]).toEqual([8, 5, 3]);
  });
});

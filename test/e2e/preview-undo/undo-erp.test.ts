/**
 * Review 17: a previewed push of prices by ERP id cannot be undone. The preview read every
 * channel's price (and showed it), but the record keeps only the row's own key `price`, which no
 * read returns ("not read"): its "before" is null and the undo says it is not known.
 */
import { useHub } from '../../support/hub';
import { hubProducts, seedProducts, type HubProduct } from '../helpers';
import { call, finish } from '../preview-helpers';

const SHEET = 'Stock & Prices';

describe('undo of a previewed push of prices by ERP id', () => {
  let sku: string;
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    [sku] = seedProducts(env, 1, ['amazon', 'walmart'], 'active');
  });

  test('the channel prices the preview showed come back', () => {
    const before = hubProducts(env).get(sku) as HubProduct;
    env.rt.addSheet(SHEET, [
      ['SKU', 'ERP id', 'Price'],
      [sku, before.internalId, 55.5],
    ]);
    const preview = call(env, 'previewPush', 'erp', 'all');
    expect(preview.rowsToPush).toBe(1);
    finish(env, call(env, 'pushPreviewedChanges', preview.previewId));
    expect(hubProducts(env).get(sku)!.listings.amazon!.price).toBe(55.5);
    const shown = call(env, 'previewUndo', false);
    expect(shown.rowsToRestore).toBe(1);
    finish(env, call(env, 'undoLastPush', shown.pushId!, false));
    const after = hubProducts(env).get(sku)!;
    expect([after.listings.amazon!.price, after.listings.walmart!.price]).toEqual([
      before.listings.amazon!.price,
      before.listings.walmart!.price,
    ]);
  });
});

/**
 * Review 17: "Push these changes" checks the sheet against the preview when it starts, but each
 * chunk (continuePush, a later execution) plans the row again from the cells as they are then and
 * cuts it only by key. A value typed between the start and a chunk is sent: a value the seller
 * never saw in a preview, past the guard rails.
 */
import { useHub } from '../../support/hub';
import { apiRequests, clearRequests, hubProducts, seedProducts } from '../helpers';
import { call } from '../preview-helpers';

const SHEET = 'Stock & Prices';

describe('a cell edited after Push these changes started', () => {
  let skus: string[];
  const env = useHub({ settings: { guards: { pricePct: 30, zeroStock: 0 } } }, (env) => {
    skus = seedProducts(env, 3, ['amazon'], 'active');
  });

  test('the value sent is the one previewed, never one typed after the check', () => {
    const price = hubProducts(env).get(skus[0])!.listings.amazon!.price;
    const previewed = Math.round(price * 1.1 * 100) / 100; // +10 %: within the guard rail
    env.rt.addSheet(SHEET, [
      ['SKU', 'Price [amazon]'],
      [skus[0], previewed],
    ]);
    const preview = call(env, 'previewPush', 'prices', 'all');
    expect(preview.rowsToPush).toBe(1);
    const started = call(env, 'pushPreviewedChanges', preview.previewId);
    expect(started.finished).toBe(false);
    // A colleague (or a typo) between the start and the first chunk: −99 %, never previewed, beyond the ±30 % rail.
    env.rt.sheet(SHEET).setValues([[0.01]], 'B2');
    clearRequests(env);
    let p = started;
    for (let i = 0; i < 10 && !p.finished; i++) p = call(env, 'continuePush', p.runId);
    const sent = apiRequests(env).filter((r) => r.method.toUpperCase() !== 'GET');
    const hubNow = hubProducts(env).get(skus[0])!.listings.amazon!.price;
    // Either the previewed value went, or nothing did (the row says it changed since the preview).
    expect([previewed, price]).toContain(hubNow);
    expect(hubNow).not.toBe(0.01);
    expect(sent.length).toBeLessThanOrEqual(1);
  });
});

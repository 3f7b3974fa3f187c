/**
 * Found by the cross-feature property (dev/testkit/cross, undo profile), shrunk: a push sets a
 * row's general Quantity (the hub passes it on to every channel), then the hub changes one
 * channel's quantity behind the add-on's back (a sale on walmart). Undo your last push restored
 * the general Quantity, and the hub passed it on to walmart too, overwriting the change made since
 * — though the undo's own lines said walmart was "skipped: changed on the hub", left as it is.
 * An undo never changes a value changed after the push unless the seller chose to overwrite.
 */
import { useHub } from '../../support/hub';
import { hubProducts } from '../helpers';
import { call, finish } from '../preview-helpers';

const STOCK = 'Stock & Prices';

describe('cross: undo of a general Quantity after the hub changed a channel', () => {
  // Every channel: the row's Quantity goes over the channel quantities a pull writes beside it.
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    env.adminSync('POST', '/__admin/products', {
      products: ['U-1', 'U-2'].map((sku) => ({ sku, quantity: 20, price: 100, listings: { amazon: {}, walmart: {} } })),
    });
  });
  const listing = (sku: string, channel: 'amazon' | 'walmart'): number => hubProducts(env).get(sku)!.listings[channel]!.quantity;
  /** A sale on walmart, on the hub behind the add-on's back. */
  const sale = (sku: string): void => {
    const p = hubProducts(env).get(sku)!;
    p.listings.walmart!.quantity = 9;
    env.adminSync('POST', '/__admin/products', { products: [p] });
  };
  const sheet = (sku: string): void => {
    if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity'],
      [sku, 5],
    ]);
  };

  test('a previewed push undone from the menu: walmart keeps the quantity the hub changed it to since', () => {
    sheet('U-1');
    const shown = call(env, 'previewPush', 'stock', 'all');
    finish(env, call(env, 'pushPreviewedChanges', shown.previewId));
    expect([listing('U-1', 'amazon'), listing('U-1', 'walmart')]).toEqual([5, 5]);
    sale('U-1');
    env.rt.advance(60_000);
    // The push recorded the general Quantity alone: the one question is whether to restore it.
    env.rt.answerNext('YES');
    env.call('undoLastPushFromMenu');
    const p = hubProducts(env).get('U-1')!;
    expect(p.quantity).toBe(20);
    expect(p.listings.amazon!.quantity).toBe(20);
    expect(p.listings.walmart!.quantity).toBe(9);
  });

  test('a push after a pull, undone from the sidebar: the same', () => {
    sheet('U-2');
    env.rt.answerNext('YES'); // the pull replaces the 5 not pushed yet
    env.call('pullCatalogueFromMenu');
    env.rt.sheet(STOCK).setValues([[5]], 'B2');
    env.rt.advance(60_000);
    env.call('pushStockAll');
    expect(listing('U-2', 'walmart')).toBe(5);
    sale('U-2');
    env.rt.advance(60_000);
    const kept = call(env, 'previewUndo', false);
    finish(env, call(env, 'undoLastPush', kept.pushId!, false, kept.newestId!));
    expect([hubProducts(env).get('U-2')!.quantity, listing('U-2', 'amazon'), listing('U-2', 'walmart')]).toEqual([20, 20, 9]);
  });

  test('an async job undone: it cannot send walmart again after the general Quantity, so the Quantity is left unless overwriting', () => {
    sheet('U-1');
    env.rt.sheet(STOCK).setValues([[7]], 'B2');
    env.rt.advance(60_000);
    env.call('pushAsyncAll');
    env.rt.advance(6 * 60_000);
    call(env, 'refreshJobs');
    expect([listing('U-1', 'amazon'), listing('U-1', 'walmart')]).toEqual([7, 7]);
    sale('U-1');
    env.rt.advance(60_000);
    const kept = call(env, 'previewUndo', false);
    expect(kept.rowsToRestore).toBe(0);
    const line = env.rt
      .sheet('Preview')
      .values()
      .find((l) => l[0] === 'U-1' && l[2] === 'all channels') as unknown[];
    expect(line[8]).toBe('skipped: changed on the hub');
    expect(String(line[9])).toMatch(/^restoring it would overwrite Quantity \[walmart\] 9, changed on the hub since/);
    // Overwriting, as the seller chooses: the 20 from before the job goes back, and the hub passes it on.
    const over = call(env, 'previewUndo', true);
    expect(over.rowsToRestore).toBe(1);
    finish(env, call(env, 'undoLastPush', over.pushId!, true, over.newestId!));
    env.rt.advance(6 * 60_000);
    call(env, 'refreshJobs');
    const p = hubProducts(env).get('U-1')!;
    expect([p.quantity, p.listings.amazon!.quantity, p.listings.walmart!.quantity]).toEqual([20, 20, 20]);
  });
});

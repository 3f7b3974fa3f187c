/**
 * An undo sends only what a typed cell could: a value the hub held before a push that is outside
 * the limits every value passes (a price of 0) is shown refused in the undo's preview, with the
 * reason, and is never sent; the other values of the push are restored. Built bundle in the runtime
 * emulator against the hub emulator.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, hubProducts } from './helpers';
import { call, finish } from './preview-helpers';

const STOCK = 'Stock & Prices';

describe('an undo passes the limits a cell does', () => {
  const env = useHub({}, (env) => {
    const listing = (price: number) => ({ quantity: 3, price, status: 'active' });
    env.adminSync('POST', '/__admin/products', {
      products: [
        { sku: 'ZERO-1', quantity: 3, listings: { amazon: listing(0) } },
        { sku: 'ZERO-2', quantity: 3, listings: { amazon: listing(40) } },
      ],
    });
  });

  test('a price of 0 held before the push is refused, not restored; the other value is', () => {
    env.rt.addSheet(STOCK, [
      ['SKU', 'Price [amazon]'],
      ['ZERO-1', 50],
      ['ZERO-2', 60],
    ]);
    // A preview reads what the hub holds just before the push: that is what the undo would restore.
    const preview = call(env, 'previewPush', 'prices', 'all');
    expect(finish(env, call(env, 'pushPreviewedChanges', preview.previewId)).ok).toBe(2);
    expect(hubProducts(env).get('ZERO-1')!.listings.amazon!.price).toBe(50);

    const shown = call(env, 'previewUndo', false);
    const lines = env.rt.sheet('Preview').values();
    const header = lines[0] as string[];
    const zero = lines.find((row) => row[0] === 'ZERO-1')!;
    expect(zero[header.indexOf('What happens')]).toBe('refused');
    expect(zero[header.indexOf('Why')]).toBe('the hub held 0 before the push, which is never sent (must be greater than 0): not restored');
    expect(shown.rowsToRestore).toBe(1);

    clearRequests(env);
    finish(env, call(env, 'undoLastPush', shown.pushId!, false, shown.newestId!));
    const hub = hubProducts(env);
    expect(hub.get('ZERO-1')!.listings.amazon!.price).toBe(50);
    expect(hub.get('ZERO-2')!.listings.amazon!.price).toBe(40);
    expect(apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET' && (q.skus ?? []).includes('ZERO-1'))).toEqual([]);
  });
});

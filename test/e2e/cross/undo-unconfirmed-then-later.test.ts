/**
 * Found by the cross-feature property (dev/testkit/cross, undo profile), shrunk: B pushes a price
 * the hub does not take (its answer echoes another price: Unconfirmed), then A pushes the same
 * price and the hub confirms it. B's "Undo your last push" restored the price from before B's
 * push over A's: a later push setting the value B's push had sent counted as not changing it,
 * though B's push had never been confirmed. A value a later push confirmed is left as it is,
 * unless the seller chooses to overwrite.
 */
import { typedCall } from '../../../dev/testkit/env';
import { useHub } from '../../support/hub';
import { column, hubProducts } from '../helpers';
import { unwrap } from '../../support/results';

const STOCK = 'Stock & Prices';

describe('cross: undo of a push the hub did not take, after a later push confirmed the same value', () => {
  const env = useHub({}, (env) => {
    env.adminSync('POST', '/__admin/products', { products: [{ sku: 'W-1', quantity: 3, price: 50, listings: { walmart: {} } }] });
  });
  const walmart = (): number => hubProducts(env).get('W-1')!.listings.walmart!.price;

  test("B's undo leaves the price A's later push confirmed, and says why; with overwrite it goes back", () => {
    const asB = typedCall(env.rt.forUser('b@example.com'));
    unwrap(asB('saveToken', env.token));
    unwrap(asB('answerFreezeSku', false));
    env.rt.addSheet(STOCK, [
      ['SKU', 'Price [walmart]'],
      ['W-1', 50],
    ]);
    // The hub's 50 confirmed (what an undo of B's push would put back), then the cell edited.
    env.call('pushPricesAll');
    env.rt.sheet(STOCK).setValues([[10]], 'B2');
    env.rt.advance(5 * 60_000);
    // The hub answers success, but echoes another price, and does not take it.
    env.adminSync('POST', '/__admin/faults', { pathPattern: 'updatepricev2', answerFaults: { wrongEcho: 1 }, seed: 5 });
    try {
      asB('pushPricesAll');
    } finally {
      env.adminSync('DELETE', '/__admin/faults');
    }
    let values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync status')]).toBe('Unconfirmed');
    expect(walmart()).toBe(50);
    env.rt.advance(5 * 60_000);
    env.call('pushPricesAll');
    expect(walmart()).toBe(10);
    env.rt.advance(5 * 60_000);

    const shown = unwrap(asB('previewUndo', false));
    expect(shown).toMatchObject({ mine: true, rowsToRestore: 0 });
    expect(shown.totals.changedLater).toBe(1);
    const line = env.rt
      .sheet('Preview')
      .values()
      .find((l) => l[0] === 'W-1') as unknown[];
    expect(line[8]).toBe('skipped: changed by a later push');
    expect(walmart()).toBe(10);

    const over = unwrap(asB('previewUndo', true));
    let p = unwrap(asB('undoLastPush', over.pushId!, true, over.newestId!));
    for (let i = 0; i < 20 && !p.finished; i++) p = unwrap(asB('continuePush', p.runId));
    expect(walmart()).toBe(50);
    values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync status')]).toBe('Undone');
  });
});

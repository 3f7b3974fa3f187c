/**
 * Found by the cross-feature property (dev/testkit/cross, undo profile), shrunk: Push prices by
 * ERP id sets the price of every channel (the hub passes it on), and its row tells the seller to
 * send the row's own Price [amazon] after it with Push prices. The snapshot of confirmed values
 * still held the amazon price an earlier push confirmed, though the hub no longer held it: Push
 * prices › Changed rows and Push changes took the cell for unchanged and sent nothing, leaving the
 * hub on the ERP price the row says was not meant for amazon.
 */
import { useHub } from '../../support/hub';
import { column, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';

describe('cross: Push prices by ERP id, then the changed rows', () => {
  let sku: string;
  let erpId: string;
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    [sku] = seedProducts(env, 1, ['amazon', 'walmart']);
    erpId = hubProducts(env).get(sku)!.internalId;
  });
  const amazon = (): number => hubProducts(env).get(sku)!.listings.amazon!.price;

  test('the amazon price an ERP id push overwrote is no longer taken as confirmed: Changed rows and Push changes send it again', () => {
    env.rt.addSheet(STOCK, [
      ['SKU', 'ERP id', 'Price', 'Price [amazon]'],
      [sku, erpId, '', 25],
    ]);
    env.call('pushPricesAll');
    expect(amazon()).toBe(25);
    env.rt.sheet(STOCK).setValues([[40]], 'C2');
    env.rt.advance(60_000);
    env.call('pushErpAll');
    expect(amazon()).toBe(40);
    let values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync message')]).toMatch(
      /Price \[amazon\] 25 not sent: Price 40 goes to every channel.*send it after this push with Push prices/,
    );

    env.rt.advance(60_000);
    env.call('pushPricesChanged');
    expect(amazon()).toBe(25);
    values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync status')]).toBe('OK');

    // The same through Push changes, after another ERP id push.
    env.rt.advance(60_000);
    env.call('pushErpAll');
    expect(amazon()).toBe(40);
    env.rt.advance(60_000);
    env.call('pushChanges');
    expect(amazon()).toBe(25);
  });
});

/**
 * Found by the cross-feature property (dev/testkit/cross, undo profile), shrunk: Push prices by
 * ERP id sets the price of every channel (the hub passes it on). The snapshot of confirmed values
 * still held the amazon price an earlier push confirmed, though the hub no longer held it, and the
 * row's words disagreed with what the changed-rows pushes then did. Now the cell the hub held is
 * said out of date, the snapshot claims no amazon price (only the cell's marker), and no push sends
 * the cell back over the ERP price until the seller types a new value there.
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

  test('the amazon price an ERP id push passed over is out of date, not taken as confirmed, and not sent back; a new one typed there is', () => {
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
      /Price \[amazon\] 25 is out of date: this push passes Price 40 on to every channel with a listing; type the new value there, clear it, or pull the catalogue/,
    );
    const entry = JSON.parse(String(env.rt.sheet('Hub Sync snapshot').values()[1][1])) as Record<string, number>;
    expect(entry['price:amazon']).toBeUndefined();

    env.rt.advance(60_000);
    env.call('pushPricesChanged');
    env.call('pushChanges');
    expect(amazon()).toBe(40);

    env.rt.sheet(STOCK).setValues([[26]], 'D2');
    env.rt.advance(60_000);
    env.call('pushChanges');
    expect(amazon()).toBe(26);
    values = env.rt.sheet(STOCK).values();
    expect(values[1][column(values, 'Sync status')]).toBe('OK');
  });
});

/**
 * Hostile review of the Price rule's "every channel" (*) with per-channel cells filled, on the
 * built bundle against the hub emulator: a plain value the hub passes on to every channel goes
 * over a Price [channel] cell of the same row; that cell is then not what the hub holds, and the
 * row must say so rather than show a bare OK.
 */
import { useHub } from '../../support/hub';
import { column, columnValues, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';

describe('every channel with per-channel cells filled', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 6);
    env.call('saveSettings', { plainChannels: ['*'] });
  });

  test('Send as async job: Price for every channel with Price [amazon] filled — the amazon cell is said, never a bare OK', () => {
    env.rt.addSheet(STOCK, [['SKU'], [skus[5]]]);
    env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity', 'Price', 'Price [amazon]'],
      [skus[0], 5, 50, 60],
    ]);
    env.call('pushAsyncAll');
    env.rt.advance(6 * 60_000);
    const values = env.rt.sheet(STOCK).values();
    const amazon = hubProducts(env).get(skus[0])!.listings.amazon!.price;
    const message = String(values[1][column(values, 'Sync message')]);
    expect(amazon).toBe(50);
    expect(message).toMatch(
      /Price \[amazon\] 60 not sent: Price 50 goes to every channel \(Settings › Default channels for plain columns\), those included; send it after this push with Push prices/,
    );
  });

  test('Push stock: Quantity for every channel over a Quantity [amazon] of another value is said; an equal one is not', () => {
    env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity', 'Quantity [amazon]'],
      [skus[2], 7, 3],
      [skus[3], 8, 8],
    ]);
    env.call('pushStockAll');
    const values = env.rt.sheet(STOCK).values();
    expect(columnValues(values, 'Sync status')).toEqual(['OK', 'OK']);
    expect(hubProducts(env).get(skus[2])!.listings.amazon!.quantity).toBe(7);
    expect(String(values[1][column(values, 'Sync message')])).toMatch(
      /Quantity \[amazon\] 3 not sent: Quantity 7 goes to every channel .*with Push price & stock by channel/,
    );
    expect(String(values[2][column(values, 'Sync message')])).not.toMatch(/not sent/);
    const log = env.rt.sheet('Log').values();
    expect(String(log[log.length - 1][log[0].indexOf('Message')])).toMatch(/1 row holds edits this push does not send/);
  });

  test('Push prices by ERP id: the same, Price [amazon] filled', () => {
    const id = hubProducts(env).get(skus[1])!.internalId;
    env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [
      ['SKU', 'ERP id', 'Price', 'Price [amazon]'],
      [skus[1], id, 70, 80],
    ]);
    env.call('pushErpAll');
    const values = env.rt.sheet(STOCK).values();
    const amazon = hubProducts(env).get(skus[1])!.listings.amazon!.price;
    const message = String(values[1][column(values, 'Sync message')]);
    expect(amazon).toBe(70);
    expect(columnValues(values, 'Sync status')).toEqual(['OK']);
    expect(message).toMatch(/Price \[amazon\] 80 not sent: Price 70 goes to every channel/);
  });
});

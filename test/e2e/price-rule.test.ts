/**
 * The Price rule end to end (issue 15 item 2), one test per operation, with the built bundle in
 * the runtime emulator against the hub emulator: a plain Price, Sale price or Quantity goes to the
 * row's Channel, else to Settings › Default channels for plain columns; with neither every
 * operation refuses it the same way, in the row, and sends nothing of that row; a plain value
 * never overwrites a per-channel one unless the seller chose every channel; and a changed-rows push
 * or Push changes says every edit it does not send.
 */
import type { PushMenuName } from '../../src/server/menu';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';
import { unwrap } from '../support/results';

const STOCK = 'Stock & Prices';
const NO_CHANNEL =
  /^Price 1\d\d has no channel\. Fill Channel, or choose channels in Settings › Default channels for plain columns, or use a per-channel column such as Price \[amazon\]/;

describe('the Price rule, per operation', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 40);
  });

  beforeEach(() => {
    clearRequests(env);
    setting([]);
    for (const name of env.rt.sheetNames()) if (name === STOCK || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
  });

  function setting(plainChannels: string[]): { saved: boolean; errors: Record<string, string> } {
    return unwrap(env.call('saveSettings', { plainChannels }));
  }
  function push(fn: PushMenuName | 'pushChanges', sheet: unknown[][]): unknown[][] {
    // A fresh sheet each time (what the hub confirmed stays in the snapshot, keyed by SKU).
    if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, sheet);
    env.call(fn);
    const values = env.rt.sheet(STOCK).values();
    expectInputsUnchanged(values, sheet);
    return values;
  }
  const message = (values: unknown[][], row: number): string => String(values[row - 1][column(values, 'Sync message')]);
  const status = (values: unknown[][]): unknown[] => columnValues(values, 'Sync status');

  test('Push prices: the row’s Channel, else the default channels; with neither the row is refused, none of it sent', () => {
    const before = hubProducts(env);
    const sheet = [
      ['SKU', 'Channel', 'Price', 'Price [amazon]'],
      [skus[0], 'walmart', 101, ''],
      [skus[1], '', 102, 103],
    ];
    let values = push('pushPricesAll', sheet);
    expect(status(values)).toEqual(['OK', 'Error']);
    expect(message(values, 3)).toMatch(NO_CHANNEL);
    let hub = hubProducts(env);
    expect(hub.get(skus[0])!.listings.walmart!.price).toBe(101);
    // Not even its Price [amazon]: a row is never half sent.
    expect(hub.get(skus[1])!.listings.amazon!.price).toBe(before.get(skus[1])!.listings.amazon!.price);

    // `meli` is an alias: the setting keeps the written code.
    expect(setting(['meli'])).toMatchObject({ saved: true });
    values = push('pushPricesAll', sheet);
    expect(status(values)).toEqual(['OK', 'OK']);
    hub = hubProducts(env);
    expect(hub.get(skus[1])!.listings.mercadolibre!.price).toBe(102);
    expect(hub.get(skus[1])!.listings.amazon!.price).toBe(103);
    expect(hub.get(skus[1])!.listings.walmart!.price).toBe(before.get(skus[1])!.listings.walmart!.price);
  });

  test('Push price & stock by channel: plain Quantity, Price and Sale price go to the default channel; refused without one', () => {
    const sheet = [
      ['SKU', 'Quantity', 'Price', 'Sale price', 'Price [walmart]'],
      [skus[2], 6, 150, 120, 160],
    ];
    let values = push('pushByChannelAll', sheet);
    expect(status(values)).toEqual(['Error']);
    expect(message(values, 2)).toMatch(/^Quantity 6 has no channel\. Fill Channel/);
    expect(apiRequests(env)).toEqual([]);

    setting(['amazon']);
    values = push('pushByChannelAll', sheet);
    expect(status(values)).toEqual(['OK']);
    const hub = hubProducts(env).get(skus[2])!;
    expect(hub.listings.amazon).toMatchObject({ quantity: 6, price: 150, salePrice: 120 });
    expect(hub.listings.walmart!.price).toBe(160);

    // Every channel is a general price and quantity: there is no general sale price to send.
    setting(['*']);
    values = push('pushByChannelAll', sheet);
    expect(status(values)).toEqual(['Error']);
    expect(message(values, 2)).toMatch(
      /^Sale price 120 has no channel\. \(every channel, chosen in Settings › Default channels for plain columns, applies to Quantity and Price only\)/,
    );
  });

  test('Push stock: the general Quantity needs no channel, but never goes over a different Quantity [channel] unless every channel is chosen', () => {
    const before = hubProducts(env);
    const sheet = [
      ['SKU', 'Quantity', 'Quantity [amazon]'],
      [skus[3], 7, 3],
      [skus[4], 8, ''],
    ];
    let values = push('pushStockAll', sheet);
    expect(status(values)).toEqual(['Error', 'OK']);
    expect(message(values, 2)).toBe(
      "Quantity 7 would overwrite Quantity [amazon] 3: Push stock sets every channel's quantity. Clear one of them, or choose every channel in Settings › Default channels for plain columns to let Quantity win",
    );
    expect(hubProducts(env).get(skus[3])!.quantity).toBe(before.get(skus[3])!.quantity);
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toEqual([skus[4]]);

    setting(['*']);
    values = push('pushStockAll', sheet);
    expect(status(values)).toEqual(['OK', 'OK']);
    expect(hubProducts(env).get(skus[3])!.listings.amazon!.quantity).toBe(7);
  });

  test('Push prices by ERP id: a plain price reaches every channel, so it goes only when every channel is chosen', () => {
    const ids = [skus[5], skus[6]].map((s) => hubProducts(env).get(s)!.internalId);
    const sheet = [
      ['ERP id', 'Price', 'Channel'],
      [ids[0], 111, ''],
      [ids[1], 112, 'amazon'],
    ];
    let values = push('pushErpAll', sheet);
    expect(status(values)).toEqual(['Error', 'Error']);
    expect(message(values, 2)).toMatch(
      /^Price 111 has no channel\. Fill Channel, or choose channels in Settings › Default channels for plain columns, or use a per-channel column such as Price \[amazon\] — Push prices by ERP id sends a price to every channel, only when Settings › Default channels for plain columns is every channel/,
    );
    expect(apiRequests(env)).toEqual([]);

    setting(['*']);
    values = push('pushErpAll', sheet);
    // The row's Channel still names one channel: that price goes with Push prices, not to every channel.
    expect(status(values)).toEqual(['OK', 'Error']);
    expect(message(values, 3)).toMatch(
      /^Price 112 is for Channel amazon, but Push prices by ERP id sends a price to every channel\. Send it with Push prices/,
    );
    expect(hubProducts(env).get(skus[5])!.price).toBe(111);
  });

  test('Send as async job: a refused plain price keeps the whole row back, and says how to send its quantity alone', () => {
    const sheet = [
      ['SKU', 'Quantity', 'Price'],
      [skus[7], 11, 140],
      [skus[8], 12, ''],
    ];
    let values = push('pushAsyncAll', sheet);
    expect(status(values)).toEqual(['Error', 'Pending']);
    expect(message(values, 2)).toMatch(/Nothing in this row was sent: to send its Quantity alone, clear Price or use Push stock$/);
    expect(apiRequests(env).map((r) => [r.path, r.skus])).toEqual([['/api/stock/UpdatePriceAndStockAsync', [skus[8]]]]);
    env.rt.advance(6 * 60_000);

    setting(['*']);
    clearRequests(env);
    values = push('pushAsyncAll', [
      ['SKU', 'Quantity', 'Price'],
      [skus[9], 13, 141],
    ]);
    expect(status(values)).toEqual(['Pending']);
    env.rt.advance(6 * 60_000);
    values = env.rt.sheet(STOCK).values();
    expect(status(values)).toEqual(['OK']);
    const hub = hubProducts(env).get(skus[9])!;
    // The hub's general price, passed on to every channel: what "every channel" means.
    expect(Object.values(hub.listings).map((l) => l!.price)).toEqual([141, 141, 141]);
  });

  test('Changed rows and Push changes: an edit the push does not send is said in the row and the summary, never dropped', () => {
    const sheet = [
      ['SKU', 'Quantity', 'Price [amazon]'],
      [skus[10], 20, ''],
      [skus[11], 21, ''],
    ];
    push('pushStockAll', sheet);
    const edited = [sheet[0], [skus[10], 20, 170], [skus[11], 22, 171]];
    clearRequests(env);
    let values = push('pushStockChanged', edited);
    expect(status(values)).toEqual(['Skipped', 'OK']);
    expect(message(values, 2)).toBe('Price [amazon] changed but Push stock does not send per-channel prices: use Push prices');
    expect(message(values, 3)).toContain('Price [amazon] changed but Push stock does not send per-channel prices: use Push prices');
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toEqual([skus[11]]);
    const log = env.rt.sheet('Log').values();
    expect(String(log[log.length - 1][log[0].indexOf('Message')])).toMatch(
      /2 rows hold edits this push does not send \(said in Sync message\), e\.g\. row 2: Price \[amazon\] changed but Push stock/,
    );

    // Push changes sends each edit through its own endpoint: the prices go now.
    clearRequests(env);
    values = push('pushChanges', edited);
    expect(status(values)).toEqual(['OK', 'OK']);
    expect(hubProducts(env).get(skus[10])!.listings.amazon!.price).toBe(170);

    // A plain Price without a channel is refused by Push changes with the text of Push prices.
    const plain = [
      ['SKU', 'Quantity', 'Price', 'Price [amazon]'],
      [skus[10], 20, 180, 170],
    ];
    values = push('pushChanges', plain);
    expect(status(values)).toEqual(['Error']);
    expect(message(values, 2)).toMatch(NO_CHANNEL);
  });

  test('the setting is checked: channels the hub knows (or their aliases), or * alone; every change is in the Log', () => {
    expect(setting(['amzn'])).toMatchObject({
      saved: false,
      errors: { plainChannels: expect.stringMatching(/^'amzn' is not a channel the hub takes prices and stock for/) },
    });
    expect(setting(['*', 'amazon'])).toMatchObject({ saved: false, errors: { plainChannels: expect.stringMatching(/stands alone/) } });
    expect(setting(['mshops', 'Amazon'])).toMatchObject({ saved: true });
    const saved = JSON.parse(env.rt.properties('document').settings ?? '{}') as { plainChannels: string[] };
    expect(saved.plainChannels).toEqual(['mercadoshops', 'amazon']);
    const log = env.rt.sheet('Log').values();
    expect(log.map((r) => String(r[log[0].indexOf('Message')])).join('\n')).toMatch(
      /Default channels for plain columns: \(none\) → mercadoshops, amazon/,
    );
  });
});

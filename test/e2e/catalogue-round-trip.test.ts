/**
 * The round trip against the demo hub: pull the catalogue, edit some cells, "push changes" sends
 * exactly the edited values, each through its endpoint, and the hub's state shows them.
 */
import { useHub } from '../support/hub';
import { a1, col, hubProducts, rowOf, sentBodies } from './catalogue-helpers';

const SHEET = 'Stock & Prices';

describe('pull, edit, push changes (demo hub)', () => {
  // Every channel's per-channel columns asked for (Settings › Per-channel columns on pull): these tests read them.
  const env = useHub({ hub: { seed: 'demo' }, settings: { pullChannelColumns: ['*'] } }, (env) => {
    env.call('pullCatalogueFromMenu');
  });

  const values = (): unknown[][] => env.rt.sheet(SHEET).values();
  const edit = (sku: string, header: string, text: string): void => {
    const v = values();
    env.rt.sheet(SHEET).type(a1(rowOf(v, sku), col(v, header)), text);
  };

  test('right after the pull, push changes has nothing to send', () => {
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Pulled 2,000 SKUs into "Stock & Prices"/);
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(sentBodies(env, from)).toEqual([]);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/nothing to send/);
  });

  test('done when: three prices and one quantity edited → exactly those four values are sent, and the hub holds them', () => {
    edit('CAM-ROJA.M', 'Price [amazon]', '4999.9');
    edit('TAZA,12', 'Price [mercadolibre]', '123.45');
    edit('A.B,C', 'Price [walmart]', '4999'); // above its sale price (4303.8), or the row is refused
    edit('LÁMPARA 40W', 'Quantity', '42');
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');

    const sent = sentBodies(env, from);
    expect(sent).toHaveLength(3);
    const stock = sent.find((s) => s.path === '/api/stock/updatestock');
    const prices = sent.find((s) => s.path === '/api/stock/updatepriceV2');
    const byChannel = sent.find((s) => s.path === '/api/stock/updatepricestockbychannel');
    expect(stock?.body).toEqual([{ sku: 'LÁMPARA 40W', quantity: 42 }]);
    // The hub passes the general quantity on to every channel; the row's own Quantity [channel]
    // cells go after it (never in the same round), so that the hub ends as the sheet reads.
    const perChannel = byChannel?.body as { sku: string; channelData: Array<{ channel: string; quantity: number }> };
    expect(perChannel.sku).toBe('LÁMPARA 40W');
    const lamp = values()[rowOf(values(), 'LÁMPARA 40W') - 1];
    for (const e of perChannel.channelData) expect(e.quantity).toBe(lamp[col(values(), `Quantity [${e.channel}]`)]);
    expect(sent.indexOf(byChannel!)).toBeGreaterThan(sent.indexOf(stock!));
    // In sheet order (the menu pull appends new SKUs in A→Z order).
    expect(prices?.body).toEqual([
      { sku: 'A.B,C', price: 4999, channel: 'walmart' },
      { sku: 'CAM-ROJA.M', price: 4999.9, channel: 'amazon' },
      { sku: 'TAZA,12', price: 123.45, channel: 'mercadolibre' },
    ]);

    const hub = hubProducts(env);
    expect(hub.get('CAM-ROJA.M')!.listings.amazon!.price).toBe(4999.9);
    expect(hub.get('TAZA,12')!.listings.mercadolibre!.price).toBe(123.45);
    expect(hub.get('A.B,C')!.listings.walmart!.price).toBe(4999);
    expect(hub.get('LÁMPARA 40W')!.quantity).toBe(42);
    for (const e of perChannel.channelData) expect(hub.get('LÁMPARA 40W')!.listings[e.channel]!.quantity).toBe(e.quantity);

    // The four rows say OK; no other row got a result.
    const v = values();
    const status = col(v, 'Sync status');
    const withStatus = v
      .slice(1)
      .filter((r) => r[status] !== '')
      .map((r) => [r[0], r[status]]);
    expect(withStatus.sort()).toEqual([
      ['A.B,C', 'OK'],
      ['CAM-ROJA.M', 'OK'],
      ['LÁMPARA 40W', 'OK'],
      ['TAZA,12', 'OK'],
    ]);

    // Confirmed: pushing again sends nothing.
    const again = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(sentBodies(env, again)).toEqual([]);
  });

  test('per-channel quantity, sale price and available days go through the by-channel update, only the edited fields', () => {
    edit('CAM-ROJA.M', 'Quantity [mercadolibre]', '7');
    edit('TAZA,12', 'Sale price [amazon]', '10');
    edit('NIÑO AZUL 10', 'Available days [mercadolibre]', '15');
    // Price and quantity of one channel in one row: one by-channel entry carries both.
    edit('BOLSA/GRANDE', 'Quantity [walmart]', '3');
    edit('BOLSA/GRANDE', 'Price [walmart]', '1500');
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');

    const sent = sentBodies(env, from);
    expect(sent.every((s) => s.path === '/api/stock/updatepricestockbychannel')).toBe(true);
    expect(sent.map((s) => s.body)).toEqual(
      expect.arrayContaining([
        { sku: 'CAM-ROJA.M', channelData: [{ channel: 'mercadolibre', quantity: 7 }] },
        { sku: 'TAZA,12', channelData: [{ channel: 'amazon', salePrice: 10 }] },
        { sku: 'NIÑO AZUL 10', channelData: [{ channel: 'mercadolibre', availableDays: 15 }] },
        { sku: 'BOLSA/GRANDE', channelData: [{ channel: 'walmart', quantity: 3, price: 1500 }] },
      ]),
    );
    expect(sent).toHaveLength(4);

    const hub = hubProducts(env);
    expect(hub.get('CAM-ROJA.M')!.listings.mercadolibre!.quantity).toBe(7);
    expect(hub.get('TAZA,12')!.listings.amazon!.salePrice).toBe(10);
    expect(hub.get('NIÑO AZUL 10')!.listings.mercadolibre!.availableDays).toBe(15);
    expect(hub.get('BOLSA/GRANDE')!.listings.walmart).toMatchObject({ quantity: 3, price: 1500 });
    // The general quantity of CAM-ROJA.M was not touched.
    expect(hub.get('CAM-ROJA.M')!.quantity).toBe(values()[rowOf(values(), 'CAM-ROJA.M') - 1][col(values(), 'Quantity')]);
  });

  test('a pull after the pushes sees the hub as the sheet does: nothing left to push', () => {
    env.call('pullCatalogueFromMenu');
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(sentBodies(env, from)).toEqual([]);
  });
});

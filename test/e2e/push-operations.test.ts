import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';

describe('each push operation, end to end', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 60);
  });

  beforeEach(() => {
    clearRequests(env);
    for (const name of env.rt.sheetNames()) if (name === 'Stock & Prices' || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
  });

  test('push prices: Channel + Price and every Price [channel] column, one item each, per channel only', () => {
    const sheet = [
      ['SKU', 'Canal', 'Precio', 'Price [amazon]', 'Price [meli]', 'Notes'],
      [skus[0], 'walmart', 100.5, 110, 120, 'x'],
      [skus[1], '', '', 210, '', 'y'],
      [skus[2], '', '', 0, '', 'zero'],
      [skus[3], 'amazn', 15, '', '', 'typo'],
    ];
    env.rt.addSheet('Stock & Prices', sheet);
    const before = hubProducts(env);
    env.call('pushPricesAll');
    const after = hubProducts(env);
    expect(after.get(skus[0])!.listings.walmart!.price).toBe(100.5);
    expect(after.get(skus[0])!.listings.amazon!.price).toBe(110);
    expect(after.get(skus[0])!.listings.mercadolibre!.price).toBe(120);
    expect(after.get(skus[1])!.listings.amazon!.price).toBe(210);
    expect(after.get(skus[1])!.listings.walmart!.price).toBe(before.get(skus[1])!.listings.walmart!.price);
    // The answer names the SKU, not the channel: a SKU's three prices go in three requests, never two in one.
    const requests = apiRequests(env);
    expect(requests).toHaveLength(3);
    for (const r of requests) {
      expect(r.path).toBe('/api/stock/updatepriceV2');
      expect(new Set(r.skus).size).toBe(r.skus!.length);
    }
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(['OK', 'OK', 'Error', 'Error']);
    expect(String(values[3][column(values, 'Sync message')])).toMatch(/Price \[amazon\]: must be greater than 0/);
    expect(String(values[4][column(values, 'Sync message')])).toMatch(/amazn.*not a channel the hub knows/);
    expect(values[1][column(values, 'Status [mercadolibre]')]).toBe('OK');
    expectInputsUnchanged(values, sheet);
  });

  test('push by channel: one SKU per request, in parallel; sale price and available days (Mercado Libre only)', () => {
    const sheet = [
      ['SKU', 'Quantity [amazon]', 'Price [amazon]', 'Sale price [amazon]', 'Available days [mercadolibre]', 'Available days [walmart]'],
      [skus[10], 7, 300, 250, 5, ''],
      [skus[11], '', '', '', 12, ''],
      [skus[12], 3, 100, 150, '', ''],
      [skus[13], 4, '', '', '', 3],
    ];
    env.rt.addSheet('Stock & Prices', sheet);
    env.rt.resetCounters();
    env.call('pushByChannelAll');
    const after = hubProducts(env);
    expect(after.get(skus[10])!.listings.amazon).toMatchObject({ quantity: 7, price: 300, salePrice: 250 });
    expect(after.get(skus[10])!.listings.mercadolibre!.availableDays).toBe(5);
    expect(after.get(skus[11])!.listings.mercadolibre!.availableDays).toBe(12);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(['OK', 'OK', 'Error', 'Error']);
    expect(String(values[3][column(values, 'Sync message')])).toMatch(/sale price cannot exceed the price/);
    expect(String(values[4][column(values, 'Sync message')])).toMatch(/available days apply only to mercadolibre, not walmart/);
    const requests = apiRequests(env);
    expect(requests.map((r) => r.path)).toEqual(['/api/stock/updatepricestockbychannel', '/api/stock/updatepricestockbychannel']);
    expect(env.rt.counters().fetchCalls).toBe(1); // both requests in one fetchAll
    expectInputsUnchanged(values, sheet);
  });

  test('push prices by ERP id', () => {
    const before = hubProducts(env);
    const ids = [skus[20], skus[21]].map((s) => before.get(s)!.internalId);
    const sheet = [
      ['ERP id', 'Price', 'SKU'],
      [ids[0], 555, skus[20]],
      [ids[1], 666, skus[21]],
      ['NO-SUCH-ID', 5, 'x'],
    ];
    env.rt.addSheet('Stock & Prices', sheet);
    // The hub passes a price by ERP id on to every channel: only the seller's choice of every channel sends it (the Price rule).
    env.call('pushErpAll');
    expect(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status')).toEqual(['Error', 'Error', 'Error']);
    expect(apiRequests(env)).toEqual([]);
    env.call('saveSettings', { plainChannels: ['*'] });
    try {
      env.call('pushErpAll');
    } finally {
      env.call('saveSettings', { plainChannels: [] });
    }
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(['OK', 'OK', 'Error']);
    expect(String(values[3][column(values, 'Sync message')])).toMatch(/not found|no encontrado/i);
    const after = hubProducts(env);
    expect(after.get(skus[20])!.price).toBe(555);
    expect(apiRequests(env).map((r) => r.path)).toEqual(['/api/stock/updatepricebyerpid']);
  });

  test('changed rows only: after a push, only the rows edited since are sent', () => {
    const sheet = [['SKU', 'Quantity'], ...skus.slice(30, 40).map((s, i) => [s, i + 1])];
    env.rt.addSheet('Stock & Prices', sheet);
    env.call('pushStockAll');
    clearRequests(env);
    const edited = env.rt
      .sheet('Stock & Prices')
      .values()
      .map((r) => [...r]);
    edited[3][1] = 99;
    edited[7][1] = '1.234,5'; // not a whole number: refused with a reason, not sent
    edited[8][1] = 77;
    env.rt.sheet('Stock & Prices').setValues(edited);
    env.call('pushStockChanged');
    const requests = apiRequests(env);
    expect(requests).toHaveLength(1);
    expect(requests[0].skus).toEqual([skus[32], skus[37]]);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(String(values[7][column(values, 'Sync message')])).toMatch(/whole number/);
    clearRequests(env);
    env.call('pushStockChanged');
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toEqual([]);
  });

  test('the snapshot is keyed by SKU: sorting the sheet does not make rows look changed', () => {
    const sheet = [['SKU', 'Quantity'], ...skus.slice(40, 46).map((s, i) => [s, 10 + i])];
    env.rt.addSheet('Stock & Prices', sheet);
    env.call('pushStockAll');
    const values = env.rt.sheet('Stock & Prices').values();
    const sorted = [values[0], ...values.slice(1).reverse()];
    env.rt.sheet('Stock & Prices').setValues(sorted);
    clearRequests(env);
    env.call('pushStockChanged');
    expect(apiRequests(env)).toHaveLength(0);
  });

  test('selected rows: only the selection, hidden rows left out', () => {
    const sheet = [['SKU', 'Quantity'], ...skus.slice(0, 10).map((s, i) => [s, 500 + i])];
    env.rt.addSheet('Stock & Prices', sheet);
    env.rt.sheet('Stock & Prices').hideRows(4, 1);
    env.rt.select('Stock & Prices', ['A3:B5', 'A9']);
    env.call('pushStockSelected');
    const requests = apiRequests(env);
    expect(requests).toHaveLength(1);
    expect(requests[0].skus).toEqual([skus[1], skus[3], skus[7]]);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(['', 'OK', 'Skipped', 'OK', '', '', '', 'OK', '', '']);
    expect(values[3][column(values, 'Sync message')]).toMatch(/Row hidden \(by you or a filter\): left out/);
  });

  test('a menu push with nothing selected says what to do', () => {
    env.rt.addSheet('Stock & Prices', [
      ['SKU', 'Quantity'],
      [skus[0], 1],
    ]);
    env.rt.select('Sheet1', 'A1');
    env.rt.answerNext('OK');
    env.call('pushStockSelected');
    const last = env.rt.dialogs().at(-1) as { message?: string };
    expect(last.message).toMatch(/Select the rows to push in "Stock & Prices" first/);
    expect(apiRequests(env)).toHaveLength(0);
  });

  test('SKUs that look like numbers, dates or formulas keep their snapshot key: changed-only stays exact', () => {
    const odd = ['0000001', '1/2', '=A1', '+34', 'TRUE'];
    env.adminSync('POST', '/__admin/products', { products: odd.map((sku) => ({ sku, listings: { amazon: { status: 'active' } } })) });
    const sheet = [['SKU', 'Quantity'], ...odd.map((sku, i) => [`'${sku}`.slice(1), i + 1]), [skus[50], 9]];
    env.rt.addSheet('Stock & Prices', sheet);
    env.call('pushStockAll');
    expect(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status').every((s) => s === 'OK')).toBe(true);
    // Edit one row, push changed twice: the edited row once, then nothing.
    const edited = env.rt
      .sheet('Stock & Prices')
      .values()
      .map((r) => [...r]);
    edited[6][1] = 99;
    env.rt.sheet('Stock & Prices').setValues(edited);
    clearRequests(env);
    env.call('pushStockChanged');
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toEqual([skus[50]]);
    clearRequests(env);
    env.call('pushStockChanged');
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toEqual([]);
    const keys = env.rt
      .sheet('Hub Sync snapshot')
      .values()
      .slice(1)
      .map((r) => r[0]);
    expect(keys.filter((k) => odd.includes(k as string)).sort()).toEqual([...odd].sort());
    expect(env.rt.sheet('Hub Sync snapshot').formulas().flat().filter(Boolean)).toEqual([]);
  });
});

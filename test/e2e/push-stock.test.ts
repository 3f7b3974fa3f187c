import { hubProducts, useHub } from '../support/hub';

type Row = unknown[];
const HEADER = ['SKU', 'Title', 'Quantity', 'Price'];

describe('push stock from the sheet (bundle in the runtime against the hub emulator)', () => {
  let sheet: Row[];
  const env = useHub({}, (env) => {
    env.adminSync('POST', '/__admin/products', {
      generate: { count: 117, prefix: 'SKU-', channels: ['mercadolibre', 'amazon', 'walmart'], status: 'mixed', seed: 7 },
    });
    const skus = Array.from({ length: 117 }, (_, i) => `SKU-${String(i + 1).padStart(6, '0')}`);
    // 120 rows: 115 good, and 5 bad ones (an empty SKU, text, a formula error, a duplicated SKU twice).
    sheet = [HEADER];
    skus.slice(0, 115).forEach((sku, i) => sheet.push([sku, `Producto ${i}`, 100 + i, 199.9]));
    sheet.push(['', 'sin sku', 5, 10]);
    sheet.push([skus[115], 'texto', 'abc', 10]);
    sheet.push([skus[116], 'error', '#N/A', 10]);
    sheet.push(['SKU-DUP', 'dup 1', 1, 10]);
    sheet.push(['SKU-DUP', 'dup 2', 2, 10]);
    env.rt.addSheet('Stock & Prices', sheet);
  });

  test('one push stock: 3 requests, 115 OK with per-channel status, 5 bad rows with their reason, inputs unchanged', () => {
    const before = hubProducts(env);
    env.adminSync('DELETE', '/__admin/requests');
    env.rt.resetCounters();
    env.call('pushStockAll');

    const requests = (env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string; method: string }> }).requests.filter(
      (r) => r.path.startsWith('/api/'),
    );
    expect(requests.map((r) => r.path.toLowerCase())).toEqual(Array(3).fill('/api/stock/updatestock'));

    const values = env.rt.sheet('Stock & Prices').values();
    const header = values[0] as string[];
    // Every input cell is as it was.
    for (let r = 0; r < sheet.length; r++) for (let c = 0; c < HEADER.length; c++) expect(values[r][c]).toEqual(sheet[r][c]);
    const col = (name: string): number => header.indexOf(name);
    expect(col('Sync status')).toBeGreaterThanOrEqual(HEADER.length);
    for (const name of ['Sync message', 'Job id', 'Synced at', 'Status [mercadolibre]', 'Status [amazon]', 'Status [walmart]'])
      expect(col(name)).toBeGreaterThan(0);

    const after = hubProducts(env);
    for (let r = 1; r <= 115; r++) {
      const row = values[r];
      const sku = row[0] as string;
      expect(row[col('Sync status')]).toBe('OK');
      expect(after.get(sku)!.quantity).toBe(row[2]);
      for (const ch of ['mercadolibre', 'amazon', 'walmart']) {
        const listing = before.get(sku)!.listings[ch];
        const cell = row[col(`Status [${ch}]`)];
        if (listing?.status === 'active') expect(cell).toBe('OK');
        else expect(cell).toBe('No active listing');
      }
    }
    const bad = values.slice(116);
    expect(bad.map((r) => r[col('Sync status')])).toEqual(['Error', 'Error', 'Error', 'Error', 'Error']);
    const messages = bad.map((r) => String(r[col('Sync message')]));
    expect(messages[0]).toMatch(/SKU is empty/i);
    expect(messages[1]).toMatch(/Quantity.*abc|not a number/i);
    expect(messages[2]).toMatch(/#N\/A/);
    expect(messages[3]).toMatch(/SKU 'SKU-DUP' is also in row 121/);
    expect(messages[4]).toMatch(/SKU 'SKU-DUP' is also in row 120/);
    // The bad rows were not sent: their SKUs kept their quantity in the hub.
    expect(after.get(sheet[117][0] as string)!.quantity).toBe(before.get(sheet[117][0] as string)!.quantity);
    expect(after.has('SKU-DUP')).toBe(false);
  });
});

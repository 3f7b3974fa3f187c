/**
 * Pull the catalogue into Stock & Prices: upsert by SKU keeping the seller's own columns and
 * rows, one column per channel whatever code the hub reads it back under, SKUs as text, hub
 * strings that can never become formulas, and nothing written when something goes wrong.
 */
import { useHub } from '../support/hub';
import { a1, col, hubRequests, rowOf } from './catalogue-helpers';
import { loose } from '../support/results';

const SHEET = 'Stock & Prices';

const PRODUCTS = [
  {
    sku: '00123',
    quantity: 5,
    price: 100,
    listings: { mercadolibre: { status: 'active', price: 110, salePrice: 99, availableDays: 3 }, amazon: { status: 'active' } },
  },
  {
    sku: 'A-1',
    quantity: 7,
    price: 50,
    listings: { amazon: { status: '=HYPERLINK("http://evil.example","x")', externalId: '+51-999', permalink: 'javascript:alert(1)' } },
  },
  {
    sku: 'B/2',
    quantity: 1,
    price: 20,
    listings: { walmart: { status: 'paused', permalink: 'https://shop.example.mx/p/"quoted"?a=1&b=2' } },
  },
  { sku: 'C 3.x,y', quantity: 0, price: 30, listings: {} },
];

describe('catalogue pull (bundle in the runtime against the hub emulator)', () => {
  // The seller calls Mercado Libre "ml" in their own headers: the alias setting says so.
  // Every channel's per-channel columns asked for (Settings › Per-channel columns on pull): these tests read them.
  const env = useHub({ settings: { channelAliases: { ml: 'mercadolibre' }, pullChannelColumns: ['*'] } }, (env) => {
    env.adminSync('POST', '/__admin/products', { products: PRODUCTS });
    env.adminSync('POST', '/__admin/products', {
      generate: { count: 60, prefix: 'GEN-', channels: ['mercadolibre', 'amazon', 'walmart'], status: 'mixed', seed: 11 },
    });
    env.rt.addSheet(SHEET, [
      ['Notes', 'SKU', 'Price [ml]', 'Quantity [meli]', 'My column', 'External id [amazon]'],
      ['keep me', 'A-1', '', '', 'x', ''],
      ['', 'GONE-1', '', '', 'y', 'B000OLD'],
      ['a note without SKU', '', '', '', '', ''],
      ['', 'GEN-000010', '', '', 'z', ''],
    ]);
  });

  const values = (): unknown[][] => env.rt.sheet(SHEET).values();
  const pull = (options: Record<string, unknown> = {}) => loose(env.call('pullCatalogue', options));

  test('first pull: upsert by SKU, seller columns and rows untouched, one column per channel, SKUs as text', () => {
    env.adminSync('DELETE', '/__admin/requests');
    const result = pull({ sort: 'alph_asc' });
    expect(result).toMatchObject({ ok: true, value: { status: 'done', skus: 64, updated: 2, added: 62, notInHub: 1, requests: 2 } });
    // The hub's own order is read (it tells a duplicated SKU's oldest product); the sort orders the new rows.
    expect(hubRequests(env).map((r) => [r.path, r.query.offset, r.query.sort])).toEqual([
      ['/api/stock/GetProductsStockPrice', '0', undefined],
      ['/api/stock/GetProductsStockPrice', '49', undefined], // pages overlap by one product (the anchor)
    ]);

    const v = values();
    const header = v[0] as string[];
    // The seller's columns stay where they were; `Price [ml]` and `Quantity [meli]` are Mercado Libre's.
    expect(header.slice(0, 6)).toEqual(['Notes', 'SKU', 'Price [ml]', 'Quantity [meli]', 'My column', 'External id [amazon]']);
    expect(header.filter((h) => /mercadolibre|meli|\[ml\]/.test(h))).toEqual([
      'Price [ml]',
      'Quantity [meli]',
      'Sale price [mercadolibre]',
      'Available days [mercadolibre]',
      'Listing status [mercadolibre]',
      'External id [mercadolibre]',
      'Permalink [mercadolibre]',
    ]);
    for (const h of ['Quantity', 'Price [amazon]', 'Listing status [walmart]', 'In hub']) expect(header).toContain(h);
    expect(new Set(header).size).toBe(header.length);

    // Seller rows in place, their own cells unchanged.
    expect(v.slice(1, 5).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['keep me', 'A-1', 'x'],
      ['', 'GONE-1', 'y'],
      ['a note without SKU', '', ''],
      ['', 'GEN-000010', 'z'],
    ]);
    const inHub = col(v, 'In hub');
    expect(v[1][inHub]).toBe('Yes');
    expect(v[2][inHub]).toBe('No (not in the hub at the pull of 2026-11-20 09:00)');
    expect(v[2][5]).toBe('B000OLD'); // GONE-1 keeps the values of the pull's columns
    expect(v[3][inHub]).toBe('');
    expect(v[4][inHub]).toBe('Yes');
    expect(v).toHaveLength(1 + 4 + 62);

    // New SKUs appended in A→Z order; "00123" stays text.
    expect(v[5][1]).toBe('00123');
    const r = rowOf(v, '00123', 1) - 1;
    expect(v[r][col(v, 'Price [ml]')]).toBe(110);
    expect(v[r][col(v, 'Sale price [mercadolibre]')]).toBe(99);
    expect(v[r][col(v, 'Available days [mercadolibre]')]).toBe(3);
    expect(v[r][col(v, 'Quantity')]).toBe(5);
    expect(v.filter((row) => row[1] === 'C 3.x,y')).toHaveLength(1);
  });

  test('hub strings never become formulas; permalinks are links we build, quotes escaped', () => {
    const sheet = env.rt.sheet(SHEET);
    const v = values();
    const f = sheet.formulas();
    const a = rowOf(v, 'A-1', 1) - 1;
    expect(v[a][col(v, 'Listing status [amazon]')]).toBe('=HYPERLINK("http://evil.example","x")');
    expect(v[a][col(v, 'External id [amazon]')]).toBe('+51-999');
    expect(v[a][col(v, 'Permalink [amazon]')]).toBe('javascript:alert(1)');
    const b = rowOf(v, 'B/2', 1) - 1;
    expect(f[b][col(v, 'Permalink [walmart]')]).toBe(
      '=HYPERLINK("https://shop.example.mx/p/""quoted""?a=1&b=2","https://shop.example.mx/p/""quoted""?a=1&b=2")',
    );
    expect(v[b][col(v, 'Permalink [walmart]')]).toBe('https://shop.example.mx/p/"quoted"?a=1&b=2');
    // Every formula of the sheet is a permalink HYPERLINK to an http(s) URL, in a Permalink column.
    const formulas = f.flatMap((row, i) => row.map((x, j) => ({ x, i, j }))).filter((c) => c.x !== '');
    expect(formulas.length).toBeGreaterThan(50);
    for (const c of formulas) {
      expect(c.x).toMatch(/^=HYPERLINK\("https?:\/\//);
      expect(String(v[0][c.j])).toMatch(/^Permalink \[/);
    }
  });

  test('a second pull changes nothing and adds no row; push changes then has nothing to send', () => {
    const before = values();
    expect(pull({ sort: 'alph_asc' })).toMatchObject({ ok: true, value: { updated: 64, added: 0, notInHub: 1 } });
    expect(values()).toEqual(before);
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(env.rt.fetchLog().slice(from)).toEqual([]);
  });

  test('unpushed edits of rows the pull rewrites: the sidebar gets a question and nothing is written; the menu asks, and No keeps them', () => {
    const v = values();
    const r = rowOf(v, '00123', 1);
    env.rt.sheet(SHEET).type(a1(r, col(v, 'Price [amazon]')), '321');
    const before = values();
    env.adminSync('DELETE', '/__admin/requests');
    const asked = pull();
    expect(asked).toMatchObject({
      ok: true,
      value: { status: 'needsConfirmation', editedRows: 1, examples: [`row ${r} (00123): Price [amazon] 321 (hub: 100)`] },
    });
    expect(hubRequests(env).every((q) => q.method === 'GET')).toBe(true); // it read, and wrote nothing
    expect(values()).toEqual(before);

    env.rt.answerNext('NO');
    env.call('pullCatalogueFromMenu');
    expect(env.rt.dialogs().at(-1)).toMatchObject({
      message: expect.stringMatching(/1 cell in 1 row holds a value the hub has not confirmed/),
    });
    expect(env.rt.toasts().at(-1)?.message).toMatch(/nothing was changed; your edits are kept/);
    expect(values()).toEqual(before);

    expect(pull({ overwriteEdits: true })).toMatchObject({ ok: true, value: { status: 'done' } });
    expect(values()[r - 1][col(v, 'Price [amazon]')]).not.toBe(321);
  });

  test('a pull filtered by channel writes that channel only, marks nobody, and keeps the other channels confirmed', () => {
    env.adminSync('POST', '/__admin/products', {
      products: [
        {
          sku: '00123',
          quantity: 9,
          price: 100,
          listings: { mercadolibre: { status: 'active', price: 140 }, amazon: { status: 'active', price: 150 } },
        },
      ],
    });
    const before = values();
    const r = rowOf(before, '00123', 1) - 1;
    env.adminSync('DELETE', '/__admin/requests');
    expect(pull({ channel: 'AMAZON' })).toMatchObject({ ok: true, value: { status: 'done', notInHub: 0 } });
    expect(hubRequests(env).map((q) => q.query.channel)).toEqual(['amazon', 'amazon']);
    const v = values();
    expect(v[r][col(v, 'Price [amazon]')]).toBe(150);
    expect(v[r][col(v, 'Price [ml]')]).toBe(before[r][col(v, 'Price [ml]')]); // not amazon: untouched
    expect(v[rowOf(v, 'B/2', 1) - 1][col(v, 'In hub')]).toBe('Yes'); // not listed on amazon, still not marked
    // Mercado Libre's confirmed value is still the old one, equal to the cell: nothing to push.
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(env.rt.fetchLog().slice(from)).toEqual([]);
  });

  test('a push still sending rows of the sheet: the pull waits its turn and changes nothing', () => {
    const before = values();
    const run = {
      id: 'r1',
      operation: 'prices',
      scope: 'all',
      user: 'other@example.com',
      owner: 'k',
      startedAt: env.rt.now(),
      total: 10,
      ok: 2,
      failed: 0,
      skipped: 0,
      requests: 1,
      retries: 0,
      cancelled: false,
      selectedParts: 0,
      background: true,
      lastChunkAt: env.rt.now(),
    };
    env.rt.setProperty('document', 'pushRun', JSON.stringify(run));
    try {
      const result = pull();
      expect(result).toEqual({
        ok: false,
        error:
          'Pull catalogue did not start: Push prices is still sending rows of this sheet. Let it finish (or cancel it from the sidebar), then try again; nothing was changed.',
      });
    } finally {
      env.rt.setProperty('document', 'pushRun', null);
    }
    expect(values()).toEqual(before);
  });

  test('the catalogue cannot be read (HTTP 500 after retries): nothing is written, and the seller is told what to do', () => {
    const before = values();
    env.adminSync('POST', '/__admin/faults', { rates: { 500: 1 }, pathPattern: 'GetProductsStockPrice' });
    try {
      const result = pull();
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(
        /The catalogue could not be read: The hub failed on Get Products Stock Price \(HTTP 500\).*Nothing was written\./,
      );
    } finally {
      env.adminSync('DELETE', '/__admin/faults');
    }
    expect(values()).toEqual(before);
  });
});

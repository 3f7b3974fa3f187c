/**
 * Menu and sidebar pushes act on the sheet the seller is on when it is a stock sheet (the
 * configured one, an imported export its preset recognises, or a tab given a mapping with Use
 * this sheet), each with its own mapping, results and snapshot; on the add-on's own sheets they
 * push the configured stock sheet and say so; on another tab of the seller's they refuse.
 */
import { useHub } from '../support/hub';
import { SHOPIFY_HEADER } from '../fixtures/exports/shopify';
import { apiRequests, clearRequests, column, columnValues, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';
import { unwrap } from '../support/results';

const STOCK = 'Stock & Prices';
const SHOPIFY = 'Shopify export';

const rowOf = (header: readonly string[], cells: Record<string, unknown>): unknown[] => header.map((h) => cells[h] ?? '');

describe('the sheet you are on (bundle in the runtime against the hub emulator)', () => {
  let skus: string[];
  let seeded: Map<string, number>;
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 8, ['shopify', 'amazon']);
    seeded = new Map([...hubProducts(env)].map(([sku, p]) => [sku, p.quantity]));
  });
  const stockSheet = (): unknown[][] => [
    ['SKU', 'Quantity'],
    [skus[0], 101],
    [skus[1], 102],
  ];
  const shopifySheet = (): unknown[][] => [
    SHOPIFY_HEADER,
    rowOf(SHOPIFY_HEADER, { Handle: 'tee', Title: 'Tee', 'Variant SKU': skus[3], 'Variant Inventory Qty': 7, 'Variant Price': 25 }),
    rowOf(SHOPIFY_HEADER, { Handle: 'tee', 'Variant SKU': skus[4], 'Variant Inventory Qty': 8, 'Variant Price': 26 }),
    rowOf(SHOPIFY_HEADER, { Handle: 'mug', Title: 'Mug', 'Variant SKU': skus[5], 'Variant Inventory Qty': 9, 'Variant Price': 9 }),
  ];

  beforeEach(() => {
    for (const name of env.rt.sheetNames()) if (name !== 'Sheet1' && name !== 'Log') env.rt.deleteSheet(name);
    for (const key of Object.keys(env.rt.properties('document')))
      if (/^(sheetColumns|columns)\./.test(key)) env.rt.setProperty('document', key, null);
    env.adminSync('POST', '/__admin/products', { generate: { count: 8, prefix: 'SKU-', channels: ['shopify', 'amazon'], seed: 11 } });
    clearRequests(env);
  });

  const lastLog = (): { operation: string; message: string } => {
    const log = env.rt.sheet('Log').values();
    const last = log[log.length - 1];
    return { operation: String(last[column(log, 'Operation')]), message: String(last[column(log, 'Message')]) };
  };
  const quantities = (): Map<string, number> => new Map([...hubProducts(env)].map(([sku, p]) => [sku, p.quantity]));

  test('an imported Shopify export active: Push stock › All rows pushes that tab with its mapping, results on it, Stock & Prices untouched', () => {
    const stock = stockSheet();
    env.rt.addSheet(STOCK, stock);
    env.rt.addSheet(SHOPIFY, shopifySheet());
    env.rt.select(SHOPIFY, 'A2');
    env.call('pushStockAll');

    const hub = quantities();
    expect([skus[3], skus[4], skus[5]].map((s) => hub.get(s))).toEqual([7, 8, 9]);
    // Stock & Prices' SKUs were not sent, and its cells are as they were: no result column added.
    expect([skus[0], skus[1]].map((s) => hub.get(s))).toEqual([seeded.get(skus[0]), seeded.get(skus[1])]);
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).not.toContain(skus[0]);
    expect(env.rt.sheet(STOCK).values()).toEqual(stock);

    const tab = env.rt.sheet(SHOPIFY).values();
    expect(columnValues(tab, 'Sync status').slice(0, 3)).toEqual(['OK', 'OK', 'OK']);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Push stock \(all rows\) on "Shopify export": 3 ok, 0 failed/);
    expect(lastLog().message).toMatch(/^Push stock \(all rows\) on "Shopify export": 3 ok/);
    // Its confirmed values are its own: the configured sheet's snapshot holds none of them.
    const shared = env.rt.sheetNames().includes('Hub Sync snapshot') ? env.rt.sheet('Hub Sync snapshot').values() : [];
    expect(shared.flat()).not.toContain(skus[3]);

    // Push changes on the tab reads its own snapshot: only the edited row goes.
    env.call('pushPricesAll');
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Push prices \(all rows\) on "Shopify export": 3 ok/);
    env.rt.sheet(SHOPIFY).setValues([[5]], 'R3');
    clearRequests(env);
    env.call('pushChanges');
    expect(quantities().get(skus[4])).toBe(5);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Push changes \(changed rows\) on "Shopify export": 1 ok, 0 failed/);
    expect(env.rt.sheet(STOCK).values()).toEqual(stock);
  });

  test('on the Orders sheet: the configured stock sheet is pushed, and the toast says so first', () => {
    env.rt.addSheet(STOCK, stockSheet());
    env.rt.addSheet(SHOPIFY, shopifySheet());
    env.rt.addSheet('Orders', [['Order id', 'Status']]);
    env.rt.select('Orders', 'A1');
    env.call('pushStockAll');
    expect([skus[0], skus[1]].map((s) => quantities().get(s))).toEqual([101, 102]);
    expect(quantities().get(skus[3])).toBe(seeded.get(skus[3]));
    expect(env.rt.toasts().at(-1)?.message).toMatch(
      /^"Orders" is not a stock sheet, so the stock sheet "Stock & Prices" was used\. Push stock \(all rows\) on "Stock & Prices": 2 ok/,
    );
    expect(lastLog().message).toMatch(/on "Stock & Prices": 2 ok/);
  });

  test('on a tab of your own that is not a stock sheet: refused with the fix, nothing sent; Use this sheet makes it one', () => {
    const stock = stockSheet();
    env.rt.addSheet(STOCK, stock);
    const notes = [
      ['Código', 'Qty', 'Comment'],
      [skus[6], 61, 'restock'],
    ];
    env.rt.addSheet('Notes', notes);
    env.rt.select('Notes', 'A2');
    env.rt.answerNext('OK');
    env.call('pushStockAll');
    expect(env.rt.dialogs().at(-1)?.message).toMatch(
      /^Nothing was sent: "Notes" is not a stock sheet\. To push it, open the sidebar › Columns and choose Use this sheet/,
    );
    expect(apiRequests(env)).toHaveLength(0);
    expect(env.rt.sheet(STOCK).values()).toEqual(stock);

    // The sidebar shows the tab the seller is on, not the stock sheet's mapping.
    const view = unwrap(env.call('getColumns'));
    expect(view).toMatchObject({ sheet: 'Notes', stock: false, configured: false });
    expect(unwrap(env.call('getSidebarState')).stockSheet).toMatchObject({ sheet: STOCK, active: 'Notes', kind: 'other' });
    // Without a SKU column Use this sheet says what to do; with one it saves the detected columns.
    expect(env.call('useSheetForPushing', 'Notes')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/has no column a push reads as the SKU/),
    });
    env.rt.sheet('Notes').setValues([['SKU']], 'A1');
    const used = unwrap(env.call('useSheetForPushing', 'Notes'));
    expect(used).toMatchObject({ sheet: 'Notes', stock: true, source: 'saved' });
    expect(unwrap(env.call('getSidebarState')).stockSheet).toMatchObject({ sheet: 'Notes', kind: 'stock', refusal: null });

    env.call('pushStockAll');
    expect(quantities().get(skus[6])).toBe(61);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Push stock \(all rows\) on "Notes": 1 ok/);
    expect(env.rt.sheet(STOCK).values()).toEqual(stock);
    expectInputsUnchanged(env.rt.sheet('Notes').values(), [['SKU', 'Qty', 'Comment'], notes[1]]);
  });

  test('the sidebar pushes the sheet its panel named, chunk after chunk, whichever tab is active meanwhile', () => {
    const stock = stockSheet();
    env.rt.addSheet(STOCK, stock);
    env.rt.addSheet(SHOPIFY, shopifySheet());
    env.rt.select(SHOPIFY, 'A1');
    const state = unwrap(env.call('getSidebarState'));
    expect(state.stockSheet).toMatchObject({ sheet: SHOPIFY, active: SHOPIFY, refusal: null });
    env.rt.select(STOCK, 'A1');
    let progress = unwrap(env.call('startPush', 'stock', 'all', SHOPIFY));
    while (!progress.finished) progress = unwrap(env.call('continuePush', progress.runId));
    expect(progress.message).toMatch(/^Push stock \(all rows\) on "Shopify export": 3 ok/);
    expect([skus[3], skus[4], skus[5]].map((s) => quantities().get(s))).toEqual([7, 8, 9]);
    expect(env.rt.sheet(STOCK).values()).toEqual(stock);
  });

  test('Send as async job from the export tab: the job results are written back on that tab by the background poll', () => {
    const stock = stockSheet();
    env.rt.addSheet(STOCK, stock);
    env.rt.addSheet(SHOPIFY, shopifySheet());
    env.rt.select(SHOPIFY, 'A2');
    env.call('pushAsyncAll');
    expect(columnValues(env.rt.sheet(SHOPIFY).values(), 'Sync status').slice(0, 3)).toEqual(['Pending', 'Pending', 'Pending']);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Send as async job \(all rows\) on "Shopify export": /);
    env.rt.advance(6 * 60_000); // the background trigger polls the job: nobody is on any sheet
    const status = columnValues(env.rt.sheet(SHOPIFY).values(), 'Sync status').slice(0, 3);
    expect(status.every((s) => s !== 'Pending' && s !== '')).toBe(true);
    expect([skus[3], skus[4], skus[5]].map((s) => quantities().get(s))).toEqual([7, 8, 9]);
    expect(env.rt.sheet(STOCK).values()).toEqual(stock);
  });
});

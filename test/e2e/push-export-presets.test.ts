/**
 * Sheets that are a shop's export, pushed from the menu: the preset applies without a click,
 * row rules skip parent rows with their reason, and the hub gets the export's values.
 */
import { useHub } from '../support/hub';
import { AMAZON_HEADER } from '../fixtures/exports/amazon';
import { MERCADOLIBRE_HEADER } from '../fixtures/exports/mercadolibre';
import { SHOPIFY_HEADER } from '../fixtures/exports/shopify';
import { WOOCOMMERCE_HEADER } from '../fixtures/exports/woocommerce';
import { apiRequests, clearRequests, column, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';
import { loose, unwrap } from '../support/results';

const STOCK = 'Stock & Prices';
const CHANNELS = ['shopify', 'woocommerce', 'mercadolibre', 'amazon'];

/** A row of an export: the named cells, every other column empty. */
const rowOf = (header: readonly string[], cells: Record<string, unknown>): unknown[] => header.map((h) => cells[h] ?? '');

describe('pushing a shop export (bundle in the runtime against the hub emulator)', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 20, CHANNELS);
  });

  beforeEach(() => {
    clearRequests(env);
    for (const name of env.rt.sheetNames()) if (name === STOCK || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
    for (const key of Object.keys(env.rt.properties('document')))
      if (/^(sheetColumns|columns)\./.test(key)) env.rt.setProperty('document', key, null);
  });

  /** Pushes stock then prices from the menu; returns the sheet's values after both. */
  function pushBoth(sheet: unknown[][]): unknown[][] {
    env.rt.addSheet(STOCK, sheet);
    env.call('pushStockAll');
    env.call('pushPricesAll');
    const values = env.rt.sheet(STOCK).values();
    expectInputsUnchanged(values, sheet);
    return values;
  }

  const message = (values: unknown[][], row: number): string => String(values[row - 1][column(values, 'Sync message')]);
  const status = (values: unknown[][], row: number): unknown => values[row - 1][column(values, 'Sync status')];

  test('Shopify product export: variants with and without compare-at price, a product row without variant SKU skipped', () => {
    const sheet = [
      SHOPIFY_HEADER,
      rowOf(SHOPIFY_HEADER, {
        Handle: 'tee',
        Title: 'Tee',
        'Variant SKU': skus[0],
        'Variant Inventory Qty': 7,
        'Variant Price': 25,
        'Variant Compare At Price': 30,
      }),
      rowOf(SHOPIFY_HEADER, { Handle: 'tee', 'Variant SKU': skus[1], 'Variant Inventory Qty': 4, 'Variant Price': 26 }),
      rowOf(SHOPIFY_HEADER, { Handle: 'tee', 'Image Src': 'https://cdn.example/tee-2.png' }),
      rowOf(SHOPIFY_HEADER, { Handle: 'mug', Title: 'Mug', 'Variant Inventory Qty': 3, 'Variant Price': 9 }),
    ];
    const values = pushBoth(sheet);
    const hub = hubProducts(env);
    expect(hub.get(skus[0])!.quantity).toBe(7);
    expect(hub.get(skus[0])!.listings.shopify!.price).toBe(30); // compare-at filled: it is the price
    expect(hub.get(skus[1])!.quantity).toBe(4);
    expect(hub.get(skus[1])!.listings.shopify!.price).toBe(26);
    expect(status(values, 2)).toBe('OK');
    expect(message(values, 2)).toMatch(/Variant Compare At Price 30 sent as the price/);
    expect(status(values, 5)).toBe('Skipped');
    expect(message(values, 5)).toMatch(/no Variant SKU/);
    // Title is the export's own column: kept as the seller wrote it (checked by expectInputsUnchanged).
    const priced = apiRequests(env).filter((r) => r.path === '/api/stock/updatepriceV2');
    expect(priced.length).toBeGreaterThan(0);
  });

  test('Shopify product export: a single-variant product (its only variant on the product row, images below) is pushed; a variant without SKU is told it is one', () => {
    const sheet = [
      SHOPIFY_HEADER,
      // What Shopify exports for a product with one variant: the variant's columns on the product's
      // first row (Option1 "Title" / "Default Title"), then one row per extra image.
      rowOf(SHOPIFY_HEADER, {
        Handle: 'cup',
        Title: 'Cup',
        Published: 'TRUE',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant SKU': skus[5],
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': 9,
        'Variant Price': 12.5,
        'Image Src': 'https://cdn.example/cup-1.png',
        'Image Position': 1,
        Status: 'active',
      }),
      rowOf(SHOPIFY_HEADER, { Handle: 'cup', 'Image Src': 'https://cdn.example/cup-2.png', 'Image Position': 2 }),
      // A single-variant product whose variant has no SKU in the shop.
      rowOf(SHOPIFY_HEADER, {
        Handle: 'plate',
        Title: 'Plate',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant Inventory Qty': 2,
        'Variant Price': 8,
      }),
    ];
    const values = pushBoth(sheet);
    const hub = hubProducts(env);
    expect(status(values, 2)).toBe('OK');
    expect(hub.get(skus[5])!.quantity).toBe(9);
    expect(hub.get(skus[5])!.listings.shopify!.price).toBe(12.5);
    expect(status(values, 3)).toBe(''); // an image row is blank to the add-on: no status
    expect(status(values, 4)).toBe('Skipped');
    // It is the product's variant, not a "product or image row": what to do is to give it a SKU.
    expect(message(values, 4)).toMatch(/^Skipped: no Variant SKU\. This variant has no SKU in Shopify/);
    expect(message(values, 4)).not.toMatch(/product or image row/);
  });

  test('WooCommerce export: a variable parent skipped with its reason, its variations sent', () => {
    const sheet = [
      WOOCOMMERCE_HEADER,
      rowOf(WOOCOMMERCE_HEADER, { ID: 10, Type: 'variable', SKU: skus[2], Name: 'Hoodie', 'In stock?': 1 }),
      rowOf(WOOCOMMERCE_HEADER, {
        ID: 11,
        Type: 'variation',
        SKU: skus[3],
        Name: 'Hoodie - S',
        'In stock?': 1,
        Stock: 12,
        'Regular price': 40,
        'Sale price': 35,
        Parent: 'id:10',
      }),
      rowOf(WOOCOMMERCE_HEADER, { ID: 12, Type: 'simple', SKU: skus[4], Name: 'Cap', 'In stock?': 1, Stock: 5, 'Regular price': 15 }),
    ];
    const before = hubProducts(env);
    const values = pushBoth(sheet);
    const hub = hubProducts(env);
    expect(status(values, 2)).toBe('Skipped');
    expect(message(values, 2)).toMatch(/WooCommerce variable or grouped product/);
    expect(hub.get(skus[2])!.quantity).toBe(before.get(skus[2])!.quantity);
    expect(hub.get(skus[3])!.quantity).toBe(12);
    expect(hub.get(skus[3])!.listings.woocommerce!.price).toBe(40);
    expect(hub.get(skus[4])!.quantity).toBe(5);
    expect(hub.get(skus[4])!.listings.woocommerce!.price).toBe(15);
    expect(status(values, 3)).toBe('OK');
  });

  test('Mercado Libre bulk-edit spreadsheet: Cantidad and Precio (mercadolibre)', () => {
    const sheet = [
      MERCADOLIBRE_HEADER,
      rowOf(MERCADOLIBRE_HEADER, {
        'Código de publicación': 'MLA123',
        Título: 'Taza',
        SKU: skus[5],
        Cantidad: 8,
        Precio: 1500,
        Moneda: 'ARS',
      }),
      rowOf(MERCADOLIBRE_HEADER, { 'Código de publicación': 'MLA124', Título: 'Remera', Variaciones: 'Color', Cantidad: '', Precio: 900 }),
    ];
    const values = pushBoth(sheet);
    const hub = hubProducts(env);
    expect(hub.get(skus[5])!.quantity).toBe(8);
    expect(hub.get(skus[5])!.listings.mercadolibre!.price).toBe(1500);
    expect(status(values, 3)).toBe('Skipped');
    expect(message(values, 3)).toMatch(/no SKU/);
  });

  test('Amazon Price & Quantity file: sku, quantity, price (amazon)', () => {
    const sheet = [
      AMAZON_HEADER,
      rowOf(AMAZON_HEADER, { sku: skus[6], price: 19.99, quantity: 6, 'handling-time': 2 }),
      rowOf(AMAZON_HEADER, { sku: skus[7], price: 24.5, 'fulfillment-channel': 'AMAZON_NA' }),
    ];
    const before = hubProducts(env);
    const values = pushBoth(sheet);
    const hub = hubProducts(env);
    expect(hub.get(skus[6])!.quantity).toBe(6);
    expect(hub.get(skus[6])!.listings.amazon!.price).toBe(19.99);
    // FBA row: no quantity to send, its price still goes.
    expect(hub.get(skus[7])!.quantity).toBe(before.get(skus[7])!.quantity);
    expect(hub.get(skus[7])!.listings.amazon!.price).toBe(24.5);
    expect(status(values, 2)).toBe('OK');
  });

  test('two exports matched at once: the push refuses, naming both, and sends nothing', () => {
    const both = [...WOOCOMMERCE_HEADER, 'minimum-seller-allowed-price', 'price', 'quantity'];
    env.rt.addSheet(STOCK, [both, rowOf(both, { SKU: skus[8], Stock: 3 })]);
    const dialogs = env.rt.dialogs().length;
    env.rt.answerNext('OK');
    env.call('pushStockAll');
    const shown = env.rt
      .dialogs()
      .slice(dialogs)
      .map((d) => JSON.stringify(d))
      .join(' ');
    expect(shown).toMatch(/WooCommerce product export and Amazon Price & Quantity file/);
    expect(apiRequests(env)).toEqual([]);
  });

  test('a saved hand mapping wins over detection', () => {
    // A Shopify header row whose seller keeps the real stock in a column of their own.
    const header = [...SHOPIFY_HEADER, 'Warehouse stock'];
    env.rt.addSheet(STOCK, [
      header,
      rowOf(header, { 'Variant SKU': skus[9], 'Variant Inventory Qty': 1, 'Warehouse stock': 42, 'Variant Price': 10 }),
    ]);
    const saved = env.call('saveColumns', {
      version: 1,
      preset: 'shopify',
      entries: [
        { field: 'sku', header: 'Variant SKU' },
        { field: 'quantity', header: 'Warehouse stock' },
      ],
      skip: [],
    });
    expect(loose(saved).error).toBeUndefined();
    expect(loose(saved).value!.source).toBe('saved');
    env.call('pushStockAll');
    expect(hubProducts(env).get(skus[9])!.quantity).toBe(42);
    // Unmapped columns are never read: Variant Price was not mapped, so no price goes.
    const dialogs = env.rt.dialogs().length;
    env.rt.answerNext('OK');
    env.call('pushPricesAll');
    expect(apiRequests(env).filter((r) => r.path === '/api/stock/updatepriceV2')).toEqual([]);
    expect(JSON.stringify(env.rt.dialogs().slice(dialogs))).toMatch(/needs a per-channel price column.*sidebar › Columns/);
  });

  test('the sidebar reads what was detected, and a preset can be applied by hand', () => {
    env.rt.addSheet(STOCK, [[...AMAZON_HEADER]]);
    const view = unwrap(env.call('getColumns'));
    expect(view.source).toBe('preset');
    expect(view.preset?.id).toBe('amazon');
    expect(view.headers).toEqual(AMAZON_HEADER);
    expect(view.entries).toContainEqual({ field: 'price', channel: 'amazon', header: 'price' });
    const applied = unwrap(env.call('applyColumnPreset', 'amazon'));
    expect(applied.source).toBe('saved');
    const saved = Object.entries(env.rt.properties('document')).filter(([key]) => key.startsWith('sheetColumns.'));
    expect(saved.map(([, value]) => JSON.parse(value).preset)).toEqual(['amazon']);
    const reset = unwrap(env.call('resetColumns'));
    expect(reset.source).toBe('preset');
  });
});

/**
 * Issue 15's "done when": a seller starting from a Shopify product export, a WooCommerce export or
 * an Amazon Price & Quantity file (XLSX) reaches a successful stock and price push without
 * renaming a header. Each file is built from the export's full real header row
 * (test/fixtures/exports), brought in through the playground's File › Import into the stock
 * sheet, and pushed from Extensions › Hub Sync; the hub's values are read back through its admin
 * API and the rows' statuses from the grid.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AMAZON_HEADER } from '../fixtures/exports/amazon';
import { SHOPIFY_HEADER } from '../fixtures/exports/shopify';
import { WOOCOMMERCE_HEADER } from '../fixtures/exports/woocommerce';
import {
  BROWSER_TEST_MS,
  cell,
  expectActiveTab,
  headerColumns,
  hubProduct,
  menu,
  openSection,
  UNTIL_READY_MS,
  waitForCell,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK_SHEET = 'Stock & Prices';
/** The result colours (src/sheet/result-colours.ts) as the browser reports them. */
const GREEN = 'rgb(183, 225, 205)';
const GREY = 'rgb(239, 239, 239)';

/** A CSV of `header` with one line per row object (fields not given are empty). */
function csvOf(header: readonly string[], rows: ReadonlyArray<Partial<Record<string, string | number>>>): Buffer {
  const data = rows.map((r) => header.map((h) => (r[h] === undefined ? '' : String(r[h]))));
  return Buffer.from(Papa.unparse({ fields: [...header], data }, { newline: '\r\n' }), 'utf8');
}

const SHOPIFY_ROWS = [
  {
    Handle: 'camiseta-export',
    Title: 'Camiseta export',
    'Option1 Name': 'Size',
    'Option1 Value': 'M',
    'Variant SKU': 'SHP-CAM-M',
    'Variant Inventory Qty': 12,
    'Variant Price': '19.99',
    'Variant Compare At Price': '24.00',
    Status: 'active',
  },
  {
    Handle: 'camiseta-export',
    'Option1 Value': 'L',
    'Variant SKU': 'SHP-CAM-L',
    'Variant Inventory Qty': 0,
    'Variant Price': '19.99',
    Status: 'active',
  },
  // A variant the shop keeps without a SKU: it has a quantity and a price but nothing to key them by.
  { Handle: 'camiseta-export', 'Option1 Value': 'XL', 'Variant Inventory Qty': 3, 'Variant Price': '19.99', Status: 'active' },
  // An extra image of the product: nothing the add-on reads is filled, so it is a blank row to it.
  { Handle: 'camiseta-export', 'Image Src': 'https://cdn.example.com/camiseta-2.jpg', 'Image Position': 2 },
  {
    Handle: 'taza-export',
    Title: 'Taza export',
    'Variant SKU': 'SHP-TAZA',
    'Variant Inventory Qty': 7,
    'Variant Price': '1,299.50',
    Status: 'draft',
  },
];

const WOO_ROWS = [
  { ID: 15, Type: 'simple', SKU: 'WOO-GORRA', Name: 'Gorra', Stock: 30, 'Sale price': '199.5', 'Regular price': '250' },
  { ID: 16, Type: 'variable', SKU: 'WOO-SUD', Name: 'Sudadera' },
  { ID: 17, Type: 'variation', SKU: 'WOO-SUD-M', Name: 'Sudadera - M', Stock: 4, 'Regular price': '2,500', Parent: 'id:16' },
];

async function amazonXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Price & Quantity');
  ws.addRow([...AMAZON_HEADER]);
  const row = (r: Record<string, string | number>): Array<string | number | null> => AMAZON_HEADER.map((h) => r[h] ?? null);
  ws.addRow(row({ sku: 'AMZ-LIBRO', price: 349, quantity: 9, 'handling-time': 2 }));
  ws.addRow(row({ sku: 'AMZ-LAMP', price: 1150.5, quantity: 0, 'fulfillment-channel': 'DEFAULT' }));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("playground: a seller starts from their shop's export", () => {
  const s = sidebarSession('seller-exports');
  beforeAll(async () => {
    // The hub knows these products (listed where the export's prices go) with other values.
    const listed = (channel: string) => ({ [channel]: { status: 'active' } });
    await s.pg.admin.seedProducts([
      ...['SHP-CAM-M', 'SHP-CAM-L', 'SHP-TAZA'].map((sku) => ({ sku, quantity: 1, price: 5, listings: listed('shopify') })),
      ...['WOO-GORRA', 'WOO-SUD-M'].map((sku) => ({ sku, quantity: 1, price: 5, listings: listed('woocommerce') })),
      ...['AMZ-LIBRO', 'AMZ-LAMP'].map((sku) => ({ sku, quantity: 1, price: 5, listings: listed('amazon') })),
      ...['MANO-1', 'MANO-2'].map((sku) => ({ sku, quantity: 1, price: 5, listings: listed('mercadolibre') })),
    ]);
  });

  /** File › Import into the stock sheet, replacing what it held (as a seller brings a file in). */
  async function importIntoStockSheet(name: string, mimeType: string, buffer: Buffer): Promise<void> {
    await s.page.locator(`[role=tab][data-sheet="${STOCK_SHEET}"]`).click();
    await expectActiveTab(s.page, STOCK_SHEET);
    await menu(s.page, 'File', 'Import');
    await s.page.locator('#import').waitFor();
    await s.page.locator('#import-file').setInputFiles({ name, mimeType, buffer });
    await s.page.locator('#import-into').selectOption('replace');
    await s.page.locator('#import-OK').click();
    await s.page.locator('#import').waitFor({ state: 'detached' });
    await expectActiveTab(s.page, STOCK_SHEET);
  }

  /** Runs a push from the add-on's menu and waits for its closing toast. */
  async function push(operation: 'Push stock' | 'Push prices', freezeAnswer?: 'YES' | 'NO'): Promise<string> {
    // An add-on toast replaces the one on screen (as in Sheets): clear it so the next is the push's.
    await s.page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
    await menu(s.page, 'Extensions', 'Hub Sync', operation, 'All rows');
    if (freezeAnswer) {
      // The one-time question, asked by the first push that writes results while the SKU column is not frozen.
      await s.page.locator('#dialog').waitFor({ timeout: UNTIL_READY_MS });
      expect(await s.page.locator('#dialog-message').textContent()).toMatch(
        /^Freeze the SKU column so it stays in view\? Yes freezes columns A to C/,
      );
      await s.shots.take(s.page, 'freeze-question');
      await s.page.locator(`#dialog-${freezeAnswer}`).click();
    }
    const toasts = s.page.locator('.toast', { hasText: `${operation} (all rows)` });
    await toasts.waitFor({ timeout: UNTIL_READY_MS });
    return (await toasts.textContent()) ?? '';
  }

  /** The background colour the grid shows for a cell (the add-on's conditional format rules), off the selection. */
  async function shownColour(r: number, c: number): Promise<string> {
    await s.page.locator('#grid .rh[data-r="20"]').click();
    return cell(s.page, r, c).evaluate((e) => getComputedStyle(e).backgroundColor);
  }

  /** Pushes every row from the sidebar's Push section and returns its closing message. */
  async function sidebarPush(operation: 'stock' | 'prices'): Promise<string> {
    await openSection(s.frame, 'Push');
    await s.frame.locator('#push-operation').selectOption(operation);
    await s.frame.locator('#push-scope').selectOption('all');
    // The last push may have ended with the same words: blank the line so the wait sees this push's.
    await s.frame.locator('#push-message').evaluate((e) => (e.textContent = ''));
    await s.frame.locator('#push-button').click();
    const title = operation === 'stock' ? 'Push stock (all rows)' : 'Push prices (all rows)';
    const done = s.frame.locator('#push-message', { hasText: title });
    const refused = s.frame.locator('#push-error:not(:empty)');
    await done.or(refused).first().waitFor({ timeout: UNTIL_READY_MS });
    if (await refused.isVisible()) throw new Error(`the sidebar push was refused: ${await refused.textContent()}`);
    return (await s.frame.locator('#push-message').textContent()) ?? '';
  }

  /** The Sync status text of each row whose SKU column holds one of `skus`. */
  async function statusesBySku(skuHeader: string): Promise<Map<string, { row: number; status: string; message: string }>> {
    await s.page.locator(`[role=tab][data-sheet="${STOCK_SHEET}"]`).click();
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).waitFor();
    const headers = await headerColumns(s.page);
    const skuCol = headers.get(skuHeader)!;
    const status = headers.get('Sync status')!;
    const message = headers.get('Sync message')!;
    const out = new Map<string, { row: number; status: string; message: string }>();
    for (let r = 2; r <= 8; r++) {
      const sku = ((await cell(s.page, r, skuCol).textContent()) ?? '').trim();
      const key = sku === '' ? `(row ${r})` : sku;
      out.set(key, {
        row: r,
        status: ((await cell(s.page, r, status).textContent()) ?? '').trim(),
        message: ((await cell(s.page, r, message).textContent()) ?? '').trim(),
      });
    }
    return out;
  }

  test('Shopify product export (CSV): stock and prices pushed, compare-at price honoured, rows without a Variant SKU skipped', async () => {
    await importIntoStockSheet('products_export_1.csv', 'text/csv', csvOf(SHOPIFY_HEADER, SHOPIFY_ROWS));
    await waitForCell(s.page, 1, SHOPIFY_HEADER.indexOf('Variant SKU') + 1, 'Variant SKU');
    await s.shots.take(s.page, 'shopify-imported');

    expect(await push('Push stock')).toMatch(/3 ok/);
    expect(await push('Push prices')).toMatch(/3 ok/);
    await s.shots.take(s.page, 'shopify-pushed');

    expect((await hubProduct(s.pg.admin, 'SHP-CAM-M')).quantity).toBe(12);
    expect((await hubProduct(s.pg.admin, 'SHP-CAM-L')).quantity).toBe(0);
    expect((await hubProduct(s.pg.admin, 'SHP-TAZA')).quantity).toBe(7);
    // Compare-at filled and higher: it is the price; Variant Price is the offer.
    expect((await hubProduct(s.pg.admin, 'SHP-CAM-M')).listings.shopify?.price).toBe(24);
    expect((await hubProduct(s.pg.admin, 'SHP-CAM-L')).listings.shopify?.price).toBe(19.99);
    expect((await hubProduct(s.pg.admin, 'SHP-TAZA')).listings.shopify?.price).toBe(1299.5);

    const rows = await statusesBySku('Variant SKU');
    expect(rows.get('SHP-CAM-M')?.status).toBe('OK');
    expect(rows.get('SHP-TAZA')?.status).toBe('OK');
    const noSku = rows.get('(row 4)');
    expect(noSku?.status).toBe('Skipped');
    expect(noSku?.message).toMatch(/no Variant SKU/);
    expect(rows.get('(row 5)')).toEqual({ row: 5, status: '', message: '' });
    // The statuses read like Sheets: OK green, Skipped grey (conditional format rules), on the
    // status column and on the channel's.
    const headers = await headerColumns(s.page);
    expect(await shownColour(rows.get('SHP-CAM-M')!.row, headers.get('Sync status')!)).toBe(GREEN);
    expect(await shownColour(rows.get('SHP-CAM-M')!.row, headers.get('Status [shopify]')!)).toBe(GREEN);
    expect(await shownColour(4, headers.get('Sync status')!)).toBe(GREY);
    await cell(s.page, 1, headers.get('Variant Price')!).scrollIntoViewIfNeeded();
    await cell(s.page, 1, headers.get('Sync status')!).scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'shopify-statuses');
  });

  test('WooCommerce export (CSV): Regular price is the price, variable parents skipped', async () => {
    await importIntoStockSheet('wc-product-export.csv', 'text/csv', csvOf(WOOCOMMERCE_HEADER, WOO_ROWS));
    await waitForCell(s.page, 1, WOOCOMMERCE_HEADER.indexOf('Regular price') + 1, 'Regular price');

    // Shopify's SKU (column O) was too far right to be asked about; WooCommerce's (C) is, once.
    expect(await push('Push stock', 'YES')).toMatch(/2 ok/);
    expect(await push('Push prices')).toMatch(/2 ok/);
    await s.shots.take(s.page, 'woocommerce-pushed');

    expect((await hubProduct(s.pg.admin, 'WOO-GORRA')).quantity).toBe(30);
    expect((await hubProduct(s.pg.admin, 'WOO-SUD-M')).quantity).toBe(4);
    expect((await hubProduct(s.pg.admin, 'WOO-GORRA')).listings.woocommerce?.price).toBe(250);
    expect((await hubProduct(s.pg.admin, 'WOO-SUD-M')).listings.woocommerce?.price).toBe(2500);

    const rows = await statusesBySku('SKU');
    expect(rows.get('WOO-GORRA')?.status).toBe('OK');
    expect(rows.get('WOO-SUD')?.status).toBe('Skipped');
    expect(rows.get('WOO-SUD')?.message).toMatch(/variable/);
  });

  test('Amazon Price & Quantity file (XLSX): sku, price and quantity pushed', async () => {
    await importIntoStockSheet(
      'PriceQuantity.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      await amazonXlsx(),
    );
    await waitForCell(s.page, 2, 1, 'AMZ-LIBRO');

    expect(await push('Push stock')).toMatch(/2 ok/);
    expect(await push('Push prices')).toMatch(/2 ok/);
    await s.shots.take(s.page, 'amazon-pushed');

    expect((await hubProduct(s.pg.admin, 'AMZ-LIBRO')).quantity).toBe(9);
    expect((await hubProduct(s.pg.admin, 'AMZ-LAMP')).quantity).toBe(0);
    expect((await hubProduct(s.pg.admin, 'AMZ-LIBRO')).listings.amazon?.price).toBe(349);
    expect((await hubProduct(s.pg.admin, 'AMZ-LAMP')).listings.amazon?.price).toBe(1150.5);
    expect(s.errors).toEqual([]);
  });

  test('the sidebar shows the detected WooCommerce preset; Apply saves it and a sidebar push follows it', async () => {
    const rows = WOO_ROWS.map((r) => (r.Stock === undefined ? r : { ...r, Stock: r.Stock + 10 }));
    await importIntoStockSheet('wc-product-export-2.csv', 'text/csv', csvOf(WOOCOMMERCE_HEADER, rows));
    await openSection(s.frame, 'Columns');
    await s.frame.locator('#columns-source', { hasText: 'WooCommerce' }).waitFor();
    expect(await s.frame.locator('#columns-preset').inputValue()).toBe('woocommerce');
    expect(await s.frame.locator('#columns-field-quantity').inputValue()).toBe('Stock');
    await s.shots.takeSidebar(s.page, 'woocommerce-detected');
    await s.frame.locator('#columns-apply').click();
    await s.frame.locator('#columns-message', { hasText: 'Applied and saved' }).waitFor();
    await s.shots.take(s.page, 'woocommerce-preset-applied');

    expect(await sidebarPush('stock')).toMatch(/2 ok/);
    expect((await hubProduct(s.pg.admin, 'WOO-GORRA')).quantity).toBe(40);
    expect((await hubProduct(s.pg.admin, 'WOO-SUD-M')).quantity).toBe(14);
  });

  test('headers no preset knows: the seller maps SKU, quantity and a per-channel price by hand in the sidebar', async () => {
    const header = ['Clave interna', 'Descripción', 'Inventario disponible', 'Precio Mercado Libre'];
    await importIntoStockSheet(
      'inventario.csv',
      'text/csv',
      csvOf(header, [
        { 'Clave interna': 'MANO-1', Descripción: 'Lámpara', 'Inventario disponible': 6, 'Precio Mercado Libre': '410' },
        { 'Clave interna': 'MANO-2', Descripción: 'Mesa', 'Inventario disponible': 2, 'Precio Mercado Libre': '1,890.90' },
      ]),
    );
    await openSection(s.frame, 'Columns');
    await s.frame.locator('#columns-load').click();
    await s.frame.locator('#columns-field-sku option', { hasText: 'Clave interna' }).waitFor({ state: 'attached' });
    await s.frame.locator('#columns-field-sku').selectOption('Clave interna');
    await s.frame.locator('#columns-field-quantity').selectOption('Inventario disponible');
    await s.frame.locator('#columns-add').click();
    const added = s.frame.locator('.columns-channel-row').last();
    await added.locator('.columns-channel-field').selectOption('price');
    await added.locator('.columns-channel-channel').selectOption('mercadolibre');
    await added.locator('.columns-channel-header').selectOption('Precio Mercado Libre');
    await s.frame.locator('#columns-save').click();
    await s.frame.locator('#columns-message', { hasText: 'Saved' }).waitFor();
    // The WooCommerce preset applied earlier on this sheet is not this file: the mapping is the seller's own.
    expect(await s.frame.locator('#columns-source').textContent()).not.toMatch(/WooCommerce/);
    expect(await s.frame.locator('#columns-rules li').count()).toBe(0);
    await s.shots.take(s.page, 'mapped-by-hand');
    await s.frame.locator('#columns-field-sku').scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'mapped-by-hand-sidebar');

    expect(await sidebarPush('stock')).toMatch(/2 ok/);
    expect(await sidebarPush('prices')).toMatch(/2 ok/);
    expect((await hubProduct(s.pg.admin, 'MANO-1')).quantity).toBe(6);
    expect((await hubProduct(s.pg.admin, 'MANO-2')).listings.mercadolibre?.price).toBe(1890.9);
    // The seller's headers are where they were; the results went to the add-on's own columns.
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).waitFor();
    const headers = await headerColumns(s.page);
    expect(headers.get('Clave interna')).toBe(1);
    expect(headers.get('Precio Mercado Libre')).toBe(4);
    expect(headers.get('Sync status')).toBeGreaterThan(4);
    expect(s.errors).toEqual([]);
  });
});

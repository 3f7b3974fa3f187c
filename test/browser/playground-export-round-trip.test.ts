/**
 * A seller's own export in the playground, whose SKUs the demo hub does not have: File › Import
 * into the stock sheet, Playground › Add these SKUs to the hub creates them (listed on the
 * export's channel, with the sheet's quantities and prices), and the pushes then complete:
 * every row OK but the ones the export's row rule skips.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BROWSER_TEST_MS, cell, expectActiveTab, headerColumns, hubProduct, menu, UNTIL_READY_MS } from './support/browser';
import { usePlayground } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';
const FIXTURES = path.join(__dirname, 'fixtures');

describe('playground: an export whose SKUs the hub lacks makes a round trip', () => {
  const s = usePlayground('playground-export-round-trip');

  async function importIntoStockSheet(file: string): Promise<void> {
    await s.page.locator(`[role=tab][data-sheet="${STOCK}"]`).click();
    await menu(s.page, 'File', 'Import');
    await s.page.locator('#import').waitFor();
    await s.page
      .locator('#import-file')
      .setInputFiles({ name: file, mimeType: 'text/csv', buffer: fs.readFileSync(path.join(FIXTURES, file)) });
    await s.page.locator('#import-into').selectOption('replace');
    await s.page.locator('#import-OK').click();
    await s.page.locator('#import').waitFor({ state: 'detached' });
    await expectActiveTab(s.page, STOCK);
  }

  async function addSkus(): Promise<string> {
    await s.page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
    await menu(s.page, 'Playground', 'Add these SKUs to the hub');
    const toast = s.page.locator('.toast', { hasText: 'Playground' });
    await toast.waitFor({ timeout: UNTIL_READY_MS });
    return (await toast.textContent()) ?? '';
  }

  async function push(operation: 'Push stock' | 'Push prices'): Promise<string> {
    await s.page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
    await menu(s.page, 'Extensions', 'Hub Sync', operation, 'All rows');
    const toast = s.page.locator('.toast', { hasText: `${operation} (all rows)` });
    // The add-on's one-time question (freeze the SKU column) may come first: No keeps the sheet as imported.
    const question = s.page.locator('#dialog');
    await toast.or(question).first().waitFor({ timeout: UNTIL_READY_MS });
    if (await question.isVisible()) await s.page.locator('#dialog-NO').click();
    await toast.waitFor({ timeout: UNTIL_READY_MS });
    return (await toast.textContent()) ?? '';
  }

  /** Sync status by the SKU text shown, for rows 2…last. */
  async function statuses(skuHeader: string, last: number): Promise<Map<string, string>> {
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).waitFor();
    const headers = await headerColumns(s.page);
    const out = new Map<string, string>();
    for (let r = 2; r <= last; r++)
      out.set(
        ((await cell(s.page, r, headers.get(skuHeader)!).textContent()) ?? '').trim(),
        ((await cell(s.page, r, headers.get('Sync status')!).textContent()) ?? '').trim(),
      );
    return out;
  }

  test('Shopify export: its SKUs created on shopify, then stock and prices pushed, every row OK', async () => {
    await importIntoStockSheet('shopify-products.csv');
    const said = await addSkus();
    expect(said).toMatch(/2 SKUs of \u201cStock & Prices\u201d created in the hub emulator, listed on shopify: CAM-ROJA\.L, 42\./);
    // The demo hub has CAM-ROJA.M, but not on shopify: it gets that listing, for the export's price.
    expect(said).toMatch(/Already in the hub, now listed on shopify too: CAM-ROJA\.M\./);
    await s.shots.take(s.page, 'shopify-skus-added');
    // "00042" was typed into the sheet as the number 42: the add-on sends '42', so that is the SKU made.
    expect((await hubProduct(s.pg.admin, '42')).listings.shopify?.price).toBe(1299.5);
    expect(await push('Push stock')).toMatch(/3 ok, 0 failed/);
    expect(await push('Push prices')).toMatch(/3 ok, 0 failed/);
    expect([...(await statuses('Variant SKU', 4)).values()]).toEqual(['OK', 'OK', 'OK']);
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).scrollIntoViewIfNeeded();
    expect((await hubProduct(s.pg.admin, 'CAM-ROJA.L')).quantity).toBe(0);
    expect((await hubProduct(s.pg.admin, 'CAM-ROJA.M')).listings.shopify?.price).toBe(24); // compare-at: the price
    await s.shots.take(s.page, 'shopify-pushed');
  });

  test('WooCommerce export: its SKUs created on woocommerce, the variable parent skipped, the rest OK', async () => {
    await importIntoStockSheet('woocommerce-products.csv');
    const said = await addSkus();
    expect(said).toMatch(/2 SKUs .* listed on woocommerce: WOO-001, WOO-017-M\./);
    expect(said).toMatch(/1 rows? without a SKU the add-on would send/);
    expect(await push('Push stock')).toMatch(/2 ok, 0 failed/);
    expect(await push('Push prices')).toMatch(/2 ok, 0 failed/);
    const shown = await statuses('SKU', 4);
    expect(shown.get('WOO-001')).toBe('OK');
    expect(shown.get('WOO-017-M')).toBe('OK');
    expect(shown.get('007-B')).toBe('Skipped');
    expect((await hubProduct(s.pg.admin, 'WOO-001')).listings.woocommerce?.price).toBe(250);
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'woocommerce-pushed');
    expect(s.errors).toEqual([]);
  });
});

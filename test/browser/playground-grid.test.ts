/**
 * The playground in Chromium: the workbook, the Hub Sync menu and the sidebar are there; a price
 * and a quantity edited in the grid are pushed from the menu, the add-on's result columns appear,
 * the hub emulator's state changes.
 */
import {
  BROWSER_TEST_MS,
  expectActiveTab,
  headerColumns,
  hubProduct,
  menu,
  sidebar,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
} from './support/browser';
import { usePlayground } from './support/sidebar-session';
import { COL_W } from '../../dev/playground/page/grid/columns';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';
// Columns of the sheet the playground fills from the hub: SKU, Title, Quantity, Price [mercadolibre], …
const QTY = 3;
const PRICE_ML = 4;

describe('playground: grid, menu and sidebar', () => {
  const s = usePlayground('playground-grid');

  test('shows the workbook with the active sheet, the Hub Sync menu and the real sidebar', async () => {
    await expectActiveTab(s.page, STOCK);
    await waitForCell(s.page, 1, 1, 'SKU');
    await waitForCell(s.page, 2, 1, 'CAM-ROJA.M');
    const headers = await headerColumns(s.page);
    expect([...headers.keys()]).toEqual(['SKU', 'Title', 'Quantity', 'Price [mercadolibre]', 'Price [amazon]', 'Price [walmart]']);
    const frame = await sidebar(s.page);
    await frame.locator('#user').filter({ hasText: 'Signed in as' }).waitFor();
    expect(await frame.locator('#setup-notice').isHidden()).toBe(true); // base URL and token are configured
    // As in Sheets, the add-on's menu is a submenu of Extensions, not a menu of its own.
    expect(await s.page.locator('#menubar > .menu > [data-menu="Hub Sync"]').count()).toBe(0);
    await s.page.locator('[data-menu="Extensions"]').click();
    await s.page.locator('[data-submenu="Hub Sync"]').click();
    const items = await s.page.locator('[data-submenu="Hub Sync"] + .menu-list > li > button').allTextContents();
    expect(items).toEqual(expect.arrayContaining(['Open sidebar', 'Push stock', 'Push prices', 'Refresh job results']));
    await s.shots.take(s.page, 'open-with-menu');
    await s.page.keyboard.press('Escape');
  });

  test("the add-on's prompts and alerts are answered in the page", async () => {
    await menu(s.page, 'Extensions', 'Hub Sync', 'Old job status (deprecated)');
    const prompt = s.page.locator('#dialog');
    await prompt.waitFor();
    // The status bar names the menu item, not the function behind it.
    await s.page.locator('#status', { hasText: 'Running Old job status (deprecated)\u2026' }).waitFor();
    expect(await s.page.locator('#status').textContent()).not.toContain('checkOldJobStatus');
    expect(await s.page.locator('#dialog-message').textContent()).toContain('Job id of an old async job');
    await s.shots.take(s.page, 'prompt');
    await s.page.locator('#dialog-input').fill('999999');
    await s.page.locator('#dialog-OK').click();
    // The add-on asked the hub, which does not know that job: it says so in an alert.
    await s.page.locator('#dialog-message', { hasText: /not found|404/i }).waitFor({ timeout: UNTIL_READY_MS });
    await s.shots.take(s.page, 'alert');
    await s.page.locator('#dialog-OK').click();
    await s.page.locator('#dialog').waitFor({ state: 'detached' });
    await s.page.locator('#status', { hasText: 'Ready' }).waitFor();
    expect(s.dialogs).toEqual([]); // the page's own modal, never a browser dialog
  });

  test('a price and a quantity typed into the grid are pushed from the menu; results appear in the grid and the hub', async () => {
    const before = await hubProduct(s.pg.admin, 'CAM-ROJA.M');
    expect(before.quantity).not.toBe(77);
    await typeIntoCell(s.page, 2, QTY, '77');
    await typeIntoCell(s.page, 2, PRICE_ML, '4321.5');
    await waitForCell(s.page, 2, QTY, '77');
    await waitForCell(s.page, 2, PRICE_ML, '4321.5');
    // Numbers typed are read as numbers by the runtime (right-aligned like Sheets).
    await s.page.locator(`#grid .cell.num[data-r="2"][data-c="${QTY}"]`).waitFor();
    await s.page.locator(`#grid .cell.num[data-r="2"][data-c="${PRICE_ML}"]`).waitFor();
    await s.shots.take(s.page, 'edited');

    await s.page.locator('#grid .rh[data-r="2"]').click();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push stock', 'Selected rows');
    await s.page
      .locator('.toast', { hasText: 'Push stock (selected rows) on "Stock & Prices": 1 ok, 0 failed' })
      .waitFor({ timeout: UNTIL_READY_MS });
    await s.shots.take(s.page, 'stock-pushed');

    // The first push creates the Log sheet, which Sheets makes the active sheet: go back.
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await expectActiveTab(s.page, STOCK);
    await s.page.locator('#grid .rh[data-r="2"]').click();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push prices', 'Selected rows');
    await s.page
      .locator('.toast', { hasText: 'Push prices (selected rows) on "Stock & Prices": 1 ok' })
      .waitFor({ timeout: UNTIL_READY_MS });

    await s.page.waitForFunction(() =>
      [...document.querySelectorAll('#grid .cell[data-r="1"]')].some((e) => e.textContent === 'Status [mercadolibre]'),
    );
    const headers = await headerColumns(s.page);
    for (const name of ['Sync status', 'Sync message', 'Synced at', 'Status [mercadolibre]', 'Status [amazon]', 'Status [walmart]'])
      expect(headers.has(name)).toBe(true);
    await waitForCell(s.page, 2, headers.get('Sync status')!, 'OK');
    await waitForCell(s.page, 2, headers.get('Status [mercadolibre]')!, 'OK');
    // The columns the add-on added are drawn as wide as it made them: their headers read whole;
    // the seller's Title column keeps the page's width.
    const cut = (c: number) =>
      s.page
        .locator(`#grid .cell[data-r="1"][data-c="${c}"]`)
        .evaluate((e) => ({ text: e.textContent, cut: e.scrollWidth > e.clientWidth, width: e.getBoundingClientRect().width }));
    expect(await cut(headers.get('Status [mercadolibre]')!)).toMatchObject({ text: 'Status [mercadolibre]', cut: false });
    expect((await cut(headers.get('Title')!)).width).toBe(COL_W);
    // Statuses show their colours (the add-on's conditional format rules), once the row is not selected.
    await s.page.locator('#grid .rh[data-r="3"]').click();
    await s.page.waitForFunction(
      (c) =>
        getComputedStyle(document.querySelector(`#grid .cell[data-r="2"][data-c="${c}"]`) as Element).backgroundColor ===
        'rgb(183, 225, 205)',
      headers.get('Sync status')!,
    );
    await s.shots.take(s.page, 'results-in-grid');

    const after = await hubProduct(s.pg.admin, 'CAM-ROJA.M');
    expect(after.quantity).toBe(77);
    expect(after.listings.mercadolibre?.price).toBe(4321.5);
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

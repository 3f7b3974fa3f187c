/**
 * Issue 18 in the playground: the seller opens Per-channel rules from the menu (the Rules sheet is
 * created), types a rule for amazon in the grid, pushes prices, and the hub holds the ruled price
 * while the row says what the rule did; a bad rule row gets its reason in its Problem cell and
 * its channel's rows are refused. Screenshots of each step.
 */
import {
  BROWSER_TEST_MS,
  cell,
  expectActiveTab,
  headerColumns,
  menu,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
  generateAndFill,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const RULES_MENU = 'Per-channel rules (markup, rounding, stock buffer)\u2026';

describe('playground: per-channel rules', () => {
  const s = sidebarSession('rules');
  const listings = async (sku: string) => (await s.pg.admin.state(['products'])).products.find((p) => p.sku === sku)!.listings;
  let sku = '';
  let typed = 0;

  test('20 products from the hub; the menu item creates the Rules sheet and takes the seller there', async () => {
    await generateAndFill(s.page, 'RU-', 20);

    await menu(s.page, 'Extensions', 'Hub Sync', RULES_MENU);
    await expectActiveTab(s.page, 'Rules');
    await s.page.locator('.toast', { hasText: 'The Rules sheet is ready' }).waitFor({ timeout: UNTIL_READY_MS });
    // The tab is selected before the grid has fetched the new sheet's cells: wait for its header.
    await waitForCell(s.page, 1, 1, 'Channel');
    const header = await headerColumns(s.page);
    expect([...header.keys()]).toEqual([
      'Channel',
      'Markup %',
      'Markup amount',
      'Rounding',
      'Min price',
      'Max price',
      'Stock buffer',
      'Stock buffer %',
      'Max quantity listed',
      'Send 0 below',
      'Also per-channel columns',
      'Problem',
    ]);
    // The sheet's validation lists are drawn as Sheets draws them: a chip, and the list on editing.
    const channelCell = cell(s.page, 2, header.get('Channel')!);
    await expect(channelCell.getAttribute('class')).resolves.toContain('dropdown');
    await channelCell.dblclick();
    const choices = await s.page.locator('#cell-editor-choices option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(choices).toContain('amazon');
    await s.page.keyboard.press('Escape');
    expect(await s.page.locator('#cell-editor-choices').count()).toBe(0);
    // amazon: +20 %, to .99, also on the Price [amazon] column the fill wrote.
    await typeIntoCell(s.page, 2, header.get('Channel')!, 'amazon');
    await typeIntoCell(s.page, 2, header.get('Markup %')!, '20');
    await typeIntoCell(s.page, 2, header.get('Rounding')!, '.99');
    await typeIntoCell(s.page, 2, header.get('Also per-channel columns')!, 'yes');
    await waitForCell(s.page, 2, header.get('Also per-channel columns')!, 'yes');
    await s.shots.take(s.page, 'rules-sheet');
  });

  test('Push prices: the hub holds the ruled amazon price, the row says what the rule did', async () => {
    await s.page.locator('[role=tab][data-sheet="Stock & Prices"]').click();
    await expectActiveTab(s.page, 'Stock & Prices');
    await waitForCell(s.page, 1, 1, 'SKU');
    let header = await headerColumns(s.page);
    const { products } = await s.pg.admin.state(['products']);
    const first = products.find((p) => p.sku.startsWith('RU-') && p.listings.amazon)!;
    sku = first.sku;
    const row = Number(sku.slice(3)) + 1;
    typed = 100;
    await typeIntoCell(s.page, row, header.get('Price [amazon]')!, '100');
    await waitForCell(s.page, row, header.get('Price [amazon]')!, '100');
    // The typed cell is saved first (else the menu's click can land while the grid redraws).
    await s.page.locator('#status', { hasText: 'Ready' }).waitFor();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push prices', 'All rows');
    await s.page
      .locator('.toast', { hasText: 'Push prices (all rows) on "Stock & Prices": 20 ok, 0 failed' })
      .waitFor({ timeout: UNTIL_READY_MS });
    // The result columns are new: read the header again, once the grid shows them.
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).first().waitFor();
    header = await headerColumns(s.page);
    await waitForCell(s.page, row, header.get('Sync status')!, 'OK');
    expect((await listings(sku)).amazon!.price).toBe(119.99);
    const message = (await s.page.locator(`#grid .cell[data-r="${row}"][data-c="${header.get('Sync message')}"]`).textContent()) ?? '';
    expect(message).toContain(`Price [amazon] ${typed} \u2192 119.99 for amazon: +20 %, .99`);
    await s.page.locator(`#grid .cell[data-r="${row}"][data-c="${header.get('Sync message')}"]`).click();
    await s.shots.take(s.page, 'pushed-ruled');
  });

  test("a bad rule row: its reason in the Problem cell; its channel's rows are refused, the others go", async () => {
    await s.page.locator('[role=tab][data-sheet="Rules"]').click();
    await expectActiveTab(s.page, 'Rules');
    await waitForCell(s.page, 1, 1, 'Channel');
    const header = await headerColumns(s.page);
    await typeIntoCell(s.page, 3, header.get('Channel')!, 'walmart');
    await typeIntoCell(s.page, 3, header.get('Min price')!, '50');
    await typeIntoCell(s.page, 3, header.get('Max price')!, '10');
    await waitForCell(s.page, 3, header.get('Max price')!, '10');
    await s.page.locator('#status', { hasText: 'Ready' }).waitFor();
    await menu(s.page, 'Extensions', 'Hub Sync', RULES_MENU);
    await s.page.locator('.toast', { hasText: '1 rule in use; 1 row not used' }).waitFor({ timeout: UNTIL_READY_MS });
    await waitForCell(
      s.page,
      3,
      header.get('Problem')!,
      'Rule in row 3 (walmart) not used: the minimum price 50 is above the maximum 10. Nothing is sent with it: fix the row.',
    );
    await s.page.locator(`#grid .cell[data-r="3"][data-c="${header.get('Problem')}"]`).click();
    await s.shots.take(s.page, 'bad-rule');

    await s.page.locator('[role=tab][data-sheet="Stock & Prices"]').click();
    await expectActiveTab(s.page, 'Stock & Prices');
    // The grid has redrawn this sheet (its header, not the Rules sheet's) before it is read.
    await waitForCell(s.page, 1, 1, 'SKU');
    const stock = await headerColumns(s.page);
    // A row with a walmart price is refused whole; one with amazon alone still goes.
    const { products } = await s.pg.admin.state(['products']);
    const onWalmart = products.find((p) => p.sku.startsWith('RU-') && p.listings.walmart)!;
    const refusedRow = Number(onWalmart.sku.slice(3)) + 1;
    const amazonOnly = products.find((p) => p.sku.startsWith('RU-') && p.listings.amazon && !p.listings.walmart)!;
    const okRow = Number(amazonOnly.sku.slice(3)) + 1;
    await s.page.locator('#status', { hasText: 'Ready' }).waitFor();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push prices', 'All rows');
    await s.page.waitForFunction(
      ([r, c]) => (document.querySelector(`#grid .cell[data-r="${r}"][data-c="${c}"]`)?.textContent ?? '').includes('not sent for walmart'),
      [refusedRow, stock.get('Sync message')!] as const,
      { timeout: UNTIL_READY_MS },
    );
    await waitForCell(s.page, refusedRow, stock.get('Sync status')!, 'Error');
    await waitForCell(s.page, okRow, stock.get('Sync status')!, 'OK');
    await s.page.locator(`#grid .cell[data-r="${refusedRow}"][data-c="${stock.get('Sync message')}"]`).click();
    await s.shots.take(s.page, 'refused-by-bad-rule');
    expect(s.errors).toEqual([]);
  });
});

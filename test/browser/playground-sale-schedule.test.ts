/**
 * Scheduled sale prices in the playground, as a seller tries them: Playground › Add a sale schedule
 * example types three sale windows into the stock sheet; Hub Sync › Schedule sale prices… asks
 * first (what starts now, what comes next, how soon on this build); Yes starts the sale in force at
 * once and says On sale in its row, the others Scheduled; the hub holds the sale price. The
 * screenshots are the user page's (docs/user/sale-schedule.md).
 */
import { BROWSER_TEST_MS, cell, headerColumns, hubProduct, menu, UNTIL_READY_MS, waitForCell } from './support/browser';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

describe('playground: scheduled sale prices', () => {
  const s = sidebarSession('sale-schedule');

  /** Scrolls the grid right by `px` (0: back to the start). */
  const scrollBy = (px: number) =>
    s.page.evaluate((by) => {
      const root = document.querySelector<HTMLElement>('#grid');
      if (root) root.scrollLeft = by === 0 ? 0 : root.scrollLeft + by;
    }, px);

  /** The header row as drawn, scrolled right until `header` is in view (the grid draws the columns in view). */
  async function shownHeaders(header: string): Promise<Map<string, number>> {
    await scrollBy(0);
    for (let attempt = 0; attempt < 80; attempt++) {
      const columns = await headerColumns(s.page);
      if (columns.has(header)) return columns;
      await scrollBy(attempt % 4 === 3 ? 0 : 240);
      await s.page.waitForTimeout(150);
    }
    throw new Error(`no "${header}" header drawn`);
  }

  test('the example, the question, and the sale in force started at once: On sale in its row, the hub holding its sale price', async () => {
    await waitForCell(s.page, 1, 1, 'SKU');
    await menu(s.page, 'Playground', 'Add a sale schedule example');
    await s.page.locator('.toast', { hasText: 'Three sales typed' }).waitFor({ timeout: UNTIL_READY_MS });
    let columns = await shownHeaders('Sale start');
    const sku = ((await cell(s.page, 2, columns.get('SKU') as number).textContent()) ?? '').trim();
    const saleHeader = [...columns.keys()].find((h) => h.startsWith('Sale price [')) as string;
    const channel = saleHeader.slice('Sale price ['.length, -1);
    const typed = Number(((await cell(s.page, 2, columns.get(saleHeader) as number).textContent()) ?? '').replace(/[^0-9.]/g, ''));

    await menu(s.page, 'Extensions', 'Hub Sync', 'Schedule sale prices\u2026');
    const question = s.page.locator('#dialog');
    await question.waitFor({ timeout: UNTIL_READY_MS });
    const text = (await question.textContent()) ?? '';
    expect(text).toMatch(/3 scheduled sale prices on "Stock & Prices"/);
    expect(text).toMatch(new RegExp(`Starting now: ${sku}: sale price`));
    expect(text).toMatch(/within a minute of it/);
    await s.shots.take(s.page, 'sale-question');
    await s.page.locator('#dialog-YES').click();

    columns = await shownHeaders('Sync message');
    await waitForCell(s.page, 2, columns.get('Sync status') as number, 'On sale');
    expect(((await cell(s.page, 3, columns.get('Sync status') as number).textContent()) ?? '').trim()).toBe('Scheduled');
    expect(((await hubProduct(s.pg.admin, sku)).listings[channel] as { salePrice?: number } | undefined)?.salePrice).toBe(typed);
    await s.shots.take(s.page, 'sale-started');
  });
});

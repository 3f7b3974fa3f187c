/**
 * The History and a revert in the real sidebar: 40 rows from the hub, pushed as filled; one amazon
 * price typed and pushed, then typed again and pushed; the History, filtered by SKU, lists its
 * values newest first with who sent them and what the hub held before; reverting the middle push's row is
 * previewed (what the hub holds now, what would go back) and names the value a later push changed
 * since; overwriting it is an explicit choice; the row then says Reverted and the cells stay as
 * typed. Screenshots of each step for docs/user/history.md.
 */
import {
  BROWSER_TEST_MS,
  headerColumns,
  openSection,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
  generateAndFill,
  pushAllPricesFromSidebar,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';
import { guardsOff } from './support/test-settings';

jest.setTimeout(BROWSER_TEST_MS);

const ROWS = 40;

describe('playground: the History, and a revert from it', () => {
  const s = sidebarSession('sidebar-history-revert');
  /** The edited row: sheet row, SKU, amazon price before, first and second typed prices. */
  const edit = { row: 0, sku: '', before: 0, first: 0, second: 0 };
  let amazonColumn = 0;

  const amazonPrice = async (sku: string): Promise<number | undefined> =>
    (await s.pg.admin.state(['products'])).products.find((p) => p.sku === sku)?.listings.amazon?.price;

  test('three pushes of prices from the sidebar: as filled, then one amazon price edited twice', async () => {
    await guardsOff(s.pg);
    await generateAndFill(s.page, 'HR-', ROWS);
    await waitForCell(s.page, 2, 1, 'HR-000001');
    amazonColumn = (await headerColumns(s.page)).get('Price [amazon]')!;

    const { products } = await s.pg.admin.state(['products']);
    const index = products.filter((p) => p.sku.startsWith('HR-')).findIndex((p) => p.listings.amazon);
    const product = products.filter((p) => p.sku.startsWith('HR-'))[index];
    Object.assign(edit, { row: index + 2, sku: product.sku, before: product.listings.amazon!.price });
    edit.first = Math.round(edit.before * 110) / 100;
    edit.second = Math.round(edit.before * 120) / 100;

    // A first push of the prices as filled: the hub confirms them, so later pushes know what it held before.
    await pushAllPricesFromSidebar(s.frame);
    await typeIntoCell(s.page, edit.row, amazonColumn, String(edit.first));
    await pushAllPricesFromSidebar(s.frame);
    expect(await amazonPrice(edit.sku)).toBe(edit.first);
    await typeIntoCell(s.page, edit.row, amazonColumn, String(edit.second));
    await pushAllPricesFromSidebar(s.frame);
    expect(await amazonPrice(edit.sku)).toBe(edit.second);
  });

  test('the History, filtered by SKU, lists its three values newest first with who sent them and what the hub held before', async () => {
    await openSection(s.frame, 'Push');
    const history = s.frame.locator('#history');
    await history.locator('summary').click();
    await s.frame.locator('#history-sku').fill(edit.sku);
    await s.frame.locator('#history-search').click();
    const entries = s.frame.locator('[data-testid="history-entry"]');
    await s.frame.locator('#history-status').filter({ hasText: /\d/ }).waitFor({ timeout: UNTIL_READY_MS });
    const amazon = entries.filter({ hasText: /amazon/ });
    expect(await amazon.count()).toBe(3);
    const texts = await amazon.allTextContents();
    // The newest first; what the hub held before the second push is what the first one confirmed.
    expect(texts[0]).toContain(`${edit.first} \u2192 ${edit.second} (before: last confirmed)`);
    expect(texts[1]).toContain(`${edit.before} \u2192 ${edit.first} (before: last confirmed)`);
    await s.frame.locator('#history').scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'history-filtered');
  });

  test('reverting the row of the push that set the first edit names the value changed since by the later push, and leaves it unless told to overwrite', async () => {
    const first = s.frame
      .locator('[data-testid="history-entry"]')
      .filter({ hasText: /amazon/ })
      .nth(1);
    await first.locator('[data-revert="row"]').click();
    const result = s.frame.locator('#revert-result');
    await result.locator('p').first().waitFor({ timeout: UNTIL_READY_MS });
    // The later push set this value since: it is named and left, and nothing would be sent.
    expect(await s.frame.locator('#revert-overwrite-field').isVisible()).toBe(true);
    expect(await s.frame.locator('#revert-put-back').isHidden()).toBe(true);
    await s.frame.locator('#revert-result').scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'revert-preview-changed-since');

    // The explicit choice: overwrite it. The preview is read again and offers to put it back.
    await s.frame.locator('#revert-overwrite').check();
    await s.frame.locator('#revert-put-back').waitFor({ state: 'visible', timeout: UNTIL_READY_MS });
    await s.shots.take(s.page, 'revert-preview-overwrite');
    await s.frame.locator('#revert-put-back').click();
    await s.frame.waitForFunction(
      () => /^Revert of Push prices \(all rows\).*: 1 ok, 0 failed/.test(document.getElementById('push-message')?.textContent ?? ''),
      undefined,
      { timeout: UNTIL_READY_MS, polling: 100 },
    );
    expect(await amazonPrice(edit.sku)).toBe(edit.before);
    // The panel no longer shows the preview: it says what the revert did.
    await result.filter({ hasText: /^Revert of Push prices \(all rows\).*: 1 ok, 0 failed/ }).waitFor({ timeout: UNTIL_READY_MS });
    await s.page.locator('[data-sheet="Stock & Prices"]').click();
    const status = (await headerColumns(s.page)).get('Sync status')!;
    await waitForCell(s.page, edit.row, status, 'Reverted');
    // The seller's cell is as they typed it last.
    const typed = (await s.page.locator(`#grid .cell[data-r="${edit.row}"][data-c="${amazonColumn}"]`).textContent()) ?? '';
    expect(Number(typed.replace(/,/g, ''))).toBe(edit.second);
    await s.shots.take(s.page, 'reverted');
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

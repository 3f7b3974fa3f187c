/**
 * A long revert in the real sidebar: 400 rows from the hub, pushed as filled; every amazon and
 * walmart price raised by pasting two columns and pushed (more than 500 values); reverting that push from the
 * History previews it — the Preview sheet lists the largest move and the first 500 values put back, and counts the rest
 * in one line, the sidebar says so — and Put these values back puts every one of them back.
 * Screenshots for docs/user/history.md.
 */
import {
  BROWSER_TEST_MS,
  generateAndFill,
  headerColumns,
  openSection,
  scrollToRow,
  UNTIL_READY_MS,
  waitForCell,
  pushAllPricesFromSidebar,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';
import { guardsOff } from './support/test-settings';
import { RESTORE_PLAIN_LISTED } from '../../src/core/undo/listed';

jest.setTimeout(BROWSER_TEST_MS);

const ROWS = 400;
const STOCK = 'Stock & Prices';

describe('playground: a revert of more values than the Preview sheet lists', () => {
  const s = sidebarSession('sidebar-long-revert');
  type Prices = { amazon?: number; walmart?: number };
  /** Each SKU's amazon and walmart prices before the raise (a product may list on one of them only). */
  const before = new Map<string, Prices>();
  let values = 0;
  const prices = (p: { listings: Record<string, { price: number } | undefined> }): Prices => ({
    amazon: p.listings.amazon?.price,
    walmart: p.listings.walmart?.price,
  });

  test('every amazon and walmart price raised by a paste and pushed: a push of more than 500 values', async () => {
    await guardsOff(s.pg);
    await generateAndFill(s.page, 'LR-', ROWS);
    await waitForCell(s.page, 2, 1, 'LR-000001');
    await pushAllPricesFromSidebar(s.frame);
    const columns = await headerColumns(s.page);
    const [amazon, walmart] = [columns.get('Price [amazon]')!, columns.get('Price [walmart]')!];
    // Both columns are pasted as a seller would (Ctrl+V of two columns): they must sit side by side.
    expect(Math.abs(amazon - walmart)).toBe(1);
    const { products } = await s.pg.admin.state(['products']);
    const rows = products.filter((p) => p.sku.startsWith('LR-')).sort((a, b) => a.sku.localeCompare(b.sku));
    expect(rows).toHaveLength(ROWS);
    const lines: string[] = [];
    // One more than the hub holds: always a change, whatever the rounding to cents.
    const raise = (v: number | undefined): string => (v === undefined ? '' : String(v + 1));
    for (const p of rows) {
      const was = prices(p);
      before.set(p.sku, was);
      values += (was.amazon === undefined ? 0 : 1) + (was.walmart === undefined ? 0 : 1);
      const pair = amazon < walmart ? [was.amazon, was.walmart] : [was.walmart, was.amazon];
      lines.push(pair.map(raise).join('\t'));
    }
    expect(values).toBeGreaterThan(RESTORE_PLAIN_LISTED);
    const pasted = await s.page.evaluate(
      async ({ col, text }) =>
        (
          await fetch('/api/paste', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Playground': '1' },
            body: JSON.stringify({ sheet: 'Stock & Prices', row: 2, col, text }),
          })
        ).ok,
      { col: Math.min(amazon, walmart), text: lines.join('\n') },
    );
    expect(pasted).toBe(true);
    await pushAllPricesFromSidebar(s.frame);
    const after = await s.pg.admin.state(['products']);
    const first = after.products.find((p) => p.sku === 'LR-000001')!;
    expect(prices(first)).not.toEqual(before.get('LR-000001'));
  });

  test('the revert’s preview lists the largest move and the first 500 values, and counts the rest; Put these values back puts every one back', async () => {
    await openSection(s.frame, 'Push');
    await s.frame.locator('#history summary').click();
    await s.frame.locator('#history-sku').fill('LR-000001');
    await s.frame.locator('#history-search').click();
    await s.frame.locator('#history-status').filter({ hasText: /\d/ }).waitFor({ timeout: UNTIL_READY_MS });
    await s.frame.locator('[data-testid="history-entry"]').first().locator('[data-revert="push"]').click();
    const result = s.frame.locator('#revert-result');
    await result.filter({ hasText: 'The Preview sheet counts' }).waitFor({ timeout: UNTIL_READY_MS });
    const said = (await result.textContent()) ?? '';
    expect(said).toContain(
      // Every value raised by one: the largest move (the cheapest price's) is listed apart.
      `counts ${(values - 1 - RESTORE_PLAIN_LISTED).toLocaleString('en-US')} values instead of listing them (each is in the History): past the first ${RESTORE_PLAIN_LISTED}`,
    );
    expect(said).not.toContain('every value is in the Preview sheet');
    await result.scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'revert-long-preview');

    // The Preview sheet: the count line right after the 500 listed values (and the largest move,
    // listed apart: before them or after, as its row falls).
    await s.page.locator('[data-sheet="Preview"]').click();
    const countRow = RESTORE_PLAIN_LISTED + 2;
    await scrollToRow(s.page, countRow + 1);
    await s.page.waitForFunction(
      ([row, start]) =>
        [row, row + 1].some((r) => (document.querySelector(`#grid .cell[data-r="${r}"][data-c="1"]`)?.textContent ?? '').startsWith(start)),
      [countRow, `${values - 1 - RESTORE_PLAIN_LISTED} more values put back like the ones above`] as const,
      { timeout: UNTIL_READY_MS },
    );
    await s.shots.take(s.page, 'revert-long-preview-sheet');

    await s.frame.locator('#revert-put-back').click();
    await s.frame.waitForFunction(
      () => /^Revert of Push prices \(all rows\).*: \d+ ok, 0 failed/.test(document.getElementById('push-message')?.textContent ?? ''),
      undefined,
      { timeout: UNTIL_READY_MS, polling: 100 },
    );
    const { products } = await s.pg.admin.state(['products']);
    for (const p of products.filter((x) => x.sku.startsWith('LR-'))) expect(prices(p)).toEqual(before.get(p.sku));
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await scrollToRow(s.page, 2);
    await waitForCell(s.page, 1, 1, 'SKU');
    const status = (await headerColumns(s.page)).get('Sync status')!;
    await waitForCell(s.page, 2, status, 'Reverted');
    await s.shots.take(s.page, 'revert-long-done');
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

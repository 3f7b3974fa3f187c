/**
 * Issue 17 in the real sidebar: 500 rows from the hub, three prices edited in the grid; Preview
 * reads the hub and gives the totals; Push these changes sends those three alone; Undo your last push
 * shows what it would restore and puts the hub back; the rows say Undone. Screenshots of each step.
 */
import {
  BROWSER_TEST_MS,
  cell,
  headerColumns,
  openSection,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
  generateAndFill,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';
import { guardsOff } from './support/test-settings';

jest.setTimeout(BROWSER_TEST_MS);

const ROWS = 500;

describe('playground: preview, push these changes, undo', () => {
  const s = sidebarSession('sidebar-preview-undo');
  /** The edited rows: sheet row, SKU, amazon price before and typed. */
  const edits: Array<{ row: number; sku: string; before: number; typed: number }> = [];
  let amazonColumn = 0;

  const amazonPrice = async (sku: string): Promise<number | undefined> =>
    (await s.pg.admin.state(['products'])).products.find((p) => p.sku === sku)?.listings.amazon?.price;

  test('500 products from the hub fill the sheet; three amazon prices are typed in the grid', async () => {
    // The preview's totals and Push these changes, not the guard rails (push-question.test.ts):
    // the halved price is sent as previewed, without a question.
    await guardsOff(s.pg);
    await generateAndFill(s.page, 'PV-', ROWS);
    await waitForCell(s.page, 2, 1, 'PV-000001');
    amazonColumn = (await headerColumns(s.page)).get('Price [amazon]')!;

    // The first three rows listed on amazon: one price halved (a supplier file's mistake), two nudged.
    const { products } = await s.pg.admin.state(['products']);
    const listed = products
      .filter((p) => p.sku.startsWith('PV-'))
      .slice(0, 20)
      .map((p, i) => ({ p, row: i + 2 }))
      .filter(({ p }) => p.listings.amazon);
    for (const [k, { p, row }] of listed.slice(0, 3).entries()) {
      const before = p.listings.amazon!.price;
      const typed = k === 0 ? Math.round(before * 50) / 100 : Math.round((before + 1) * 100) / 100;
      edits.push({ row, sku: p.sku, before, typed });
      await typeIntoCell(s.page, row, amazonColumn, String(typed));
      await waitForCell(s.page, row, amazonColumn, String(typed));
    }
    expect(edits).toHaveLength(3);
  });

  test('Preview reads the hub and gives the totals: 3 prices change, the largest drop named; nothing is sent', async () => {
    await openSection(s.frame, 'Push');
    await s.frame.locator('#push-operation').selectOption('prices');
    await s.frame.locator('#push-scope').selectOption('all');
    await s.frame.locator('#preview-button').click();
    await s.frame.locator('#preview-result p').first().waitFor({ timeout: UNTIL_READY_MS });
    const text = (await s.frame.locator('#preview-result').textContent()) ?? '';
    expect(text).toContain('3 values would change: Price [amazon] 3.');
    expect(text).toMatch(new RegExp(`Largest price drop \u221250 % \\(${edits[0].sku}, Price \\[amazon\\]\\)`));
    expect(text).toMatch(/The hub was read in \d+ requests?: /);
    expect(text).toMatch(/Guard rails are off/);
    expect(await s.frame.locator('#push-previewed').textContent()).toBe('Push these changes (3 rows)');
    expect(await amazonPrice(edits[0].sku)).toBe(edits[0].before);
    await s.shots.take(s.page, 'preview-totals');
  });

  test('Push these changes sends the three prices alone; their rows say OK', async () => {
    await s.frame.locator('#push-previewed').click();
    await s.frame.waitForFunction(
      () =>
        /^Push prices \(previewed changes\) on "Stock & Prices": 3 ok, 0 failed/.test(
          document.getElementById('push-message')?.textContent ?? '',
        ),
      undefined,
      { timeout: UNTIL_READY_MS, polling: 100 },
    );
    for (const e of edits) expect(await amazonPrice(e.sku)).toBe(e.typed);
    // The push created the result columns: the grid shows them once it has redrawn the sheet.
    await s.page.locator('[data-sheet="Stock & Prices"]').click();
    await s.page.waitForFunction(() =>
      [...document.querySelectorAll('#grid .cell[data-r="1"]')].some((e) => e.textContent === 'Sync status'),
    );
    const status = (await headerColumns(s.page)).get('Sync status')!;
    await waitForCell(s.page, edits[0].row, status, 'OK');
    // A row the preview left alone got no result.
    const untouched = [2, 3, 4, 5, 6].find((r) => !edits.some((e) => e.row === r))!;
    expect(await cell(s.page, untouched, status).textContent()).toBe('');
    await s.shots.take(s.page, 'pushed-these-changes');
  });

  test('Undo your last push names the push, shows what it would restore, then puts the hub back; the rows say Undone', async () => {
    await s.frame.locator('#undo-button').click();
    await s.frame.locator('#undo-result p').first().waitFor({ timeout: UNTIL_READY_MS });
    const text = (await s.frame.locator('#undo-result').textContent()) ?? '';
    expect(text).toMatch(/^Revert your push of [\d-]+ [\d:]+ \(Push prices \(previewed changes\), 3 values\)\?/);
    expect(text).toContain('3 values would be restored: Price [amazon] 3.');
    await s.shots.take(s.page, 'undo-preview');
    await s.frame.locator('#undo-restore').click();
    await s.frame.waitForFunction(
      () => /^Undo of Push prices \(previewed changes\).*: 3 ok, 0 failed/.test(document.getElementById('push-message')?.textContent ?? ''),
      undefined,
      { timeout: UNTIL_READY_MS, polling: 100 },
    );
    for (const e of edits) expect(await amazonPrice(e.sku)).toBe(e.before);
    const status = (await headerColumns(s.page)).get('Sync status')!;
    await waitForCell(s.page, edits[0].row, status, 'Undone');
    // The seller's cells are as they typed them.
    expect(await cell(s.page, edits[0].row, amazonColumn).textContent()).toBe(String(edits[0].typed));
    await s.shots.take(s.page, 'undone');

    // Undoing again does nothing.
    await s.frame.locator('#undo-button').click();
    await s.frame.locator('#undo-result p', { hasText: 'Nothing to revert' }).waitFor({ timeout: UNTIL_READY_MS });
    expect(await s.frame.locator('#undo-restore').isHidden()).toBe(true);
    // The latest push by anyone is that same push of yours, undone already.
    await s.frame.locator('#undo-anyone-button').click();
    await s.frame.locator('#undo-result p', { hasText: 'Nothing to revert: your push of' }).waitFor({ timeout: UNTIL_READY_MS });
    expect(await s.frame.locator('#undo-restore').isHidden()).toBe(true);
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

/**
 * The playground draws what Sheets would: a Quantity typed over the value the hub confirmed
 * shows the edited look (the add-on's own conditional format rule, evaluated by the runtime) until
 * a push confirms it; a price typed into a `#,##0.00` cell shows formatted at once, not only after
 * the page's next poll. axe finds nothing to fix in the edited state.
 */
import type { Route } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { BROWSER_TEST_MS, cell, expectActiveTab, headerColumns, menu, UNTIL_READY_MS, waitForCell } from './support/browser';
import { usePlayground } from './support/sidebar-session';
import { EDITED_LOOK } from '../../src/sheet/edited-marks';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';
const EDITED_RGB = 'rgb(207, 226, 243)'; // EDITED_LOOK.background

describe('playground: edited cells', () => {
  const s = usePlayground('playground-edited-marks');

  const background = (r: number, c: number): Promise<string> => cell(s.page, r, c).evaluate((e) => getComputedStyle(e).backgroundColor);

  /** Types into a cell and leaves it (Tab commits and moves right, so the cell shows unselected). */
  async function typeAndLeave(r: number, c: number, text: string): Promise<void> {
    await cell(s.page, r, c).click();
    await s.page.keyboard.type(text);
    await s.page.keyboard.press('Enter');
    await cell(s.page, 1, 1).click(); // a selected cell is drawn in the selection's colour
  }

  const isEdited = (r: number, c: number, yes: boolean) =>
    s.page.waitForFunction(
      ([row, col, rgb, want]) =>
        (getComputedStyle(document.querySelector(`#grid .cell[data-r="${row}"][data-c="${col}"]`) as Element).backgroundColor === rgb) ===
        want,
      [r, c, EDITED_RGB, yes] as const,
    );

  /** Pushes row 2 with a menu push of one row (no guard asks about one value), back on the stock sheet after. */
  async function pushRow2(operation: string): Promise<void> {
    await s.page.locator('#grid .rh[data-r="2"]').click();
    await menu(s.page, 'Extensions', 'Hub Sync', operation, 'Selected rows');
    await s.page
      .locator('.toast', { hasText: `${operation} (selected rows) on "${STOCK}": 1 ok, 0 failed` })
      .last()
      .waitFor({ timeout: UNTIL_READY_MS });
    // The first push creates the Log sheet, which Sheets makes the active sheet: go back.
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await expectActiveTab(s.page, STOCK);
    await cell(s.page, 1, 1).click();
  }

  test('a pushed row, then a Quantity typed over it: it shows edited; a push clears it', async () => {
    expect(EDITED_LOOK.background).toBe('#cfe2f3');
    await expectActiveTab(s.page, STOCK);
    await waitForCell(s.page, 2, 1, 'CAM-ROJA.M');
    const headers = await headerColumns(s.page);
    const qty = headers.get('Quantity')!;
    const price = headers.get('Price [amazon]')!;
    // The first push sets the rules; the row's prices, never confirmed, show edited until pushed too.
    await pushRow2('Push stock');
    await isEdited(2, price, true);
    expect(await background(2, qty)).not.toBe(EDITED_RGB);
    expect(await background(3, price)).not.toBe(EDITED_RGB); // a SKU never pushed is not coloured
    await pushRow2('Push prices');
    await isEdited(2, price, false);

    await typeAndLeave(2, qty, '230');
    await isEdited(2, qty, true);
    expect(await background(2, price)).not.toBe(EDITED_RGB);
    await s.shots.take(s.page, 'quantity-edited');
    await expectNoAxeViolations(s.page, 'the playground with an edited cell');

    await pushRow2('Push stock');
    await isEdited(2, qty, false);
    await waitForCell(s.page, 2, qty, '230');
    await s.shots.take(s.page, 'quantity-pushed');
    expect(s.errors).toEqual([]);
  });

  test('a price typed into a #,##0.00 cell shows formatted at once, before the next poll', async () => {
    // The pull formats the price columns #,##0.00.
    await menu(s.page, 'Extensions', 'Hub Sync', 'Catalogue', 'Pull catalogue (all channels)');
    await s.page.locator('.toast', { hasText: 'Pulled ' }).first().waitFor({ timeout: UNTIL_READY_MS });
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await expectActiveTab(s.page, STOCK);
    const price = (await headerColumns(s.page)).get('Price [amazon]')!;
    await s.page.waitForFunction(
      (c) => /^\d{1,3}(,\d{3})*\.\d\d$/.test(document.querySelector(`#grid .cell[data-r="3"][data-c="${c}"]`)?.textContent ?? ''),
      price,
    );
    // Hold the page's polls: what the cell shows now comes from the edit's own answer.
    const held: Route[] = [];
    await s.page.route('**/api/status', (route) => void held.push(route));
    try {
      await typeAndLeave(3, price, '12.5');
      await waitForCell(s.page, 3, price, '12.50', 5_000);
      await s.shots.take(s.page, 'price-formatted');
    } finally {
      await s.page.unroute('**/api/status');
      for (const route of held) await route.continue().catch(() => undefined); // let the held polls through
    }
    expect(s.errors).toEqual([]);
  });
});

/**
 * Text from the hub and from the sheet is shown as text, never as HTML or a formula: product
 * titles from the hub and a channel error message injected through the hub emulator's faults
 * carry `<img src=x onerror=…>` and `=HYPERLINK(…)`; they show literally in the grid and in the
 * sidebar, no element is created from them, no script runs and no dialog opens.
 */
import type { Frame, Page } from 'playwright-core';
import { BROWSER_TEST_MS, cell, headerColumns, menu, sidebar, typeIntoCell, UNTIL_READY_MS, waitForCell } from './support/browser';
import { usePlayground } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const TITLE_FORMULA = '=HYPERLINK("https://evil.example/title","click me")';
const TITLE_IMG = "<img src=x onerror=\"window.__xss='title';alert('title')\"> Taza";
const HUB_MESSAGE = '<img src=x onerror="window.__xss=\'hub\';alert(\'hub\')"> =HYPERLINK("https://evil.example/hub","pwn")';
const SHEET_TEXT = '<img src=x onerror="window.__xss=\'sheet\';alert(\'sheet\')"> =HYPERLINK("https://evil.example/sheet","x")';

describe('playground: hub and sheet text is inert', () => {
  const s = usePlayground('inert-text', [], {
    beforeOpen: async (pg) => {
      const listings = { mercadolibre: { status: 'active' }, walmart: { status: 'active' } };
      await pg.admin.seedProducts([
        { sku: 'XSS-1', title: TITLE_FORMULA, quantity: 3, price: 10, listings },
        { sku: 'XSS-2', title: TITLE_IMG, quantity: 4, price: 12, listings },
      ]);
      await pg.admin.setFaults({ channelErrors: { walmart: HUB_MESSAGE } });
    },
  });

  async function expectNothingRan(frame: Frame | Page): Promise<void> {
    expect(await frame.locator('img').count()).toBe(0);
    expect(await frame.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  }

  test('product titles from the hub show literally in the grid and the formula bar', async () => {
    await menu(s.page, 'Playground', 'Fill');
    await s.page.locator('#fill-prefix').fill('XSS-');
    await s.page.locator('#fill-rows').fill('10');
    await s.page.locator('#fill-OK').click();
    await s.page.locator('.toast', { hasText: '2 products written' }).waitFor({ timeout: UNTIL_READY_MS });
    await waitForCell(s.page, 2, 2, TITLE_FORMULA);
    await waitForCell(s.page, 3, 2, TITLE_IMG);
    // The formula bar shows the stored text as Sheets would: an apostrophe marks text that looks like a formula.
    await cell(s.page, 2, 2).click();
    expect(await s.page.locator('#cell-input').inputValue()).toBe(`'${TITLE_FORMULA}`);
    await s.shots.take(s.page, 'titles-in-grid');
    await expectNothingRan(s.page);
  });

  test('a hub channel error carrying markup and a formula is written and shown as text', async () => {
    await s.page.locator('#grid .rh[data-r="1"]').click(); // the push takes all rows anyway
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push stock', 'All rows');
    await s.page.locator('.toast', { hasText: 'Push stock (all rows)' }).waitFor({ timeout: UNTIL_READY_MS });
    await s.page.locator('[data-sheet="Stock & Prices"]').click();
    await s.page.waitForFunction(() =>
      [...document.querySelectorAll('#grid .cell[data-r="1"]')].some((e) => e.textContent === 'Status [walmart]'),
    );
    const headers = await headerColumns(s.page);
    const walmart = headers.get('Status [walmart]')!;
    const message = headers.get('Sync message')!;
    for (const r of [2, 3]) {
      await s.page.waitForFunction(
        ([row, col, text]) => (document.querySelector(`#grid .cell[data-r="${row}"][data-c="${col}"]`)?.textContent ?? '').includes(text),
        [r, walmart, HUB_MESSAGE] as const,
      );
      expect(await cell(s.page, r, message).textContent()).toContain(HUB_MESSAGE);
      // The hub's status for the SKU was "error" (walmart refused it): mercadolibre's OK is reported, not confirmed.
      expect(await cell(s.page, r, headers.get('Status [mercadolibre]')!).textContent()).toBe(
        "Not confirmed (the hub's status was 'error')",
      );
    }
    await cell(s.page, 2, walmart).click();
    expect(await s.page.locator('#cell-input').inputValue()).toContain(HUB_MESSAGE);
    await s.shots.take(s.page, 'hub-message-in-grid');
    await expectNothingRan(s.page);
  });

  test('sheet text shows literally in the sidebar (Recent activity reads the Log sheet)', async () => {
    // The Log sheet's Message of the push, overwritten as a seller could: a leading apostrophe keeps it text.
    await s.page.locator('[data-sheet="Log"]').click();
    await waitForCell(s.page, 1, 10, 'Message');
    // The push's line is the newest (the playground's first settings were logged before it).
    const row = await s.page.evaluate(() => {
      const rows = [...document.querySelectorAll('#grid .cell[data-c="3"]')].filter((e) => (e.textContent ?? '').startsWith('Push stock'));
      return Math.max(...rows.map((e) => Number((e as HTMLElement).dataset.r)));
    });
    await typeIntoCell(s.page, row, 10, `'${SHEET_TEXT}`);
    await waitForCell(s.page, row, 10, SHEET_TEXT);
    await menu(s.page, 'Extensions', 'Hub Sync', 'Open sidebar');
    await s.page.waitForFunction(() => (document.getElementById('sidebar-frame') as HTMLIFrameElement).src.includes('v=2'));
    const frame = await sidebar(s.page);
    await frame.locator('#log-list .log-message', { hasText: SHEET_TEXT }).waitFor();
    expect(await frame.locator('#log-list .log-message').first().textContent()).toBe(SHEET_TEXT);
    await frame.locator('#log').scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'sheet-text-in-sidebar');
    // Whatever the sidebar shows after the push with the hub's message: no element came from it.
    await expectNothingRan(frame);
    await expectNothingRan(s.page);
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

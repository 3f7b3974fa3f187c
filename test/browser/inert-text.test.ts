/**
 * Text from the hub and from the sheet is shown as text, never as HTML or a formula: product
 * titles from the hub and a channel error message injected through the hub emulator's faults
 * carry `<img src=x onerror=…>` and `=HYPERLINK(…)`; they show literally in the grid and in the
 * sidebar, no element is created from them, no script runs and no dialog opens.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import {
  BROWSER_TEST_MS,
  cell,
  headerColumns,
  launchChromium,
  menu,
  openPage,
  Screenshots,
  sidebar,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
} from './support/browser';
import { startPlaygroundProcess, type PlaygroundProcess } from './support/playground-process';

jest.setTimeout(BROWSER_TEST_MS);

const TITLE_FORMULA = '=HYPERLINK("https://evil.example/title","click me")';
const TITLE_IMG = "<img src=x onerror=\"window.__xss='title';alert('title')\"> Taza";
const HUB_MESSAGE = '<img src=x onerror="window.__xss=\'hub\';alert(\'hub\')"> =HYPERLINK("https://evil.example/hub","pwn")';
const SHEET_TEXT = '<img src=x onerror="window.__xss=\'sheet\';alert(\'sheet\')"> =HYPERLINK("https://evil.example/sheet","x")';

describe('playground: hub and sheet text is inert', () => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-inert-'));
  const shots = new Screenshots('inert-text');
  let pg: PlaygroundProcess;
  let browser: Browser;
  let page: Page;
  let dialogs: string[];
  let errors: string[];

  beforeAll(async () => {
    [pg, browser] = await Promise.all([startPlaygroundProcess(stateDir), launchChromium()]);
    const listings = { mercadolibre: { status: 'active' }, walmart: { status: 'active' } };
    await pg.admin.seedProducts([
      { sku: 'XSS-1', title: TITLE_FORMULA, quantity: 3, price: 10, listings },
      { sku: 'XSS-2', title: TITLE_IMG, quantity: 4, price: 12, listings },
    ]);
    await pg.admin.setFaults({ channelErrors: { walmart: HUB_MESSAGE } });
    ({ page, dialogs, errors } = await openPage(browser, pg.url));
  });

  afterAll(async () => {
    await browser?.close();
    await pg?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  async function expectNothingRan(frame: Frame | Page): Promise<void> {
    expect(await frame.locator('img').count()).toBe(0);
    expect(await frame.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  }

  test('product titles from the hub show literally in the grid and the formula bar', async () => {
    await menu(page, 'Playground', 'Fill');
    await page.locator('#fill-prefix').fill('XSS-');
    await page.locator('#fill-rows').fill('10');
    await page.locator('#fill-OK').click();
    await page.locator('.toast', { hasText: '2 products written' }).waitFor({ timeout: UNTIL_READY_MS });
    await waitForCell(page, 2, 2, TITLE_FORMULA);
    await waitForCell(page, 3, 2, TITLE_IMG);
    // The formula bar shows the stored text as Sheets would: an apostrophe marks text that looks like a formula.
    await cell(page, 2, 2).click();
    expect(await page.locator('#cell-input').inputValue()).toBe(`'${TITLE_FORMULA}`);
    await shots.take(page, 'titles-in-grid');
    await expectNothingRan(page);
  });

  test('a hub channel error carrying markup and a formula is written and shown as text', async () => {
    await page.locator('#grid .rh[data-r="1"]').click(); // the push takes all rows anyway
    await menu(page, 'Extensions', 'Hub Sync', 'Push stock', 'All rows');
    await page.locator('.toast', { hasText: 'Push stock (all rows)' }).waitFor({ timeout: UNTIL_READY_MS });
    await page.locator('[data-sheet="Stock & Prices"]').click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#grid .cell[data-r="1"]')].some((e) => e.textContent === 'Status [walmart]'),
    );
    const headers = await headerColumns(page);
    const walmart = headers.get('Status [walmart]')!;
    const message = headers.get('Sync message')!;
    for (const r of [2, 3]) {
      await page.waitForFunction(
        ([row, col, text]) => (document.querySelector(`#grid .cell[data-r="${row}"][data-c="${col}"]`)?.textContent ?? '').includes(text),
        [r, walmart, HUB_MESSAGE] as const,
      );
      expect(await cell(page, r, message).textContent()).toContain(HUB_MESSAGE);
      // The hub's status for the SKU was "error" (walmart refused it): mercadolibre's OK is reported, not confirmed.
      expect(await cell(page, r, headers.get('Status [mercadolibre]')!).textContent()).toBe("Not confirmed (the hub's status was 'error')");
    }
    await cell(page, 2, walmart).click();
    expect(await page.locator('#cell-input').inputValue()).toContain(HUB_MESSAGE);
    await shots.take(page, 'hub-message-in-grid');
    await expectNothingRan(page);
  });

  test('sheet text shows literally in the sidebar (Recent activity reads the Log sheet)', async () => {
    // The Log sheet's Message of the push, overwritten as a seller could: a leading apostrophe keeps it text.
    await page.locator('[data-sheet="Log"]').click();
    await waitForCell(page, 1, 10, 'Message');
    // The push's line is the newest (the playground's first settings were logged before it).
    const row = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('#grid .cell[data-c="3"]')].filter((e) => (e.textContent ?? '').startsWith('Push stock'));
      return Math.max(...rows.map((e) => Number((e as HTMLElement).dataset.r)));
    });
    await typeIntoCell(page, row, 10, `'${SHEET_TEXT}`);
    await waitForCell(page, row, 10, SHEET_TEXT);
    await menu(page, 'Extensions', 'Hub Sync', 'Open sidebar');
    await page.waitForFunction(() => (document.getElementById('sidebar-frame') as HTMLIFrameElement).src.includes('v=2'));
    const frame = await sidebar(page);
    await frame.locator('#log-list .log-message', { hasText: SHEET_TEXT }).waitFor();
    expect(await frame.locator('#log-list .log-message').first().textContent()).toBe(SHEET_TEXT);
    await frame.locator('#log').scrollIntoViewIfNeeded();
    await shots.take(page, 'sheet-text-in-sidebar');
    // Whatever the sidebar shows after the push with the hub's message: no element came from it.
    await expectNothingRan(frame);
    await expectNothingRan(page);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});

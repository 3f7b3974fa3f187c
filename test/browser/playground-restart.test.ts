/**
 * The playground keeps its state across restarts: the workbook (edits, the add-on's columns and
 * sheets, its settings) and the hub's data are saved in the state folder; the hub comes back on
 * another port and the add-on follows it; `--reset` starts afresh.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  BROWSER_TEST_MS,
  expectActiveTab,
  headerColumns,
  hubProduct,
  launchChromium,
  menu,
  openPage,
  Screenshots,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
} from './support/browser';
import { startPlaygroundProcess, type PlaygroundProcess } from './support/playground-process';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';
const QTY = 3;

describe('playground: saved state', () => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-restart-'));
  const shots = new Screenshots('playground-restart');
  let pg: PlaygroundProcess;
  let browser: Browser;
  let page: Page;

  async function restart(args: string[] = []): Promise<void> {
    await page.close();
    await pg.stop();
    pg = await startPlaygroundProcess(stateDir, args);
    ({ page } = await openPage(browser, pg.url));
  }

  async function pushRow(r: number): Promise<void> {
    await page.locator(`[data-sheet="${STOCK}"]`).click();
    await expectActiveTab(page, STOCK);
    await page.locator(`#grid .rh[data-r="${r}"]`).click();
    await menu(page, 'Extensions', 'Hub Sync', 'Push stock', 'Selected rows');
    await page.locator('.toast', { hasText: 'Push stock (selected rows): 1 ok, 0 failed' }).waitFor({ timeout: UNTIL_READY_MS });
    // The first push creates the Log sheet, which Sheets activates: come back to the products.
    await page.locator(`[data-sheet="${STOCK}"]`).click();
    await expectActiveTab(page, STOCK);
  }

  beforeAll(async () => {
    [pg, browser] = await Promise.all([startPlaygroundProcess(stateDir), launchChromium()]);
    ({ page } = await openPage(browser, pg.url));
  });

  afterAll(async () => {
    await browser?.close();
    await pg?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  test('edits, pushes and the hub survive a restart; the add-on follows the hub to its new port', async () => {
    await typeIntoCell(page, 2, QTY, '77');
    await pushRow(2);
    const oldHub = pg.hubUrl;
    await typeIntoCell(page, 4, QTY, '12'); // edited just before stopping: saved on the way out
    await page.locator(`#grid .cell.num[data-r="4"][data-c="${QTY}"]`).waitFor();

    await restart();
    expect(pg.hubUrl).not.toBe(oldHub);
    await page.locator(`[data-sheet="${STOCK}"]`).click();
    await waitForCell(page, 2, QTY, '77');
    await waitForCell(page, 4, QTY, '12');
    expect((await headerColumns(page)).has('Sync status')).toBe(true);
    expect(await page.locator('[data-sheet="Log"]').count()).toBe(1);
    expect((await hubProduct(pg.admin, 'CAM-ROJA.M')).quantity).toBe(77);
    await shots.take(page, 'after-restart');

    await typeIntoCell(page, 3, QTY, '99');
    await pushRow(3);
    expect((await hubProduct(pg.admin, 'TAZA,12')).quantity).toBe(99);
  });

  test('--reset starts afresh: the demo sheet and the hub seed', async () => {
    await restart(['--reset']);
    await waitForCell(page, 2, QTY, '250');
    expect((await headerColumns(page)).has('Sync status')).toBe(false);
    expect(await page.locator('[data-sheet="Log"]').count()).toBe(0);
    expect((await hubProduct(pg.admin, 'CAM-ROJA.M')).quantity).toBe(250);
    await shots.take(page, 'after-reset');
  });
});

/**
 * The playground keeps its state across restarts: the workbook (edits, the add-on's columns and
 * sheets, its settings) and the hub's data are saved in the state folder; the hub comes back on
 * another port and the add-on follows it; `--reset` starts afresh.
 */
import {
  BROWSER_TEST_MS,
  expectActiveTab,
  headerColumns,
  hubProduct,
  menu,
  openPage,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
} from './support/browser';
import { startPlaygroundProcess } from './support/playground-process';
import { usePlayground } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';
const QTY = 3;

describe('playground: saved state', () => {
  const s = usePlayground('playground-restart');

  /** Stops the playground as Ctrl+C would and starts it again on the same state folder, in a new page. */
  async function restart(args: string[] = []): Promise<void> {
    await s.page.close();
    await s.pg.stop();
    s.pg = await startPlaygroundProcess(s.stateDir, args);
    ({ page: s.page } = await openPage(s.browser, s.pg.url));
  }

  async function pushRow(r: number): Promise<void> {
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await expectActiveTab(s.page, STOCK);
    await s.page.locator(`#grid .rh[data-r="${r}"]`).click();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push stock', 'Selected rows');
    await s.page
      .locator('.toast', { hasText: 'Push stock (selected rows) on "Stock & Prices": 1 ok, 0 failed' })
      .waitFor({ timeout: UNTIL_READY_MS });
    // The first push creates the Log sheet, which Sheets activates: come back to the products.
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await expectActiveTab(s.page, STOCK);
  }

  test('edits, pushes and the hub survive a restart; the add-on follows the hub to its new port', async () => {
    await typeIntoCell(s.page, 2, QTY, '77');
    await pushRow(2);
    const oldHub = s.pg.hubUrl;
    await typeIntoCell(s.page, 4, QTY, '12'); // edited just before stopping: saved on the way out
    await s.page.locator(`#grid .cell.num[data-r="4"][data-c="${QTY}"]`).waitFor();

    await restart();
    expect(s.pg.hubUrl).not.toBe(oldHub);
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await waitForCell(s.page, 2, QTY, '77');
    await waitForCell(s.page, 4, QTY, '12');
    expect((await headerColumns(s.page)).has('Sync status')).toBe(true);
    expect(await s.page.locator('[data-sheet="Log"]').count()).toBe(1);
    expect((await hubProduct(s.pg.admin, 'CAM-ROJA.M')).quantity).toBe(77);
    await s.shots.take(s.page, 'after-restart');

    await typeIntoCell(s.page, 3, QTY, '99');
    await pushRow(3);
    expect((await hubProduct(s.pg.admin, 'TAZA,12')).quantity).toBe(99);
  });

  test('--reset starts afresh: the demo sheet and the hub seed', async () => {
    await restart(['--reset']);
    await waitForCell(s.page, 2, QTY, '250');
    expect((await headerColumns(s.page)).has('Sync status')).toBe(false);
    expect(await s.page.locator('[data-sheet="Log"]').count()).toBe(0);
    expect((await hubProduct(s.pg.admin, 'CAM-ROJA.M')).quantity).toBe(250);
    await s.shots.take(s.page, 'after-reset');
  });
});

/**
 * The live sidebar in the playground: with the sidebar open on Orders, the schedule is turned on
 * from the menu (not the sidebar) and the trigger's run imports the demo hub's orders; the Orders
 * section shows both by itself — the schedule within seconds, the import within seconds of the run
 * — with no click in the sidebar and without reopening it. axe finds nothing in that state.
 */
import { expectNoAxeViolations } from './support/axe';
import { BROWSER_TEST_MS, menu, openSection, UNTIL_READY_MS } from './support/browser';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

/** The poll's slowest rhythm while in view (10 s, src/client/live.ts) and a call's time on a loaded machine. */
const SHOWS_WITHIN_MS = 20_000;

describe('playground: the sidebar stays live', () => {
  const s = sidebarSession('sidebar-live');

  test('the schedule turned on from the menu, and the trigger run that imports orders, show in Orders by themselves', async () => {
    await openSection(s.frame, 'Orders');
    const status = s.frame.locator('#orders-status');
    await status.locator('[data-status="schedule"]').filter({ hasText: 'Off' }).waitFor();
    await status.locator('[data-status="lastRun"]').filter({ hasText: 'Never' }).waitFor();
    // The sidebar's document is the same one throughout: nothing reloads it.
    await s.frame.evaluate(() => {
      (window as { stillTheSame?: boolean }).stillTheSame = true;
    });

    await menu(s.page, 'Extensions', 'Hub Sync', 'Orders', 'Scheduled import on/off\u2026');
    await s.page.locator('#dialog').waitFor();
    await s.page.locator('#dialog-input').fill('1');
    await s.page.locator('#dialog-OK').click();
    await s.page.locator('#dialog').waitFor({ state: 'detached' });
    const toggledAt = Date.now();
    await status.locator('[data-status="schedule"]').filter({ hasText: 'Every minute, run by you' }).waitFor({ timeout: SHOWS_WITHIN_MS });
    expect(Date.now() - toggledAt).toBeLessThan(SHOWS_WITHIN_MS);

    // The trigger runs a minute later (the playground moves the clock every 5 s); nothing is done in the sidebar meanwhile.
    await status.locator('[data-status="lastRun"]').filter({ hasNotText: 'Never' }).waitFor({ timeout: UNTIL_READY_MS });
    await status
      .locator('[data-status="totals"]')
      .filter({ hasNotText: /^Imported in total: 0 new orders/ })
      .waitFor({ timeout: SHOWS_WITHIN_MS });
    expect(await status.locator('[data-status="totals"]').textContent()).toMatch(/Imported in total: [1-9]\d* new orders?/);
    // Recent activity (under Push, not in view) followed too.
    await s.frame
      .locator('#log-list [data-testid="log-entry"]')
      .filter({ hasText: 'Import orders' })
      .first()
      .waitFor({ state: 'attached', timeout: SHOWS_WITHIN_MS });
    expect(await s.frame.evaluate(() => (window as { stillTheSame?: boolean }).stillTheSame)).toBe(true);

    await s.frame.locator('#orders').scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'orders-live-after-trigger-run');
    await expectNoAxeViolations(s.frame, 'the sidebar after a live update of Orders');
    expect(s.errors).toEqual([]);
  });
});

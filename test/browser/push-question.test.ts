/**
 * The question a menu push asks before sending, in the playground as Sheets draws it: the demo's
 * 300 rows were never pushed, so Push stock › All rows asks first in a modal HTML dialog (the
 * add-on's own page, bridged); Cancel closes it and nothing is sent; asked again, Push sends the
 * plan shown and the toast says so. axe-core finds nothing in the dialog.
 */
import { expectNoAxeViolations } from './support/axe';
import { BROWSER_TEST_MS, menu, UNTIL_READY_MS } from './support/browser';
import { usePlayground } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

describe('playground: a menu push asks first in a dialog', () => {
  const s = usePlayground('push-question');
  const dialog = () => s.page.locator('#html-dialog');
  const inDialog = () => s.page.frameLocator('#html-dialog-frame');

  test('Push stock › All rows of 300 unpushed rows shows the question; Cancel sends nothing', async () => {
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push stock', 'All rows');
    await dialog().waitFor({ timeout: UNTIL_READY_MS });
    expect(await s.page.locator('#html-dialog-title').textContent()).toBe('Push stock: check before sending');
    await inDialog().locator('#question-headline', { hasText: 'Push stock would send 300 changed values on 300 rows.' }).waitFor();
    expect(await inDialog().locator('#question-details li').count()).toBeGreaterThan(1);
    await s.shots.take(s.page, 'menu-push-question');
    const frame = s.page.frame({ url: /\/html-dialog/ });
    await expectNoAxeViolations(frame!, 'the question a menu push asks');

    await inDialog().locator('#question-cancel').click();
    await dialog().waitFor({ state: 'detached' });
    const requests = await s.pg.admin.requests();
    // Reads may have happened (the playground's own set-up); nothing was sent.
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  test('asked again, Push sends the plan and the toast says what was done', async () => {
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push stock', 'All rows');
    await inDialog().locator('#question-push').click();
    await dialog().waitFor({ state: 'detached', timeout: UNTIL_READY_MS });
    // The toast names the sheet pushed: the active one, here the stock sheet the demo opens on.
    await s.page
      .locator('.toast', { hasText: 'Push stock (all rows) on "Stock & Prices": 300 ok, 0 failed' })
      .waitFor({ timeout: UNTIL_READY_MS });
    await s.shots.take(s.page, 'menu-push-confirmed');
  });
});

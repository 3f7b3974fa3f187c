/**
 * The playground running the Marketplace build (`npm start -- --target addon`): the sidebar offers
 * only hourly schedules, shows the deployment as set by the build, and lists the spreadsheets the
 * add-on's hourly run opens (Settings › Background work).
 */
import { openSection } from './support/browser';
import { sidebarSession } from './support/sidebar-session';

describe('playground: the Marketplace add-on build', () => {
  const s = sidebarSession('playground-addon', ['--target', 'addon']);

  beforeAll(async () => {
    await s.frame.waitForFunction(() => (document.getElementById('orders-schedule') as HTMLSelectElement).options.length > 1);
  });

  test('hourly schedules only; switched on, the spreadsheet appears in the background list of Settings', async () => {
    const choices = await s.frame
      .locator('#orders-schedule option')
      .evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    expect(choices).toEqual([0, 60, 120, 240, 360, 480, 720]);
    await openSection(s.frame, 'Orders');
    await s.frame.locator('#orders-schedule').selectOption('60');
    await s.frame.locator('#orders-schedule-save').click();
    await s.frame.locator('#orders-schedule-message').filter({ hasText: 'Schedule saved: every hour' }).waitFor();

    await openSection(s.frame, 'Settings');
    const deployment = s.frame.locator('#settings-deployment');
    expect(await deployment.isDisabled()).toBe(true);
    expect(await deployment.inputValue()).toBe('addon');
    const list = s.frame.locator('#background-documents li');
    await list.first().filter({ hasText: 'This spreadsheet: order import every 60 min' }).waitFor();
    expect(await list.count()).toBe(1);
    expect(await s.frame.locator('#background-note').textContent()).toMatch(/once an hour/);
    await s.frame.locator('#background').scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'settings-background-list');
    await deployment.scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'settings-deployment-set-by-build');

    await openSection(s.frame, 'Orders');
    await s.frame.locator('#orders-schedule').selectOption('0');
    await s.frame.locator('#orders-schedule-save').click();
    await s.frame.locator('#orders-schedule-message').filter({ hasText: 'Schedule switched off' }).waitFor();
    expect(s.errors).toEqual([]);
  });
});

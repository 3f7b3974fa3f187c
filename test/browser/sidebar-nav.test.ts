/**
 * The sidebar's section tabs in the playground: one section at a time; it opens on Push when the
 * add-on is configured and on Settings when it is not (signed out), and a seller's choice stays
 * while the sidebar is open; the tabs work by keyboard alone (Tab to them, arrows, Home/End,
 * Enter, Tab on into the panel); "Open Settings" in the setup notice switches section before it
 * moves focus; all seven tabs fit the 300 px sidebar in two rows.
 */
import type { Frame } from 'playwright-core';
import {
  BROWSER_TEST_MS,
  openSection,
  reopenSidebar,
  SECTION_CONTROLS as SECTIONS,
  signInAsDemo,
  signOut,
  UNTIL_READY_MS,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

async function selectedTab(frame: Frame): Promise<string | null> {
  return frame.locator('#sections [role="tab"][aria-selected="true"]').textContent();
}

/** The ids of the panels on screen (exactly one when the nav works). */
async function visiblePanels(frame: Frame): Promise<string[]> {
  return frame
    .locator('[role="tabpanel"]')
    .evaluateAll((ps) => ps.filter((p) => !(p as HTMLElement).hidden && (p as HTMLElement).offsetHeight > 0).map((p) => p.id));
}

async function focusedId(frame: Frame): Promise<string | undefined> {
  return frame.evaluate(() => document.activeElement?.id);
}

describe('playground: the sidebar\u2019s section tabs', () => {
  const s = sidebarSession('sidebar-nav');

  test('configured, it opens on Push, one section at a time; all seven tabs fit 300 px in two rows', async () => {
    expect(await s.frame.locator('#setup-notice').isHidden()).toBe(true);
    expect(await selectedTab(s.frame)).toBe('Push');
    expect(await visiblePanels(s.frame)).toEqual(['panel-push']);
    // Recent activity belongs to the Push panel; Settings is not on screen.
    expect(await s.frame.locator('#log').isVisible()).toBe(true);
    expect(await s.frame.locator('#settings-save').isVisible()).toBe(false);

    const tabs = await s.frame.locator('#sections [role="tab"]').evaluateAll((ts) =>
      ts.map((t) => {
        const r = t.getBoundingClientRect();
        return { label: t.textContent, left: r.left, right: r.right, top: Math.round(r.top), wraps: t.scrollWidth > t.clientWidth };
      }),
    );
    expect(tabs.map((t) => t.label)).toEqual(SECTIONS.map(([label]) => label));
    const width = await s.frame.evaluate(() => document.documentElement.clientWidth);
    expect(width).toBeLessThanOrEqual(300);
    for (const t of tabs) {
      expect(t.left).toBeGreaterThanOrEqual(0);
      expect(t.right).toBeLessThanOrEqual(width);
      expect(t.wraps).toBe(false); // each label fits its tab
    }
    expect(new Set(tabs.map((t) => t.top)).size).toBeLessThanOrEqual(2);
    expect(await s.frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await s.shots.take(s.page, 'opens-on-push');
    await s.shots.takeSidebar(s.page, 'opens-on-push-sidebar');
  });

  test('by keyboard alone: Tab reaches the selected tab, arrows and Home/End switch, Tab goes on into the panel', async () => {
    // A click on the title puts the sequential focus starting point at the top of the sidebar.
    await s.frame.locator('h1').click();
    await s.page.keyboard.press('Tab');
    expect(await focusedId(s.frame)).toBe('tab-push');

    await s.page.keyboard.press('ArrowRight');
    expect(await focusedId(s.frame)).toBe('tab-jobs');
    expect(await selectedTab(s.frame)).toBe('Jobs');
    expect(await visiblePanels(s.frame)).toEqual(['panel-jobs']);
    // Roving tabindex: only the selected tab is in the Tab order.
    expect(await s.frame.locator('#sections [role="tab"][tabindex="0"]').evaluateAll((ts) => ts.map((t) => t.id))).toEqual(['tab-jobs']);
    await s.shots.takeSidebar(s.page, 'keyboard-on-jobs-tab');

    await s.page.keyboard.press('End');
    expect(await focusedId(s.frame)).toBe('tab-settings');
    expect(await visiblePanels(s.frame)).toEqual(['panel-settings']);
    await s.page.keyboard.press('ArrowRight'); // wraps around
    expect(await focusedId(s.frame)).toBe('tab-push');
    await s.page.keyboard.press('ArrowLeft'); // and back
    expect(await focusedId(s.frame)).toBe('tab-settings');
    await s.page.keyboard.press('Home');
    expect(await focusedId(s.frame)).toBe('tab-push');
    expect(await selectedTab(s.frame)).toBe('Push');

    // Enter on a tab (reached with the arrows) keeps it selected; Tab then enters its panel, and the next Tab its first control.
    for (let i = 0; i < 2; i++) await s.page.keyboard.press('ArrowRight');
    await s.page.keyboard.press('Enter');
    expect(await selectedTab(s.frame)).toBe('Orders');
    expect(await s.frame.locator('#tab-orders').getAttribute('aria-controls')).toBe('panel-orders');
    await s.page.keyboard.press('Tab');
    expect(await focusedId(s.frame)).toBe('panel-orders');
    await s.page.keyboard.press('Tab');
    expect(await focusedId(s.frame)).toBe('orders-schedule');
    await s.shots.takeSidebar(s.page, 'keyboard-orders-first-control');
    // Shift+Tab twice comes back to the selected tab, not to the first one.
    await s.page.keyboard.press('Shift+Tab');
    await s.page.keyboard.press('Shift+Tab');
    expect(await focusedId(s.frame)).toBe('tab-orders');
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  test('each section is reachable from its tab and shows alone; the choice stays through a refresh', async () => {
    for (const [label, control] of SECTIONS) {
      await openSection(s.frame, label);
      expect(await selectedTab(s.frame)).toBe(label);
      expect(await visiblePanels(s.frame)).toHaveLength(1);
      await s.frame.locator(control).waitFor(); // visible
      // Columns reads the sheet's header row when its tab is first shown.
      if (label === 'Columns')
        await s.frame
          .locator('#columns-source')
          .filter({ hasText: /^Found by header names/ })
          .waitFor({ timeout: UNTIL_READY_MS });
      for (const [, other] of SECTIONS) if (other !== control) expect(await s.frame.locator(other).isVisible()).toBe(false);
      expect(await s.frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await s.shots.takeSidebar(s.page, `section-${label.toLowerCase()}`);
    }

    // An action refreshes the whole state: the section the seller is in stays.
    await openSection(s.frame, 'Jobs');
    await s.frame.locator('#jobs-refresh').click();
    await s.frame.locator('#jobs-status').filter({ hasText: /\S/ }).waitFor({ timeout: UNTIL_READY_MS });
    await s.frame.locator('#jobs-refresh').filter({ hasText: 'Refresh job results' }).waitFor(); // done, state refreshed
    expect(await selectedTab(s.frame)).toBe('Jobs');
    expect(await visiblePanels(s.frame)).toEqual(['panel-jobs']);
    expect(s.errors).toEqual([]);
  });

  test('dismissing a notice puts the keyboard on the tab of the section in view, which stays', async () => {
    // A base URL change leaves every editor a notice (and this user's token bound to the old address).
    await openSection(s.frame, 'Settings');
    const baseUrl = s.frame.locator('#settings-baseUrl');
    const original = await baseUrl.inputValue();
    await baseUrl.fill('http://127.0.0.1:9/');
    await s.frame.locator('#settings-save').click();
    await s.frame.locator('#notices [data-testid="notice"]').first().waitFor();
    await s.frame
      .locator('#setup-notice')
      .filter({ hasText: /changed/ })
      .waitFor();
    expect(await selectedTab(s.frame)).toBe('Settings'); // the notices do not move the seller

    await openSection(s.frame, 'Orders');
    await s.frame.locator('#notices-dismiss').focus();
    await s.shots.takeSidebar(s.page, 'notice-before-dismiss');
    await s.page.keyboard.press('Enter');
    await s.frame.locator('#notices [data-testid="notice"]').first().waitFor({ state: 'detached' });
    expect(await focusedId(s.frame)).toBe('tab-orders');
    expect(await selectedTab(s.frame)).toBe('Orders');

    // The address put back: the token works again, and that change's own notice is dismissed too.
    await s.frame.locator('#setup-open-settings').click();
    expect(await selectedTab(s.frame)).toBe('Settings');
    await baseUrl.fill(original);
    await s.frame.locator('#settings-save').click();
    await s.frame.locator('#setup-notice').waitFor({ state: 'hidden' });
    await s.frame.locator('#notices-dismiss').click();
    expect(await focusedId(s.frame)).toBe('tab-settings');
    expect(s.errors).toEqual([]);
  });

  test('signed out it opens on Settings; Open Settings switches there and focuses the token; signed in it opens on Push', async () => {
    await openSection(s.frame, 'Settings');
    await signOut(s.frame);
    // Still where the seller is: a refresh never moves them.
    expect(await selectedTab(s.frame)).toBe('Settings');

    s.frame = await reopenSidebar(s.page);
    await s.frame.locator('#setup-notice').waitFor();
    expect(await selectedTab(s.frame)).toBe('Settings');
    expect(await visiblePanels(s.frame)).toEqual(['panel-settings']);
    await s.shots.takeSidebar(s.page, 'signed-out-opens-on-settings');

    // From another section, the notice's button switches section before it moves the keyboard.
    await openSection(s.frame, 'Push');
    await s.frame.locator('#setup-open-settings').click();
    expect(await selectedTab(s.frame)).toBe('Settings');
    expect(await focusedId(s.frame)).toBe('settings-token'); // the base URL is there: the token is what is missing
    await s.shots.takeSidebar(s.page, 'open-settings-focuses-token');

    await signInAsDemo(s.frame);
    await s.frame.locator('#setup-notice').waitFor({ state: 'hidden' });
    expect(await selectedTab(s.frame)).toBe('Settings'); // no jump while the seller is here

    s.frame = await reopenSidebar(s.page);
    expect(await selectedTab(s.frame)).toBe('Push');
    expect(await visiblePanels(s.frame)).toEqual(['panel-push']);
    await s.shots.takeSidebar(s.page, 'signed-in-opens-on-push');
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

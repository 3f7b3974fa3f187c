/**
 * The trigger-runtime budget as a seller meets it in the playground: the Orders section's status
 * says the day's trigger runtime against the budget and Google's quota; Settings has the account
 * type and the budget; a budget too small for the fastest schedules leaves them out of the
 * choices, and the sidebar says why.
 */
import { BROWSER_TEST_MS, openSection } from './support/browser';
import { expectNoAxeViolations } from './support/axe';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

/** The minutes the Orders section's schedule offers. */
async function offered(s: ReturnType<typeof sidebarSession>): Promise<number[]> {
  return s.frame.locator('#orders-schedule option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
}

describe('playground: the trigger-runtime budget', () => {
  const s = sidebarSession('runtime-budget');

  beforeAll(async () => {
    await s.frame.waitForFunction(() => (document.getElementById('orders-schedule') as HTMLSelectElement).options.length > 1);
  });

  test("the Orders status shows the day's trigger runtime against the budget and the quota", async () => {
    await openSection(s.frame, 'Orders');
    const line = s.frame.locator('#orders-status [data-status="runtime"]');
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      /min used, .* min projected, of a 45 min budget \(consumer account: Google's quota 90 min a day/,
    );
    expect(await offered(s)).toEqual(expect.arrayContaining([1, 5, 60]));
    await line.scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'orders-runtime');
    await expectNoAxeViolations(s.frame, 'the Orders section with its runtime line');
  });

  test('a budget of 5 minutes a day (the least) leaves out the schedules it cannot carry, and Settings says why', async () => {
    await openSection(s.frame, 'Settings');
    await s.frame.locator('#settings-runtime-budgetMinutes').fill('5');
    await s.frame.locator('#settings-save').click();
    await s.frame.locator('#settings-status').filter({ hasText: 'Settings saved.' }).waitFor();
    const today = s.frame.locator('#runtime-today');
    await today.filter({ hasText: /of a 5 min budget/ }).waitFor();
    await today.scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'settings-runtime-budget');
    await openSection(s.frame, 'Orders');
    // A scheduled run costs about 1.5 s until runs are measured: every minute would be 36 min a day, every 5 minutes 7.2.
    await s.frame.waitForFunction(
      () => ![...(document.getElementById('orders-schedule') as HTMLSelectElement).options].some((o) => o.value === '1'),
    );
    const minutes = await offered(s);
    expect(minutes).not.toContain(1);
    expect(minutes).not.toContain(5);
    expect(minutes).toContain(60);
    expect(await s.frame.locator('#orders-schedule-note').textContent()).toContain(
      'Not offered: every minute, every 5 minutes — your trigger runtime budget (5 min a day) cannot carry them; raise it in Settings.',
    );
    await s.frame.locator('#orders-schedule').scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'orders-schedules-within-budget');
    await expectNoAxeViolations(s.frame, 'the Orders section under a small budget');
    expect(s.errors).toEqual([]);
  });
});

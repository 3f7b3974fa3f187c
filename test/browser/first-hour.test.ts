/**
 * A seller's first hour in the playground, on the built bundle with a fresh install's settings
 * (guard rails and the question on): pull the catalogue, edit a Quantity and push it from the menu;
 * add a per-channel rule and see the question, with its count, before anything is sent; import the
 * Shopify export into a tab of its own and push that tab; turn the order schedule on from the menu
 * and watch the open sidebar follow by itself. axe-core finds nothing in the page or the sidebar at
 * any state visited. The screenshots are the user page's (docs/user/first-hour.md).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import {
  BROWSER_TEST_MS,
  cell,
  expectActiveTab,
  headerColumns,
  hubProduct,
  menu,
  openSection,
  signInAsDemo,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';
import { EDITED_LOOK } from '../../src/sheet/edited-marks';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';
const SHOPIFY_TAB = 'shopify-products';
const RULES_MENU = 'Per-channel rules (markup, rounding, stock buffer)\u2026';
/** The poll's slowest rhythm while in view (10 s, src/client/live.ts) and a call's time on a loaded machine. */
const SHOWS_WITHIN_MS = 30_000;
/** A schedule of every minute runs its first time a minute after it is turned on. */
const ONE_MINUTE_MS = 60_000;

/** `#cfe2f3` as the browser reports a computed background: `rgb(207, 226, 243)`. */
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
const EDITED_RGB = rgbOf(EDITED_LOOK.background);

describe("playground: a seller's first hour", () => {
  const s = sidebarSession('first-hour');
  /** The row edited in step 2, its SKU and the Quantity typed. */
  let row = 0;
  let sku = '';
  let typed = 0;
  let channels: string[] = [];

  const toast = (text: string) => s.page.locator('.toast', { hasText: text }).last();
  const clearToasts = () => s.page.evaluate(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
  const cellText = async (r: number, c: number) => ((await cell(s.page, r, c).textContent()) ?? '').trim();
  const background = (r: number, c: number) => cell(s.page, r, c).evaluate((e) => getComputedStyle(e).backgroundColor);
  const isEdited = (r: number, c: number, yes: boolean) =>
    s.page.waitForFunction(
      ([rr, cc, rgb, want]) =>
        (getComputedStyle(document.querySelector(`#grid .cell[data-r="${rr}"][data-c="${cc}"]`) as Element).backgroundColor === rgb) ===
        want,
      [r, c, EDITED_RGB, yes] as const,
      { timeout: UNTIL_READY_MS },
    );

  /** Shows a sheet tab and waits until the grid draws its header (not the previous sheet's). */
  async function showSheet(name: string, firstHeader: string): Promise<Map<string, number>> {
    await s.page.locator(`[role=tab][data-sheet="${name}"]`).click();
    await expectActiveTab(s.page, name);
    await waitForCell(s.page, 1, 1, firstHeader);
    return headerColumns(s.page);
  }

  /** Both halves of the screen a seller sees, checked by axe: the page (frames included) and the sidebar alone. */
  async function expectAccessible(state: string, frame: Frame = s.frame): Promise<void> {
    await expectNoAxeViolations(s.page, `the playground ${state}`);
    await expectNoAxeViolations(frame, `the sidebar ${state}`);
  }

  /** Waits until the open sidebar's Recent activity, never reopened, shows `text` in its latest line. */
  async function latestActivity(text: string): Promise<void> {
    await s.frame.locator('#log-list [data-testid="log-entry"]').first().filter({ hasText: text }).waitFor({ timeout: SHOWS_WITHIN_MS });
  }

  /** Non-GET calls the hub received after the request id `since` (what was sent, not read). */
  async function writesSince(since: number) {
    return (await s.pg.admin.requests(since)).filter((r) => r.method !== 'GET');
  }
  const lastRequestId = async () => (await s.pg.admin.requests()).reduce((max, r) => Math.max(max, r.id), 0);

  test('1. open, signed in; Pull catalogue leaves each channel’s status and link, no writable per-channel Quantity', async () => {
    const notice = s.frame.locator('#setup-notice');
    if (await notice.isVisible()) {
      await s.frame.locator('#setup-open-settings').click();
      await signInAsDemo(s.frame);
      await openSection(s.frame, 'Push');
    }
    await expect(notice.isVisible()).resolves.toBe(false);
    await expectActiveTab(s.page, STOCK);
    await waitForCell(s.page, 1, 1, 'SKU');
    await expectAccessible('as it opens');

    await clearToasts();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Catalogue', 'Pull catalogue (all channels)');
    const pulled = toast('Pulled ');
    // A question the pull may ask first (Sheets' dialogs): the walk takes the add-on's default answer.
    const question = s.page.locator('#dialog');
    await pulled.or(question).first().waitFor({ timeout: UNTIL_READY_MS });
    if (await question.isVisible()) await s.page.locator('#dialog .primary, #dialog-OK, #dialog-YES').first().click();
    await pulled.waitFor({ timeout: UNTIL_READY_MS });
    expect(await pulled.textContent()).toMatch(/Pulled [\d,]+ SKUs into "Stock & Prices"/);

    await showSheet(STOCK, 'SKU');
    // The grid redraws the pulled sheet after the toast: wait for a column the pull adds.
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Listing status [' }).first().waitFor();
    const names = [...(await headerColumns(s.page)).keys()];
    channels = names.flatMap((h) => /^Listing status \[(.+)\]$/.exec(h)?.[1] ?? []);
    expect(channels.length).toBeGreaterThan(1);
    for (const channel of channels) expect(names).toContain(`Permalink [${channel}]`);
    // The general Quantity is the one to edit: no channel's Quantity column stands beside it by default.
    expect(names).toContain('Quantity');
    expect(names.filter((h) => /^Quantity \[/.test(h))).toEqual([]);
    await latestActivity('Pull catalogue');
    await s.shots.take(s.page, 'pulled');
    await expectAccessible('after the pull');
  });

  test('2. a Quantity typed shows edited; Push stock › Changed rows sends it: OK, in the hub, no longer edited', async () => {
    let headers = await showSheet(STOCK, 'SKU');
    const qty = headers.get('Quantity')!;
    row = 2;
    sku = await cellText(row, headers.get('SKU')!);
    const before = (await hubProduct(s.pg.admin, sku)).quantity;
    typed = before > 5 ? before - 5 : before + 5;
    await typeIntoCell(s.page, row, qty, String(typed));
    await cell(s.page, 1, 1).click(); // a selected cell is drawn in the selection's colour
    await waitForCell(s.page, row, qty, String(typed));
    await isEdited(row, qty, true);
    await clearToasts();
    await s.shots.take(s.page, 'quantity-edited');
    await expectAccessible('with an edited cell');

    await s.page.locator('#status', { hasText: 'Ready' }).waitFor();
    await clearToasts();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push stock', 'Changed rows');
    const done = toast('Push stock (changed rows)');
    await done.waitFor({ timeout: UNTIL_READY_MS });
    expect(await done.textContent()).toMatch(/on "Stock & Prices": 1 ok, 0 failed/);
    expect((await hubProduct(s.pg.admin, sku)).quantity).toBe(typed);

    headers = await showSheet(STOCK, 'SKU');
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).first().waitFor();
    headers = await headerColumns(s.page);
    await waitForCell(s.page, row, headers.get('Sync status')!, 'OK');
    await isEdited(row, qty, false);
    expect(await background(row, qty)).not.toBe(EDITED_RGB);
    // The row's result beside its SKU (the SKU column stays frozen), its message in the formula bar.
    await cell(s.page, row, headers.get('Sync message')!).scrollIntoViewIfNeeded();
    await cell(s.page, row, headers.get('Sync message')!).click();
    await latestActivity('Push stock (changed rows)');
    await s.shots.take(s.page, 'quantity-pushed');
    await expectAccessible('after a push of one row');
  });

  test('3. a rule added on the Rules sheet; Push changes asks first, with the count, and Cancel sends nothing', async () => {
    await clearToasts();
    await menu(s.page, 'Extensions', 'Hub Sync', RULES_MENU);
    await expectActiveTab(s.page, 'Rules');
    await toast('The Rules sheet is ready').waitFor({ timeout: UNTIL_READY_MS });
    await waitForCell(s.page, 1, 1, 'Channel');
    const rules = await headerColumns(s.page);
    // Row 2 is the example a seller copies from; it is never applied.
    await waitForCell(s.page, 2, rules.get('Channel')!, 'example');
    expect(await cellText(2, rules.get('Problem')!)).toMatch(/^Example, never applied/);
    await typeIntoCell(s.page, 3, rules.get('Channel')!, 'amazon');
    await typeIntoCell(s.page, 3, rules.get('Markup %')!, '10');
    await typeIntoCell(s.page, 3, rules.get('Rounding')!, '.99');
    await typeIntoCell(s.page, 3, rules.get('Also per-channel columns')!, 'Yes');
    await waitForCell(s.page, 3, rules.get('Also per-channel columns')!, 'Yes');
    await s.page.locator('#status', { hasText: 'Ready' }).waitFor();
    await cell(s.page, 3, rules.get('Channel')!).click();
    await s.shots.take(s.page, 'rules-sheet');
    await expectAccessible('on the Rules sheet');

    await showSheet(STOCK, 'SKU');
    // Back in the sidebar, the seller reads what the rule will change at the next Push changes.
    await openSection(s.frame, 'Push');
    const rulesStatus = s.frame.locator('#rules-status', { hasText: /^1 rule in use: they change / });
    await rulesStatus.waitFor({ timeout: SHOWS_WITHIN_MS });
    const inSidebar = /they change ([\d,]+) of the ([\d,]+) values?/.exec((await rulesStatus.textContent()) ?? '');
    const { products } = await s.pg.admin.state(['products']);
    const amazonPrices = new Map(products.filter((p) => p.listings.amazon).map((p) => [p.sku, p.listings.amazon!.price]));
    const since = await lastRequestId();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push changes (edited since last pull or push)');
    await s.page.locator('#html-dialog').waitFor({ timeout: UNTIL_READY_MS });
    expect(await s.page.locator('#html-dialog-title').textContent()).toBe('Push changes: check before sending');
    const dialog = s.page.frameLocator('#html-dialog-frame');
    const headline = dialog.locator('#question-headline');
    await headline.waitFor();
    const said = (await headline.textContent()) ?? '';
    const count = Number(/^Push changes would send ([\d,]+) changed values? on [\d,]+ rows?\.$/.exec(said)?.[1].replace(/,/g, '') ?? NaN);
    expect(count).toBeGreaterThan(1);
    // The same count as the sidebar said, every value of it changed by the rule.
    expect([inSidebar?.[1], inSidebar?.[2]].map((n) => Number(n?.replace(/,/g, '')))).toEqual([count, count]);
    expect(await dialog.locator('#question-details').textContent()).toContain('Price [amazon]');
    // Asked before anything is sent: the hub holds the prices it held.
    expect(await writesSince(since)).toEqual([]);
    const held = (await s.pg.admin.state(['products'])).products;
    for (const p of held) if (amazonPrices.has(p.sku)) expect([p.sku, p.listings.amazon?.price]).toEqual([p.sku, amazonPrices.get(p.sku)]);
    await s.shots.take(s.page, 'push-question');
    const dialogFrame = s.page.frame({ url: /\/html-dialog/ });
    await expectNoAxeViolations(dialogFrame!, 'the question Push changes asks');
    await expectAccessible('with the question open');

    await dialog.locator('#question-cancel').click();
    await s.page.locator('#html-dialog').waitFor({ state: 'detached' });
    await s.page.locator('#status', { hasText: 'Ready' }).waitFor();
    expect(await writesSince(since)).toEqual([]);
  });

  test('4. the Shopify export in a tab of its own: its SKUs added, Push stock › All rows pushes that tab alone', async () => {
    const stock = await showSheet(STOCK, 'SKU');
    const stockRow = {
      quantity: await cellText(row, stock.get('Quantity')!),
      status: await cellText(row, stock.get('Sync status')!),
      syncedAt: await cellText(row, stock.get('Synced at')!),
    };

    await menu(s.page, 'File', 'Import');
    await s.page.locator('#import').waitFor();
    await s.page.locator('#import-file').setInputFiles({
      name: `${SHOPIFY_TAB}.csv`,
      mimeType: 'text/csv',
      buffer: fs.readFileSync(path.join(__dirname, 'fixtures', 'shopify-products.csv')),
    });
    expect(await s.page.locator('#import-into').inputValue()).toBe('new');
    await s.page.locator('#import-OK').click();
    await s.page.locator('#import').waitFor({ state: 'detached' });
    await expectActiveTab(s.page, SHOPIFY_TAB);
    await waitForCell(s.page, 1, 1, 'Handle');

    await clearToasts();
    await menu(s.page, 'Playground', 'Add these SKUs to the hub');
    const added = toast('Playground');
    await added.waitFor({ timeout: UNTIL_READY_MS });
    expect(await added.textContent()).toMatch(/SKUs of \u201cshopify-products\u201d created in the hub emulator, listed on shopify/);

    const since = await lastRequestId();
    await clearToasts();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push stock', 'All rows');
    const done = toast('Push stock (all rows)');
    await done.waitFor({ timeout: UNTIL_READY_MS });
    expect(await done.textContent()).toMatch(/on "shopify-products": 3 ok, 0 failed/);
    const sent = (await writesSince(since)).flatMap((r) => r.skus ?? []);
    expect(new Set(sent)).toEqual(new Set(['CAM-ROJA.M', 'CAM-ROJA.L', '42']));
    expect((await hubProduct(s.pg.admin, 'CAM-ROJA.L')).quantity).toBe(0);

    await expectActiveTab(s.page, SHOPIFY_TAB);
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).first().waitFor();
    const tab = await headerColumns(s.page);
    for (const r of [2, 3, 4]) await waitForCell(s.page, r, tab.get('Sync status')!, 'OK');
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).first().scrollIntoViewIfNeeded();
    // The open sidebar follows by itself: the sheet it pushes, and the push in Recent activity.
    await s.frame
      .locator('#push-sheet', { hasText: `Pushes "${SHOPIFY_TAB}", the sheet you are on.` })
      .waitFor({ timeout: SHOWS_WITHIN_MS });
    await latestActivity(SHOPIFY_TAB);
    await s.shots.take(s.page, 'shopify-tab-pushed');
    await expectAccessible('after a push of the Shopify tab');

    // Stock & Prices was not pushed: its edited row shows what it showed.
    const after = await showSheet(STOCK, 'SKU');
    expect({
      quantity: await cellText(row, after.get('Quantity')!),
      status: await cellText(row, after.get('Sync status')!),
      syncedAt: await cellText(row, after.get('Synced at')!),
    }).toEqual(stockRow);
  });

  test('5. the schedule turned on from the menu: the open sidebar’s Orders shows it, then the imported orders, by itself', async () => {
    await openSection(s.frame, 'Orders');
    const status = s.frame.locator('#orders-status');
    await status.locator('[data-status="schedule"]').filter({ hasText: 'Off' }).waitFor();
    await status.locator('[data-status="lastRun"]').filter({ hasText: 'Never' }).waitFor();
    // The sidebar's document stays the same one: nothing reloads it.
    await s.frame.evaluate(() => {
      (window as { stillTheSame?: boolean }).stillTheSame = true;
    });
    await expectAccessible('on Orders');

    await menu(s.page, 'Extensions', 'Hub Sync', 'Orders', 'Scheduled import on/off\u2026');
    await s.page.locator('#dialog').waitFor();
    await s.page.locator('#dialog-input').fill('1');
    await s.page.locator('#dialog-OK').click();
    await s.page.locator('#dialog').waitFor({ state: 'detached' });
    await status
      .locator('[data-status="schedule"]')
      .filter({ hasNotText: /^Schedule: Off/ })
      .waitFor({ timeout: SHOWS_WITHIN_MS });
    expect(await status.locator('[data-status="schedule"]').textContent()).toMatch(/Every minute/);

    // The trigger is due a minute later (on the real clock); nothing is done in the sidebar meanwhile.
    await status
      .locator('[data-status="lastRun"]')
      .filter({ hasNotText: 'Never' })
      .waitFor({ timeout: ONE_MINUTE_MS + UNTIL_READY_MS });
    await status
      .locator('[data-status="totals"]')
      .filter({ hasNotText: /^Imported in total: 0 new orders/ })
      .waitFor({ timeout: SHOWS_WITHIN_MS });
    expect(await status.locator('[data-status="totals"]').textContent()).toMatch(/Imported in total: [1-9][\d,]* new orders?/);
    expect(await s.frame.evaluate(() => (window as { stillTheSame?: boolean }).stillTheSame)).toBe(true);
    await s.frame.locator('#orders').scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'sidebar-orders-live');
    await expectAccessible('after the sidebar updated Orders by itself');
    expect(s.errors).toEqual([]);
  });
});

/**
 * The sidebar's Orders, Catalogue and Categories sections in the playground, against the demo
 * hub: the order schedule switched on shows its next run; Import now shows its outcome; an order
 * found by its external id (and a cart by its id) is listed as text; a category search gives hits
 * picked from the keyboard into the selected Categories row; a one-channel pull reports its
 * result; an unpushed edit is overwritten only after the seller says so. The sidebar keeps to its
 * 300 px (nothing scrolls sideways).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { cell, expectActiveTab, headerColumns, hubProduct, launchChromium, openPage, Screenshots, sidebar, typeIntoCell, waitForCell } from './support/browser';
import { startPlaygroundProcess, type PlaygroundProcess } from './support/playground-process';

jest.setTimeout(60_000);

/** Resolves once the page has told the server its selection (it does so 100 ms after a click); sidebar calls run with it. */
function selectionSent(page: Page, sheet: string, topLeft: string): Promise<unknown> {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/select')) return false;
    const { selection } = JSON.parse(r.request().postData() ?? '{}') as { selection?: { sheet: string; ranges: string[] } };
    return selection?.sheet === sheet && selection.ranges.some((a1) => a1 === topLeft || a1.startsWith(`${topLeft}:`));
  });
}

describe('playground: the sidebar\u2019s Orders, Catalogue and Categories', () => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-orders-categories-'));
  const shots = new Screenshots('sidebar-orders-categories');
  let pg: PlaygroundProcess;
  let browser: Browser;
  let page: Page;
  let frame: Frame;
  let dialogs: string[];
  let errors: string[];

  beforeAll(async () => {
    [pg, browser] = await Promise.all([startPlaygroundProcess(stateDir), launchChromium()]);
    ({ page, dialogs, errors } = await openPage(browser, pg.url));
    frame = await sidebar(page);
    // The state has loaded once the switch offers the deployment's intervals.
    await frame.waitForFunction(() => (document.getElementById('orders-schedule') as HTMLSelectElement).options.length > 1);
  });

  afterAll(async () => {
    await browser?.close();
    await pg?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  test('the order schedule switched on shows its interval, owner and next run', async () => {
    const status = frame.locator('#orders-status');
    await expect(status.locator('[data-status="schedule"]').textContent()).resolves.toContain('Off');
    await expect(status.locator('[data-status="nextRun"]').textContent()).resolves.toMatch(/Not scheduled/);

    const choices = await frame.locator('#orders-schedule option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(choices[0]).toEqual(['0', 'Off']);
    expect(choices.length).toBeGreaterThan(1);
    // The playground runs the bound script by default (npm start -- --target addon runs the add-on, hourly at most).
    expect(choices.map(([v]) => Number(v))).toEqual(expect.arrayContaining([1, 5, 60]));

    await frame.locator('#orders-schedule').selectOption('60');
    await frame.locator('#orders-schedule-save').press('Enter'); // keyboard works as a click
    await frame.locator('#orders-schedule-message').filter({ hasText: 'Schedule saved: every hour' }).waitFor();
    await status.locator('[data-status="schedule"]').filter({ hasText: 'Every hour, run by you' }).waitFor();
    const next = await status.locator('[data-status="nextRun"]').textContent();
    expect(next).toMatch(/^Next run: (About \d{4}-\d\d-\d\d \d\d:\d\d \(in (59 min|1 h)|Due now)/);
    expect(await frame.locator('#orders-schedule').inputValue()).toBe('60');
    // The settings form follows, so saving the settings later keeps the schedule.
    await frame.waitForFunction(() => (document.getElementById('settings-orders-scheduleMinutes') as HTMLSelectElement).value === '60');
    await frame.locator('#orders').scrollIntoViewIfNeeded();
    await shots.take(page, 'orders-schedule-on');

    await frame.locator('#orders-schedule').selectOption('0');
    await frame.locator('#orders-schedule-save').click();
    await frame.locator('#orders-schedule-message').filter({ hasText: 'Schedule switched off' }).waitFor();
    await status.locator('[data-status="nextRun"]').filter({ hasText: 'Not scheduled' }).waitFor();
    expect(errors).toEqual([]);
  });

  test('Import now shows its outcome, and the status its counts and the next allowed call', async () => {
    const status = frame.locator('#orders-status');
    await frame.locator('#orders-import').click();
    const message = frame.locator('#orders-message');
    await message.filter({ hasText: /new orders?/ }).waitFor({ timeout: 30_000 });
    expect(await frame.locator('#orders-error').textContent()).toBe('');
    const added = Number(/(\d+) new orders?/.exec((await message.textContent()) ?? '')?.[1]);
    expect(added).toBeGreaterThan(0);
    await status.locator('[data-status="lastRun"]').filter({ hasText: /\d{4}-\d\d-\d\d/ }).waitFor();
    expect(await status.locator('[data-status="lastRunCounts"]').textContent()).toContain(`${added} new order`);
    expect(await status.locator('[data-status="totals"]').textContent()).toMatch(new RegExp(`${added} new orders?, \\d+ updated orders? in 1 call`));
    // One Get Orders call per minute: the next one is not allowed at once.
    expect(await status.locator('[data-status="nextCall"]').textContent()).toMatch(/^Next allowed call: \d{4}-\d\d-\d\d \d\d:\d\d \(in /);
    await frame.locator('#orders-import').scrollIntoViewIfNeeded();
    await shots.take(page, 'orders-imported');
    expect(errors).toEqual([]);
  });

  test('with a backlog, Catch up reads on at the hub\'s rate with a progress line, and stops at once when asked', async () => {
    const button = frame.locator('#orders-catch-up');
    await button.waitFor({ state: 'visible' });
    await button.click();
    const progress = frame.locator('#orders-catch-up-progress');
    // The rate limit allows no call yet: the loop says when the next one starts and waits in the browser.
    await progress.filter({ hasText: /^Catching up: \d+ new and \d+ updated orders? in \d+ calls?; next call in \d+ s \(the hub allows one a minute\)\. Keep the sidebar open\.$/ }).waitFor({ timeout: 30_000 });
    expect(await button.textContent()).toBe('Stop catching up');
    await frame.locator('#orders-catch-up').scrollIntoViewIfNeeded();
    await shots.take(page, 'orders-catching-up');
    await button.click();
    await progress.filter({ hasText: /^Stopped: / }).waitFor({ timeout: 10_000 });
    await frame.locator('#orders-catch-up').filter({ hasText: /^Catch up$/ }).waitFor();
    expect(await frame.locator('#orders-error').textContent()).toBe('');
    expect(errors).toEqual([]);
  });

  test('an order of the demo hub found by its external id is listed as text', async () => {
    const { orders } = await pg.admin.state(['orders']);
    const order = orders.find((o) => o.items.length > 0 && !o.cartId) ?? orders[0];
    expect(order).toBeTruthy();

    // A blank id is refused next to the field, before the server is asked.
    await frame.locator('#order-find').click();
    await frame.locator('#order-find-id-error').filter({ hasText: /external id/ }).waitFor();
    expect(await frame.locator('#order-find-id').getAttribute('aria-invalid')).toBe('true');

    await frame.locator('#order-find-id').fill(order.externalId);
    await frame.locator('#order-find-id').press('Enter');
    const found = frame.locator('#order-find-result [data-testid="found-order"]');
    await found.first().waitFor();
    expect(await found.count()).toBe(1);
    const text = (await found.first().textContent()) ?? '';
    expect(text).toContain(`Order ${order.orderId}`);
    expect(text).toContain(`external id ${order.externalId}`);
    expect(text).toContain(order.channel);
    expect(await frame.locator('#order-find-id-error').textContent()).toBe('');
    expect(await frame.locator('#order-find-id').getAttribute('aria-invalid')).toBeNull();
    expect(await found.first().locator('.items > li').count()).toBe(order.items.length);
    await found.first().scrollIntoViewIfNeeded();
    await shots.take(page, 'order-found');

    // With "Also write it to the Orders sheet", the answer says where it went.
    await frame.locator('#order-find-to-sheet').check();
    await frame.locator('#order-find').click();
    await frame.locator('#order-find-message').filter({ hasText: /is in row \d+ of "Orders"/ }).waitFor();
    expect(await found.first().textContent()).toMatch(/row \d+ of the sheet/);
    await frame.locator('#order-find-to-sheet').uncheck();

    // A cart id lists every order of the cart.
    const cartId = orders.find((o) => o.cartId)?.cartId;
    expect(cartId).toBeTruthy(); // the demo hub has carts (Mercado Libre)
    const inCart = orders.filter((o) => o.cartId === cartId);
    await frame.locator('#order-find-id').fill(String(cartId));
    await frame.locator('#order-find').click();
    await frame.locator('#order-find-message').filter({ hasText: `Cart ${cartId}` }).waitFor();
    expect(await found.count()).toBe(inCart.length);
    expect((await found.allTextContents()).map((t) => /Order (\d+)/.exec(t)?.[1]).sort()).toEqual(inCart.map((o) => String(o.orderId)).sort());

    // An unknown id: the server's sentence by the field.
    await frame.locator('#order-find-id').fill('NO-SUCH-ORDER-42');
    await frame.locator('#order-find').click();
    await frame.locator('#order-find-id-error').filter({ hasText: /no order/ }).waitFor();
    expect(await found.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a category search on mercadolibre gives pickable hits, usable from the keyboard', async () => {
    await frame.locator('#categories-channel').selectOption('mercadolibre');
    // Picking needs a Categories sheet and a selected row there: none yet, so the server says why, by the hit.
    await frame.locator('#categories-keyword').fill('Audífonos');
    await frame.locator('#categories-search').click();
    const audio = frame.locator('#categories-results [data-testid="category-hit"]').first();
    await audio.filter({ hasText: 'Electrónica > Audio > Audífonos' }).waitFor();
    await audio.locator('button').click();
    await audio.locator('.pick-error').filter({ hasText: /Categories/ }).waitFor();
    expect(await frame.locator('#categories-message').textContent()).toBe('');

    await frame.locator('#categories-load').click();
    await frame.locator('#categories-message').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    expect(await frame.locator('#categories-error').textContent()).toBe('');
    await page.locator('[data-sheet="Categories"]').click();
    await expectActiveTab(page, 'Categories');
    await waitForCell(page, 1, 1, 'Path'); // the grid shows the Categories sheet now
    const selected = selectionSent(page, 'Categories', 'A3');
    await cell(page, 3, 1).click();
    await selected;

    await frame.locator('#categories-keyword').fill('Tazas');
    await frame.locator('#categories-keyword').press('Enter');
    const hits = frame.locator('#categories-results [data-testid="category-hit"]');
    await hits.first().waitFor();
    expect(await hits.count()).toBeGreaterThan(0);
    const first = (await hits.first().textContent()) ?? '';
    expect(first).toContain('Tazas y Jarros');
    expect(first).toContain('Hogar > Cocina > Tazas y Jarros');
    await frame.locator('#categories-search-status').filter({ hasText: /match/ }).waitFor();

    // Each hit is a button: Tab from the Search button reaches it, Enter picks it into the selected row.
    await frame.locator('#categories-search').focus();
    await page.keyboard.press('Tab');
    expect(await frame.evaluate(() => document.activeElement?.closest('[data-testid="category-hit"]') !== null)).toBe(true);
    await page.keyboard.press('Enter');
    await frame.locator('#categories-message').filter({ hasText: /^Row 3: Map to channel mercadolibre, Map to category id MLM\d+/ }).waitFor();
    expect(await hits.first().locator('.pick-outcome').textContent()).toBe('Written into row 3.');
    expect(await hits.first().locator('.pick-error').textContent()).toBe('');
    const id = /category id (\S+)\./.exec((await frame.locator('#categories-message').textContent()) ?? '')![1];
    expect(await hits.first().getAttribute('data-category-id')).toBe(id);
    const columns = await headerColumns(page);
    const mapTo = [...columns.entries()].find(([header]) => /map to category id/i.test(header));
    expect(mapTo).toBeTruthy();
    await waitForCell(page, 3, mapTo![1], id);
    await frame.locator('#categories').scrollIntoViewIfNeeded();
    await shots.take(page, 'categories-picked');
    await page.locator('[data-sheet="Stock & Prices"]').click();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a pull of one channel asks first, then reports what it wrote; Refresh selected rows asks before overwriting an unpushed edit', async () => {
    await frame.locator('#catalogue-channel').selectOption('amazon');
    await frame.locator('#catalogue-sort').selectOption('alph_asc');
    await frame.locator('#catalogue-pull').click();
    const message = frame.locator('#catalogue-message');
    const confirm = frame.locator('#catalogue-confirm');
    await frame.waitForFunction(
      () => /\S/.test(document.getElementById('catalogue-message')?.textContent ?? '') || !document.getElementById('catalogue-confirm')?.hidden
        || /\S/.test(document.getElementById('catalogue-error')?.textContent ?? ''),
      undefined,
      { timeout: 45_000 },
    );
    expect(await frame.locator('#catalogue-error').textContent()).toBe('');
    // The playground filled the sheet with the hub's own values and no pull: the hub confirmed none
    // of them, but the pull would change none either, so nothing is lost and nothing is asked.
    expect(await confirm.isHidden()).toBe(true);
    await message.filter({ hasText: /\S/ }).waitFor({ timeout: 45_000 });
    expect(await message.textContent()).toMatch(/^Pulled [\d,]+ SKUs listed on amazon into "Stock & Prices"/);
    expect(await confirm.isHidden()).toBe(true);
    await frame.locator('#catalogue').scrollIntoViewIfNeeded();
    await shots.take(page, 'catalogue-pulled');

    // Refresh selected rows over an unpushed edit: asked first; Cancel keeps the edit, Overwrite takes the hub's value.
    await page.locator('[data-sheet="Stock & Prices"]').click();
    await waitForCell(page, 1, 1, 'SKU');
    const amazonPrice = (await headerColumns(page)).get('Price [amazon]')!;
    const sku = (await cell(page, 2, 1).textContent())!;
    const hubPrice = (await hubProduct(pg.admin, sku)).listings.amazon!.price;
    await typeIntoCell(page, 2, amazonPrice, String(hubPrice + 1));
    await waitForCell(page, 2, amazonPrice, String(hubPrice + 1));
    const selected = selectionSent(page, 'Stock & Prices', 'A2');
    await cell(page, 2, 1).click();
    await selected;
    await frame.locator('#catalogue-refresh').click();
    await confirm.waitFor();
    expect(await frame.locator('#catalogue-confirm-text').textContent()).toMatch(/^Nothing was written\. 1 cell in 1 row holds a value the hub has not confirmed/);
    expect(await frame.locator('#catalogue-confirm-examples li').allTextContents()).toEqual([expect.stringMatching(new RegExp(`^row 2 \\(${sku.replace(/\./g, '\\.')}\\): Price \\[amazon\\] ${hubPrice + 1} \\(hub: ${hubPrice}\\)$`))]);
    expect(await frame.evaluate(() => document.activeElement?.id)).toBe('catalogue-cancel');
    await frame.locator('#catalogue').scrollIntoViewIfNeeded();
    await shots.take(page, 'catalogue-refresh-confirm');
    await page.keyboard.press('Enter'); // Cancel
    await confirm.waitFor({ state: 'hidden' });
    expect(await message.textContent()).toBe('Nothing was written; your edits are kept.');
    expect(await frame.evaluate(() => document.activeElement?.id)).toBe('catalogue-refresh');
    expect(await cell(page, 2, amazonPrice).textContent()).toBe(String(hubPrice + 1));

    await frame.locator('#catalogue-refresh').click();
    await confirm.waitFor();
    await frame.locator('#catalogue-overwrite').click();
    await message.filter({ hasText: /^Refresh from the hub: 1 row refreshed/ }).waitFor({ timeout: 30_000 });
    await confirm.waitFor({ state: 'hidden' });
    await waitForCell(page, 2, amazonPrice, String(hubPrice));
    await shots.take(page, 'catalogue-refreshed');

    // Nothing in the sidebar is wider than its 300 px panel.
    const overflow = await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});

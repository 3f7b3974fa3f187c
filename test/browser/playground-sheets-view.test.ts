/**
 * The playground's spreadsheet looks and behaves as Sheets does where a seller notices: frozen
 * rows and columns stay while the rest scrolls, every sheet tab can be reached and none is
 * covered, one clock in the spreadsheet's time zone, amounts in their number format, a shipping
 * label the add-on saved to Drive opens from its link, and the sign-in form names the demo login
 * of the playground's own hub.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { BROWSER_TEST_MS, cell, expectActiveTab, menu, openSection, sidebar, UNTIL_READY_MS } from './support/browser';
import { usePlayground } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not on screen`);
  return b;
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element on top at the centre of `selector` is that element (or inside it): nothing covers it. */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return top !== null && (top === e || e.contains(top));
    });
}

/** A row window of a sheet, as the page reads it. */
async function windowRows(page: Page, sheet: string, from: number, count: number): Promise<Array<Array<{ t: string } | null>>> {
  return page.evaluate(
    async ([s, f, c]) => {
      const r = await fetch(`/api/window?sheet=${encodeURIComponent(s)}&from=${f}&count=${c}`);
      return ((await r.json()) as { rows: Array<Array<{ t: string } | null>> }).rows;
    },
    [sheet, from, count] as const,
  );
}

describe('playground: the sheet as Sheets shows it', () => {
  const s = usePlayground('playground-sheets-view');

  test("the sidebar's sign-in form shows the playground hub's demo login, and the page never the stored token", async () => {
    const frame = await sidebar(s.page);
    await openSection(frame, 'Settings');
    const hint = frame.locator('#token-signin-form #playground-signin-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(/sign in as \u201cdemo\u201d, password \u201cdemo\u201d/);
    await frame.locator('#token-signin-form').scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'signin-hint');
    const token = (JSON.parse(fs.readFileSync(path.join(s.stateDir, 'playground.json'), 'utf8')) as { token: string }).token;
    expect(token).toMatch(/^pg_/);
    const served = await s.page.evaluate(async () => (await fetch('/sidebar')).text());
    expect(served).not.toContain(token);
    expect(await frame.content()).not.toContain(token);
    expect(s.pg.output()).not.toContain(token);
    await openSection(frame, 'Push');
  });

  test('frozen columns stay at the left while the rest scrolls, after a thicker line (frozen rows stay on top)', async () => {
    await expectActiveTab(s.page, STOCK);
    // The demo's stock sheet has its header row and its SKU column frozen.
    await cell(s.page, 2, 1).waitFor();
    await s.page.locator('#grid').evaluate((g) => {
      g.scrollLeft = 350;
      g.scrollTop = 600;
    });
    await s.page.waitForFunction(() => (document.getElementById('grid') as HTMLElement).scrollLeft > 0);
    const grid = await box(s.page, '#grid');
    const rowHeader = await box(s.page, '#grid .rh[data-r="30"]');
    const sku = await box(s.page, '#grid .cell[data-r="30"][data-c="1"]');
    // Right of the row numbers, at the grid's left edge, and on top of the columns scrolled under it.
    expect(sku.x).toBeCloseTo(grid.x + rowHeader.width, 0);
    expect(await uncovered(s.page, '#grid .cell[data-r="30"][data-c="1"]')).toBe(true);
    expect(await uncovered(s.page, '#grid .ch[data-c="1"]')).toBe(true);
    const divider = await cell(s.page, 30, 1).evaluate((e) => getComputedStyle(e).borderRightWidth);
    expect(parseFloat(divider)).toBeGreaterThan(1);
    // The frozen header row is still on top.
    const header = await box(s.page, '#grid .cell[data-r="1"][data-c="1"]');
    expect(header.y).toBeLessThan(sku.y);
    expect(await cell(s.page, 1, 1).textContent()).toBe('SKU');
    expect(await uncovered(s.page, '#grid .cell[data-r="1"][data-c="1"]')).toBe(true);
    await s.shots.take(s.page, 'frozen-column-scrolled');
  });

  test('one clock, labelled, in the spreadsheet time zone', async () => {
    const clock = s.page.locator('#clock');
    await clock.filter({ hasText: /^Spreadsheet time \(America\/Mexico_City\): \d\d:\d\d/ }).waitFor();
    const now = await s.page.evaluate(
      async () => ((await (await fetch('/api/status')).json()) as { snapshot: { now: number } }).snapshot.now,
    );
    const hhmm = (ms: number): string =>
      new Date(ms).toLocaleTimeString('en-GB', { timeZone: 'America/Mexico_City', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const shown = /: (\d\d:\d\d)/.exec((await clock.textContent()) ?? '')![1];
    expect([hhmm(now - 60_000), hhmm(now), hhmm(now + 60_000)]).toContain(shown);
    // No other clock on the page (the browser's own zone is this machine's, UTC).
    const times = await s.page.locator('header, footer').evaluateAll((els) => els.map((e) => e.textContent ?? '').join(' '));
    expect(times.match(/\b\d\d:\d\d\b/g)?.length ?? 0).toBe(1);
  });

  test('sheet tabs are never hidden: arrows and All sheets reach every one, nothing covers them', async () => {
    await s.page.setViewportSize({ width: 800, height: 600 });
    await menu(s.page, 'Extensions', 'Hub Sync', 'Orders', 'Import orders now');
    await s.page.locator('[role=tab][data-sheet="Orders"]').waitFor();
    for (let i = 0; i < 8; i++) await s.page.locator('#add-sheet').click();
    await s.page.locator('[role=tab][data-sheet="Sheet10"]').waitFor();
    await s.page.locator('#tabs-right').waitFor(); // the tabs overflow: the arrows are there
    await s.shots.take(s.page, 'tabs-overflowing');
    const tabs = await box(s.page, '#tabs');
    for (const other of ['#add-sheet', '#all-sheets', '#tabs-left', '#tabs-right', '#clock', '#toasts'])
      if (await s.page.locator(other).isVisible()) expect(overlaps(await box(s.page, other), tabs)).toBe(false);

    // The active tab (the sheet just added) is shown whole.
    const active = '[role=tab][aria-selected=true]';
    const shownWhole = async (selector: string): Promise<void> => {
      const t = await box(s.page, selector);
      const bar = await box(s.page, '#tabs');
      expect(t.x).toBeGreaterThanOrEqual(bar.x - 0.5);
      expect(t.x + t.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
      expect(await s.page.locator(selector).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await uncovered(s.page, selector)).toBe(true);
    };
    await shownWhole(active);

    // All sheets lists every visible sheet; choosing Orders shows it, its tab scrolled into view.
    await s.page.locator('[data-menu="All sheets"]').click();
    const listed = await s.page.locator('[data-menu="All sheets"] + .menu-list .menu-item').allTextContents();
    expect(listed).toEqual(expect.arrayContaining([STOCK, 'Orders', 'Order Items', 'Sheet10']));
    await s.shots.take(s.page, 'all-sheets-menu');
    await s.page.locator('[data-menu="All sheets"] + .menu-list .menu-item', { hasText: 'Orders' }).first().click();
    await expectActiveTab(s.page, 'Orders');
    await shownWhole('[role=tab][data-sheet="Orders"]');
    expect(await s.page.locator('[role=tab][data-sheet="Orders"]').textContent()).toBe('Orders');

    // The arrows scroll: the last tab comes into view.
    // Bounded: the arrow turns disabled once the last tab shows, possibly between the check and the click.
    for (let i = 0; i < 50 && (await s.page.locator('#tabs-right').isEnabled()); i++)
      await s.page
        .locator('#tabs-right')
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    await shownWhole('[role=tab][data-sheet="Sheet10"]');
    await s.shots.take(s.page, 'tabs-scrolled');
    await s.page.setViewportSize({ width: 1440, height: 900 });
  });

  test('a shipping label printed from Orders opens from its link (served from the workbook Drive)', async () => {
    await s.page.locator('[role=tab][data-sheet="Orders"]').click();
    await expectActiveTab(s.page, 'Orders');
    const rows = await windowRows(s.page, 'Orders', 1, 60);
    const status = rows[0].findIndex((c) => c?.t === 'Status');
    const row = rows.findIndex((r, i) => i > 0 && r[status]?.t === 'DELIVERED') + 1;
    expect(row).toBeGreaterThan(1);
    // Amounts show the number format the import gave them, as Sheets renders it.
    const total = rows[0].findIndex((c) => c?.t === 'Total') + 1;
    await s.page.locator(`#grid .cell[data-r="${row}"][data-c="${total}"]`).scrollIntoViewIfNeeded();
    expect(await cell(s.page, row, total).textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d\d$/);
    await s.page.locator(`#grid .rh[data-r="${row}"]`).click();
    await menu(s.page, 'Extensions', 'Hub Sync', 'Orders', 'Print labels for selected orders (PDF)\u2026');
    await s.page.locator('#dialog').waitFor();
    await s.page.locator('#dialog-YES').click();
    const link = s.page.locator(`#grid .cell[data-r="${row}"] a.link`, { hasText: 'PDF label' });
    await link.waitFor({ timeout: UNTIL_READY_MS });
    await link.scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'label-link');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/drive\/[A-Za-z0-9_-]+$/);
    expect(await link.getAttribute('target')).toBe('_blank');
    const file = await s.page.request.get(new URL(href, s.pg.url).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(s.errors).toEqual([]);
  });
});

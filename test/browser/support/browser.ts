/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), screenshots into
 * test-output/, and the page helpers every browser test uses.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core';
import type { HubAdmin } from '../../../dev/hub-emulator/admin-client';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The most any wait on a readiness signal (a toast, a cell's text, a started process) may take
 * before the test gives up. A safety net, never the assertion: a busy machine makes the page
 * slower, so these waits are generous (fixed 10–30 s waits failed beside CPU-heavy jobs).
 */
export const UNTIL_READY_MS = 120_000;

/** Jest's limit for one browser test: room for a few waits at their safety net. */
export const BROWSER_TEST_MS = 5 * UNTIL_READY_MS;
const OUTPUT = path.resolve(__dirname, '..', '..', '..', 'test-output', 'browser');

export function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (bash .ci/run does it)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Numbered screenshots of one test file: test-output/browser/<name>/01-step.png. */
export class Screenshots {
  private n = 0;
  readonly dir: string;

  constructor(name: string) {
    this.dir = path.join(OUTPUT, name);
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
  }

  async take(page: Page, step: string): Promise<void> {
    await page.screenshot({ path: this.next(step) });
  }

  /** Only the sidebar panel, at its real 300 px: to read the sidebar's own layout. */
  async takeSidebar(page: Page, step: string): Promise<void> {
    await page.locator('#sidebar-panel').screenshot({ path: this.next(step) });
  }

  private next(step: string): string {
    this.n++;
    return path.join(this.dir, `${String(this.n).padStart(2, '0')}-${step}.png`);
  }
}

/** A desktop-sized page that records every JS dialog and page error (none should happen). */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; dialogs: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Clicks and waits without their own timeout get the same safety net (Playwright's is 30 s).
  page.setDefaultTimeout(UNTIL_READY_MS);
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.locator('#menubar [data-submenu="Hub Sync"]').waitFor({ state: 'attached' });
  return { page, dialogs, errors };
}

export function cell(page: Page, r: number, c: number): Locator {
  return page.locator(`#grid .cell[data-r="${r}"][data-c="${c}"]`);
}

/** Waits until a cell shows exactly `text` (the grid refetches after every change). */
export async function waitForCell(page: Page, r: number, c: number, text: string, timeout = UNTIL_READY_MS): Promise<void> {
  await page.waitForFunction(
    ([row, col, expected]) => document.querySelector(`#grid .cell[data-r="${row}"][data-c="${col}"]`)?.textContent === expected,
    [r, c, text] as const,
    { timeout },
  );
}

/**
 * Scrolls the grid so that row `r` is on screen (rows are 24 px high). The grid may still be
 * growing to its new row count (a state arrives after the toast), and a scroll past its end stops
 * at the end: so scroll again at every poll until the row is drawn.
 */
export async function scrollToRow(page: Page, r: number): Promise<void> {
  await page.waitForFunction(
    (row) => {
      const g = document.getElementById('grid');
      if (!g) return false;
      g.scrollTop = Math.max(0, row * 24 - g.clientHeight / 2);
      return document.querySelector(`#grid .cell[data-r="${row}"]`) !== null;
    },
    r,
    { timeout: UNTIL_READY_MS, polling: 250 },
  );
}

/** Types into a cell as a user: click, type, Enter. */
export async function typeIntoCell(page: Page, r: number, c: number, text: string): Promise<void> {
  await cell(page, r, c).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Clicks through the menu bar: menu('Extensions', 'Hub Sync', 'Push stock', 'All rows'). */
export async function menu(page: Page, top: string, ...path: string[]): Promise<void> {
  let scope = page.locator(`[data-menu="${top}"] + .menu-list`);
  // A state arriving mid-click redraws the bar; the menu then did not open, so press again (bounded).
  for (let attempt = 1; ; attempt++) {
    await page.locator(`[data-menu="${top}"]`).click();
    const opened = await scope.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (opened) break;
    if (attempt === 3) throw new Error(`the ${top} menu did not open after 3 clicks`);
  }
  for (const [i, caption] of path.entries()) {
    const last = i === path.length - 1;
    if (last) {
      await scope.locator(':scope > li > .menu-item', { hasText: caption }).first().click();
    } else {
      await scope.locator(`:scope > li > [data-submenu="${caption}"]`).click();
      scope = scope.locator(`:scope > li > [data-submenu="${caption}"] + .menu-list`);
    }
  }
}

/** The sidebar iframe's frame, once the sidebar has loaded its state (a section tab is then selected). */
export async function sidebar(page: Page): Promise<Frame> {
  const handle = await page.locator('#sidebar-frame').elementHandle();
  const frame = await handle!.contentFrame();
  if (!frame) throw new Error('the sidebar frame is not there');
  await frame.locator('#sections [role="tab"][aria-selected="true"]').waitFor();
  return frame;
}

/** The sidebar's sections, by their tab labels. */
export type SidebarSection = 'Push' | 'Jobs' | 'Orders' | 'Catalogue' | 'Categories' | 'Columns' | 'Settings';

/** Each tab, with a control that only its panel holds (shown once the section has drawn). */
export const SECTION_CONTROLS: Array<[SidebarSection, string]> = [
  ['Push', '#push-button'],
  ['Jobs', '#jobs-refresh'],
  ['Orders', '#orders-import'],
  ['Catalogue', '#catalogue-pull'],
  ['Categories', '#categories-search'],
  ['Columns', '#columns-save'],
  ['Settings', '#settings-save'],
];

/** Settings › Sign out, waiting until the sidebar says there is no token. */
export async function signOut(frame: Frame): Promise<void> {
  await frame.locator('#settings-signout').click();
  await frame
    .locator('#token-status')
    .filter({ hasText: /^No API token/ })
    .waitFor();
}

/** Settings › sign in as the emulator's demo user, waiting until the sidebar says so. */
export async function signInAsDemo(frame: Frame): Promise<void> {
  await frame.locator('#settings-username').fill('demo');
  await frame.locator('#settings-password').fill('demo');
  await frame.locator('#settings-signin').click();
  await frame
    .locator('#token-status')
    .filter({ hasText: /^Signed in/ })
    .waitFor({ timeout: UNTIL_READY_MS });
}

/** Opens the sidebar again from the menu (a fresh page, as in Sheets) and waits for its state. */
export async function reopenSidebar(page: Page): Promise<Frame> {
  const src = await page.locator('#sidebar-frame').getAttribute('src');
  const version = Number(/[?&]v=(\d+)/.exec(src ?? '')?.[1] ?? 0) + 1;
  await menu(page, 'Extensions', 'Hub Sync', 'Open sidebar');
  await page.waitForFunction((v) => (document.getElementById('sidebar-frame') as HTMLIFrameElement).src.endsWith(`v=${v}`), version);
  // The iframe's src changes before its document does: until the new one has loaded, the frame
  // still shows the old sidebar (with the old section selected). Wait for the new document.
  const frame = await sidebar(page);
  await frame.waitForURL((url) => url.toString().endsWith(`v=${version}`));
  await frame.waitForLoadState('load');
  return sidebar(page);
}

/** Opens a section of the sidebar as a seller does, with a click on its tab, and waits for its panel. */
export async function openSection(frame: Frame, section: SidebarSection): Promise<void> {
  const tab = frame.getByRole('tab', { name: section, exact: true });
  await tab.click();
  const panel = await tab.getAttribute('aria-controls');
  await frame.locator(`#${panel}`).waitFor();
}

/** Header texts of row 1 → their column numbers. */
export async function headerColumns(page: Page): Promise<Map<string, number>> {
  const cells = await page
    .locator('#grid .cell[data-r="1"]')
    .evaluateAll((els) => els.map((e) => [e.textContent ?? '', Number((e as HTMLElement).dataset.c)] as const));
  return new Map(cells.filter(([t]) => t !== ''));
}

/** Waits until `name` is the selected sheet tab. */
export async function expectActiveTab(page: Page, name: string): Promise<void> {
  await page.locator(`[role=tab][aria-selected=true][data-sheet="${name}"]`).waitFor();
}

/** A product as the hub emulator holds it (through its admin API). */
export async function hubProduct(
  admin: HubAdmin,
  sku: string,
): Promise<{ quantity: number; listings: Record<string, { price: number } | undefined> }> {
  const { products } = await admin.state(['products']);
  const p = products.find((x) => x.sku === sku);
  if (!p) throw new Error(`no product ${sku} in the hub`);
  return p;
}

/**
 * Playground › Add generated products to the hub (`count`, SKUs `prefix`-000001…), then Fill the
 * stock sheet with them: the grid shows the first SKU in A2 when it returns.
 */
export async function generateAndFill(page: Page, prefix: string, count: number): Promise<void> {
  const n = count.toLocaleString('en-US');
  await menu(page, 'Playground', 'Add generated products to the hub');
  await page.locator('#generate-count').fill(String(count));
  await page.locator('#generate-prefix').fill(prefix);
  await page.locator('#generate-OK').click();
  await page.locator('.toast', { hasText: `${n} products added to the hub` }).waitFor({ timeout: UNTIL_READY_MS });
  await menu(page, 'Playground', 'Fill');
  await page.locator('#fill-prefix').fill(prefix);
  await page.locator('#fill-rows').fill(String(count));
  await page.locator('#fill-OK').click();
  await page.locator('.toast', { hasText: `${n} products written` }).waitFor({ timeout: UNTIL_READY_MS });
}

/** Pushes prices of all rows from the sidebar's Push section and waits for its outcome line. */
export async function pushAllPricesFromSidebar(frame: Frame): Promise<void> {
  await openSection(frame, 'Push');
  await frame.locator('#push-operation').selectOption('prices');
  await frame.locator('#push-scope').selectOption('all');
  // Two pushes of all rows end with the same line: the last one's is cleared first, so the wait sees this one's.
  await frame.evaluate(() => {
    (document.getElementById('push-message') as HTMLElement).textContent = '';
  });
  await frame.locator('#push-button').click();
  await frame.waitForFunction(
    () =>
      /^Push prices \(all rows\) on "Stock & Prices": \d+ ok, 0 failed/.test(document.getElementById('push-message')?.textContent ?? ''),
    undefined,
    { timeout: UNTIL_READY_MS, polling: 100 },
  );
}

/**
 * Accessibility (issue 19, item 8): axe-core finds no WCAG 2.1 A/AA violation (nor a best-practice
 * one) in the sidebar in each of its states — first load, every section, settings refused, a push
 * running and finished, a confirmation — nor in the playground's page. And what axe cannot see:
 * the push's status region says little per chunk (the numbers stay with the progress bar), a busy
 * button keeps its text readable, Tab leaves the grid, and a menu item shows where focus is.
 */
import type { Frame, Locator, Page, Route } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import {
  BROWSER_TEST_MS,
  cell,
  headerColumns,
  menu,
  openSection,
  reopenSidebar,
  signInAsDemo,
  signOut,
  SECTION_CONTROLS as SECTIONS,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const STOCK = 'Stock & Prices';

/**
 * Holds the `nth` google.script.run call of `name` (1 = the first) until `release()`: the sidebar
 * stays in the state that call leaves it in, for as long as the test looks at it.
 */
async function holdCall(page: Page, name: string, nth = 1): Promise<{ held: Promise<void>; release(): Promise<void> }> {
  let seen = 0;
  let onHeld!: () => void;
  let onRelease!: () => void;
  let onSent!: () => void;
  const held = new Promise<void>((r) => (onHeld = r));
  const released = new Promise<void>((r) => (onRelease = r));
  const sent = new Promise<void>((r) => (onSent = r));
  const handler = async (route: Route): Promise<void> => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { name?: string };
    if (body.name !== name || ++seen !== nth) return route.continue();
    onHeld();
    await released;
    await route.continue();
    onSent();
  };
  await page.route('**/api/run', handler);
  return {
    held,
    async release() {
      onRelease();
      // Unrouting while the held call waits would let Playwright settle it first.
      if (seen >= nth) await sent;
      await page.unroute('**/api/run', handler);
    },
  };
}

/** Waits for a held call, failing (rather than hanging to jest's limit) when it never comes. */
async function untilHeld(held: Promise<void>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} never called the server`)), UNTIL_READY_MS);
  });
  try {
    await Promise.race([held, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The contrast ratio of an element's text as drawn: its colours composed with opacity over what is behind. */
async function shownContrast(target: Locator): Promise<{ ratio: number; text: string; background: string }> {
  return target.evaluate((el) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const n = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1];
    };
    const over = (top: Rgba, alpha: number, under: Rgba): Rgba => [
      top[0] * alpha + under[0] * (1 - alpha),
      top[1] * alpha + under[1] * (1 - alpha),
      top[2] * alpha + under[2] * (1 - alpha),
      1,
    ];
    // What lies behind the element: the first opaque background among its ancestors (white at the top).
    let behind: Rgba = [255, 255, 255, 1];
    for (let p = el.parentElement; p; p = p.parentElement) {
      const bg = parse(getComputedStyle(p).backgroundColor);
      if (bg[3] > 0) {
        behind = bg;
        break;
      }
    }
    let opacity = 1;
    for (let p: Element | null = el; p; p = p.parentElement) opacity *= Number(getComputedStyle(p).opacity);
    const style = getComputedStyle(el);
    const ownBg = parse(style.backgroundColor);
    const fg = parse(style.color);
    // Inside the element: its text over its background; the whole then drawn at its opacity.
    const inside = over(ownBg, ownBg[3], behind);
    const background = over(inside, opacity, behind);
    const text = over(over(fg, fg[3], inside), opacity, behind);
    const luminance = (c: Rgba): number => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    const hex = (c: Rgba): string =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;
    return { ratio: (hi + 0.05) / (lo + 0.05), text: hex(text), background: hex(background) };
  });
}

/** WCAG AA for text of normal size: at least 4.5:1. */
function expectReadable(c: { ratio: number; text: string; background: string }, what: string): void {
  if (c.ratio < 4.5) throw new Error(`${what}: text ${c.text} on ${c.background} is ${c.ratio.toFixed(2)}:1, under 4.5:1`);
}

/** Starts recording every text the push's live region takes (what a screen reader would announce). */
async function recordAnnouncements(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const region = document.getElementById('push-status')!;
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      const text = (region.textContent ?? '').trim();
      if (text && text !== said[said.length - 1]) said.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
}

async function announcements(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (window as unknown as { said: string[] }).said);
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

describe('accessibility: axe-core on every state of the sidebar and on the playground', () => {
  const s = sidebarSession('accessibility');

  test('the sidebar on first load (configured: it opens on Push)', async () => {
    await s.frame.locator('#push-button').waitFor();
    await s.shots.takeSidebar(s.page, 'first-load');
    await expectNoAxeViolations(s.frame, 'the sidebar on first load');
  });

  test.each(SECTIONS)('the sidebar with the %s section open', async (section, control) => {
    await openSection(s.frame, section);
    await s.frame.locator(control).waitFor({ state: 'visible' });
    await s.shots.takeSidebar(s.page, `section-${section.toLowerCase()}`);
    await expectNoAxeViolations(s.frame, `the sidebar's ${section} section`);
  });

  test('the sidebar with settings refused: an http base URL and a blank token, each with its message', async () => {
    await openSection(s.frame, 'Settings');
    const baseUrl = s.frame.locator('#settings-baseUrl');
    const saved = await baseUrl.inputValue();
    await baseUrl.fill('http://hub.example.com');
    await s.frame.locator('#settings-save').click();
    await s.frame.locator('#settings-baseUrl-error').filter({ hasText: /https/ }).waitFor();
    await s.frame.locator('#settings-token').fill('   ');
    await s.frame.locator('#settings-token-save').click();
    await s.frame.locator('#settings-token-error').filter({ hasText: /blank/ }).waitFor();
    await baseUrl.scrollIntoViewIfNeeded();
    await s.shots.takeSidebar(s.page, 'settings-refused');
    await expectNoAxeViolations(s.frame, 'the sidebar with settings refused');
    await baseUrl.fill(saved);
    await s.frame.locator('#settings-token').fill('');
  });

  test('the sidebar while a push runs and once it has finished; the status region says little per chunk; busy buttons stay readable', async () => {
    // Small chunks, so the 300 demo rows are pushed in three.
    await openSection(s.frame, 'Settings');
    await s.frame.locator('#settings-chunkRows').fill('100');
    await s.frame.locator('#settings-save').click();
    await s.frame.locator('#settings-status').filter({ hasText: 'Settings saved.' }).waitFor();
    await openSection(s.frame, 'Push');
    await s.frame.locator('#push-operation').selectOption('stock');
    await s.frame.locator('#push-scope').selectOption('all');
    await recordAnnouncements(s.frame);
    // 300 rows in chunks of 100: hold the second chunk, so the sidebar shows the first one's progress.
    const second = await holdCall(s.page, 'continuePush', 2);
    await s.frame.locator('#push-button').click();
    // 300 values the hub never confirmed to this sheet: the push asks first, under the button.
    await s.frame.locator('#push-question').waitFor();
    await expectNoAxeViolations(s.frame, 'the sidebar asking before a push');
    await s.frame.locator('#push-question-push').click();
    await untilHeld(second.held, 'the second chunk of the push');
    await s.frame.waitForFunction(() => Number((document.getElementById('push-progress') as HTMLProgressElement).value) > 0);
    await s.shots.takeSidebar(s.page, 'push-running');
    try {
      // The numbers are on screen, by the bar; the live region holds a few words and no number.
      expect(await s.frame.locator('#push-progress-text').textContent()).toMatch(/^100 \/ 300 rows/);
      const running = ((await s.frame.locator('#push-status').textContent()) ?? '').trim();
      expect(running).not.toBe('');
      expect(running).not.toMatch(/\d/);
      expect(words(running)).toBeLessThanOrEqual(8);
      // The busy Push button ("Pushing…") keeps its text readable: at least 4.5:1.
      const busy = s.frame.locator('#push-button');
      expect(await busy.getAttribute('aria-disabled')).toBe('true');
      expectReadable(await shownContrast(busy), 'the busy Push button');
      await expectNoAxeViolations(s.frame, 'the sidebar while a push runs');
    } finally {
      await second.release();
    }

    await s.frame.locator('#push-cancel').waitFor({ state: 'hidden' });
    await s.frame
      .locator('#push-message')
      .filter({ hasText: /^Push stock \(all rows\) on "Stock & Prices": 300 ok/ })
      .waitFor();
    await s.shots.takeSidebar(s.page, 'push-finished');
    await expectNoAxeViolations(s.frame, 'the sidebar after a push');

    // Announced: the start, coarse steps without numbers, then the outcome once.
    const said = await announcements(s.frame);
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(said.length).toBeLessThanOrEqual(5); // not one per chunk and per counter
    for (const line of said.slice(0, -1)) {
      expect(line).not.toMatch(/\d/);
      expect(words(line)).toBeLessThanOrEqual(8);
    }
    expect(said[said.length - 1]).toMatch(/^Push stock \(all rows\) on "Stock & Prices": 300 ok/);

    // A busy plain button too: Preview while it reads the hub ("Reading the hub…").
    const preview = await holdCall(s.page, 'previewPush');
    await s.frame.locator('#preview-button').click();
    await untilHeld(preview.held, 'the preview');
    try {
      const button = s.frame.locator('#preview-button');
      expect(await button.getAttribute('aria-disabled')).toBe('true');
      expectReadable(await shownContrast(button), 'the busy Preview button');
      await s.shots.takeSidebar(s.page, 'preview-busy');
    } finally {
      await preview.release();
    }
    await s.frame.locator('#preview-result p').first().waitFor({ timeout: UNTIL_READY_MS });
    await expectNoAxeViolations(s.frame, 'the sidebar with a preview shown');
    expect(s.errors).toEqual([]);
  });

  test('the sidebar asking for a confirmation: Refresh selected rows over an unpushed edit', async () => {
    await s.page.locator(`[data-sheet="${STOCK}"]`).click();
    await waitForCell(s.page, 1, 1, 'SKU');
    const amazonPrice = (await headerColumns(s.page)).get('Price [amazon]')!;
    // The first product listed on amazon: a price the refresh would write over.
    let row = 2;
    while (row < 30 && ((await cell(s.page, row, amazonPrice).textContent()) ?? '') === '') row++;
    const price = Number(await cell(s.page, row, amazonPrice).textContent());
    await typeIntoCell(s.page, row, amazonPrice, String(price + 1));
    await waitForCell(s.page, row, amazonPrice, String(price + 1));
    const selected = s.page.waitForResponse((r) => r.url().endsWith('/api/select') && (r.request().postData() ?? '').includes(`"A${row}`));
    await cell(s.page, row, 1).click();
    await selected;

    await openSection(s.frame, 'Catalogue');
    await s.frame.locator('#catalogue-refresh').click();
    const confirm = s.frame.locator('#catalogue-confirm');
    const answered = s.frame.locator('#catalogue-confirm:not([hidden]), #catalogue-message:not(:empty), #catalogue-error:not(:empty)');
    await answered.first().waitFor({ timeout: UNTIL_READY_MS });
    // Asked, not written (the section's text says what happened instead).
    expect((await confirm.isVisible()) ? 'asked' : await s.frame.locator('#catalogue').textContent()).toBe('asked');
    await s.shots.takeSidebar(s.page, 'confirmation');
    await expectNoAxeViolations(s.frame, 'the sidebar asking for a confirmation');
    await s.frame.locator('#catalogue-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
  });

  test('the playground page: with the sidebar open, a menu open, a dialog open', async () => {
    await s.shots.take(s.page, 'playground');
    await expectNoAxeViolations(s.page, 'the playground page with the sidebar open');

    await s.page.locator('[data-menu="Extensions"]').click();
    await s.page.locator('[data-menu="Extensions"] + .menu-list [data-submenu="Hub Sync"]').click();
    await s.shots.take(s.page, 'playground-menu-open');
    await expectNoAxeViolations(s.page, 'the playground page with a menu open');
    await s.page.keyboard.press('Escape');

    await menu(s.page, 'Playground', 'Fill');
    await s.page.locator('#fill-rows').waitFor();
    await s.shots.take(s.page, 'playground-dialog');
    await expectNoAxeViolations(s.page, 'the playground page with a dialog open');
    await s.page.locator('#fill-CANCEL').click();
    await s.page.locator('#modal-layer').waitFor({ state: 'hidden' });
  });

  test('Tab and Shift+Tab move focus out of the grid (no keyboard trap)', async () => {
    await cell(s.page, 3, 2).click();
    const inGrid = (): Promise<boolean> => s.page.evaluate(() => document.getElementById('grid')!.contains(document.activeElement));
    expect(await inGrid()).toBe(true);
    await s.page.keyboard.press('Tab');
    expect(await inGrid()).toBe(false);
    await s.shots.take(s.page, 'tab-out-of-grid');

    await cell(s.page, 3, 2).click();
    await s.page.keyboard.press('Shift+Tab');
    expect(await inGrid()).toBe(false);
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe('cell-input');
  });

  test('a menu item reached by keyboard shows a focus outline', async () => {
    await s.page.locator('[data-menu="Extensions"]').click();
    await s.page.keyboard.press('Tab'); // onto "Hub Sync", the first item of the list
    await s.page.keyboard.press('ArrowRight'); // opens it, focus on its first item
    const item = s.page.locator('.menu-item:focus');
    await item.waitFor();
    const outline = await item.evaluate((e) => {
      const st = getComputedStyle(e);
      return {
        style: st.outlineStyle,
        width: Number.parseFloat(st.outlineWidth),
        color: st.outlineColor,
        visible: e.matches(':focus-visible'),
      };
    });
    expect(outline.visible).toBe(true);
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await s.shots.take(s.page, 'menu-item-focus');
    const submenu = await s.page.locator('[data-submenu="Hub Sync"]').evaluate((e) => {
      (e as HTMLElement).focus();
      return getComputedStyle(e).outlineStyle;
    });
    expect(submenu).not.toBe('none');
    await s.page.keyboard.press('Escape');
    expect(s.errors).toEqual([]);
  });

  test('the sidebar on first run (signed out: it opens on Settings, its notice saying what to do)', async () => {
    await openSection(s.frame, 'Settings');
    await signOut(s.frame);
    s.frame = await reopenSidebar(s.page);
    await s.frame.locator('#setup-notice').waitFor();
    expect(await s.frame.locator('#tab-settings').getAttribute('aria-selected')).toBe('true');
    await s.shots.takeSidebar(s.page, 'first-run-settings');
    await expectNoAxeViolations(s.frame, 'the sidebar on first run, on Settings');

    await signInAsDemo(s.frame);
  });
});

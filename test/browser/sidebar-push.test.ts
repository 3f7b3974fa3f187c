/**
 * The real sidebar in the playground: a 5,000-row push driven chunk by chunk from the sidebar,
 * its progress bar reaching 100 %; the grid stays virtualised; settings refuse an http base URL
 * and a blank token with the message next to the field; the Price rule's setting says what its
 * value means, refuses an unknown channel and saves an alias as the written code.
 */
import * as http from 'node:http';
import { BROWSER_TEST_MS, headerColumns, openSection, scrollToRow, UNTIL_READY_MS, waitForCell, generateAndFill } from './support/browser';
import { sidebarSession } from './support/sidebar-session';

jest.setTimeout(BROWSER_TEST_MS);

const ROWS = 5000;

describe('playground: the sidebar', () => {
  const s = sidebarSession('sidebar-push');

  test('5,000 products from the hub fill the sheet; the grid keeps only the visible rows in the page', async () => {
    await generateAndFill(s.page, 'BIG-', ROWS);
    await waitForCell(s.page, 2, 1, 'BIG-000001');

    // Scroll to the last product: it is rendered, and the s.page holds a few dozen rows, not 5,000.
    await scrollToRow(s.page, ROWS + 1);
    await waitForCell(s.page, ROWS + 1, 1, 'BIG-005000');
    const rowsInDom = await s.page.locator('#grid .grid-row').count();
    expect(rowsInDom).toBeLessThan(150);
    await s.shots.take(s.page, 'filled-5000-scrolled');
  });

  test('a push of all 5,000 rows from the sidebar fills the progress bar to 100 %', async () => {
    // Watch every value the bar takes, from inside the sidebar.
    await s.frame.evaluate(() => {
      const bar = document.getElementById('push-progress') as HTMLProgressElement;
      const seen: Array<[number, number]> = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => seen.push([bar.value, bar.max])).observe(bar, { attributes: true });
    });
    await s.frame.locator('#push-operation').selectOption('stock');
    await s.frame.locator('#push-scope').selectOption('all');
    await s.frame.locator('#push-button').click();
    // 5,000 values the hub never confirmed to this sheet: the push asks first, under the button.
    await s.frame.locator('#push-question-headline', { hasText: 'Push stock would send 5,000 changed values on 5,000 rows.' }).waitFor();
    await s.frame.locator('#push-question-push').click();
    await s.frame.locator('#push-progress-area').waitFor();
    await s.shots.take(s.page, 'push-running');
    await s.frame.waitForFunction(
      (rows) => {
        const bar = document.getElementById('push-progress') as HTMLProgressElement;
        return bar.max === rows && bar.value === rows && /100\s*%/.test(document.getElementById('push-progress-text')?.textContent ?? '');
      },
      ROWS,
      { timeout: UNTIL_READY_MS, polling: 100 },
    );
    await s.frame.locator('#push-cancel').waitFor({ state: 'hidden' });
    await s.shots.take(s.page, 'push-100-percent');

    const seen = await s.frame.evaluate(() => (window as unknown as { seen: Array<[number, number]> }).seen);
    const values = [...new Set(seen.filter(([, max]) => max === ROWS).map(([v]) => v))];
    expect(values.length).toBeGreaterThan(2); // it moved in steps, chunk by chunk
    expect(values[values.length - 1]).toBe(ROWS);
    expect(await s.frame.locator('#push-progress-text').textContent()).toContain('5,000 / 5,000 rows');
    // Every push message names the sheet it pushed (pushes act on the active mapped sheet); its
    // counts read as the progress bar's, 5,000 not 5000.
    expect(await s.frame.locator('#push-message').textContent()).toMatch(
      /^Push stock \(all rows\) on "Stock & Prices": 5,000 ok, 0 failed \u2014 [\d,]+ requests\./,
    );

    // The results are in the grid, down to the last row, and in the hub.
    await s.page.locator('[data-sheet="Stock & Prices"]').click();
    await s.page.waitForFunction(() =>
      [...document.querySelectorAll('#grid .cell[data-r="1"]')].some((e) => e.textContent === 'Sync status'),
    );
    const status = (await headerColumns(s.page)).get('Sync status')!;
    await scrollToRow(s.page, ROWS + 1);
    await waitForCell(s.page, ROWS + 1, status, 'OK');
    const qty = Number(await s.page.locator(`#grid .cell[data-r="${ROWS + 1}"][data-c="3"]`).textContent());
    const { products } = await s.pg.admin.state(['products']);
    expect(products.find((p) => p.sku === 'BIG-005000')?.quantity).toBe(qty);
    await s.shots.take(s.page, 'results-last-row');
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  test('Preview (issue 17) reads the hub and says what the push would change, sending nothing', async () => {
    const before = (await s.pg.admin.state(['products'])).products.find((p) => p.sku === 'BIG-000001')?.quantity;
    await s.frame.locator('#push-operation').selectOption('stock');
    await s.frame.locator('#push-scope').selectOption('all');
    await s.frame.locator('#preview-button').click();
    await s.frame.locator('#preview-result p').first().waitFor({ timeout: UNTIL_READY_MS });
    const text = (await s.frame.locator('#preview-result').textContent()) ?? '';
    // Just pushed: every quantity is what the hub holds.
    expect(text).toContain('Nothing would change in the hub.');
    expect(text).toContain('5,000 values already as the hub holds them');
    expect(text).toMatch(/read the catalogue \(\d+ pages\): only it returns the general Quantity/);
    expect((await s.pg.admin.state(['products'])).products.find((p) => p.sku === 'BIG-000001')?.quantity).toBe(before);
    await s.shots.take(s.page, 'preview-after-push');
  });

  test('settings refuse an http base URL and a blank token, with the message next to the field', async () => {
    await openSection(s.frame, 'Settings');
    const baseUrl = s.frame.locator('#settings-baseUrl');
    await baseUrl.fill('http://hub.example.com');
    await s.frame.locator('#settings-save').click();
    await s.frame.locator('#settings-baseUrl-error').filter({ hasText: /https/ }).waitFor();
    expect(await baseUrl.getAttribute('aria-invalid')).toBe('true');
    // The message sits with its field, right under the control.
    const fieldBox = await s.frame.locator('#settings-baseUrl').locator('xpath=..').boundingBox();
    const errorBox = await s.frame.locator('#settings-baseUrl-error').boundingBox();
    expect(errorBox!.y).toBeGreaterThan(fieldBox!.y);
    expect(errorBox!.y).toBeLessThan(fieldBox!.y + fieldBox!.height);
    await s.frame.locator('#settings-baseUrl').scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'settings-http-refused');

    await s.frame.locator('#settings-token').fill('   ');
    await s.frame.locator('#settings-token-save').click();
    await s.frame.locator('#settings-token-error').filter({ hasText: /blank/ }).waitFor();
    expect(await s.frame.locator('#settings-token').getAttribute('aria-invalid')).toBe('true');
    await s.frame.locator('#settings-token').scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'settings-blank-token-refused');

    // Nothing was saved: the add-on still talks to the local hub with its token.
    const doc = await (await s.page.request.get(`${s.pg.url}api/status`)).json();
    expect(doc.snapshot).toBeTruthy();
    await openSection(s.frame, 'Push');
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  test('Default channels for plain columns (the Price rule): says what the value means, refuses an unknown channel by the field, saves an alias as its written code', async () => {
    await openSection(s.frame, 'Settings');
    // The test above left a refused base URL typed in the form: put the saved one back.
    const state = await (
      await fetch(`${s.pg.url}api/run`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Playground': '1' },
        body: JSON.stringify({ name: 'getSidebarState', args: [] }),
      })
    ).json();
    await s.frame.locator('#settings-baseUrl').fill(state.value.value.settings.baseUrl);
    const field = s.frame.locator('#settings-plainChannels');
    const meaning = s.frame.locator('#settings-plainChannels-meaning');
    await field.scrollIntoViewIfNeeded();
    expect(await field.inputValue()).toBe('');
    expect(await meaning.textContent()).toMatch(/^None: a plain Price, Sale price, Quantity or Available days goes to the row’s Channel/);

    await field.fill('*');
    expect(await meaning.textContent()).toMatch(/^Every channel \(the hub's general value; overwrites per-channel values\)\./);
    await s.shots.take(s.page, 'plain-channels-every-channel');

    await field.fill('amzn');
    await s.frame.locator('#settings-save').click();
    await s.frame
      .locator('#settings-plainChannels-error')
      .filter({ hasText: /'amzn' is not a channel the hub takes prices and stock for/ })
      .waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await s.shots.take(s.page, 'plain-channels-unknown-refused');

    await field.fill('meli, amazon');
    await s.frame.locator('#settings-save').click();
    await s.frame.locator('#settings-status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(await field.inputValue()).toBe('mercadolibre, amazon');
    expect(await meaning.textContent()).toBe('Rows without a Channel send their plain columns to mercadolibre, amazon.');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    await openSection(s.frame, 'Push');
    expect(s.errors).toEqual([]);
  });

  test('the google.script.run bridge refuses private functions, and the server refuses other sites', async () => {
    const run = (name: string, headers: Record<string, string> = { 'X-Playground': '1' }) =>
      fetch(`${s.pg.url}api/run`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ name, args: [] }),
      });
    expect(await (await run('getSidebarState')).json()).toMatchObject({ ok: true, value: { ok: true } });
    expect(await (await run('somethingPrivate_')).json()).toMatchObject({
      ok: false,
      error: { message: 'Script function not found: somethingPrivate_' },
    });
    expect(await (await run('eval')).json()).toMatchObject({ ok: false });
    expect((await run('getSidebarState', {})).status).toBe(403); // a cross-site form cannot set the header
    const foreignHost = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${s.pg.url}api/status`, { headers: { Host: 'attacker.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(foreignHost).toBe(403); // DNS rebinding
    // From the sidebar itself, through google.script.run, a private name does not even exist.
    expect(
      await s.frame.evaluate(
        () => typeof (window as unknown as { google: { script: { run: Record<string, unknown> } } }).google.script.run.startPush,
      ),
    ).toBe('function');
  });
});

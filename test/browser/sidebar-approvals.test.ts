/**
 * Approvals in the real sidebar, two users: with the price guard rail set to need an approval, the
 * owner previews a ×10 price and a small one; *I checked these* is not what sends it; Ask for
 * approval lists the request; the page then works as another editor (Playground › Work as), who
 * shows the request read again from the hub and approves it: both values reach the hub and the
 * push names who asked and who approved. Screenshots of each step for docs/user/approvals.md.
 */
import {
  BROWSER_TEST_MS,
  headerColumns,
  menu,
  openSection,
  sidebar,
  typeIntoCell,
  UNTIL_READY_MS,
  waitForCell,
  generateAndFill,
} from './support/browser';
import { sidebarSession } from './support/sidebar-session';
import { saveSettings } from './support/test-settings';

jest.setTimeout(BROWSER_TEST_MS);

const ROWS = 10;
const COLLEAGUE = 'colleague@example.com';

describe('playground: a push that needs a second editor', () => {
  const s = sidebarSession('sidebar-approvals');
  const edit = { far: { row: 0, sku: '', price: 0 }, near: { row: 0, sku: '', price: 0 } };

  const amazonPrice = async (sku: string): Promise<number | undefined> =>
    (await s.pg.admin.state(['products'])).products.find((p) => p.sku === sku)?.listings.amazon?.price;

  test('the owner previews a ×10 price: it waits for an approval, and Ask for approval lists the request', async () => {
    await saveSettings(s.pg, { guards: { pricePct: 50, zeroStock: 0, confirmValues: 0, rows: 0, approve: ['price'] } });
    await generateAndFill(s.page, 'AP-', ROWS);
    await waitForCell(s.page, 2, 1, 'AP-000001');
    const amazonColumn = (await headerColumns(s.page)).get('Price [amazon]')!;
    const listed = (await s.pg.admin.state(['products'])).products.filter((p) => p.sku.startsWith('AP-'));
    const rows = listed.map((p, i) => ({ row: i + 2, sku: p.sku, price: p.listings.amazon?.price })).filter((r) => r.price !== undefined);
    edit.far = { ...rows[0], price: Math.round(rows[0].price! * 1000) / 100 };
    edit.near = { ...rows[1], price: Math.round(rows[1].price! * 101) / 100 };
    await typeIntoCell(s.page, edit.far.row, amazonColumn, String(edit.far.price));
    await typeIntoCell(s.page, edit.near.row, amazonColumn, String(edit.near.price));

    await openSection(s.frame, 'Push');
    await s.frame.locator('#push-operation').selectOption('prices');
    await s.frame.locator('#push-scope').selectOption('all');
    await s.frame.locator('#preview-button').click();
    await s.frame.locator('#ask-approval').waitFor({ state: 'visible', timeout: UNTIL_READY_MS });
    expect(await s.frame.locator('#preview-approval').textContent()).toMatch(/1 value needs a second editor.s approval/);
    // The author's own check does not send it: ticking it previews again, and it still waits.
    await s.frame.locator('#preview-checked').check();
    await s.frame.locator('#ask-approval').waitFor({ state: 'visible', timeout: UNTIL_READY_MS });
    expect(await s.frame.locator('#preview-approval').textContent()).toMatch(/1 value needs/);
    await s.frame.locator('#preview-approval').scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'approval-preview');

    await s.frame.locator('#ask-approval').click();
    const request = s.frame.locator('#approvals .approval');
    await request.first().waitFor({ timeout: UNTIL_READY_MS });
    expect(await request.count()).toBe(1);
    expect(await request.textContent()).toMatch(/Push prices \(all rows\), asked by user@example\.com/);
    // Its author may withdraw it, not approve it.
    expect(await request.locator('.approval-approve').isHidden()).toBe(true);
    expect(await request.locator('.approval-drop').textContent()).toBe('Withdraw');
    await request.scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'approval-asked');
    expect(await amazonPrice(edit.far.sku)).not.toBe(edit.far.price);
  });

  test('another editor shows the request read again from the hub and approves it: exactly it is sent, both names said', async () => {
    await menu(s.page, 'Playground', 'Work as another editor');
    await s.page.locator('#status', { hasText: `working as ${COLLEAGUE}` }).waitFor({ timeout: UNTIL_READY_MS });
    // The sidebar opened again, as the other editor's.
    await s.page.waitForFunction(() => /v=\d+/.test((document.getElementById('sidebar-frame') as HTMLIFrameElement).src));
    s.frame = await sidebar(s.page);
    await openSection(s.frame, 'Push');
    const request = s.frame.locator('#approvals .approval');
    await request.first().waitFor({ timeout: UNTIL_READY_MS });
    expect(await request.locator('.approval-drop').textContent()).toBe('Decline');
    await request.locator('.approval-show').click();
    await request.locator('.approval-review').first().waitFor({ timeout: UNTIL_READY_MS });
    expect(await request.textContent()).toMatch(/nothing changed since it was asked/);
    await request.scrollIntoViewIfNeeded();
    await s.shots.take(s.page, 'approval-review');

    await request.locator('.approval-approve').click();
    await s.frame.waitForFunction(
      () =>
        /^Push prices \(changes asked by user@example\.com, approved by colleague@example\.com\).*: 2 ok, 0 failed/.test(
          document.getElementById('push-message')?.textContent ?? '',
        ),
      undefined,
      { timeout: UNTIL_READY_MS, polling: 100 },
    );
    expect(await amazonPrice(edit.far.sku)).toBe(edit.far.price);
    expect(await amazonPrice(edit.near.sku)).toBe(edit.near.price);
    await s.frame.locator('#approvals').waitFor({ state: 'hidden', timeout: UNTIL_READY_MS });
    await s.shots.take(s.page, 'approval-approved');
    await menu(s.page, 'Playground', 'Work as the owner');
    await s.page
      .locator('#status', { hasText: 'working as' })
      .waitFor({ state: 'detached', timeout: UNTIL_READY_MS })
      .catch(() => undefined);
    expect(s.dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

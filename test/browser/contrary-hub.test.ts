/**
 * The playground against a contrary hub: answers dropped, duplicated, substituted and refused
 * while the seller pushes prices from the menu. What the seller sees: rows that could not be
 * confirmed say Unconfirmed (or the hub's refusal) in words, and a row that says OK holds exactly
 * the prices the hub holds.
 */
import { BROWSER_TEST_MS, cell, headerColumns, hubProduct, menu, UNTIL_READY_MS } from './support/browser';
import { usePlayground } from './support/sidebar-session';
import { guardsOff } from './support/test-settings';

jest.setTimeout(BROWSER_TEST_MS);

describe('playground: a contrary hub', () => {
  const s = usePlayground('contrary-hub');

  test('push prices: unconfirmed rows say so in words; rows that say OK hold what the hub holds', async () => {
    // The hub's answers, not the question before a push of 300 values (push-question.test.ts).
    await guardsOff(s.pg);
    await s.pg.admin.setFaults({ answerFaults: { drop: 0.1, duplicate: 0.1, substitute: 0.1, refuse: 0.1, reorder: 0.5 }, seed: 7 });
    await menu(s.page, 'Extensions', 'Hub Sync', 'Push prices', 'All rows');
    await s.page.locator('.toast', { hasText: 'Push prices (all rows)' }).waitFor({ timeout: UNTIL_READY_MS });
    await s.page.locator('#grid .cell[data-r="1"]', { hasText: 'Sync status' }).waitFor();
    const headers = await headerColumns(s.page);
    const status = headers.get('Sync status')!;
    const message = headers.get('Sync message')!;
    const seen = new Map<string, number>();
    for (let r = 2; r <= 30; r++) {
      const text = ((await cell(s.page, r, status).textContent()) ?? '').trim();
      seen.set(text, (seen.get(text) ?? 0) + 1);
      if (text === 'OK') {
        const sku = (await cell(s.page, r, 1).textContent()) ?? '';
        const hub = await hubProduct(s.pg.admin, sku);
        for (const ch of ['mercadolibre', 'amazon', 'walmart']) {
          const c = headers.get(`Price [${ch}]`);
          const shown = c === undefined ? '' : ((await cell(s.page, r, c).textContent()) ?? '').trim();
          if (shown !== '') expect(hub.listings[ch]!.price).toBe(Number(shown.replace(/,/g, '')));
        }
      }
      if (text === 'Unconfirmed')
        expect(await cell(s.page, r, message).textContent()).toMatch(
          /not confirmed: the hub's answer (did not include this SKU|held \d+ results|names)/,
        );
    }
    expect(seen.get('OK') ?? 0).toBeGreaterThan(0);
    expect((seen.get('Unconfirmed') ?? 0) + (seen.get('Error') ?? 0) + (seen.get('Warning') ?? 0)).toBeGreaterThan(0);
    await s.shots.take(s.page, 'after-push-prices');
    await s.pg.admin.clearFaults();
  });
});

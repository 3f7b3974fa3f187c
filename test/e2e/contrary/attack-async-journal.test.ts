/**
 * Send as async job, cut off after the round's journal entry ("P:<job>") and before the results
 * reach the sheet. The seller edits the general Price before pushing again (which resumes the
 * run). The journal entry of a queued row is keyed by identity only, so the row is restored as
 * Pending in the job, and the job's items are recorded with the values the row holds NOW
 * (chunk.ts: `jobs.set(..., { sku, values: p.sent })`, p.sent = sentValues of the new plan).
 * Refresh job results then compares the hub's item price (= publishingPrice) with the recorded
 * publishingPrice, finds them equal and confirms price 25, which the hub never received (it holds 20).
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rehearseCut, rows, snapshot } from './attack-helpers';

describe('attack: async job restored from the journal after an edit', () => {
  // Plain prices below go by ERP id or in async jobs: the hub's general price, for every channel (the Price rule).
  const env = useHub({ settings: { plainChannels: ['*'] } });

  const setup = (): void => {
    freshWorld(env, [{ sku: 'A-1', quantity: 1, price: 10, listings: { amazon: {} } }]);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Price', 'Publishing price'],
      ['A-1', 4, 20, 30],
    ]);
  };

  test('the job-id journal entry turns the edited price into a confirmed one', () => {
    setup();
    const cut = rehearseCut(env, () => env.call('pushAsyncAll'));
    expect(cut).toBeGreaterThan(0);
    setup();
    env.rt.cutOffAfter(cut);
    expect(() => env.call('pushAsyncAll')).toThrow(/Exceeded maximum execution time/);
    env.rt.sheet(SHEET).setValues([[25]], 'C2'); // the seller edits the general price
    env.call('pushAsyncAll'); // resumes
    expect(rows(env)[0]['Sync status']).toBe('Pending');
    env.rt.advance(120_000);
    env.call('refreshJobs');
    const [row] = rows(env);
    const hub = products(env).get('A-1')!;
    const snap = snapshot(env).get('A-1') ?? {};
    // Contract: OK => the hub holds the row's Price (25) as sent; confirmed => stored.
    const violations: string[] = [];
    if (row['Sync status'] === 'OK' && hub.price !== row.Price)
      violations.push(`row OK with Price ${row.Price}, hub general price ${hub.price}`);
    if (snap.price !== undefined && snap.price !== hub.price)
      violations.push(`snapshot confirms price ${snap.price}, hub holds ${hub.price}`);
    expect(violations).toEqual([]);
  });
});

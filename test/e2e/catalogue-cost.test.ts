/**
 * Issue 16: pull and refresh stay linear. Counted by the runtime emulator (Sheets round trips,
 * cells read and written), never timed. A pull into a sheet that already holds the catalogue
 * (the seller's second pull) and a refresh of selected rows cost the same round trips whatever
 * their size, and cells in proportion to it.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';

type Counters = ReturnType<AddonEnv['rt']['counters']>;
const SHEET = 'Stock & Prices';

describe('pull and refresh costs grow linearly', () => {
  const env = useHub({ runtime: { fetchQuotaPerDay: 1e6 }, leakCheck: false });

  function seed(count: number): void {
    env.adminSync('POST', '/__admin/reset', { seed: 'empty' });
    env.adminSync('POST', '/__admin/products', {
      generate: { count, prefix: 'SKU-', channels: ['mercadolibre', 'amazon', 'walmart'], status: 'mixed', seed: 5 },
    });
    for (const name of [SHEET, 'Hub Sync snapshot', 'Log']) if (env.rt.sheetNames().includes(name)) env.rt.deleteSheet(name);
  }

  const measure = (fn: () => unknown): Counters => {
    env.rt.resetCounters();
    const r = fn() as { ok: boolean; error?: string; value?: { status?: string } };
    if (!r.ok) throw new Error(r.error);
    expect(r.value?.status).toBe('done');
    return env.rt.counters();
  };

  /** A second pull over the sheet the first one wrote: every row found and updated in place. */
  function repull(count: number): Counters {
    seed(count);
    measure(() => env.call('pullCatalogue', {}));
    return measure(() => env.call('pullCatalogue', {}));
  }

  test('a second pull: the same round trips at 1,000 and 5,000 SKUs, cells read and written 5×', () => {
    const small = repull(1000);
    const large = repull(5000);
    expect(env.rt.sheet(SHEET).lastRow()).toBe(5001);
    expect(large.sheetsRoundTrips).toBe(small.sheetsRoundTrips);
    expect(large.cellsRead).toBeLessThanOrEqual(small.cellsRead * 5 * 1.1);
    expect(large.cellsWritten).toBeLessThanOrEqual(small.cellsWritten * 5 * 1.1);
    // A bounded number of cells per SKU (its row, its snapshot row), not a multiple of the sheet.
    expect(large.cellsRead / 5000).toBeLessThan(60);
    expect(large.cellsWritten / 5000).toBeLessThan(60);
  }, 180_000);

  test('a refresh of 100 and of 1,000 selected rows of a 2,000-row sheet: the same round trips, cells written 10×', () => {
    seed(2000);
    measure(() => env.call('pullCatalogue', {}));
    const refresh = (rows: number): Counters => {
      env.rt.select(SHEET, `A2:A${rows + 1}`);
      return measure(() => env.call('refreshSelectedRows'));
    };
    const small = refresh(100);
    const large = refresh(1000);
    expect(large.fetchRequests).toBe(1000);
    expect(large.sheetsRoundTrips).toBeLessThanOrEqual(small.sheetsRoundTrips + 2);
    expect(large.cellsWritten).toBeLessThanOrEqual(small.cellsWritten * 10 * 1.1);
    // The sheet is read whole once or twice (2,000 rows), whatever the selection.
    expect(large.cellsRead).toBeLessThanOrEqual(small.cellsRead * 1.5);
  }, 180_000);
});

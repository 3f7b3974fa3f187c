/**
 * An async job's final answers in the change ledger, end to end through the built bundle against
 * the hub emulator: the values a job carried are recorded `queued` when it is sent; when its
 * results are refreshed, each is recorded again with the hub's answer — matched by SKU while the
 * hub lists them in another order, OK only for the value it confirmed, refused for the SKU it
 * failed — under the same push, source, before and job, the queued records left as they were;
 * the History shows both; the same results written back again add nothing.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { call } from './preview-helpers';
import { columnValues, seedProducts } from './helpers';

const STOCK = 'Stock & Prices';
const LEDGER = 'Hub Sync Ledger';
const ITEMS = 'Hub Sync job items';

/** Every record of the ledger, with its row's push. */
function ledger(env: AddonEnv): Array<{ push: string; values: unknown[] }> {
  if (!env.rt.sheetNames().includes(LEDGER)) return [];
  return env.rt
    .sheet(LEDGER)
    .values()
    .slice(1)
    .flatMap((r) => (JSON.parse(String(r[9])) as unknown[][]).map((values) => ({ push: String(r[1]), values })));
}

describe("an async job's final answers in the change ledger", () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 2, ['amazon', 'walmart'], 'active', 'JOBANS-');
  });

  afterEach(() => env.adminSync('DELETE', '/__admin/faults'));

  test('one SKU refused, one confirmed, listed in another order: each its own answer, appended once', () => {
    env.rt.addSheet(STOCK, [
      ['SKU', 'Quantity'],
      ['NOT-IN-HUB-7', 3],
      [skus[0], 17],
    ]);
    env.call('pushAsyncAll');
    const queued = ledger(env);
    const jobId = String(queued[0]?.values[8]);
    expect(jobId).toMatch(/^\d+$/);
    expect(queued.map((r) => r.values)).toEqual([
      ['NOT-IN-HUB-7', '', 'quantity', null, 'unknown', 3, 'queued', 'cell', jobId],
      [skus[0], '', 'quantity', null, 'unknown', 17, 'queued', 'cell', jobId],
    ]);
    const pushId = queued[0].push;

    // The hub runs the job; its pages come back shuffled.
    env.adminSync('POST', '/__admin/clock', { advanceMs: 60_000 });
    env.adminSync('POST', '/__admin/faults', { answerFaults: { reorder: 1 }, pathPattern: 'GetStockPriceJob', seed: 3 });
    // What a refresh cut off after writing the rows back, before closing the job, would leave.
    const openJobs = Object.entries(env.rt.properties('document')).filter(([k]) => k.startsWith('openJobs'));
    const items = env.rt.sheet(ITEMS).values();
    expect(call(env, 'refreshJobs')).toMatchObject({ open: 0, message: expect.stringMatching(/^1 job finished/) });
    const reordered = (env.adminSync('GET', '/__admin/faults') as { injected: Record<string, number> }).injected['answer:reorder'] ?? 0;
    expect(reordered).toBeGreaterThan(0);
    expect(columnValues(env.rt.sheet(STOCK).values(), 'Sync status')).toEqual(['Error', 'OK']);

    const after = ledger(env);
    // The queued records are as they were; the answers come after them, under the same push.
    expect(after.slice(0, 2)).toEqual(queued);
    expect(after.slice(2)).toEqual([
      { push: pushId, values: ['NOT-IN-HUB-7', '', 'quantity', null, 'unknown', 3, 'refused', 'cell', jobId] },
      { push: pushId, values: [skus[0], '', 'quantity', null, 'unknown', 17, 'OK', 'cell', jobId] },
    ]);

    // Refreshed again: no job is open, nothing is added.
    expect(call(env, 'refreshJobs').message).toBe('No async job is open.');
    // The job read and written back a second time (as after an execution cut off before it was
    // closed): the rows say the same, the ledger gets nothing more.
    for (const [key, value] of openJobs) env.rt.setProperty('document', key, value);
    env.rt.sheet(ITEMS).setValues(items, 'A1');
    expect(call(env, 'refreshJobs')).toMatchObject({ open: 0, message: expect.stringMatching(/^1 job finished/) });
    expect(columnValues(env.rt.sheet(STOCK).values(), 'Sync status')).toEqual(['Error', 'OK']);
    expect(ledger(env)).toEqual(after);

    // The History: the answers first, the queued records saying what they became.
    const history = call(env, 'getHistory', { push: pushId });
    expect(history.entries.map((e) => [e.sku, e.answer, e.answeredLater ?? null, e.jobId])).toEqual([
      [skus[0], 'OK', null, jobId],
      ['NOT-IN-HUB-7', 'refused', null, jobId],
      [skus[0], 'queued', 'OK', jobId],
      ['NOT-IN-HUB-7', 'queued', 'refused', jobId],
    ]);
  });
});

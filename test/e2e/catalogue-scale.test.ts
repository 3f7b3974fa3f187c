/**
 * The catalogue pull at scale: ceil(N/50) requests, sent in parallel rounds, and a number of
 * Sheets writes that does not grow with N (the built bundle in the runtime against the hub).
 */
import { startAddonEnv, type AddonEnv } from '../../dev/testkit/env';

interface Run {
  requests: number;
  pages: number[];
  counters: ReturnType<AddonEnv['rt']['counters']>;
  rows: number;
}

function pullFresh(env: AddonEnv, count: number): Run {
  env.adminSync('POST', '/__admin/reset', { seed: 'empty' });
  env.adminSync('POST', '/__admin/products', { generate: { count, prefix: 'SKU-', channels: ['mercadolibre', 'amazon', 'walmart'], status: 'mixed', seed: 3 } });
  // Every run starts from the same workbook: no stock sheet, snapshot or log yet.
  for (const name of ['Stock & Prices', 'Hub Sync snapshot', 'Log']) if (env.rt.sheetNames().includes(name)) env.rt.deleteSheet(name);
  env.adminSync('DELETE', '/__admin/requests');
  env.rt.resetCounters();
  const result = env.rt.call('pullCatalogue', {}) as { ok: boolean; value: { status: string; skus: number; requests: number } };
  expect(result).toMatchObject({ ok: true, value: { status: 'done', skus: count, requests: Math.ceil(count / 50) } });
  const counters = env.rt.counters();
  const log = (env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string; query: Record<string, string> }> }).requests;
  const pages = log.filter((r) => /getproductsstockprice/i.test(r.path)).map((r) => Number(r.query.offset));
  return { requests: log.length, pages, counters, rows: env.rt.sheet('Stock & Prices').lastRow() };
}

describe('pull of 1,000 and 10,000 SKUs', () => {
  let env: AddonEnv;
  beforeAll(async () => {
    env = await startAddonEnv();
  }, 60_000);
  afterAll(async () => env?.close());

  test('exactly ceil(N/50) requests, every offset once, in parallel rounds; the same number of Sheets writes for both sizes', () => {
    const small = pullFresh(env, 1000);
    const large = pullFresh(env, 10_000);

    expect(small.requests).toBe(20);
    expect(large.requests).toBe(200);
    expect([...large.pages].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i * 50));
    // The first page alone (it tells the total), then the other 199 eight at a time (the default concurrency).
    expect(large.counters.fetchRequests).toBe(200);
    expect(large.counters.fetchCalls).toBe(1 + Math.ceil(199 / 8));

    expect(large.rows).toBe(10_001);
    expect(small.rows).toBe(1001);
    expect(large.counters.sheetsWrites).toBe(small.counters.sheetsWrites);
    expect(large.counters.sheetsRoundTrips).toBe(small.counters.sheetsRoundTrips);
    expect(large.counters.sheetsWrites).toBeLessThanOrEqual(30);
  }, 120_000);
});

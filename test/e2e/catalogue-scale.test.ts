/**
 * The catalogue pull at scale: one request per 49 products (pages of 50 that overlap by one, the
 * anchor that proves no product was skipped), sent in parallel rounds, and a number of Sheets
 * writes that does not grow with N (the built bundle in the runtime against the hub).
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';

interface Run {
  requests: number;
  pages: number[];
  counters: ReturnType<AddonEnv['rt']['counters']>;
  rows: number;
}

/** Pages of 50 starting 49 apart, the last one short: 2 + floor((N−50)/49) for N ≥ 50. */
const pageCount = (n: number): number => (n < 50 ? 1 : 2 + Math.floor((n - 50) / 49));

function pullFresh(env: AddonEnv, count: number): Run {
  env.adminSync('POST', '/__admin/reset', { seed: 'empty' });
  env.adminSync('POST', '/__admin/products', {
    generate: { count, prefix: 'SKU-', channels: ['mercadolibre', 'amazon', 'walmart'], status: 'mixed', seed: 3 },
  });
  // Every run starts from the same workbook: no stock sheet, snapshot or log yet.
  for (const name of ['Stock & Prices', 'Hub Sync snapshot', 'Log']) if (env.rt.sheetNames().includes(name)) env.rt.deleteSheet(name);
  env.adminSync('DELETE', '/__admin/requests');
  env.rt.resetCounters();
  const result = env.call('pullCatalogue', {});
  expect(result).toMatchObject({ ok: true, value: { status: 'done', skus: count, requests: pageCount(count), consistent: true } });
  const counters = env.rt.counters();
  const log = (env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string; query: Record<string, string> }> }).requests;
  const pages = log.filter((r) => /getproductsstockprice/i.test(r.path)).map((r) => Number(r.query.offset));
  return { requests: log.length, pages, counters, rows: env.rt.sheet('Stock & Prices').lastRow() };
}

describe('pull of 1,000 and 10,000 SKUs', () => {
  const env = useHub();

  test('one request per 49 products (21 and 205: the consistency check costs 1 and 5), every offset once, in parallel rounds; the same number of Sheets writes for both sizes', () => {
    const small = pullFresh(env, 1000);
    const large = pullFresh(env, 10_000);

    expect(small.requests).toBe(21);
    expect(large.requests).toBe(205);
    expect([...large.pages].sort((a, b) => a - b)).toEqual(Array.from({ length: 205 }, (_, i) => i * 49));
    // The first page alone (it tells the total), then the other 204 eight at a time (the default concurrency).
    expect(large.counters.fetchRequests).toBe(205);
    expect(large.counters.fetchCalls).toBe(1 + Math.ceil(204 / 8));

    expect(large.rows).toBe(10_001);
    expect(small.rows).toBe(1001);
    expect(large.counters.sheetsWrites).toBe(small.counters.sheetsWrites);
    expect(large.counters.sheetsRoundTrips).toBe(small.counters.sheetsRoundTrips);
    expect(large.counters.sheetsWrites).toBeLessThanOrEqual(30);
  }, 120_000);
});

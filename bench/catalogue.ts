/**
 * Catalogue pull benchmark: N SKUs pulled into an empty Stock & Prices by the built add-on (the
 * sidebar's pullCatalogue), in the runtime emulator against the hub emulator with 100 ms injected
 * latency per request. Measures requests, fetchAll rounds, Sheets round trips and writes, and
 * virtual time, against the ideal: ceil(N/50) requests, and the first page (it tells the total)
 * followed by the other pages `concurrency` at a time: latency × (1 + ceil((N−50)/50) ÷ concurrency).
 * The ideal is what a pull that proves nothing would need: the pull's pages overlap by one product
 * (the anchors that prove no product was skipped, core/catalogue/listing.ts), so it reads one page
 * per 49 products — 205 instead of 200 for 10,000, which the ratios show.
 */
import { startAddonEnv } from '../dev/testkit/env';

export const CATALOGUE_LATENCY_MS = 100;
const CONCURRENCY = 8;
const PAGE = 50;

export interface CatalogueFigures {
  skus: number;
  requests: number;
  idealRequests: number;
  /** fetchAll calls: the first page alone, then rounds of `concurrency`. */
  fetchRounds: number;
  sheetsRoundTrips: number;
  sheetsWrites: number;
  cellsWritten: number;
  virtualSeconds: number;
  /** Of the virtual time, what the requests took (each fetchAll round counts its wall time once). */
  requestSeconds: number;
  idealSeconds: number;
}

/** The ideal virtual time of a pull of `n` SKUs, in seconds (requests only; Sheets cost nothing). */
export function idealPullSeconds(n: number, latencyMs = CATALOGUE_LATENCY_MS, concurrency = CONCURRENCY): number {
  const rest = Math.max(0, Math.ceil((n - PAGE) / PAGE));
  return ((1 + rest / concurrency) * latencyMs) / 1000;
}

/** Pulls `sizes` SKUs each (fresh workbook each time) and returns the figures. */
export async function benchCatalogue(sizes: readonly number[] = [10_000]): Promise<CatalogueFigures[]> {
  const env = await startAddonEnv({
    hub: { latencyMs: CATALOGUE_LATENCY_MS },
    settings: { concurrency: CONCURRENCY },
    leakCheck: false,
    measuredCosts: true,
  });
  const out: CatalogueFigures[] = [];
  try {
    for (const n of sizes) {
      env.adminSync('POST', '/__admin/reset', { seed: 'empty' });
      env.adminSync('POST', '/__admin/products', {
        generate: { count: n, prefix: 'SKU-', channels: ['mercadolibre', 'amazon', 'walmart'], status: 'mixed', seed: 3 },
      });
      for (const name of ['Stock & Prices', 'Hub Sync snapshot', 'Log']) if (env.rt.sheetNames().includes(name)) env.rt.deleteSheet(name);
      env.adminSync('DELETE', '/__admin/requests');
      env.rt.resetCounters();
      const fetchesBefore = env.rt.fetchLog().length;
      const t0 = env.rt.now();
      const result = env.call('pullCatalogue', {});
      const elapsed = env.rt.now() - t0;
      if (!result.ok || result.value.status !== 'done' || result.value.skus !== n)
        throw new Error(`pull of ${n} SKUs: ${JSON.stringify(result)}`);
      const c = env.rt.counters();
      const rounds = new Map<number, number>();
      for (const f of env.rt.fetchLog().slice(fetchesBefore)) rounds.set(f.at, Math.max(rounds.get(f.at) ?? 0, f.elapsedMs));
      out.push({
        skus: n,
        requests: c.fetchRequests,
        idealRequests: Math.ceil(n / PAGE),
        fetchRounds: c.fetchCalls,
        sheetsRoundTrips: c.sheetsRoundTrips,
        sheetsWrites: c.sheetsWrites,
        cellsWritten: c.cellsWritten,
        virtualSeconds: elapsed / 1000,
        requestSeconds: [...rounds.values()].reduce((a, b) => a + b, 0) / 1000,
        idealSeconds: idealPullSeconds(n),
      });
    }
  } finally {
    await env.close();
  }
  return out;
}

export const CATALOGUE_TABLE_HEADER = [
  '| SKUs | requests (ideal) | fetchAll rounds | Sheets round trips | Sheets writes | cells written | virtual time (s) | of which requests (s) | ideal time (s) | requests ÷ ideal | time ÷ ideal |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
].join('\n');

/** One markdown table row. */
export function catalogueRow(f: CatalogueFigures): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  return `| ${n(f.skus)} | ${n(f.requests)} (${n(f.idealRequests)}) | ${f.fetchRounds} | ${f.sheetsRoundTrips} | ${f.sheetsWrites} | ${n(f.cellsWritten)} | ${f.virtualSeconds.toFixed(2)} | ${f.requestSeconds.toFixed(2)} | ${f.idealSeconds.toFixed(2)} | ${(f.requestSeconds / f.idealSeconds).toFixed(2)}× | ${(f.virtualSeconds / f.idealSeconds).toFixed(2)}× |`;
}

if (require.main === module) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((x) => Number.isInteger(x) && x > 0);
  benchCatalogue(sizes.length > 0 ? sizes : [1000, 10_000])
    .then((rows) => {
      console.log(`Catalogue pull, hub latency ${CATALOGUE_LATENCY_MS} ms, concurrency ${CONCURRENCY}:\n`);
      console.log([CATALOGUE_TABLE_HEADER, ...rows.map(catalogueRow)].join('\n'));
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}

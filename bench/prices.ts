/**
 * Price push benchmark: N rows with a price for each of three channels, pushed from the menu.
 * Update Price's answer names the SKU but not the channel, so a request never carries a SKU
 * twice (issue 11); the table shows the requests this costs against the minimum, ceil(items/50),
 * measured in the same run.
 */
import { startAddonEnv } from '../dev/testkit/env';
import { LATENCY_MS } from './push';

const CHANNELS = ['amazon', 'mercadolibre', 'walmart'];

export interface PriceFigures {
  n: number;
  items: number;
  requests: number;
  ideal: number;
  maxSkuRepeatsInARequest: number;
  virtualSeconds: number;
  sheetsRoundTrips: number;
}

export async function benchPrices(sizes = [1000, 10_000]): Promise<PriceFigures[]> {
  const max = Math.max(...sizes);
  const env = await startAddonEnv({ hub: { latencyMs: LATENCY_MS }, settings: { concurrency: 8 }, leakCheck: false, measuredCosts: true });
  const out: PriceFigures[] = [];
  try {
    env.adminSync('POST', '/__admin/products', {
      generate: { count: max, prefix: 'PRICE-', channels: CHANNELS, status: 'active', seed: 4 },
    });
    for (const n of sizes) {
      for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
      const rows = Array.from({ length: n }, (_, i) => [
        `PRICE-${String(i + 1).padStart(6, '0')}`,
        100 + (i % 50),
        110 + (i % 50),
        120 + (i % 50),
      ]);
      env.rt.addSheet('Stock & Prices', [['SKU', ...CHANNELS.map((c) => `Price [${c}]`)], ...rows]);
      env.adminSync('DELETE', '/__admin/requests');
      env.rt.resetCounters();
      const t0 = env.rt.now();
      env.call('pushPricesAll');
      const seconds = (env.rt.now() - t0) / 1000;
      const requests = (
        env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string; skus?: string[] }> }
      ).requests.filter((r) => /updatepricev2/i.test(r.path));
      const repeats = Math.max(...requests.map((r) => (r.skus?.length ?? 0) - new Set(r.skus).size + 1));
      out.push({
        n,
        items: n * CHANNELS.length,
        requests: requests.length,
        ideal: Math.ceil((n * CHANNELS.length) / 50),
        maxSkuRepeatsInARequest: repeats,
        virtualSeconds: seconds,
        sheetsRoundTrips: env.rt.counters().sheetsRoundTrips,
      });
    }
  } finally {
    await env.close();
  }
  return out;
}

export const PRICES_TABLE_HEADER = [
  '| rows | price items (3 channels) | requests | minimum ceil(items/50) | requests ÷ minimum | items of one SKU in a request (max) | Sheets round trips | virtual time (s) |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|',
].join('\n');

export function pricesRow(f: PriceFigures): string {
  return `| ${f.n.toLocaleString('en-US')} | ${f.items.toLocaleString('en-US')} | ${f.requests.toLocaleString('en-US')} | ${f.ideal.toLocaleString('en-US')} | ${(f.requests / f.ideal).toFixed(3)}× | ${f.maxSkuRepeatsInARequest} | ${f.sheetsRoundTrips} | ${f.virtualSeconds.toFixed(1)} |`;
}

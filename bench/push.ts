/**
 * Push benchmark: N stock rows pushed from the menu by the built add-on, side by side in one run
 * with what a seller would otherwise write — (a) a request per row with a setValue per result
 * cell, (b) sequential 50-row batches with fetch — and the ideal (ceil(N/50) requests, time
 * ceil(N/50) × latency ÷ concurrency). All in the runtime emulator against the hub emulator with
 * 100 ms injected latency; times are the runtime's virtual time (real latency + the documented
 * Sheets cost model).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startAddonEnv, type AddonEnv } from '../dev/testkit/env';
import { loadRuntime } from '../dev/gas-runtime';

export const LATENCY_MS = 100;
const CONCURRENCY = 8;

export interface PushFigures {
  way: string;
  n: number;
  requests: number;
  sheetsRoundTrips: number;
  virtualSeconds: number;
  /** For runs measured on a sample and scaled (strictly linear per row). */
  note?: string;
}

function sheetRows(skus: string[], base: number): unknown[][] {
  return [['SKU', 'Quantity'], ...skus.map((s, i) => [s, base + (i % 500)])];
}

function virtualSeconds(env: AddonEnv, run: () => void): { seconds: number; counters: ReturnType<AddonEnv['rt']['counters']> } {
  env.rt.resetCounters();
  const t0 = env.rt.now();
  run();
  return { seconds: (env.rt.now() - t0) / 1000, counters: env.rt.counters() };
}

/** The add-on itself: a first push (creates its sheets and columns) and a second, steady-state push. */
function ours(env: AddonEnv, skus: string[]): PushFigures[] {
  for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
  env.rt.addSheet('Stock & Prices', sheetRows(skus, 1));
  const first = virtualSeconds(env, () => env.call('pushStockAll'));
  env.rt
    .sheet('Stock & Prices')
    .setValues(sheetRows(skus, 2).map((r, i) => [...r, ...(env.rt.sheet('Stock & Prices').values()[i] ?? []).slice(2)]));
  const second = virtualSeconds(env, () => env.call('pushStockAll'));
  return [
    {
      way: 'Hub Sync (first push: creates its columns and sheets)',
      n: skus.length,
      requests: first.counters.fetchRequests,
      sheetsRoundTrips: first.counters.sheetsRoundTrips,
      virtualSeconds: first.seconds,
    },
    {
      way: 'Hub Sync (steady state)',
      n: skus.length,
      requests: second.counters.fetchRequests,
      sheetsRoundTrips: second.counters.sheetsRoundTrips,
      virtualSeconds: second.seconds,
    },
  ];
}

/** A baseline script in its own runtime (same hub), with no execution limit so its full cost shows. */
function baseline(env: AddonEnv, file: string, fn: string, skus: string[]): { requests: number; roundTrips: number; seconds: number } {
  const source = fs
    .readFileSync(path.join(__dirname, 'baselines', file), 'utf8')
    .replace(/HUB_URL/g, env.hub.url)
    .replace(/HUB_TOKEN/g, env.token);
  const rt = loadRuntime({
    bundle: source,
    workbook: { 'Stock & Prices': sheetRows(skus, 3) },
    fetchTimeoutMs: 30_000,
    allowPrivateHosts: true,
  });
  try {
    const t0 = rt.now();
    rt.callWith({ budgetMs: Number.MAX_SAFE_INTEGER }, fn);
    const c = rt.counters();
    return { requests: c.fetchRequests, roundTrips: c.sheetsRoundTrips, seconds: (rt.now() - t0) / 1000 };
  } finally {
    rt.close();
  }
}

/** Runs the push benchmark for each N and returns its rows. */
export async function benchPush(sizes = [1000, 10_000], perRowSample = 1000): Promise<PushFigures[]> {
  const max = Math.max(...sizes);
  const env = await startAddonEnv({
    hub: { latencyMs: LATENCY_MS },
    settings: { concurrency: CONCURRENCY },
    leakCheck: false,
    measuredCosts: true,
  });
  const rows: PushFigures[] = [];
  try {
    env.adminSync('POST', '/__admin/products', {
      generate: { count: max, prefix: 'BENCH-', channels: ['mercadolibre', 'amazon'], status: 'active', seed: 3 },
    });
    const all = Array.from({ length: max }, (_, i) => `BENCH-${String(i + 1).padStart(6, '0')}`);
    for (const n of sizes) {
      const skus = all.slice(0, n);
      rows.push(...ours(env, skus));
      const sample = Math.min(n, perRowSample);
      const a = baseline(env, 'per-row.js', 'naivePushPerRow', skus.slice(0, sample));
      const scale = n / sample;
      rows.push({
        way: '(a) a request per row, a setValue per result cell',
        n,
        requests: Math.round(a.requests * scale),
        sheetsRoundTrips: Math.round(a.roundTrips * scale),
        virtualSeconds: a.seconds * scale,
        ...(scale > 1 ? { note: `measured on ${sample} rows, × ${scale} (cost is linear per row)` } : {}),
      });
      const b = baseline(env, 'sequential-batches.js', 'naivePushSequentialBatches', skus);
      rows.push({
        way: '(b) sequential 50-row batches with fetch',
        n,
        requests: b.requests,
        sheetsRoundTrips: b.roundTrips,
        virtualSeconds: b.seconds,
      });
      const ideal = Math.ceil(n / 50);
      rows.push({
        way: 'ideal (ceil(N/50) requests, ÷ concurrency)',
        n,
        requests: ideal,
        sheetsRoundTrips: 2,
        virtualSeconds: (Math.ceil(ideal / CONCURRENCY) * LATENCY_MS) / 1000,
      });
    }
  } finally {
    await env.close();
  }
  return rows;
}

/** The markdown table, with ratios against the steady-state add-on of the same N. */
export function pushTable(rows: PushFigures[]): string {
  const lines = [
    `| N | way | requests | Sheets round trips | virtual time (s) | time ÷ Hub Sync steady |`,
    `|---:|---|---:|---:|---:|---:|`,
  ];
  for (const r of rows) {
    const ours = rows.find((o) => o.n === r.n && o.way === 'Hub Sync (steady state)')!;
    const ratio = r.virtualSeconds / ours.virtualSeconds;
    lines.push(
      `| ${r.n.toLocaleString('en-US')} | ${r.way}${r.note ? ` — ${r.note}` : ''} | ${r.requests.toLocaleString('en-US')} | ${r.sheetsRoundTrips.toLocaleString('en-US')} | ${r.virtualSeconds.toFixed(1)} | ${ratio.toFixed(ratio < 10 ? 2 : 0)}× |`,
    );
  }
  return lines.join('\n');
}

if (require.main === module) {
  benchPush().then((rows) => console.log(pushTable(rows)));
}

/**
 * Script-lock benchmark (the Marketplace add-on): how long one lease operation holds the lock
 * Google scopes to the whole script project — for a published add-on, every user in every
 * spreadsheet — and so how many lease operations per second the add-on can take across all its
 * users (1000 / the mean hold in ms). Measured on the runtime emulator's counters (scriptLockHeldMs:
 * from tryLock returning to releaseLock returning) for sidebar calls (document lock, then the
 * lease) and hourly runs (the lease alone).
 */
import { startAddonEnv, type AddonEnv } from '../dev/testkit/env';
import { ORDERS_LATENCY_MS } from './orders';

const HOUR = 3_600_000;

export interface LockFigures {
  kind: string;
  operations: number;
  holds: number;
  meanMs: number;
  longestMs: number;
}

export const LOCKS_TABLE_HEADER = [
  '| Lease operation | Operations | Script-lock holds | Mean hold (virtual ms) | Longest hold (virtual ms) | Lease operations per second, all users |',
  '|---|--:|--:|--:|--:|--:|',
].join('\n');

export function locksRow(f: LockFigures): string {
  if (f.holds === 0) return `| ${f.kind} | ${f.operations} | 0 | — | — | — (no lease taken) |`;
  return `| ${f.kind} | ${f.operations} | ${f.holds} | ${f.meanMs.toFixed(0)} | ${f.longestMs.toFixed(0)} | ${(1000 / f.meanMs).toFixed(1)} |`;
}

/** Each operation's script-lock holds and hold time, from the counters reset before it. */
function measure(env: AddonEnv, kind: string, operations: number, run: () => void): LockFigures {
  const holds: number[] = [];
  let count = 0;
  for (let i = 0; i < operations; i++) {
    env.rt.resetCounters();
    run();
    const c = env.rt.counters();
    count += c.scriptLockHolds;
    if (c.scriptLockHolds > 0) holds.push(c.scriptLockHeldMs / c.scriptLockHolds);
  }
  const mean = holds.reduce((a, b) => a + b, 0) / Math.max(1, holds.length);
  return { kind, operations, holds: count, meanMs: mean, longestMs: Math.max(...holds) };
}

export async function benchLocks(operations = 10): Promise<LockFigures[]> {
  const env = await startAddonEnv({ target: 'addon', hub: { latencyMs: ORDERS_LATENCY_MS }, leakCheck: false, measuredCosts: true });
  try {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 200, days: 5, seed: 7 } });
    const scheduled = env.call('setOrdersSchedule', 60);
    if (!scheduled.ok) throw new Error(`setOrdersSchedule: ${scheduled.error}`);
    // Each operation finds a new order to write: a call that finds nothing takes no lease at all
    // (the import's lock-free idle path), which is not what is measured here.
    let added = 0;
    const newOrder = () =>
      env.adminSync('POST', '/__admin/orders', {
        orders: [
          {
            channel: 'meli',
            externalId: `LOCK-${++added}`,
            items: [{ itemExternalId: `L-${added}`, sku: 'TAZA', title: 'Taza', price: 10, itemQuantity: 1, total: 10 }],
          },
        ],
      });
    const sidebar = measure(env, 'Sidebar call: Import orders now (document lock, then the lease)', operations, () => {
      newOrder();
      env.rt.advance(61_000); // the hub's rate limit: one Get Orders call a minute
      const r = env.call('runOrderImport');
      if (!r.ok) throw new Error(`runOrderImport: ${r.error}`);
    });
    const hourly = measure(env, 'Hourly run: order import (the lease alone, no document)', operations, () => {
      newOrder();
      if (!env.rt.advance(HOUR).every((t) => t.ok)) throw new Error('an hourly run failed');
    });
    return [sidebar, hourly];
  } finally {
    await env.close();
  }
}

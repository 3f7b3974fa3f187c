/**
 * Order import benchmark: a backlog of N orders imported by the built add-on's scheduled trigger
 * (container-bound, every minute) at the hub's documented limit of one Get Orders call per minute.
 * Measures orders imported per minute against the bound the rate limit sets (50 orders a call ×
 * calls per minute) and the trigger runtime spent per 1,000 orders (virtual time of the trigger
 * executions: measured request latency plus the runtime's Sheets cost model). Apps Script gives
 * consumer accounts 90 minutes of trigger runtime a day, so the second figure is what a backlog
 * costs of that quota.
 */
import { startAddonEnv } from '../dev/testkit/env';

export const ORDERS_LATENCY_MS = 100;

export interface OrdersFigures {
  orders: number;
  scheduleMinutes: number;
  callsPerMinute: number;
  getOrdersCalls: number;
  refused429: number;
  /** Virtual minutes from switching the schedule on to the end of the run that wrote the last order. */
  minutes: number;
  ordersPerMinute: number;
  /** What the rate limit allows: 50 orders a call × calls per minute. */
  boundPerMinute: number;
  triggerRuns: number;
  /** Virtual seconds of trigger executions per 1,000 orders imported. */
  triggerSecondsPer1000: number;
}

type Call = { path: string; status: number | null };

/** Imports a backlog of `count` orders on a 1-minute schedule and returns the figures. */
export async function benchOrders(count = 1000, callsPerMinute = 1): Promise<OrdersFigures> {
  const env = await startAddonEnv({
    hub: { latencyMs: ORDERS_LATENCY_MS },
    settings: { orders: { scheduleMinutes: 0, scheduleOwner: '', channel: '', status: '', backfillDays: 60, callsPerMinute } },
    leakCheck: false,
  });
  try {
    env.adminSync('POST', '/__admin/orders', { generate: { count, days: 30, seed: 17 } });
    env.adminSync('DELETE', '/__admin/requests');
    const start = env.rt.now();
    const switchedOn = env.rt.call('setOrdersSchedule', 1) as { ok: boolean; error?: string };
    if (!switchedOn.ok) throw new Error(`setOrdersSchedule: ${switchedOn.error}`);
    const imported = () => (env.rt.sheetNames().includes('Orders') ? env.rt.sheet('Orders').lastRow() - 1 : 0);
    for (let minute = 0; imported() < count; minute++) {
      if (minute > (count / 50) * 3 + 10) throw new Error(`only ${imported()} of ${count} orders after ${minute} minutes`);
      env.rt.advance(60_000);
    }
    const runs = env.rt.executions().filter((e) => e.kind === 'trigger' && e.startedAt >= start);
    const end = Math.max(...runs.map((e) => e.endedAt));
    const calls = ((env.adminSync('GET', '/__admin/requests') as { requests: Call[] }).requests).filter((r) => r.path.toLowerCase().replace(/\/$/, '') === '/api/orders/orders');
    const minutes = (end - start) / 60_000;
    return {
      orders: count,
      scheduleMinutes: 1,
      callsPerMinute,
      getOrdersCalls: calls.length,
      refused429: calls.filter((c) => c.status === 429).length,
      minutes,
      ordersPerMinute: count / minutes,
      boundPerMinute: 50 * callsPerMinute,
      triggerRuns: runs.length,
      triggerSecondsPer1000: (runs.reduce((s, e) => s + (e.endedAt - e.startedAt), 0) / 1000) * (1000 / count),
    };
  } finally {
    await env.close();
  }
}

export const ORDERS_TABLE_HEADER = [
  '| orders | schedule | Get Orders calls/min (setting) | Get Orders calls | 429s | virtual minutes | orders/min | bound (orders/min) | of bound | trigger runs | trigger runtime per 1,000 orders (s) |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
].join('\n');

/** One markdown table row. */
export function ordersRow(f: OrdersFigures): string {
  return `| ${f.orders.toLocaleString('en-US')} | every ${f.scheduleMinutes} min | ${f.callsPerMinute} | ${f.getOrdersCalls} | ${f.refused429} | ${f.minutes.toFixed(1)} | ${f.ordersPerMinute.toFixed(1)} | ${f.boundPerMinute} | ${Math.round((100 * f.ordersPerMinute) / f.boundPerMinute)} % | ${f.triggerRuns} | ${f.triggerSecondsPer1000.toFixed(1)} |`;
}

if (require.main === module) {
  benchOrders().then((f) => {
    console.log(ORDERS_TABLE_HEADER);
    console.log(ordersRow(f));
  }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

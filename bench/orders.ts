/**
 * Order import benchmark: a backlog of N orders imported by the built add-on's scheduled trigger
 * (container-bound, every minute) at the hub's documented limit of one Get Orders call per minute.
 * Measures orders imported per minute against the bound the rate limit sets (50 orders a call ×
 * calls per minute) and the trigger runtime spent per 1,000 orders (virtual time of the trigger
 * executions: measured request latency plus the runtime's Sheets cost model). Apps Script gives
 * consumer accounts 90 minutes of trigger runtime a day, so the second figure is what a backlog
 * costs of that quota.
 */
import { startAddonEnv, type AddonEnv } from '../dev/testkit/env';
import { median } from '../dev/gas-runtime/bundle-load';
import { COSTS } from '../dev/gas-runtime/costs';
import { ITEM_HEADER_LIST, ORDER_HEADER_LIST } from '../src/core/orders/columns';

export const ORDERS_LATENCY_MS = 100;
const DAY = 86_400_000;

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
  /** Virtual seconds of trigger executions per 1,000 orders imported (Apps Script's start-up included). */
  triggerSecondsPer1000: number;
  /** Trigger runtime of the whole backlog, in minutes (charged to the day it runs in). */
  runtimeMinutes: number;
}

type Call = { path: string; status: number | null };

/** The add-on against a hub of ORDERS_LATENCY_MS, the order import's settings as a seller leaves them. */
function startOrdersEnv(callsPerMinute: number, target: 'bound' | 'addon' = 'bound'): Promise<AddonEnv> {
  return startAddonEnv({
    target,
    // The add-on's runs start at 00:00 UTC, so that a day of the table is a day of the budget.
    ...(target === 'addon' ? { runtime: { now: Date.UTC(2026, 10, 20, 0, 0, 0) } } : {}),
    hub: { latencyMs: ORDERS_LATENCY_MS },
    settings: { orders: { scheduleMinutes: 0, scheduleOwner: '', channel: '', status: '', backfillDays: 60, callsPerMinute } },
    leakCheck: false,
    measuredCosts: true,
  });
}

/** The hub's Get Orders calls since its request log was cleared. */
function getOrdersCalls(env: AddonEnv): Call[] {
  return (env.adminSync('GET', '/__admin/requests') as { requests: Call[] }).requests.filter(
    (r) => r.path.toLowerCase().replace(/\/$/, '') === '/api/orders/orders',
  );
}

/** Trigger runs started at or after `since` (and before `until`). */
function triggerRuns(env: AddonEnv, since: number, until = Number.POSITIVE_INFINITY) {
  return env.rt.executions().filter((e) => e.kind === 'trigger' && e.startedAt >= since && e.startedAt < until);
}

/**
 * Trigger runtime of some runs as Google counts it: their virtual time, which holds Apps Script's
 * start-up and the bundle's load (the bundle's own budget records a 500 ms allowance for those
 * instead, on the safe side).
 */
function runtimeMs(runs: ReadonlyArray<{ startedAt: number; endedAt: number }>): number {
  return runs.reduce((s, e) => s + (e.endedAt - e.startedAt), 0);
}

/**
 * A backlog of `count` orders in the hub, the 1-minute schedule switched on, and the clock moved
 * minute by minute until every order has its row. Returns when the schedule was switched on.
 */
function importBacklog(env: AddonEnv, count: number, seed: number): number {
  env.adminSync('POST', '/__admin/orders', { generate: { count, days: 30, seed } });
  env.adminSync('DELETE', '/__admin/requests');
  const start = env.rt.now();
  env.rt.resetCounters();
  const switchedOn = env.call('setOrdersSchedule', 1);
  if (!switchedOn.ok) throw new Error(`setOrdersSchedule: ${switchedOn.error}`);
  for (let minute = 0; importedRows(env) < count; minute++) {
    if (minute > (count / 50) * 3 + 10) throw new Error(`only ${importedRows(env)} of ${count} orders after ${minute} minutes`);
    env.rt.advance(60_000);
  }
  return start;
}

function importedRows(env: AddonEnv): number {
  return env.rt.sheetNames().includes('Orders') ? env.rt.sheet('Orders').lastRow() - 1 : 0;
}

/** Imports a backlog of `count` orders on a 1-minute schedule and returns the figures. */
export async function benchOrders(count = 1000, callsPerMinute = 1): Promise<OrdersFigures> {
  const env = await startOrdersEnv(callsPerMinute);
  try {
    const start = importBacklog(env, count, 17);
    const runs = triggerRuns(env, start);
    const end = Math.max(...runs.map((e) => e.endedAt));
    const calls = getOrdersCalls(env);
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
      triggerSecondsPer1000: (runtimeMs(runs) / 1000) * (1000 / count),
      runtimeMinutes: runtimeMs(runs) / 60_000,
    };
  } finally {
    await env.close();
  }
}

export const ORDERS_TABLE_HEADER = [
  '| orders | schedule | Get Orders calls/min (setting) | Get Orders calls | 429s | virtual minutes | orders/min | bound (orders/min) | of bound | trigger runs | trigger runtime per 1,000 orders (s) | trigger runtime of the backlog (min, that day) |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
].join('\n');

/** One markdown table row. */
export function ordersRow(f: OrdersFigures): string {
  return `| ${f.orders.toLocaleString('en-US')} | every ${f.scheduleMinutes} min | ${f.callsPerMinute} | ${f.getOrdersCalls} | ${f.refused429} | ${f.minutes.toFixed(1)} | ${f.ordersPerMinute.toFixed(1)} | ${f.boundPerMinute} | ${Math.round((100 * f.ordersPerMinute) / f.boundPerMinute)} % | ${f.triggerRuns} | ${f.triggerSecondsPer1000.toFixed(1)} | ${f.runtimeMinutes.toFixed(1)} |`;
}

/** What the Marketplace build did over some days of hourly runs. */
export interface AddonOrdersFigures {
  backlog: number;
  perHour: number;
  hours: number;
  getOrdersCalls: number;
  refused429: number;
  /** Hours from switching the schedule on until every order of the hub had its row (null: not within the run). */
  drainedAfterHours: number | null;
  /** Orders in the hub without a row at the end, and the most at any hour of the last day. */
  waitingAtEnd: number;
  waitingMaxLastDay: number;
  /** Trigger runtime per UTC day (minutes), start-up included; and the budget it keeps within. */
  runtimePerDay: number[];
  budgetMinutes: number;
}

/**
 * The Marketplace build (hourly trigger, no document open, 1 Get Orders call per minute): a
 * backlog of `backlog` orders, `perHour` new orders added each hour, the clock moved hour by
 * hour for `hours`. Each hour's new orders are generated over that hour.
 */
export async function benchAddonOrders(backlog: number, perHour: number, hours: number): Promise<AddonOrdersFigures> {
  const env = await startOrdersEnv(1, 'addon');
  try {
    if (backlog > 0) env.adminSync('POST', '/__admin/orders', { generate: { count: backlog, days: 30, seed: 23 } });
    env.adminSync('DELETE', '/__admin/requests');
    const start = env.rt.now();
    const switchedOn = env.call('setOrdersSchedule', 60);
    if (!switchedOn.ok) throw new Error(`setOrdersSchedule: ${switchedOn.error}`);
    let inHub = backlog;
    let drainedAfterHours: number | null = null;
    const waitingByHour: number[] = [];
    for (let h = 1; h <= hours; h++) {
      if (perHour > 0) {
        env.adminSync('POST', '/__admin/orders', { generate: { count: perHour, days: 1 / 24, seed: 1000 + h } });
        inHub += perHour;
      }
      env.rt.advance(3_600_000);
      const waiting = inHub - importedRows(env);
      waitingByHour.push(waiting);
      // Drained: no more orders wait than the steady state leaves (an hour's new orders and a partial page).
      if (drainedAfterHours === null && backlog > 0 && waiting <= (perHour > 0 ? perHour + 50 : 0)) drainedAfterHours = h;
    }
    const calls = getOrdersCalls(env);
    // By UTC day, as the budget counts (the first and last days are partial).
    const firstDay = Math.floor(start / DAY);
    const days = Math.floor(env.rt.now() / DAY) - firstDay + 1;
    const runtimePerDay = Array.from(
      { length: days },
      (_, d) => runtimeMs(triggerRuns(env, (firstDay + d) * DAY, (firstDay + d + 1) * DAY)) / 60_000,
    );
    return {
      backlog,
      perHour,
      hours,
      getOrdersCalls: calls.length,
      refused429: calls.filter((c) => c.status === 429).length,
      drainedAfterHours,
      waitingAtEnd: waitingByHour[waitingByHour.length - 1] ?? 0,
      waitingMaxLastDay: Math.max(0, ...waitingByHour.slice(-24)),
      runtimePerDay,
      budgetMinutes: 45,
    };
  } finally {
    await env.close();
  }
}

export const ADDON_ORDERS_TABLE_HEADER = [
  '| run | Get Orders calls | 429s | backlog drained after | orders waiting at the end (most in the last 24 h) | trigger runtime per UTC day (min; first and last days partial; budget 45, quota 90) |',
  '|---|---:|---:|---:|---:|---|',
].join('\n');

export function addonOrdersRow(label: string, f: AddonOrdersFigures): string {
  const drained = f.backlog === 0 ? '—' : f.drainedAfterHours === null ? `not within ${f.hours} h` : `${f.drainedAfterHours} h`;
  const perDay = f.runtimePerDay.map((m) => m.toFixed(1)).join(', ');
  return `| ${label} | ${f.getOrdersCalls} | ${f.refused429} | ${drained} | ${f.waitingAtEnd} (${f.waitingMaxLastDay}) | ${perDay} |`;
}

/** What a scale run measured: a backlog into an empty sheet, then idle runs against the full sheet. */
export interface OrderScaleFigures {
  orders: number;
  lines: number;
  backlog: {
    calls: number;
    runs: number;
    roundTrips: number;
    cellsRead: number;
    cellsWritten: number;
    seconds: number;
    floorSeconds: number;
  };
  idle: {
    runs: number;
    calls: number;
    roundTrips: number;
    cellsRead: number;
    propertyOps: number;
    /** A run that calls and finds nothing: the median of those measured (one the host's garbage collection hit lands in the mean and the slowest). */
    msPerCall: number;
    meanMsPerCall: number;
    slowestCallMs: number;
    msPerRun: number;
    floorMs: number;
    minutesPerDay: number;
  };
}

/** The calling runs' median, mean and slowest (0 when none called). */
function callingRuns(ms: readonly number[]): Pick<OrderScaleFigures['idle'], 'msPerCall' | 'meanMsPerCall' | 'slowestCallMs'> {
  if (ms.length === 0) return { msPerCall: 0, meanMsPerCall: 0, slowestCallMs: 0 };
  return { msPerCall: median(ms), meanMsPerCall: ms.reduce((a, b) => a + b, 0) / ms.length, slowestCallMs: Math.max(...ms) };
}

/**
 * The order import at scale, on the 1-minute schedule at the documented 1 call per minute:
 * `count` orders of backlog into an empty sheet, then `idleMinutes` of runs with nothing new
 * against the full sheet. Floors, under the same cost model: a backlog needs ceil(N/50) calls one
 * after the other (the rate limit allows no overlap) and, per call, one read of the used columns
 * and one write per result block (Orders, Order Items, the order snapshot), plus every cell of
 * the rows it writes; an idle run needs its one call and no Sheets work at all.
 */
export async function benchOrderScale(count = 10_000, idleMinutes = 20): Promise<OrderScaleFigures> {
  const env = await startOrdersEnv(1);
  try {
    const start = importBacklog(env, count, 16);
    const lines = (env.adminSync('GET', '/__admin/state?only=orders') as { orders: Array<{ items: unknown[] }> }).orders.reduce(
      (n, o) => n + o.items.length,
      0,
    );
    const runs = triggerRuns(env, start);
    const c = env.rt.counters();
    const pages = Math.ceil(count / 50);
    const cells = count * ORDER_HEADER_LIST.length + lines * ITEM_HEADER_LIST.length + count * 3;
    const backlog = {
      calls: getOrdersCalls(env).length,
      runs: runs.length,
      roundTrips: c.sheetsRoundTrips,
      cellsRead: c.cellsRead,
      cellsWritten: c.cellsWritten,
      seconds: runs.reduce((s, e) => s + (e.endedAt - e.startedAt), 0) / 1000,
      floorSeconds: (pages * (ORDERS_LATENCY_MS + 4 * COSTS.sheetsRoundTripMs) + cells * COSTS.perCellWriteMs) / 1000,
    };
    // Every row is in: run on until both streams have read to the end of their lists (the changes
    // stream still has a few pages: it took one call in four while new orders had a backlog).
    const pending = () => (JSON.parse(env.rt.properties('document')['orders.status'] ?? '{}') as { pending?: boolean }).pending !== false;
    for (let i = 0, quiet = 0; quiet < 3; i++) {
      if (i > 300) throw new Error('the import did not catch up within 300 minutes of its last row');
      env.rt.advance(60_000);
      quiet = pending() ? 0 : quiet + 1;
    }
    const idleStart = env.rt.now();
    env.rt.resetCounters();
    // Minute by minute: a run that calls the hub, and one that finds the next call not yet allowed
    // (the rate limit's slack makes every other run one), are told apart by their fetches.
    const callingMs: number[] = [];
    for (let i = 0; i < idleMinutes; i++) {
      const [at, fetchesBefore] = [env.rt.now(), env.rt.counters().fetchCalls];
      env.rt.advance(60_000);
      if (env.rt.counters().fetchCalls > fetchesBefore) callingMs.push(runtimeMs(triggerRuns(env, at)));
    }
    if (importedRows(env) !== count) throw new Error(`idle runs changed the sheet: ${importedRows(env)} rows`);
    const idleRuns = triggerRuns(env, idleStart);
    const ic = env.rt.counters();
    const calls = ic.fetchCalls;
    const total = idleRuns.reduce((s, e) => s + (e.endedAt - e.startedAt), 0);
    return {
      orders: count,
      lines,
      backlog,
      idle: {
        runs: idleRuns.length,
        calls,
        roundTrips: ic.sheetsRoundTrips,
        cellsRead: ic.cellsRead,
        propertyOps: ic.propertyReads + ic.propertyWrites,
        ...callingRuns(callingMs),
        msPerRun: total / Math.max(1, idleRuns.length),
        floorMs: ORDERS_LATENCY_MS,
        // As Google counts it: the runs' virtual time, start-up and load included.
        minutesPerDay: ((total / idleMinutes) * 1440) / 60_000,
      },
    };
  } finally {
    await env.close();
  }
}

export const ORDER_SCALE_TABLE_HEADER = [
  '| run | Get Orders calls | trigger runs | Sheets round trips | cells read | virtual time | floor | × floor |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
].join('\n');

/** The two rows of the scale run. */
export function orderScaleRows(f: OrderScaleFigures): string[] {
  const n = f.orders.toLocaleString('en-US');
  const b = f.backlog;
  const i = f.idle;
  return [
    `| order import: ${n}-order backlog into an empty sheet (${f.lines.toLocaleString('en-US')} lines) | ${b.calls} | ${b.runs} | ${b.roundTrips.toLocaleString('en-US')} (${(b.roundTrips / b.calls).toFixed(1)} per call) | ${b.cellsRead.toLocaleString('en-US')} | ${b.seconds.toFixed(1)} s of trigger runtime (${((1000 * b.seconds) / f.orders).toFixed(1)} s per 1,000 orders) | ${b.floorSeconds.toFixed(1)} s | ${(b.seconds / b.floorSeconds).toFixed(2)} |`,
    `| an idle run against a ${n}-order sheet (goal ≤ 0.5 s virtual) | ${i.calls} in ${i.runs} runs | ${i.runs} | ${i.roundTrips} | ${i.cellsRead} | ${(i.msPerCall / 1000).toFixed(2)} s a run that calls (median; mean ${(i.meanMsPerCall / 1000).toFixed(2)} s, slowest ${(i.slowestCallMs / 1000).toFixed(2)} s), ${(i.msPerRun / 1000).toFixed(2)} s a run on average (${i.propertyOps} property reads and writes in all); ${i.minutesPerDay.toFixed(1)} min/day of trigger runtime at one run a minute, start-up included | ${(i.floorMs / 1000).toFixed(2)} s | ${(i.msPerCall / i.floorMs).toFixed(2)} |`,
  ];
}

if (require.main === module) {
  // `tsx bench/orders.ts scale 2000` runs the scale rows alone, with a smaller N while developing.
  const scale = process.argv[2] === 'scale';
  const [backlog, perHour, hours] = process.argv.slice(3).map(Number);
  (process.argv[2] === 'addon'
    ? benchAddonOrders(backlog ?? 2000, perHour ?? 0, hours ?? 24).then((f) =>
        console.log([ADDON_ORDERS_TABLE_HEADER, addonOrdersRow(`${backlog} + ${perHour}/h over ${hours} h`, f)].join('\n')),
      )
    : scale
      ? benchOrderScale(Number(process.argv[3] ?? 10_000)).then((f) =>
          console.log([ORDER_SCALE_TABLE_HEADER, ...orderScaleRows(f)].join('\n')),
        )
      : benchOrders().then((f) => {
          console.log(ORDERS_TABLE_HEADER);
          console.log(ordersRow(f));
        })
  ).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

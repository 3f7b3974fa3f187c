/**
 * What a push of given plans will cost before it is pressed: the hub requests, the UrlFetch calls,
 * and roughly how long. The requests are counted by running the engine's own round planning
 * (rounds.ts RoundQueue with send.ts partsPerRound) over the plans, chunk by chunk as the push will
 * cut them (a sidebar push block by block of the sheet, or `chunkRows` rows at a time; the menu's
 * in one go), each round's parts packed into requests as the client packs them (packDistinct, 50
 * items; one SKU per by-channel request; one async job per round). Retries are not foreseen: a hub
 * that fails makes more. estimateSend is pure; costOf adds the day's count as stored.
 */
import { MAX_ITEMS_PER_REQUEST } from '../../api/endpoints';
import { packDistinct } from '../../api/packing';
import { RESULT_HEADERS } from '../../sheet/header-names';
import type { Context } from '../kernel/context';
import { addCalls, fetchDay, fetchQuota } from '../kernel/fetch-quota';
import { fetchPlace, readFetchWindow } from '../kernel/fetch-store';
import type { SendCost } from '../kernel/send-cost';
import { localDateTime } from '../kernel/time';
import type { Part, RowPlan } from '../pipeline/parts';
import type { PartResult } from '../pipeline/outcome';
import { partsPerRound } from '../pipeline/send';
import { blocksApply } from './blocks';
import { RoundQueue } from './rounds';
import type { PushRun } from './run-store';
import type { LoadedSheet } from '../pipeline/load';
import type { SendPlan } from './pending';
import { writeEstimateMs } from './write-time';

/** Where the push runs: the sidebar's chunks (block by block of the sheet when `blocks`), or the menu's executions. */
export type SendFrom = { kind: 'menu' } | { kind: 'sidebar'; chunkRows: number; blocks: BlockWay };

/**
 * How a sidebar run goes over the sheet: block by block (`all`); by its first block that sends,
 * then `chunkRows` pending rows at a time (`first`: a sheet's first push adds the result columns,
 * the header no longer hashes as recorded and the run goes on with whole reads, blocks.ts); or
 * `chunkRows` pending rows at a time from the start (`none`).
 */
export type BlockWay = 'all' | 'first' | 'none';

export interface SendEstimate {
  /** Requests that send values. */
  send: number;
  /** Requests that read the hub first (a previewed push and an undo check the hub again before sending). */
  check: number;
  /** Requests that read the async jobs' results once they are done (one poll each: its status and its pages). */
  poll: number;
  /** UrlFetchApp.fetchAll calls: each waits for its slowest request. */
  fetchAlls: number;
  /** Executions: the sidebar's chunks, or 1 for the menu (a push longer than one execution goes on in the background). */
  executions: number;
  /** Rows whose results are written. */
  rows: number;
}

/**
 * Figures for "roughly how long" (Google publishes none): one fetchAll of 3 requests took 0.93 s,
 * server time included, in https://www.pre-practice.net/2020/03/urlfetchappfetchallfetch.html (the
 * measurement dev/gas-runtime/costs.ts cites); an execution's start-up, bundle, lock and property
 * calls ≈ 1 s in the runtime emulator's cost model; writing the results, write-time.ts.
 */
const FETCH_ALL_MS = 900;
const EXECUTION_MS = 1_000;
/**
 * Where a push runs: the sidebar's chunks of `chunkRows` (null: the menu), block by block of the
 * sheet when the run goes that way (blocks.ts); a limited push of `limitedRows` rows only beyond
 * one chunk (run.ts sidebarStart).
 */
export function sendFrom(
  loaded: Pick<LoadedSheet, 'table'>,
  run: Pick<PushRun, 'operation' | 'scope'>,
  chunkRows: number | null,
  limitedRows?: number,
): SendFrom {
  if (chunkRows === null) return { kind: 'menu' };
  if (!blocksApply(run, loaded) || (limitedRows !== undefined && limitedRows <= chunkRows))
    return { kind: 'sidebar', chunkRows, blocks: 'none' };
  return { kind: 'sidebar', chunkRows, blocks: loaded.table.columns.result.status === undefined ? 'first' : 'all' };
}

/** A part's answer, as far as the planning of the next rounds cares: it has one. */
const ANSWERED: PartResult = { ok: true, message: '', channels: {} };

/** The requests a round's parts of one kind take, as the client sends them. */
function requestsOf(kind: Part['kind'], parts: readonly Part[]): number {
  if (parts.length === 0) return 0;
  if (kind === 'byChannel') return parts.length;
  if (kind === 'async') return 1;
  const key = (p: Part): string => (p.kind === 'erp' ? p.item.internalId : 'sku' in p.item ? p.item.sku : '');
  return packDistinct(parts, key, MAX_ITEMS_PER_REQUEST).length;
}

/** One chunk's rounds, as the chunk sends them (chunk.ts sendRounds), every part answered. */
function chunkCost(plans: readonly SendPlan[], concurrency: number): { requests: number; fetchAlls: number; jobItems: number[] } {
  const queue = new RoundQueue(plans);
  let requests = 0;
  let fetchAlls = 0;
  const jobItems: number[] = [];
  while (!queue.empty) {
    const round = queue.take((kind) => partsPerRound(kind, concurrency));
    const byKind = new Map<Part['kind'], Part[]>();
    for (const { row, indexes } of round) {
      for (const i of indexes) {
        const part = row.plan.parts[i];
        byKind.set(part.kind, [...(byKind.get(part.kind) ?? []), part]);
        row.results[i] = ANSWERED;
      }
    }
    byKind.forEach((parts, kind) => {
      const made = requestsOf(kind, parts);
      requests += made;
      fetchAlls += Math.ceil(made / Math.max(1, concurrency));
      if (kind === 'async') jobItems.push(parts.length);
    });
    queue.settle(round);
  }
  return { requests, fetchAlls, jobItems };
}

/** `size` rows at a time. */
function slices(plans: readonly RowPlan[], size: number): RowPlan[][] {
  const out: RowPlan[][] = [];
  for (let i = 0; i < plans.length; i += size) out.push(plans.slice(i, i + size));
  return out;
}

/** The plans of each execution, in the order the push takes them (plans in sheet order). */
function chunksOf(plans: readonly RowPlan[], from: SendFrom): RowPlan[][] {
  if (from.kind === 'menu') return plans.length > 0 ? [[...plans]] : [];
  const size = Math.max(1, from.chunkRows);
  if (from.blocks === 'none' || plans.length === 0) return slices(plans, size);
  // Block by block: the sheet's rows 2.., `size` a block; after the first that sends, perhaps whole reads.
  const blockOf = (plan: RowPlan): number => Math.floor((plan.rowNumber - 2) / size);
  const first = plans.filter((p) => blockOf(p) === blockOf(plans[0]));
  if (from.blocks === 'first') return [first, ...slices(plans.slice(first.length), size)];
  const chunks = new Map<number, RowPlan[]>();
  for (const plan of plans) chunks.set(blockOf(plan), [...(chunks.get(blockOf(plan)) ?? []), plan]);
  return [...chunks.values()];
}

/** Get Job Status's pages for a job of `items` items: its status request, its pages of 50 and the empty page that ends them. */
function pollOf(items: number): number {
  return 1 + Math.ceil(items / MAX_ITEMS_PER_REQUEST) + 1;
}

/** The requests, fetchAll calls and executions a push of `plans` makes; `check`: requests it reads the hub with first. */
export function estimateSend(plans: readonly RowPlan[], from: SendFrom, concurrency: number, check = 0): SendEstimate {
  let send = 0;
  let poll = 0;
  let fetchAlls = Math.ceil(check / Math.max(1, concurrency));
  const chunks = chunksOf(plans, from);
  for (const chunk of chunks) {
    const cost = chunkCost(
      chunk.filter((p): p is SendPlan => p.send),
      concurrency,
    );
    send += cost.requests;
    fetchAlls += cost.fetchAlls;
    for (const items of cost.jobItems) poll += pollOf(items);
  }
  return { send, check, poll, fetchAlls, executions: Math.max(1, chunks.length), rows: plans.length };
}

/** Roughly how long, in seconds: the fetchAll calls, the executions, writing the rows' results. */
export function estimateSeconds(e: SendEstimate): number {
  const write = writeEstimateMs(e.rows, Object.keys(RESULT_HEADERS).length, e.rows, 0);
  return (e.fetchAlls * FETCH_ALL_MS + e.executions * EXECUTION_MS + write) / 1000;
}

/** The estimate with the day's count: the calls it takes, what is left today for this user, how long. */
export function costOf(ctx: Context, e: SendEstimate): SendCost {
  const now = ctx.ports.clock.now();
  const transport = ctx.ports.transport;
  // This execution's calls are added to the stored count at its end: count them here too.
  const madeNow = 'calls' in transport && transport.calls ? transport.calls() : 0;
  const stored = readFetchWindow(fetchPlace(ctx.ports, ctx.settings.deployment));
  const day = fetchDay(madeNow > 0 ? addCalls(stored, madeNow, now) : stored, fetchQuota(ctx.settings), now);
  const requests = e.send + e.check + e.poll;
  return {
    requests,
    calls: requests,
    quota: day.quota,
    left: day.left,
    resetsAt: day.resetsAt === null ? null : localDateTime(day.resetsAt, ctx.ports.session.timeZone()),
    seconds: estimateSeconds(e),
  };
}

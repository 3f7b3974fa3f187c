import type { HubClient } from '../../api/client';
import type { Context } from '../context';
import { duplicateReason, type ParsedRow } from '../../sheet';
import { doneInRun, rowKey, type LoadedSheet } from './load';
import { appendJournal, clearInFlight, clearJournal, markInFlight, nextRound, readInFlight, readJournal, type JournalEntry } from './journal';
import { combineParts, type PartResult } from './outcome';
import { planFor, type Part, type RowPlan } from './parts';
import type { PushRun } from './run-store';
import { partsPerRound, sendParts } from './send';
import type { ConfirmedValues } from './snapshot';
import type { RowResult } from './types';
import { writeResults } from './writeback';
import { channelAliases } from '../settings/aliases';

export interface ChunkLimits {
  /** At most this many rows in this chunk (the sidebar's progress step). */
  maxRows: number;
  /** Epoch ms after which no new round of requests starts (the execution budget, with margin). */
  deadline: number;
}

export interface ChunkOutcome {
  processed: number;
  ok: number;
  failed: number;
  skipped: number;
  requests: number;
  retries: number;
  retryReasons: Record<string, number>;
  /** Rows of the run still to do after this chunk. */
  remaining: number;
  /** The first failed row of this chunk and its reason. */
  firstFailure: string | null;
  /** Set when the hub refused the token: the chunk stopped there and the push must end. */
  authError: string | null;
  /** Async jobs created in this chunk, with their row count. */
  jobs: Array<{ jobId: string; rows: number }>;
}

/** The rows of the run not done yet, in sheet order, with their plans. */
export function pendingRows(ctx: Context, loaded: LoadedSheet, run: PushRun, selected: Set<string> | null): RowPlan[] {
  const pending: RowPlan[] = [];
  const rows = loaded.table.rows.filter((row) => !row.blank);
  const erpTwice = run.operation === 'erp' ? repeatedErpIds(rows) : null;
  for (const row of rows) {
    if (selected && !selected.has(rowKey(row))) continue;
    if (doneInRun(loaded, row, run.startedAt)) continue;
    const plan = planFor(run.operation, row, loaded.table.columns, row.sku ? loaded.confirmed.get(row.sku) : undefined, run.scope === 'changed');
    const others = erpTwice && row.erpId ? erpTwice.get(row.erpId) : undefined;
    if (plan && others) {
      // Two rows with one ERP id would set one product twice, in an order nobody chose.
      const shown = others.filter((n) => n !== row.rowNumber);
      pending.push({ rowNumber: row.rowNumber, sku: row.sku, send: false, reason: duplicateReason(row.erpId as string, shown.slice(0, 5), shown.length, 'ERP id'), nothingToSend: false, notes: [] });
    } else if (plan) pending.push(plan);
  }
  return pending;
}

/** ERP ids on more than one row, with those rows. */
function repeatedErpIds(rows: ParsedRow[]): Map<string, number[]> {
  const byId = new Map<string, number[]>();
  for (const row of rows) if (row.erpId) byId.set(row.erpId, [...(byId.get(row.erpId) ?? []), row.rowNumber]);
  for (const [id, list] of byId) if (list.length < 2) byId.delete(id);
  return byId;
}

/** A row's result rebuilt from the journal: what the hub confirmed before the interruption. */
function fromJournal(plan: Extract<RowPlan, { send: true }>, entry: JournalEntry): RowResult {
  const values = Object.assign({}, ...plan.parts.map((p) => p.values)) as Record<string, number>;
  if (entry.startsWith('P:')) {
    const jobId = entry.slice(2);
    return { status: 'Pending', jobId, message: `Queued in async job ${jobId} (recorded before an interruption; not sent again)`, channels: {} };
  }
  return { status: 'OK', message: 'Confirmed by the hub before an interruption; not sent again', channels: {}, confirmed: values };
}

function unsentResult(plan: Extract<RowPlan, { send: false }>): RowResult {
  const message = [plan.reason, ...plan.notes].join(' \u00B7 ');
  return { status: plan.nothingToSend ? 'Skipped' : 'Error', message, channels: {} };
}

/** Takes rows for one round: parts of a kind up to what one fetchAll round carries. */
function takeRound(queue: Array<Extract<RowPlan, { send: true }>>, concurrency: number): Array<Extract<RowPlan, { send: true }>> {
  const taken: Array<Extract<RowPlan, { send: true }>> = [];
  const used = new Map<Part['kind'], number>();
  while (queue.length > 0) {
    const next = queue[0];
    const fits = next.parts.every((p) => (used.get(p.kind) ?? 0) + 1 <= partsPerRound(p.kind, concurrency));
    if (!fits && taken.length > 0) break;
    taken.push(queue.shift() as Extract<RowPlan, { send: true }>);
    for (const p of next.parts) used.set(p.kind, (used.get(p.kind) ?? 0) + 1);
  }
  return taken;
}

/**
 * One chunk of a push: plans the next rows of the run, sends them round by round (one fetchAll
 * of up to `concurrency` requests each) until the rows or the time run out, then writes every
 * result in one block per run of result columns and records confirmed values in the snapshot.
 * Rows not sent before the deadline stay pending for the next chunk; nothing is written for them.
 */
export function runChunk(ctx: Context, client: HubClient, loaded: LoadedSheet, run: PushRun, selected: Set<string> | null, limits: ChunkLimits): ChunkOutcome {
  const { clock } = ctx.ports;
  const aliases = channelAliases(ctx.settings);
  const store = ctx.ports.documentStore;
  const pending = pendingRows(ctx, loaded, run, selected);
  const slice = pending.slice(0, limits.maxRows);
  const results = new Map<number, RowResult>();
  const queue: Array<Extract<RowPlan, { send: true }>> = [];
  const jobs = new Map<string, number>();
  // Rows an interrupted execution already got confirmed: their result is written, not resent.
  const journal = readJournal(store, run.id);
  const inFlight = run.operation === 'async' ? readInFlight(store, run.id) : new Set<string>();
  for (const plan of slice) {
    const recorded = plan.send ? journal.get(rowKey(plan)) : undefined;
    if (plan.send && !recorded && inFlight.has(rowKey(plan))) {
      results.set(plan.rowNumber, {
        status: 'Error',
        message: 'The execution stopped while this row\u2019s async job was being created, so it may or may not exist: check the Jobs sheet and the hub before sending this row again.',
        channels: {},
      });
    } else if (recorded) {
      const result = fromJournal(plan as Extract<RowPlan, { send: true }>, recorded);
      results.set(plan.rowNumber, result);
      if (result.jobId) jobs.set(result.jobId, (jobs.get(result.jobId) ?? 0) + 1);
    } else if (plan.send) queue.push(plan);
    else results.set(plan.rowNumber, unsentResult(plan));
  }
  let journalRound = journal.size > 0 ? nextRound(store) : 0;
  const requestsBefore = client.stats.requests;
  const retriesBefore = client.stats.retries;
  const reasonsBefore = { ...client.stats.retryReasons };
  let lastRoundMs = 0;
  let authError: string | null = null;
  while (queue.length > 0 && authError === null && clock.now() + lastRoundMs < limits.deadline) {
    const started = clock.now();
    const round = takeRound(queue, ctx.settings.concurrency);
    const parts = round.flatMap((plan) => plan.parts);
    const createsJob = parts.some((p) => p.kind === 'async');
    if (createsJob) markInFlight(store, run.id, round.map((plan) => rowKey(plan)));
    const got = sendParts(client, parts, aliases);
    authError = got.find((r) => r.authFailure)?.message ?? null;
    let at = 0;
    const confirmedThisRound: Array<[string, JournalEntry]> = [];
    for (const plan of round) {
      const mine: PartResult[] = got.slice(at, at + plan.parts.length);
      at += plan.parts.length;
      const result = combineParts(mine, plan.notes);
      results.set(plan.rowNumber, result);
      if (result.jobId && result.status === 'Pending') jobs.set(result.jobId, (jobs.get(result.jobId) ?? 0) + 1);
      if (result.status === 'OK') confirmedThisRound.push([rowKey(plan), 'OK']);
      if (result.status === 'Pending' && result.jobId) confirmedThisRound.push([rowKey(plan), `P:${result.jobId}`]);
    }
    appendJournal(store, run.id, journalRound++, confirmedThisRound);
    if (createsJob) clearInFlight(store);
    lastRoundMs = clock.now() - started;
  }
  const now = clock.now();
  writeResults({
    sheet: loaded.sheet,
    values: loaded.values,
    results,
    now,
    allChannels: run.operation === 'stock' || run.operation === 'async',
    channelStatus: loaded.table.columns.channelStatus,
    channelAliases: aliases,
  });
  const confirmed = new Map<string, ConfirmedValues>();
  const skuByRow = new Map(slice.map((p) => [p.rowNumber, p.sku]));
  results.forEach((r, rowNumber) => {
    const sku = skuByRow.get(rowNumber);
    if (sku && r.confirmed) confirmed.set(sku, r.confirmed);
  });
  loaded.snapshot.save(confirmed, loaded.confirmed, now);
  if (journalRound > 0 || journal.size > 0) clearJournal(store);
  if (inFlight.size > 0) clearInFlight(store);
  let ok = 0;
  let failed = 0;
  let skipped = 0;
  let firstFailure: string | null = null;
  [...results.keys()].sort((a, b) => a - b).forEach((rowNumber) => {
    const r = results.get(rowNumber) as RowResult;
    if (firstFailure === null && (r.status === 'Error' || r.status === 'Warning')) firstFailure = `row ${rowNumber}: ${r.message}`;
  });
  results.forEach((r) => {
    if (r.status === 'OK' || r.status === 'Pending') ok++;
    else if (r.status === 'Skipped') skipped++;
    else failed++;
  });
  return {
    processed: results.size,
    ok,
    failed,
    skipped,
    requests: client.stats.requests - requestsBefore,
    retries: client.stats.retries - retriesBefore,
    retryReasons: Object.fromEntries(
      Object.entries(client.stats.retryReasons).map(([k, v]) => [k, v - (reasonsBefore[k] ?? 0)]).filter(([, v]) => (v as number) > 0),
    ),
    remaining: pending.length - results.size,
    firstFailure,
    authError,
    jobs: [...jobs].map(([jobId, rows]) => ({ jobId, rows })),
  };
}

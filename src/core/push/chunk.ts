import type { HubClient } from '../../api/client';
import type { Context } from '../context';
import { duplicateReason, type ParsedRow } from '../../sheet';
import { doneInRun, rowKey, type LoadedSheet } from './load';
import { JOURNAL_FLUSH_CHARS, UNKNOWN, appendJournal, clearInFlight, clearJournal, journalledRows, markInFlight, nextRound, toRanges, type JournalEntry } from './journal';
import { UserError } from '../errors';
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
    return { status: 'Pending', jobId, message: `Queued in async job ${jobId} (recorded before an interruption; not sent again)`, channels: {}, restored: true };
  }
  return { status: 'OK', message: 'Confirmed by the hub before an interruption; not sent again', channels: {}, confirmed: values, restored: true };
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

/** Counts of a chunk's results, and its first failure, for the run's summary. */
function tally(results: Map<number, RowResult>): { ok: number; failed: number; skipped: number; firstFailure: string | null } {
  let ok = 0;
  let failed = 0;
  let skipped = 0;
  let firstFailure: string | null = null;
  for (const rowNumber of [...results.keys()].sort((a, b) => a - b)) {
    const r = results.get(rowNumber) as RowResult;
    if (r.status === 'OK' || r.status === 'Pending') ok++;
    else if (r.status === 'Skipped') skipped++;
    else failed++;
    if (firstFailure === null && (r.status === 'Error' || r.status === 'Warning')) firstFailure = `row ${rowNumber}: ${r.message}`;
  }
  return { ok, failed, skipped, firstFailure };
}

/** Results of rows recorded in the journal by an execution that was stopped before writing them. */
function replayJournal(ctx: Context, loaded: LoadedSheet, run: PushRun, slice: RowPlan[]): Map<number, RowResult> {
  const keyAt = new Map(loaded.table.rows.map((r) => [r.rowNumber, rowKey(r)]));
  const recorded = journalledRows(ctx.ports.documentStore, run.id, (n) => keyAt.get(n));
  const out = new Map<number, RowResult>();
  for (const plan of slice) {
    const entry = plan.send ? recorded.get(plan.rowNumber) : undefined;
    if (entry === UNKNOWN) {
      out.set(plan.rowNumber, {
        status: 'Error',
        message: 'The execution stopped while this row\u2019s async job was being created, so it may or may not exist: check the Jobs sheet and the hub before sending this row again.',
        channels: {},
        restored: true,
      });
    } else if (entry) {
      out.set(plan.rowNumber, fromJournal(plan as Extract<RowPlan, { send: true }>, entry));
    }
  }
  return out;
}

/**
 * Refuses to write results when rows moved since they were read (sorted, inserted, deleted during
 * a long push): a result must never land on another SKU's row. Pushing again finds the rows by SKU;
 * the journal's ranges no longer match moved rows, so those are sent again (harmless).
 */
function assertRowsInPlace(loaded: LoadedSheet, results: Map<number, RowResult>): void {
  const skuColumn = loaded.table.columns.input.sku;
  if (skuColumn === undefined || results.size === 0) return;
  const rows = [...results.keys()];
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  const now = loaded.sheet.readBlock(top, skuColumn + 1, bottom - top + 1, 1);
  const moved = rows.some((r) => {
    const read = loaded.values[r - 1]?.[skuColumn];
    const current = now[r - top]?.[0];
    return String(read ?? '') !== String(current ?? '');
  });
  if (moved) {
    throw new UserError(`Rows of "${loaded.sheet.name}" were sorted, inserted or deleted while the push ran, so its results were not written (none may land on another SKU's row). Push again to write them: rows are found again by SKU, and sending stock or prices a second time is safe (they are absolute values).`);
  }
}

/**
 * One chunk of a push: plans the next rows of the run, sends them round by round (one fetchAll
 * of up to `concurrency` requests each) until the rows or the time run out, and writes the
 * results in one block per run of result columns, recording confirmed values in the snapshot.
 * Results are written at the end, or earlier when the journal grows large. Rows not sent before
 * the deadline stay pending for the next chunk; nothing is written for them.
 */
export function runChunk(ctx: Context, client: HubClient, loaded: LoadedSheet, run: PushRun, selected: Set<string> | null, limits: ChunkLimits): ChunkOutcome {
  const { clock } = ctx.ports;
  const aliases = channelAliases(ctx.settings);
  const store = ctx.ports.documentStore;
  const pending = pendingRows(ctx, loaded, run, selected);
  const slice = pending.slice(0, limits.maxRows);
  const skuByRow = new Map(slice.map((p) => [p.rowNumber, p.sku]));
  const keyByRow = new Map(slice.map((p) => [p.rowNumber, rowKey(p)]));
  const jobs = new Map<string, number>();
  const noteJob = (result: RowResult): void => {
    if (result.jobId && result.status === 'Pending') jobs.set(result.jobId, (jobs.get(result.jobId) ?? 0) + 1);
  };
  // Results not yet in the sheet, and all of this chunk's results (for the counts).
  let unwritten = replayJournal(ctx, loaded, run, slice);
  const all = new Map(unwritten);
  unwritten.forEach(noteJob);
  const queue: Array<Extract<RowPlan, { send: true }>> = [];
  for (const plan of slice) {
    if (unwritten.has(plan.rowNumber)) continue;
    if (plan.send) queue.push(plan);
    else {
      unwritten.set(plan.rowNumber, unsentResult(plan));
      all.set(plan.rowNumber, unwritten.get(plan.rowNumber) as RowResult);
    }
  }
  let journalRound = nextRound(store);
  let journalChars = 0;
  let journalling = true;
  const flush = (): void => {
    if (unwritten.size === 0) return;
    assertRowsInPlace(loaded, unwritten);
    const now = clock.now();
    writeResults({
      sheet: loaded.sheet,
      values: loaded.values,
      results: unwritten,
      now,
      allChannels: run.operation === 'stock' || run.operation === 'async',
      channelStatus: loaded.table.columns.channelStatus,
      channelAliases: aliases,
    });
    const confirmed = new Map<string, ConfirmedValues>();
    unwritten.forEach((r, rowNumber) => {
      const sku = skuByRow.get(rowNumber);
      if (sku && r.confirmed) confirmed.set(sku, r.confirmed);
    });
    loaded.snapshot.save(confirmed, loaded.confirmed, now);
    clearJournal(store);
    journalChars = 0;
    unwritten = new Map();
  };

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
    if (createsJob) markInFlight(store, run.id, toRanges(round.map((plan) => ({ rowNumber: plan.rowNumber, key: rowKey(plan), entry: UNKNOWN }))));
    const got = sendParts(client, parts, aliases);
    authError = got.find((r) => r.authFailure)?.message ?? null;
    let at = 0;
    const confirmedThisRound: Array<{ rowNumber: number; key: string; entry: JournalEntry }> = [];
    for (const plan of round) {
      const result = combineParts(got.slice(at, at + plan.parts.length), plan.notes);
      at += plan.parts.length;
      unwritten.set(plan.rowNumber, result);
      all.set(plan.rowNumber, result);
      noteJob(result);
      const key = keyByRow.get(plan.rowNumber) as string;
      if (result.status === 'OK') confirmedThisRound.push({ rowNumber: plan.rowNumber, key, entry: 'OK' });
      if (result.status === 'Pending' && result.jobId) confirmedThisRound.push({ rowNumber: plan.rowNumber, key, entry: `P:${result.jobId}` });
    }
    if (journalling) {
      try {
        journalChars += appendJournal(store, run.id, journalRound++, toRanges(confirmedThisRound));
      } catch {
        // The properties store is full: go on without the journal (an interruption would then
        // re-send these rows, which is safe for stock and prices) and write results sooner.
        journalling = false;
        flush();
      }
    }
    if (createsJob) clearInFlight(store);
    // A large journal (scattered rows) is turned into written results before it fills the store.
    if (journalChars > JOURNAL_FLUSH_CHARS) flush();
    lastRoundMs = clock.now() - started;
  }
  flush();
  clearInFlight(store);
  const counts = tally(all);
  return {
    ...counts,
    requests: client.stats.requests - requestsBefore,
    retries: client.stats.retries - retriesBefore,
    retryReasons: Object.fromEntries(
      Object.entries(client.stats.retryReasons).map(([k, v]) => [k, v - (reasonsBefore[k] ?? 0)]).filter(([, v]) => (v as number) > 0),
    ),
    remaining: pending.length - all.size,
    authError,
    jobs: [...jobs].map(([jobId, rows]) => ({ jobId, rows })),
  };
}

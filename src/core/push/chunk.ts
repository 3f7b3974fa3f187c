import type { HubClient } from '../../api/client';
import { RESULT_HEADERS, type PushedValues } from '../../sheet';
import type { Context } from '../context';
import { QuotaError } from '../errors';
import { afterJobRequest, beforeJobRequest, queuedSkus } from '../jobs/queued';
import { channelAliases } from '../settings/aliases';
import { JOURNAL_FLUSH_CHARS, JournalWriter, journalCadence, toRanges, type JournalEntry } from './journal';
import { isKeyless, rowIdentity, type LoadedSheet } from './load';
import { combineParts, type PartResult } from './outcome';
import { applyConfirmed, forgetSent, snapshotSteps } from './order';
import { pruneReapplied, type RowPlan } from './parts';
import { pendingRows, sentValues, unsentResult, type SendPlan } from './pending';
import { placeResults, valuesNow, type PendingResult, type SnapshotStep } from './relocate';
import { journalKeyOf, replay } from './replay';
import { RoundQueue, type RowInFlight } from './rounds';
import { appendDone, type PushRun, type RunRows } from './run-store';
import { partsPerRound, sendParts } from './send';
import type { ConfirmedValues } from './snapshot';
import { readStockTable } from './stock-table';
import type { RowResult } from './types';
import { resultOptions, writeResults } from './writeback';
import { writeEstimateMs } from './write-time';
import { recordUndo, undoEntries } from '../undo/record';
import { noteLowStockQuietly } from '../alerts/low-stock';
import { confirmedQuantities } from './low-stock';
import { undoneResult } from '../undo/plan';

export interface ChunkLimits {
  /** At most this many rows in this chunk (the sidebar's progress step). */
  maxRows: number;
  /** Epoch ms after which no new round of requests starts (the execution budget, with margin). */
  deadline: number;
  /** Epoch ms by which the results must be written: no round starts whose rows could not be (write-time.ts). */
  writeBy?: number;
  /** More rows of the run follow this chunk's (a block of a linear sidebar run): record the rows done. */
  more?: boolean;
}

/** Why a push cannot go on: the hub refused the token, or a daily quota of Apps Script is used up. */
export interface PushStop {
  kind: 'auth' | 'quota';
  message: string;
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
  /** Set when the push must stop: the chunk stopped there; rows not sent stay unsent. */
  stop: PushStop | null;
  /** Results in the hub's answers that named nothing sent (never applied), one line each. */
  extras: string[];
  /** Results not written: their rows moved and their SKU is now missing or repeated. They are sent again. */
  unplaced: number;
  /** Rows were recorded as done in the run sheet. */
  keptRows: boolean;
  /** Rows written with edits the push does not send (the Price rule: said, never dropped), and the first of them. */
  unsent: number;
  firstUnsent: string | null;
  /** When rows with no key were written (their Synced at) and how many, for PushRun.keylessWrittenAt. */
  keylessWrittenAt: Array<{ at: number; rows: number }>;
}

/** Operations whose value the hub passes on to every channel with a listing: every Status [channel] is about them. */
const ALL_CHANNELS: ReadonlySet<PushRun['operation']> = new Set(['stock', 'async', 'erp']);

/**
 * A row's per-channel quantities that ride along after its general quantity (push changes) are
 * cut, just before they go, to the channels the hub really overwrote; a part left with nothing
 * to send is done without a request.
 */
function reapplyOnlyWhatWasOverwritten(row: RowInFlight, indexes: readonly number[]): void {
  for (const index of indexes) {
    const part = row.plan.parts[index];
    if (part.kind !== 'byChannel' || !part.reapplied) continue;
    const at = row.plan.parts.findIndex((p) => p.kind === 'stock');
    const stockPart = row.plan.parts[at];
    const stock = at >= 0 ? row.results[at] : undefined;
    const general = stock?.ok && stockPart?.kind === 'stock' ? { quantity: stockPart.item.quantity, channels: stock.channels } : null;
    const pruned = pruneReapplied(part, general);
    if (pruned.part) row.plan.parts[index] = pruned.part;
    else row.results[index] = { ok: true, message: 'Per-channel quantities already as the hub holds them', channels: {}, confirmed: {} };
    if (pruned.reapplied.length > 0) {
      const passed = general ? 'passed it on to' : 'may have passed it on to every channel, including';
      row.plan.notes.push(
        `${pruned.reapplied.map((ch) => `Quantity [${ch}]`).join(', ')} sent again after the general Quantity: the hub ${passed} ${pruned.reapplied.length === 1 ? 'that channel' : 'those channels'}`,
      );
    }
  }
}

/** Counts of written results, and the first failure, for the run's summary. */
function tally(written: Map<number, RowResult>): { ok: number; failed: number; skipped: number; firstFailure: string | null } {
  let ok = 0;
  let failed = 0;
  let skipped = 0;
  let firstFailure: string | null = null;
  for (const rowNumber of [...written.keys()].sort((a, b) => a - b)) {
    const r = written.get(rowNumber) as RowResult;
    if (r.held || r.status === 'Skipped') skipped++;
    else if (r.status === 'OK' || r.status === 'Pending' || r.status === 'Undone') ok++;
    else failed++;
    if (firstFailure === null && r.status !== 'OK' && r.status !== 'Pending' && r.status !== 'Skipped' && r.status !== 'Undone')
      firstFailure = `row ${rowNumber}: ${r.message}`;
  }
  return { ok, failed, skipped, firstFailure };
}

/**
 * One chunk of a push: plans the next rows of the run, sends them round by round (one fetchAll
 * of up to `concurrency` requests each, a row's overlapping parts in successive rounds) until
 * the rows or the time run out, and writes the results — re-reading the sheet first, so that each
 * lands on its own row in the add-on's own columns whatever happened to the sheet meanwhile —
 * recording confirmed values in the snapshot. Rows not sent before the deadline stay pending for
 * the next chunk; nothing is written for them.
 */
export function runChunk(
  ctx: Context,
  client: HubClient,
  loaded: LoadedSheet,
  run: PushRun,
  kept: RunRows,
  limits: ChunkLimits,
): ChunkOutcome {
  const { clock } = ctx.ports;
  const aliases = channelAliases(ctx.settings);
  const store = ctx.ports.documentStore;
  // Only an async run can have its own job requests to find again.
  const queued = queuedSkus(ctx, run.operation === 'async' ? run.id : null);
  const pending = pendingRows(loaded, run, kept, queued);
  const slice = pending.slice(0, limits.maxRows);
  const planAt = new Map(slice.map((p) => [p.rowNumber, p]));
  const extras: string[] = [];
  let unplaced = 0;
  // Results not yet in the sheet, and the results written (by planned row) for the counts.
  let waiting: PendingResult[] = [];
  const written = new Map<number, RowResult>();
  const doneHere: string[] = [];
  // Rows with no key, by planned row number, and when their results were written (PushRun.keylessWrittenAt).
  const keylessAt = new Set(slice.filter((p) => isKeyless(p, run.operation)).map((p) => p.rowNumber));
  const keylessWrittenAt: Array<{ at: number; rows: number }> = [];
  const rowAt = new Map(loaded.table.rows.map((r) => [r.rowNumber, r]));
  // The first and last rows of the results waiting to be written (write-time.ts).
  const waitingSpan = { lo: Number.POSITIVE_INFINITY, hi: 0 };
  const wait = (rowNumber: number, result: RowResult, snapshot: SnapshotStep[] = [], sent?: PushedValues): void => {
    waitingSpan.lo = Math.min(waitingSpan.lo, rowNumber);
    waitingSpan.hi = Math.max(waitingSpan.hi, rowNumber);
    const plan = planAt.get(rowNumber) as RowPlan;
    const read = rowAt.get(rowNumber);
    waiting.push({
      rowNumber,
      identity: rowIdentity(plan, run.operation),
      // An undo's OK is not the row's: the hub holds the values from before, not the row's cells.
      result: run.limited?.kind === 'undo' ? undoneResult(result) : result,
      ...(plan.send
        ? {
            sent: sent ?? sentValues(plan),
            held: sent ?? (read ? valuesNow(read, loaded.table, run.operation) : sentValues(plan)),
            snapshot,
          }
        : {}),
    });
  };
  // One read of the journal: what an interrupted execution recorded, and the keys to clear.
  const journal = new JournalWriter(store, run.id);
  const replayed = replay(run, slice, queued, journal.recorded);
  // A general value confirmed before the interruption was passed on to channels the journal does
  // not name: what was confirmed for them is no longer known. A row queued in a job is not
  // confirmed yet; a job's values were sent, so they are no longer known either.
  replayed.forEach(({ result, sent }, rowNumber) =>
    wait(
      rowNumber,
      result,
      result.confirmed ? [{ forget: Object.keys(sent) }, { confirm: result.confirmed }] : [{ forget: Object.keys(sent) }],
      sent,
    ),
  );
  const queue = new RoundQueue(
    slice.filter((plan): plan is SendPlan => {
      if (replayed.has(plan.rowNumber)) return false;
      if (!plan.send) wait(plan.rowNumber, unsentResult(plan));
      return plan.send;
    }),
  );

  // Confirmed rows not in the journal yet: an execution killed now sends at most these again.
  let unjournalled: Array<{ rowNumber: number; key: string; entry: JournalEntry }> = [];
  // Rows finished since the journal was last written (confirmed or not): a round of 50-row
  // requests reaches the cadence at once, so its rows are journalled right after it, as ever.
  let settled = 0;
  const journalEvery = journalCadence(ctx.settings.concurrency);
  let journalChars = 0;
  let journalling = true;
  let stop: PushStop | null = null;
  const flush = (): void => {
    if (waiting.length === 0) return;
    // Read again now, after the requests: rows and columns may have moved since the chunk read them.
    const fresh = loaded.reread?.() ?? readStockTable(ctx, loaded.sheet, loaded.mapping);
    const placement = placeResults(fresh.table, waiting, run.operation);
    const now = clock.now();
    writeResults({
      ...resultOptions(ctx, fresh.table.columns),
      sheet: loaded.sheet,
      values: fresh.values,
      results: placement.results,
      now,
      allChannels: ALL_CHANNELS.has(run.operation),
      channelAliases: aliases,
    });
    // What the hub held before these values, for Undo last push: read before the snapshot moves on.
    recordUndo(
      ctx,
      run,
      undoEntries(waiting, (n) => planAt.get(n)?.sku ?? null, run, kept.only, loaded.confirmed),
    );
    // What the hub confirmed is true of the SKU wherever its row went: the snapshot is keyed by SKU.
    // Each part in the order it reached the hub: confirmed values recorded, values sent and not
    // confirmed no longer known either way.
    const entries = new Map<string, ConfirmedValues>();
    for (const p of waiting) {
      const sku = planAt.get(p.rowNumber)?.sku;
      if (!sku || !p.snapshot || p.snapshot.length === 0) continue;
      let entry = entries.get(sku) ?? loaded.confirmed.get(sku) ?? {};
      for (const step of snapshotSteps(run.operation, p.snapshot))
        entry = 'confirm' in step ? applyConfirmed(entry, step.confirm) : forgetSent(entry, step.forget);
      entries.set(sku, entry);
    }
    loaded.snapshot.replace(entries, loaded.confirmed, now);
    // The optional low-stock alert (issue 18): SKUs the hub now confirms at or below the threshold.
    noteLowStockQuietly(ctx, () =>
      run.operation === 'erp'
        ? []
        : confirmedQuantities(waiting.map((p) => ({ sku: planAt.get(p.rowNumber)?.sku ?? null, snapshot: p.snapshot }))),
    );
    const unplacedRows = new Set(placement.unplaced.map((p) => p.rowNumber));
    for (const p of waiting) {
      if (unplacedRows.has(p.rowNumber)) continue;
      written.set(p.rowNumber, placement.placedFrom.get(p.rowNumber) ?? p.result);
    }
    unplaced += placement.unplaced.length;
    const placed = waiting.filter((p) => !unplacedRows.has(p.rowNumber));
    placed.forEach((p) => doneHere.push(p.identity));
    const keyless = placed.filter((p) => keylessAt.has(p.rowNumber)).length;
    if (keyless > 0) keylessWrittenAt.push({ at: now, rows: keyless });
    clearJournalQuietly();
    journalChars = 0;
    unjournalled = [];
    settled = 0;
    waiting = [];
    waitingSpan.lo = Number.POSITIVE_INFINITY;
    waitingSpan.hi = 0;
  };
  const clearJournalQuietly = (): void => {
    try {
      journal.clear();
    } catch (e) {
      // A properties quota must not lose results already in the sheet; the journal of this run is
      // ignored by any other run, and cleared when the next one starts.
      if (!(e instanceof QuotaError)) throw e;
    }
  };

  const requestsBefore = client.stats.requests;
  const retriesBefore = client.stats.retries;
  const reasonsBefore = { ...client.stats.retryReasons };
  let lastRoundMs = 0;
  const width = loaded.values[0]?.length ?? 0;
  // The columns a row's result fills: those there, or those a first push creates — a Status
  // column per channel the answers name (a 60-column export writes its few result columns, not 60).
  const { columns } = loaded.table;
  const fixedColumns = Math.max(Object.keys(RESULT_HEADERS).length, Object.keys(columns.result).length);
  const channelsSeen = new Set(Object.keys(columns.channelStatus));
  const roundRows = Math.max(1, ctx.settings.concurrency) * 50;
  // The write estimate never keeps the first round back: one that allowed none (a very wide or
  // long sheet) would leave every execution with nothing done, continuing for ever. Results are
  // written over the span of their rows (the rows between are written back as read), so the span
  // is what counts.
  let rounds = 0;
  const roomToWrite = (more: number): boolean => {
    if (limits.writeBy === undefined) return true;
    const rows = (waiting.length > 0 ? waitingSpan.hi - waitingSpan.lo + 1 : 0) + more;
    return (
      clock.now() + lastRoundMs + writeEstimateMs(rows, fixedColumns + channelsSeen.size, loaded.values.length, width) < limits.writeBy
    );
  };
  /** Records the rows confirmed since the last journal write. */
  const journalNow = (): void => {
    if (!journalling || unjournalled.length === 0) return;
    try {
      journalChars = journal.append(toRanges(unjournalled));
      unjournalled = [];
      settled = 0;
    } catch (e) {
      // A daily properties quota stops the push (after writing what is known); a full store only
      // turns the journal off (an interruption would then re-send these rows, which is safe for
      // stock and prices) and writes results sooner.
      if (e instanceof QuotaError) stop = { kind: 'quota', message: e.message };
      journalling = false;
      flush();
    }
  };
  // Once a limit is reached no new row starts, but rows begun are finished (rounds.ts) while their
  // results can still be written in time; past that, they are left to the next execution.
  let closing = false;
  while (!queue.empty && stop === null) {
    if (!closing && !(clock.now() + lastRoundMs < limits.deadline && (rounds === 0 || roomToWrite(roundRows)))) closing = true;
    if (closing && !(queue.begun && limits.writeBy !== undefined && roomToWrite(0))) break;
    const started = clock.now();
    const round = queue.take((kind) => partsPerRound(kind, ctx.settings.concurrency), !closing);
    round.forEach((entry) => reapplyOnlyWhatWasOverwritten(entry.row, entry.indexes));
    const sending = round.flatMap(({ row, indexes }) =>
      indexes.filter((index) => row.results[index] === undefined).map((index) => ({ row, index })),
    );
    const parts = sending.map((s) => s.row.plan.parts[s.index]);
    const createsJob = parts.some((p) => p.kind === 'async');
    // What the job carries is recorded before the request, so a cut-off never sends it twice.
    if (createsJob)
      beforeJobRequest(
        ctx,
        run.id,
        round.map(({ row }) => ({ sku: row.plan.sku as string, values: sentValues(row.plan) })),
      );
    const got = sendParts(client, parts, aliases);
    extras.push(...got.extras);
    sending.forEach((s, k) => (s.row.results[s.index] = got.results[k]));
    for (const r of got.results) for (const channel of Object.keys(r.channels ?? {})) channelsSeen.add(channel);
    stop = got.results.find((r) => r.stop)?.stop ?? null;
    for (const row of queue.settle(round)) {
      settled++;
      const results = row.results as PartResult[];
      // A row none of whose parts Apps Script sent (daily quota) stays as it was: nothing to write.
      if (results.every((r) => r.unsent)) continue;
      // Phase order: a per-channel value confirmed after the general one it follows wins (order.ts).
      const byPhase = results.map((r, i) => ({ r, part: row.plan.parts[i], phase: row.phases[i] })).sort((a, b) => a.phase - b.phase);
      const result = combineParts(
        byPhase.map((x) => x.r),
        row.plan.notes,
        byPhase.map((x) => x.part.values),
      );
      const steps = byPhase.map(
        ({ r, part }): SnapshotStep =>
          r.ok && r.confirmed && !r.pending ? { confirm: r.confirmed } : { forget: Object.keys(part.values) },
      );
      wait(row.plan.rowNumber, result, steps);
      if (result.status === 'OK')
        unjournalled.push({ rowNumber: row.plan.rowNumber, key: journalKeyOf(row.plan, run.operation), entry: 'OK' });
    }
    // One property write per round would be one per request for small rounds (one SKU per
    // by-channel request): the journal is written once two full rounds' worth of rows are
    // finished (journal.ts), and after the last round (the results are written next, but an
    // execution may stop before).
    if (settled >= journalEvery || queue.empty) journalNow();
    if (createsJob) {
      const job = got.results.find((r) => r.pending && r.jobId)?.jobId ?? null;
      afterJobRequest(ctx, run.id, job, round.length, run.limited?.kind === 'undo');
    }
    // A large journal (scattered rows) is turned into written results before it fills the store.
    if (journalChars > JOURNAL_FLUSH_CHARS) flush();
    lastRoundMs = clock.now() - started;
    rounds++;
  }
  // Stopped by a limit before the cadence came round: the rows confirmed since are journalled
  // before the write of results, the step an execution is most likely to be stopped in.
  journalNow();
  flush();
  const counts = tally(written);
  const withUnsent = [...written.keys()].sort((a, b) => a - b).filter((n) => (planAt.get(n)?.unsent ?? []).length > 0);
  const firstUnsent = withUnsent.length > 0 ? `row ${withUnsent[0]}: ${(planAt.get(withUnsent[0])?.unsent ?? []).join('; ')}` : null;
  // Done once, whatever happens to the Synced at column: when the run goes on in another chunk,
  // the run sheet says which rows this one wrote (a run that ends here needs no record).
  const remaining = pending.length - written.size;
  const keptRows = (remaining > 0 || limits.more === true) && stop === null && doneHere.length > 0;
  if (keptRows) appendDone(ctx.ports.workbook, run.id, kept, doneHere);
  return {
    ...counts,
    requests: client.stats.requests - requestsBefore,
    retries: client.stats.retries - retriesBefore,
    retryReasons: Object.fromEntries(
      Object.entries(client.stats.retryReasons)
        .map(([k, v]) => [k, v - (reasonsBefore[k] ?? 0)])
        .filter(([, v]) => (v as number) > 0),
    ),
    remaining,
    stop,
    keptRows,
    extras,
    unplaced,
    unsent: withUnsent.length,
    firstUnsent,
    keylessWrittenAt,
  };
}

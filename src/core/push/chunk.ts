import type { HubClient } from '../../api/client';
import { RESULT_HEADERS, headlineOf } from '../../sheet';
import type { Context } from '../kernel/context';
import { afterJobRequest, beforeJobRequest, queuedSkus } from '../pipeline/jobs/queued';
import { channelAliases } from '../settings/aliases';
import { JournalWriter, journalCadence } from './journal';
import { ChunkJournal } from './chunk-journal';
import { ChunkResults } from './chunk-results';
import type { LoadedSheet } from '../pipeline/load';
import { combineParts, type PartResult } from '../pipeline/outcome';
import { pruneReapplied, type RowPlan } from '../pipeline/parts';
import { guardPlans, TO_SEND_HELD } from './guard-run';
import { pendingRows, sentValues, unsentResult, type SendPlan } from './pending';
import type { SnapshotStep } from '../pipeline/relocate';
import { journalKeyOf, replay } from './replay';
import { RoundQueue, type RowInFlight } from './rounds';
import { appendDone, restoreWord, type PushRun, type RunRows } from './run-store';
import { partsPerRound, sendParts } from '../pipeline/send';
import type { RowResult } from '../pipeline/types';
import { writeEstimateMs } from './write-time';

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
  /** Values the guard rails held back in the rows written, and the first such row (guard-run.ts). */
  guarded: number;
  firstGuarded: string | null;
}

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

/** What a row a guard rail held says, without the way to send it (the Log says that once). */
function heldText(rowNumber: number, plan: RowPlan): string {
  const said = plan.send ? (plan.notes.find((n) => n.endsWith(TO_SEND_HELD)) ?? '') : plan.reason;
  return `row ${rowNumber}: ${said.replace(` ${TO_SEND_HELD}`, '')}`;
}

/** Counts of written results, and the first failure, for the run's summary. */
/** A row's words for "done": sent and confirmed, queued in a job, put back by an undo or a revert, a scheduled sale's start or end confirmed. */
const DONE: ReadonlySet<RowResult['status']> = new Set(['OK', 'Pending', 'Undone', 'Reverted', 'On sale', 'Sale ended']);

function tally(written: Map<number, RowResult>): { ok: number; failed: number; skipped: number; firstFailure: string | null } {
  let ok = 0;
  let failed = 0;
  let skipped = 0;
  let firstFailure: string | null = null;
  for (const rowNumber of [...written.keys()].sort((a, b) => a - b)) {
    const r = written.get(rowNumber) as RowResult;
    if (r.held || r.status === 'Skipped') skipped++;
    else if (DONE.has(r.status)) ok++;
    else failed++;
    if (firstFailure === null && r.status !== 'Skipped' && !DONE.has(r.status)) firstFailure = `row ${rowNumber}: ${headlineOf(r.message)}`;
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
  const chunk = new Chunk(ctx, client, loaded, run, kept, limits);
  chunk.sendRounds();
  // Stopped by a limit before the cadence came round: the rows confirmed since are journalled
  // before the write of results, the step an execution is most likely to be stopped in.
  chunk.journalNow();
  chunk.results.flush();
  return chunk.outcome();
}

/** The chunk's state, shared by its steps: what it plans, what it sends, what it writes. */
class Chunk {
  readonly results: ChunkResults;
  private readonly aliases: Readonly<Record<string, string>>;
  private readonly pending: RowPlan[];
  private readonly planAt: Map<number, RowPlan>;
  private readonly queue: RoundQueue;
  private readonly journal: ChunkJournal;
  private readonly extras: string[] = [];
  private readonly before: { requests: number; retries: number; reasons: Record<string, number> };
  private readonly roomToWrite: (more: number) => boolean;
  private lastRoundMs = 0;
  private rounds = 0;
  private stop: PushStop | null = null;
  // The columns a row's result fills: those there, or those a first push creates — a Status
  // column per channel the answers name (a 60-column export writes its few result columns, not 60).
  private readonly channelsSeen: Set<string>;

  constructor(
    private readonly ctx: Context,
    private readonly client: HubClient,
    private readonly loaded: LoadedSheet,
    private readonly run: PushRun,
    private readonly kept: RunRows,
    private readonly limits: ChunkLimits,
  ) {
    this.aliases = channelAliases(ctx.settings);
    // Only an async run can have its own job requests to find again.
    const queued = queuedSkus(ctx, run.operation === 'async' ? run.id : null);
    this.pending = guardPlans(loaded, pendingRows(loaded, run, kept, queued), run, ctx.settings.guards);
    const slice = this.pending.slice(0, limits.maxRows);
    this.planAt = new Map(slice.map((p) => [p.rowNumber, p]));
    // One read of the journal: what an interrupted execution recorded, and the keys to clear.
    const writer = new JournalWriter(ctx.ports.documentStore, run.id);
    this.results = new ChunkResults(ctx, loaded, run, kept, this.planAt, writer, this.aliases);
    this.journal = new ChunkJournal(writer, journalCadence(ctx.settings.concurrency), () => this.results.flush());
    this.results.onFlush = () => this.journal.reset();
    const replayed = replay(run, slice, queued, writer.recorded);
    // A general value confirmed before the interruption was passed on to channels the journal does
    // not name: what was confirmed for them is no longer known. A row queued in a job is not
    // confirmed yet; a job's values were sent, so they are no longer known either.
    replayed.forEach(({ result, sent }, rowNumber) =>
      this.results.wait(
        rowNumber,
        result,
        result.confirmed ? [{ forget: Object.keys(sent) }, { confirm: result.confirmed }] : [{ forget: Object.keys(sent) }],
        sent,
      ),
    );
    this.queue = new RoundQueue(
      slice.filter((plan): plan is SendPlan => {
        if (replayed.has(plan.rowNumber)) return false;
        if (!plan.send) this.results.wait(plan.rowNumber, unsentResult(plan));
        return plan.send;
      }),
    );
    const stats = client.stats;
    this.before = { requests: stats.requests, retries: stats.retries, reasons: { ...stats.retryReasons } };
    this.channelsSeen = new Set(Object.keys(loaded.table.columns.channelStatus));
    this.roomToWrite = this.writeRoom();
  }

  /**
   * Whether results for `more` rows beyond those waiting could still be written in time
   * (write-time.ts). Results are written over the span of their rows (the rows between are
   * written back as read), so the span is what counts.
   */
  private writeRoom(): (more: number) => boolean {
    const { limits, loaded, results, ctx } = this;
    const width = loaded.values[0]?.length ?? 0;
    const fixedColumns = Math.max(Object.keys(RESULT_HEADERS).length, Object.keys(loaded.table.columns.result).length);
    return (more) => {
      if (limits.writeBy === undefined) return true;
      const rows = results.spanRows() + more;
      const estimate = writeEstimateMs(rows, fixedColumns + this.channelsSeen.size, loaded.values.length, width);
      return ctx.ports.clock.now() + this.lastRoundMs + estimate < limits.writeBy;
    };
  }

  /**
   * Sends round after round. Once a limit is reached no new row starts, but rows begun are
   * finished (rounds.ts) while their results can still be written in time; past that, they are
   * left to the next execution. The write estimate never keeps the first round back: one that
   * allowed none (a very wide or long sheet) would leave every execution with nothing done.
   */
  sendRounds(): void {
    const { clock } = this.ctx.ports;
    const roundRows = Math.max(1, this.ctx.settings.concurrency) * 50;
    let closing = false;
    while (!this.queue.empty && this.stop === null) {
      const open = clock.now() + this.lastRoundMs < this.limits.deadline && (this.rounds === 0 || this.roomToWrite(roundRows));
      if (!closing && !open) closing = true;
      if (closing && !(this.queue.begun && this.limits.writeBy !== undefined && this.roomToWrite(0))) break;
      const started = clock.now();
      this.sendRound(!closing);
      this.lastRoundMs = clock.now() - started;
      this.rounds++;
    }
  }

  /** One round: its parts sent in one fetchAll, the rows it finished settled. */
  private sendRound(newRows: boolean): void {
    const { ctx, run } = this;
    const round = this.queue.take((kind) => partsPerRound(kind, ctx.settings.concurrency), newRows);
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
    const got = sendParts(this.client, parts, this.aliases);
    this.extras.push(...got.extras);
    sending.forEach((s, k) => (s.row.results[s.index] = got.results[k]));
    for (const r of got.results) for (const channel of Object.keys(r.channels ?? {})) this.channelsSeen.add(channel);
    this.stop = got.results.find((r) => r.stop)?.stop ?? null;
    for (const row of this.queue.settle(round)) this.settle(row);
    // One property write per round would be one per request for small rounds (one SKU per
    // by-channel request): the journal is written once two full rounds' worth of rows are
    // finished (journal.ts), and after the last round (the results are written next, but an
    // execution may stop before).
    if (this.journal.due() || this.queue.empty) this.journalNow();
    if (createsJob) {
      const job = got.results.find((r) => r.pending && r.jobId)?.jobId ?? null;
      afterJobRequest(ctx, run.id, job, round.length, restoreWord(run));
    }
    // A large journal (scattered rows) is turned into written results before it fills the store.
    if (this.journal.full()) this.results.flush();
  }

  /** A row whose parts are all answered: its result waits to be written, and an OK is journalled. */
  private settle(row: RowInFlight): void {
    this.journal.settled++;
    const results = row.results as PartResult[];
    // A row none of whose parts Apps Script sent (daily quota) stays as it was: nothing to write.
    if (results.every((r) => r.unsent)) return;
    // Phase order: a per-channel value confirmed after the general one it follows wins (order.ts).
    const byPhase = results.map((r, i) => ({ r, part: row.plan.parts[i], phase: row.phases[i] })).sort((a, b) => a.phase - b.phase);
    const result = combineParts(
      byPhase.map((x) => x.r),
      row.plan.notes,
      byPhase.map((x) => x.part.values),
    );
    const steps = byPhase.map(
      ({ r, part }): SnapshotStep => (r.ok && r.confirmed && !r.pending ? { confirm: r.confirmed } : { forget: Object.keys(part.values) }),
    );
    this.results.wait(row.plan.rowNumber, result, steps);
    if (result.status === 'OK') this.journal.confirmed(row.plan.rowNumber, journalKeyOf(row.plan, this.run.operation));
  }

  /** Records the rows confirmed since the last journal write; a daily properties quota stops the push. */
  journalNow(): void {
    const stop = this.journal.write();
    if (stop) this.stop = stop;
  }

  /** The chunk's counts, what stopped it, and the rows recorded as done when the run goes on. */
  outcome(): ChunkOutcome {
    const { results, planAt, client, before, limits, stop } = this;
    const counts = tally(results.written);
    const withUnsent = [...results.written.keys()].sort((a, b) => a - b).filter((n) => (planAt.get(n)?.unsent ?? []).length > 0);
    const firstUnsent = withUnsent.length > 0 ? `row ${withUnsent[0]}: ${(planAt.get(withUnsent[0])?.unsent ?? []).join('; ')}` : null;
    const withGuarded = [...results.written.keys()].sort((a, b) => a - b).filter((n) => (planAt.get(n)?.guarded ?? 0) > 0);
    const guarded = withGuarded.reduce((sum, n) => sum + (planAt.get(n)?.guarded ?? 0), 0);
    // Done once, whatever happens to the Synced at column: when the run goes on in another chunk,
    // the run sheet says which rows this one wrote (a run that ends here needs no record).
    const remaining = this.pending.length - results.written.size;
    const keptRows = (remaining > 0 || limits.more === true) && stop === null && results.doneHere.length > 0;
    if (keptRows) appendDone(this.ctx.ports.workbook, this.run.id, this.kept, results.doneHere);
    return {
      ...counts,
      requests: client.stats.requests - before.requests,
      retries: client.stats.retries - before.retries,
      retryReasons: Object.fromEntries(
        Object.entries(client.stats.retryReasons)
          .map(([k, v]) => [k, v - (before.reasons[k] ?? 0)])
          .filter(([, v]) => (v as number) > 0),
      ),
      remaining,
      stop,
      keptRows,
      extras: this.extras,
      unplaced: results.unplaced,
      unsent: withUnsent.length,
      firstUnsent,
      keylessWrittenAt: results.keylessWrittenAt,
      guarded,
      firstGuarded: withGuarded.length > 0 ? heldText(withGuarded[0], planAt.get(withGuarded[0]) as RowPlan) : null,
    };
  }
}

import { countOf, partOf } from '../../sheet/count-words';
import { n } from '../pipeline/dry-run/summary';
import type { HubClient } from '../../api/client';
import { onStockSheet, stockSheetName, type Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { BusyError, UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { appendLog } from '../kernel/log';
import { liveChanged } from '../kernel/live';
import { MAX_OPEN_JOBS, readOpenJobs } from '../pipeline/jobs/open-jobs';
import { dueChanged, readBackground, updateBackground } from '../kernel/due';
import { runChunk, type ChunkOutcome } from './chunk';
import { pendingRows } from './pending';
import { loadStockSheet, rowIdentity, type LoadedSheet } from '../pipeline/load';
import {
  clearRun,
  KEYLESS_TIMES_KEPT,
  isAbandoned,
  clearRunRows,
  readRun,
  resumedBy,
  rowsDone,
  readRunRows,
  runSheet,
  writeOnly,
  writeRun,
  writeSelection,
  type PushRun,
  type RunRows,
} from './run-store';
import type { OnlyRows } from '../pipeline/limit';
import { clearJournal, readJournal } from './journal';
import { loadBlock, readBlocks, recordBlocks } from './blocks';
import { loadColumnMapping } from '../pipeline/column-mapping';
import { forgetAbandonedRequests, queuedSkus } from '../pipeline/jobs/queued';
import { QuotaError } from '../kernel/errors';
import { localDateTime } from '../kernel/time';
import {
  OPERATION_TITLES,
  SCOPE_TITLES,
  pushTitle,
  type Operation,
  type PushProgress,
  type RowResult,
  type Scope,
} from '../pipeline/types';
import { writeRowResults } from '../pipeline/writeback';
import { freezeSkuQuestion } from './freeze-sku';
import { selectFirst, selectedRows } from '../kernel/selection';
import { runFinished } from './hooks';
import { askFirst } from './confirm';
import { runGuardCounts } from './guard-run';

/** Stop starting request rounds this long into an execution: Apps Script stops us at 6 minutes. */
export const EXECUTION_BUDGET_MS = 4.5 * 60 * 1000;
/** Results are written by then: Apps Script stops an execution at 6 minutes, and the Log, snapshot and trigger follow. */
const WRITE_BY_MS = 6 * 60 * 1000 - 45_000;
/** How long past the last round's start retries may still be scheduled. */
const RETRY_GRACE_MS = 40_000;
/** A selection larger than this must use "all rows" or "changed rows" (its SKUs are kept in properties). */
export const MAX_SELECTED_ROWS = 5000;
/** Waiting this long for the document lock before telling the seller another operation runs. */
const LOCK_WAIT_MS = 10_000;

const title = pushTitle;

function progress(run: PushRun, remaining: number, finished: boolean, message: string): PushProgress {
  const done = rowsDone(run);
  return {
    runId: run.id,
    operation: run.operation,
    scope: run.scope,
    total: Math.max(run.total, done + remaining),
    done,
    ok: run.ok,
    failed: run.failed,
    skipped: run.skipped,
    requests: run.requests,
    retries: run.retries,
    finished,
    cancelled: run.cancelled,
    message,
    continuesInBackground: run.background && !finished,
  };
}

/** Keys of the selected rows of the stock sheet, and the selected rows left out because hidden or filtered. */
export function selectedKeys(ctx: Context, loaded: LoadedSheet, operation: Operation): { keys: string[]; hidden: number[] } {
  const tooMany = `You selected more than ${MAX_SELECTED_ROWS.toLocaleString('en-US')} rows. For that many, use \u201call rows\u201d or \u201cchanged rows\u201d instead.`;
  const { rows, hidden } = selectedRows(ctx, loaded.sheet, { max: MAX_SELECTED_ROWS, what: 'push', skipHidden: true, tooMany });
  const keys = loaded.table.rows.filter((row) => !row.blank && rows.has(row.rowNumber)).map((row) => rowIdentity(row, operation));
  if (keys.length === 0)
    throw new UserError(
      `${selectFirst(loaded.sheet.name, 'push')} The selection holds no product rows (hidden and filtered rows are left out).`,
    );
  return { keys, hidden };
}

type Selection = () => { keys: string[]; hidden: number[] };

/**
 * The selected keys of one push, walked once however many steps ask (the question, then the run):
 * checking a row for hidden is a Sheets call or two, and 5,000 rows of them fill most of an execution.
 */
function selectionOnce(ctx: Context, loaded: LoadedSheet, operation: Operation): Selection {
  let found: ReturnType<Selection> | undefined;
  return () => {
    found ??= selectedKeys(ctx, loaded, operation);
    return found;
  };
}

/** Selected rows that are hidden or filtered out are left out of the push, and say so. */
function markHiddenRows(ctx: Context, loaded: LoadedSheet, rows: number[]): void {
  const product = new Set(loaded.table.rows.filter((r) => !r.blank).map((r) => r.rowNumber));
  const results = new Map(
    rows
      .filter((r) => product.has(r))
      .map((r): [number, RowResult] => [
        r,
        { status: 'Skipped', message: 'Row hidden (by you or a filter): left out of \u201cselected rows\u201d.', channels: {} },
      ]),
  );
  writeRowResults(ctx, loaded, results);
}

export function newRunId(ctx: Context): string {
  return `${ctx.ports.clock.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

/**
 * The push to go on with: none when the sheet is free, the user's own interrupted push of the
 * same kind (pushing again resumes it), or a refusal naming the push in the way. A push with no
 * progress for half an hour is abandoned and replaced.
 */
function resumableRun(ctx: Context, operation: Operation, scope: Scope, wanted: string): PushRun | null {
  const active = readRun(ctx.ports.documentStore);
  if (!active) return null;
  const now = ctx.ports.clock.now();
  if (isAbandoned(active, now, ctx.settings.deployment)) {
    clearRun(ctx.ports.documentStore, ctx.ports.workbook, active);
    return null;
  }
  if (resumedBy(active, ctx.ports.session.userKey(), operation, scope, stockSheetName(ctx))) return active;
  const done = rowsDone(active);
  const minutes = Math.max(1, Math.round((now - active.startedAt) / 60000));
  throw new BusyError(
    `${wanted} did not start: ${title(active)}${onSheet(active)} by ${active.user || 'another user'}, started ${minutes} min ago, is still running (${partOf(done, active.total, 'row')} done). Wait for it to finish, or cancel it from the sidebar.`,
  );
}

/** A new run of this user, nothing done; what an interrupted or abandoned run left (its journal, its job requests) is cleared. */
function freshRun(ctx: Context, operation: Operation, scope: Scope, background: boolean): PushRun {
  const now = ctx.ports.clock.now();
  clearJournal(ctx.ports.documentStore);
  if (operation === 'async') forgetAbandonedRequests(ctx, null);
  return {
    id: newRunId(ctx),
    operation,
    scope,
    sheet: stockSheetName(ctx),
    user: ctx.ports.session.userEmail(),
    owner: ctx.ports.session.userKey(),
    startedAt: now,
    total: 0,
    ok: 0,
    failed: 0,
    skipped: 0,
    requests: 0,
    retries: 0,
    cancelled: false,
    selected: 0,
    background,
    lastChunkAt: now,
  };
}

/** The push to go on with, and — for a run created now — what the run sheet holds for it (nothing to read back). */
function createRun(
  ctx: Context,
  operation: Operation,
  scope: Scope,
  background: boolean,
  loaded: LoadedSheet,
  checked: boolean,
  selection: Selection,
): { run: PushRun; kept?: RunRows } {
  const resumed = resumableRun(ctx, operation, scope, `${OPERATION_TITLES[operation]} (${SCOPE_TITLES[scope]})`);
  if (resumed && scope === 'selected') {
    // Resuming is for the same rows: a new selection while the old one is unfinished is refused.
    const stored = readRunRows(ctx.ports.workbook, resumed.id).selected;
    const now = selection().keys;
    if (now.length !== stored.size || now.some((k) => !stored.has(k))) {
      const done = rowsDone(resumed);
      throw new BusyError(
        `Your earlier push of other selected rows is not finished (${partOf(done, resumed.total, 'row')} done). Select those rows again and push to finish it, or cancel it in the sidebar; then push this selection.`,
      );
    }
  }
  if (resumed) {
    resumed.background = background;
    writeRun(ctx.ports.documentStore, resumed);
    liveChanged(ctx, 'push');
    return { run: resumed };
  }
  const run = freshRun(ctx, operation, scope, background);
  if (scope !== 'selected') clearRunRows(ctx.ports.workbook);
  let selected: Set<string> | null = null;
  if (scope === 'selected') {
    const { keys, hidden } = selection();
    run.selected = writeSelection(ctx.ports.workbook, run.id, keys);
    selected = new Set(keys);
    markHiddenRows(ctx, loaded, hidden);
  }
  const kept: RunRows = { selected: selected ?? new Set(), done: new Set(), nextRow: 2 + (selected?.size ?? 0) };
  const plans = pendingRows(loaded, run, kept, queuedSkus(ctx, operation === 'async' ? run.id : null));
  run.total = plans.length;
  if (checked) run.checked = true;
  const counts = runGuardCounts(loaded, plans);
  run.zeroCount = counts.zeros;
  if (counts.rows > 0) run.rowCount = counts.rows;
  writeRun(ctx.ports.documentStore, run);
  liveChanged(ctx, 'push');
  return { run, kept };
}

function finishRun(ctx: Context, run: PushRun, message: string): void {
  const now = ctx.ports.clock.now();
  appendLog(
    ctx.ports.workbook,
    ctx.settings.sheetNames.log,
    {
      time: now,
      user: run.user,
      operation: title(run),
      ok: run.ok,
      failed: run.failed,
      skipped: run.skipped,
      requests: run.requests,
      retries: run.retries,
      durationMs: now - run.startedAt,
      message,
    },
    ctx.settings.logMaxRows,
  );
  try {
    clearRun(ctx.ports.documentStore, ctx.ports.workbook, run);
    if (run.operation === 'async') forgetAbandonedRequests(ctx, null);
    if (run.background) continueAt(ctx, null);
  } catch (e) {
    // Out of property calls for the day: the Log line above says what happened; the run record
    // left behind is replaced by the next push (or dropped after half an hour).
    if (!(e instanceof QuotaError)) throw e;
  }
  liveChanged(ctx, 'push', 'log');
}

/** The sentence that ends a push stopped by a daily quota: which one, and by when it resets. */
function quotaStop(ctx: Context, run: PushRun, remaining: number, reason: string): string {
  const by = localDateTime(ctx.ports.clock.now() + 24 * 60 * 60 * 1000, ctx.ports.session.timeZone());
  const done = rowsDone(run);
  return `${reason} It resets by ${by} at the latest. ${remaining.toLocaleString('en-US')} row${remaining === 1 ? ' was' : 's were'} not sent and stay as they are: push again then (${done.toLocaleString('en-US')} were done).`;
}

/** Sets when the background trigger must continue this user's push (null: never) and re-arms it. */
function continueAt(ctx: Context, at: number | null): void {
  updateBackground(ctx, { pushAt: at });
  dueChanged.emit(ctx);
}

/** A push from the menu is safe even if the execution is killed: its continuation is armed first. */
const SAFETY_DELAY_MS = 7 * 60 * 1000;
const NEXT_CHUNK_DELAY_MS = 60 * 1000;
/** Pushes of up to this many fetchAll rounds do without a safety trigger (pushing again resumes them). */
const SAFE_ROUNDS = 5;

/** ` on "Shopify export"`: every message and Log line of a push names the sheet it pushed. */
function onSheet(run: Pick<PushRun, 'sheet'>): string {
  return run.sheet === undefined ? '' : ` on "${run.sheet}"`;
}

function summary(run: PushRun): string {
  const parts = [`${n(run.ok)} ok`, `${n(run.failed)} failed`];
  if (run.skipped) parts.push(`${n(run.skipped)} skipped`);
  const reasons = Object.entries(run.retryReasons ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([reason, times]) => `${reason} \u00D7${n(times)}`)
    .join(', ');
  const first = run.firstFailure ? ` First problem, ${run.firstFailure}` : '';
  const extras = run.extras
    ? ` The hub's answers held ${countOf(run.extras, 'result')} for nothing that was sent (ignored), e.g. ${(run.extraExamples ?? []).join('; ')}.`
    : '';
  const unplaced = run.unplaced
    ? ` ${countOf(run.unplaced, 'result')} ${run.unplaced === 1 ? 'was' : 'were'} not written: the row moved while the push ran and its SKU is now missing or repeated (those rows are sent again at the next push).`
    : '';
  const unsent = run.unsent
    ? ` ${countOf(run.unsent, 'row')} ${run.unsent === 1 ? 'holds' : 'hold'} edits this push does not send (said in Sync message), e.g. ${run.firstUnsent ?? ''}.`
    : '';
  const guarded = run.guarded
    ? ` ${countOf(run.guarded, 'value')} ${run.guarded === 1 ? 'was' : 'were'} held back by the guard rails (said in Sync message), e.g. ${run.firstGuarded ?? ''} To send them, push again and press Push when asked, or preview them and tick \u201cI checked these\u201d.`
    : '';
  return `${title(run)}${onSheet(run)}: ${parts.join(', ')} \u2014 ${countOf(run.requests, 'request')}${run.retries ? `, ${n(run.retries)} retried (${reasons})` : ''}.${first}${guarded}${unsent}${extras}${unplaced}`;
}

/** Runs one chunk of the stored run and records its counts; finishes the run when nothing is left. */
function chunkAndRecord(
  ctx: Context,
  run: PushRun,
  loaded: LoadedSheet,
  maxRows: number,
  known?: RunRows,
  block?: { more: boolean },
  /** The client the caller made to check the settings first: one client per execution. */
  made?: HubClient,
): PushProgress {
  // A block of a linear run: the run sheet is written (rows done), never read.
  // (A limited run reads its few packed rows of the run sheet: what it is limited to.)
  const rows =
    known ??
    (block && !run.limited
      ? { selected: new Set<string>(), done: new Set<string>(), nextRow: run.doneRow ?? 2 }
      : readRunRows(ctx.ports.workbook, run.id));
  if (run.operation === 'async' && readOpenJobs(ctx.ports.documentStore).length >= MAX_OPEN_JOBS) {
    const text = `${summary(run)} Stopped: ${MAX_OPEN_JOBS} async jobs are still open. Refresh job results (Jobs) so that finished ones are closed, then push again; nothing more was sent.`;
    finishRun(ctx, run, text);
    throw new UserError(text);
  }
  const client = made ?? hubClient(ctx);
  // Rounds stop starting at 4½ minutes; retries may go on a little longer, never to 6.
  client.deadline = ctx.startedAt + EXECUTION_BUDGET_MS + RETRY_GRACE_MS;
  const outcome: ChunkOutcome = runChunk(ctx, client, loaded, run, rows, {
    maxRows,
    deadline: ctx.startedAt + EXECUTION_BUDGET_MS,
    writeBy: ctx.startedAt + WRITE_BY_MS,
    more: block?.more,
  });
  run.ok += outcome.ok;
  run.failed += outcome.failed;
  run.skipped += outcome.skipped;
  run.requests += outcome.requests;
  run.retries += outcome.retries;
  if (!run.firstFailure && outcome.firstFailure) run.firstFailure = outcome.firstFailure.slice(0, 300);
  run.retryReasons = { ...(run.retryReasons ?? {}) };
  for (const [reason, n] of Object.entries(outcome.retryReasons)) run.retryReasons[reason] = (run.retryReasons[reason] ?? 0) + n;
  if (outcome.extras.length > 0) {
    run.extras = (run.extras ?? 0) + outcome.extras.length;
    run.extraExamples = [...(run.extraExamples ?? []), ...outcome.extras].slice(0, 3).map((e) => e.slice(0, 160));
  }
  if (outcome.unplaced > 0) run.unplaced = (run.unplaced ?? 0) + outcome.unplaced;
  if (outcome.unsent > 0) {
    run.unsent = (run.unsent ?? 0) + outcome.unsent;
    if (!run.firstUnsent && outcome.firstUnsent) run.firstUnsent = outcome.firstUnsent.slice(0, 300);
  }
  if (outcome.guarded > 0) {
    run.guarded = (run.guarded ?? 0) + outcome.guarded;
    if (!run.firstGuarded && outcome.firstGuarded) run.firstGuarded = outcome.firstGuarded.slice(0, 300);
  }
  if (outcome.keptRows) run.keptRows = true;
  if (outcome.keylessWrittenAt.length > 0)
    run.keylessWrittenAt = [...(run.keylessWrittenAt ?? []), ...outcome.keylessWrittenAt].slice(-KEYLESS_TIMES_KEPT);
  run.lastChunkAt = ctx.ports.clock.now();
  if (block) nextBlock(run, outcome, rows, loaded, block.more);
  if (outcome.stop) {
    // Every later request would be refused too (the token) or never sent (a daily quota): end the
    // push with what was done, and say why and what to do.
    const why = outcome.stop.kind === 'quota' ? quotaStop(ctx, run, outcome.remaining, outcome.stop.message) : outcome.stop.message;
    finishRun(ctx, run, `${summary(run)} Stopped: ${why}`);
    throw outcome.stop.kind === 'quota'
      ? new QuotaError('urlfetch', `${title(run)} stopped: ${why}`)
      : new UserError(`${title(run)} stopped after ${countOf(rowsDone(run), 'row')}: ${why}`);
  }
  // Requests that failed whole (the hub or the network, not a refusal of a row): the run that sent them failed (alerts).
  const failed = client.stats.failures;
  const failedHere =
    failed > 0 ? { requestFailure: `Rows not pushed: ${countOf(failed, 'request')} failed; first problem, ${outcome.firstFailure}` } : {};
  if (outcome.remaining === 0) {
    const text = summary(run);
    runFinished.emit(ctx, { run, at: ctx.ports.clock.now() });
    finishRun(ctx, run, text);
    return { ...progress(run, 0, true, text), ...failedHere };
  }
  writeRun(ctx.ports.documentStore, run);
  if (run.background) liveChanged(ctx, 'push');
  return {
    ...progress(run, outcome.remaining, false, `${countOf(rowsDone(run), 'row')} done, ${outcome.remaining} to go.`),
    ...failedHere,
  };
}

/**
 * After a block of a linear run: on to the next block when every row of this one was written;
 * otherwise (a row moved, or time ran out) the run goes on with whole reads, which find the
 * rows left by SKU. The chunk's own count of rows left is the block's: the run's is what its
 * total says, and 0 after the last block.
 */
function nextBlock(run: PushRun, outcome: ChunkOutcome, rows: RunRows, loaded: LoadedSheet, more: boolean): void {
  const left = Math.max(0, run.total - rowsDone(run));
  run.doneRow = rows.nextRow;
  run.snapshotRows = loaded.snapshot.size();
  if (outcome.remaining === 0 && run.nextBlock !== undefined) {
    run.nextBlock += 1;
    outcome.remaining = more ? Math.max(1, left) : 0;
  } else {
    delete run.nextBlock;
    outcome.remaining = Math.max(outcome.remaining, left, 1);
  }
}

/** The stock sheet for the next chunk of a sidebar run: its next block alone when the run is linear and the block is as recorded. */
function loadForChunk(ctx: Context, run: PushRun): { loaded: LoadedSheet; block?: { more: boolean } } {
  const blocks = run.nextBlock !== undefined ? readBlocks(ctx.ports.documentStore, run.id) : null;
  const sheet = ctx.ports.workbook.sheet(stockSheetName(ctx));
  if (blocks && sheet && run.nextBlock !== undefined) {
    const read = loadBlock(ctx, run, blocks, loadColumnMapping(ctx.ports.documentStore, sheet), sheet);
    if (read) return { loaded: read.loaded, block: { more: run.nextBlock + 1 < blocks.blocks.length } };
  }
  delete run.nextBlock;
  return { loaded: loadStockSheet(ctx, run.operation) };
}

/** A push that wrote results asks the person at the keyboard, once, whether to freeze the SKU column. */
function withFreezeQuestion(ctx: Context, loaded: LoadedSheet, result: PushProgress): PushProgress {
  const question = result.done > 0 ? freezeSkuQuestion(ctx, loaded.sheet, loaded.table.columns.input.sku) : null;
  if (question) Object.assign(result, { freezeSku: question, freezeSkuSheet: loaded.sheet.name });
  return result;
}

function activeRun(ctx: Context, runId: string | null): PushRun {
  const run = readRun(ctx.ports.documentStore);
  if (!run || (runId !== null && run.id !== runId)) {
    throw new UserError('This push is no longer running (it finished, was cancelled, or was replaced). See the Log sheet for its result.');
  }
  return run;
}

/** The context of a run's chunk: on the sheet the run started on, whichever sheet the seller is on now. */
function onRunSheet(ctx: Context, run: PushRun): Context {
  return onStockSheet(ctx, runSheet(run, ctx.settings.sheetNames.stock));
}

/**
 * A push that fails unexpectedly before anything was sent or recorded is forgotten, so that it
 * does not block other pushes for half an hour; one with progress stays, to be resumed.
 */
function withCleanupOnFailure<T>(ctx: Context, run: PushRun, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    const stored = readRun(ctx.ports.documentStore);
    const untouched = stored !== null && stored.id === run.id && rowsDone(stored) === 0 && stored.requests === 0;
    if (!(e instanceof UserError) && untouched && readJournal(ctx.ports.documentStore, run.id).length === 0) {
      clearRun(ctx.ports.documentStore, ctx.ports.workbook, run);
      if (run.background) continueAt(ctx, null);
    }
    throw e;
  }
}

/**
 * Rows per sidebar chunk. A push by channel sends one SKU per request (the interface's rule):
 * 2,400 rows would be 300 rounds, a progress step of most of a minute, so its chunks take a
 * quarter of the setting (600 rows ≈ 75 rounds, about 10 s at 100 ms a request).
 */
export function sidebarChunkRows(ctx: Context, operation: Operation): number {
  return operation === 'byChannel' ? Math.max(10, Math.ceil(ctx.settings.chunkRows / 4)) : ctx.settings.chunkRows;
}

/** The sidebar's start of a created run: its total, the chunks follow (continuePush). */
function sidebarStart(ctx: Context, loaded: LoadedSheet, run: PushRun, kept: RunRows | undefined): PushProgress {
  // A limited run whose rows fit one chunk is one chunk (a whole read); blocks of the sheet would
  // cut its few rows into as many chunks as the sheet has blocks.
  const chunk = sidebarChunkRows(ctx, run.operation);
  if (kept && run.total > 0 && (!run.limited || run.total > chunk) && recordBlocks(ctx.ports.documentStore, run, loaded, chunk)) {
    // Each chunk reads its block alone (blocks.ts): the first read is the only whole one.
    run.nextBlock = 0;
    run.doneRow = kept.nextRow;
    run.snapshotRows = loaded.snapshot.size();
    writeRun(ctx.ports.documentStore, run);
  }
  if (run.total === 0) {
    const text = `${title(run)}${onSheet(run)}: nothing to send${run.scope === 'changed' && !run.limited ? ' \u2014 no row changed since its last confirmed push' : ''}.`;
    clearRun(ctx.ports.documentStore, ctx.ports.workbook, run);
    return progress(run, 0, true, text);
  }
  const done = rowsDone(run);
  return progress(
    run,
    Math.max(0, run.total - done),
    false,
    done > 0 ? `Resuming: ${partOf(done, run.total, 'row')} done.` : `${countOf(run.total, 'row')} to push.`,
  );
}

/**
 * A new push is asked first when it changes many values or a guard rail holds some (confirm.ts):
 * the question, or null to go on. A push resumed (or refused because another runs) is not asked.
 */
function questionFirst(
  ctx: Context,
  loaded: LoadedSheet,
  push: { operation: Operation; scope: Scope; answer?: string; chunkRows: number | null },
  selection: Selection,
): PushProgress | null {
  const active = readRun(ctx.ports.documentStore);
  if (active && !isAbandoned(active, ctx.ports.clock.now(), ctx.settings.deployment)) return null;
  return askFirst(ctx, loaded, push, () => new Set(selection().keys));
}

/**
 * Sidebar: starts a push and returns its total; the sidebar then calls continuePush chunk by
 * chunk. `answer`: the token of the question the seller pressed Push on (confirm.ts).
 */
export function startPush(ctx: Context, operation: Operation, scope: Scope, answer?: string): PushProgress {
  return withDocumentLock(ctx, OPERATION_TITLES[operation], LOCK_WAIT_MS, () => {
    hubClient(ctx); // settings and token problems are reported before anything starts
    const loaded = loadStockSheet(ctx, operation);
    const selection = selectionOnce(ctx, loaded, operation);
    const asked = questionFirst(ctx, loaded, { operation, scope, answer, chunkRows: sidebarChunkRows(ctx, operation) }, selection);
    if (asked) return asked;
    const { run, kept } = createRun(ctx, operation, scope, false, loaded, answer !== undefined, selection);
    return sidebarStart(ctx, loaded, run, kept);
  });
}

/** Sidebar: the next chunk of a running push. */
export function continuePush(ctx: Context, runId: string): PushProgress {
  return withDocumentLock(ctx, 'Push', LOCK_WAIT_MS, () => {
    const run = activeRun(ctx, runId);
    const on = onRunSheet(ctx, run);
    const { loaded, block } = loadForChunk(on, run);
    return withFreezeQuestion(
      on,
      loaded,
      withCleanupOnFailure(on, run, () => chunkAndRecord(on, run, loaded, sidebarChunkRows(on, run.operation), undefined, block)),
    );
  });
}

/**
 * Sidebar: ends the run with what was done. The sidebar calls it between chunks, so nothing in
 * flight is interrupted; the document lock waits for a chunk running elsewhere to finish.
 */
export function cancelPush(ctx: Context, runId: string): PushProgress {
  return withDocumentLock(ctx, 'Cancel push', LOCK_WAIT_MS, () => {
    const run = activeRun(ctx, runId);
    run.cancelled = true;
    const text = `${summary(run)} Cancelled by the user; the remaining rows were not sent.`;
    finishRun(ctx, run, text);
    return progress(run, 0, true, text);
  });
}

/**
 * Menu: pushes as much as fits in this execution; if rows remain, a one-off trigger continues.
 * A push that changes many values, or that a guard rail holds values of, is asked first
 * (confirm.ts): `answer` is the token of the question the seller pressed Push on.
 * A safety trigger is set before any request, so even an execution killed by the time limit is
 * resumed; rows already confirmed in this run are never sent again.
 */
export function pushFromMenu(ctx: Context, operation: Operation, scope: Scope, answer?: string): PushProgress {
  return withDocumentLock(ctx, OPERATION_TITLES[operation], LOCK_WAIT_MS, () => {
    const client = hubClient(ctx); // settings and token problems are reported before anything starts
    const loaded = loadStockSheet(ctx, operation);
    const selection = selectionOnce(ctx, loaded, operation);
    const asked = questionFirst(ctx, loaded, { operation, scope, answer, chunkRows: null }, selection);
    if (asked) return asked;
    const { run, kept } = createRun(ctx, operation, scope, true, loaded, answer !== undefined, selection);
    return menuRun(ctx, loaded, run, kept, client);
  });
}

/** The menu's run of a created push: as much as fits in this execution, the rest by a trigger. */
function menuRun(ctx: Context, loaded: LoadedSheet, run: PushRun, kept: RunRows | undefined, client: HubClient): PushProgress {
  if (run.total === 0) {
    clearRun(ctx.ports.documentStore, ctx.ports.workbook, run);
    return progress(run, 0, true, `${title(run)}${onSheet(run)}: nothing to send.`);
  }
  // A push of a few rounds ends in seconds; a longer one arms its continuation before sending,
  // so that even an execution killed by the time limit is finished by the trigger.
  const long = run.total - rowsDone(run) > SAFE_ROUNDS * 50 * ctx.settings.concurrency;
  if (long) continueAt(ctx, ctx.ports.clock.now() + SAFETY_DELAY_MS);
  const result = withCleanupOnFailure(ctx, run, () => chunkAndRecord(ctx, run, loaded, Number.POSITIVE_INFINITY, kept, undefined, client));
  if (!result.finished) {
    continueAt(ctx, ctx.ports.clock.now() + NEXT_CHUNK_DELAY_MS);
    // An add-on's clock trigger runs at most hourly: the sidebar is the fast way on.
    result.message =
      ctx.settings.deployment === 'addon'
        ? `${title(run)}${onSheet(run)}: ${partOf(result.done, result.total, 'row')} done; the rest continues at the next hourly background run, or open the sidebar and press Resume to send it now (see the Log sheet).`
        : `${title(run)}${onSheet(run)}: ${partOf(result.done, result.total, 'row')} done; the rest continues in the background in about a minute (see the Log sheet).`;
  }
  return withFreezeQuestion(ctx, loaded, result);
}

/** A push limited to some values of some rows (PushRun.limited): what it sends, worked out from the sheet as read. */
export interface LimitedPush {
  operation: Operation;
  scope: Scope;
  limited: NonNullable<PushRun['limited']>;
  only: OnlyRows;
  /** Requests already made to work it out (the check reads), counted in its Log line. */
  requests: number;
}

/**
 * Starts a limited push (Push these changes, Undo last push): from the sidebar it returns its
 * total and the chunks follow (continuePush); from the menu it runs like any menu push. Another
 * unfinished push comes first: it is never replaced or resumed by this one.
 */
export function startLimitedPush(
  ctx: Context,
  fromMenu: boolean,
  wanted: string,
  plan: (load: (operation: Operation) => LoadedSheet) => LimitedPush,
): PushProgress {
  return withDocumentLock(ctx, wanted, LOCK_WAIT_MS, () => {
    const client = hubClient(ctx);
    const active = readRun(ctx.ports.documentStore);
    if (active && isAbandoned(active, ctx.ports.clock.now(), ctx.settings.deployment))
      clearRun(ctx.ports.documentStore, ctx.ports.workbook, active);
    else if (active) {
      const done = rowsDone(active);
      throw new BusyError(
        `${wanted} did not start: ${title(active)}${onSheet(active)} by ${active.user || 'another user'} is not finished (${partOf(done, active.total, 'row')} done). Resume or cancel it in the sidebar first.`,
      );
    }
    let read: LoadedSheet | null = null;
    const spec = plan((operation) => (read = loadStockSheet(ctx, operation)));
    const loaded: LoadedSheet = read ?? loadStockSheet(ctx, spec.operation);
    const run: PushRun = {
      ...freshRun(ctx, spec.operation, spec.scope, fromMenu),
      requests: spec.requests,
      selected: spec.only.size,
      limited: spec.limited,
    };
    const kept = writeOnly(ctx.ports.workbook, run.id, spec.only);
    run.total = pendingRows(loaded, run, kept, queuedSkus(ctx, spec.operation === 'async' ? run.id : null)).length;
    writeRun(ctx.ports.documentStore, run);
    return fromMenu ? menuRun(ctx, loaded, run, kept, client) : sidebarStart(ctx, loaded, run, kept);
  });
}

/**
 * Background trigger: continues this user's push started from the menu, one execution's worth,
 * and arms the next continuation while rows remain. Returns null when there is nothing to do or
 * another operation holds the sheet (then it tries again a minute later).
 */
export function continueInBackground(ctx: Context): PushProgress | null {
  const mine = (run: PushRun | null): run is PushRun => run?.background === true && run.owner === ctx.ports.session.userKey();
  if (!mine(readRun(ctx.ports.documentStore))) {
    if (readBackground(ctx).pushAt !== null) continueAt(ctx, null);
    return null;
  }
  try {
    return withDocumentLock(ctx, 'Background push', LOCK_WAIT_MS, () => {
      // Read again under the lock: while this waited, the sidebar may have resumed and finished
      // the push; going on with the run read before would send its rows again and bring it back.
      const run = readRun(ctx.ports.documentStore);
      if (!mine(run)) {
        continueAt(ctx, null);
        return null;
      }
      continueAt(ctx, ctx.ports.clock.now() + SAFETY_DELAY_MS);
      const on = onRunSheet(ctx, run);
      const result = chunkAndRecord(on, run, loadStockSheet(on, run.operation), Number.POSITIVE_INFINITY);
      if (!result.finished) continueAt(ctx, ctx.ports.clock.now() + NEXT_CHUNK_DELAY_MS);
      return result;
    });
  } catch (e) {
    if (e instanceof BusyError) {
      continueAt(ctx, ctx.ports.clock.now() + NEXT_CHUNK_DELAY_MS);
      return null;
    }
    throw e;
  }
}

/** The active push, if any, for the sidebar. */
export function activePushProgress(ctx: Context): PushProgress | null {
  const run = readRun(ctx.ports.documentStore);
  return run ? progress(run, Math.max(0, run.total - rowsDone(run)), false, `${title(run)}${onSheet(run)} is running.`) : null;
}

/** Trigger: a background push that cannot go on without the seller (token, sheet) is ended and logged. */
export function abandonBackgroundRun(ctx: Context): void {
  const run = readRun(ctx.ports.documentStore);
  if (!run) return;
  clearRun(ctx.ports.documentStore, ctx.ports.workbook, run);
  continueAt(ctx, null);
}

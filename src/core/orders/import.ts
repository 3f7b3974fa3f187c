import { countOf } from '../../sheet/count-words';
import { parseHubDate } from '../../api/query';
import { HubError } from '../../api/errors';
import type { HubClient, OrdersPageRead } from '../../api/client';
import type { Outcome } from '../../api/call-runner';
import type { OrderRecord } from '../../api/order-records';
import type { Order } from '../../api/schemas/orders';
import { liveChanged, liveEntries } from '../kernel/live';
import { writeBatch } from '../kernel/write-batch';
import { timeLeft, type Context } from '../kernel/context';
import type { KeyValueStore } from '../kernel/ports';
import type { Settings } from '../kernel/settings-schema';
import { hubClient } from '../settings/context';
import { BusyError, UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { appendLog, logNote } from '../kernel/log';
import { advanceStream, PAGE_SIZE, pageOffset, slideWindow, streamDate, streamQuery, type StreamCursor, type StreamKind } from './stream';
import {
  cursorsOf,
  hasBacklog,
  loadStreams,
  nextTurn,
  resetStreams,
  streamsVersion,
  turnEntry,
  writeStreams,
  type ImportStreams,
} from './streams-store';
import { idleCheckEntry, idleChecksBase, readImportStatus, updateImportStatus, writeImportStatus } from './import-status';
import { afterRateLimit, nextCallAt, readRate, unlockedCallEntry, writeRate, type RateState } from './rate';
import { noteWrittenInStreams, onlySeenAgain, type PageOrder } from './seen-again';
import { writeOrders, type WriteOrdersResult } from './write-orders';
import { countSold, noteLowStockAfterImport } from './low-stock';

/** What one import run did. */
export interface ImportOutcome {
  calls: number;
  added: number;
  updated: number;
  unchanged: number;
  keptEdits: number;
  /** Records with no readable order id (skipped; the sweep reads them again). */
  unreadable: number;
  /** Records written in part because a field failed the schema. */
  partial: number;
  /** The daily sweep ended in this run: the orders it found late (else null). */
  sweepFoundLate: number | null;
  /** Order lines the hub no longer lists, deleted or marked. */
  removedLines: number;
  /** A stream has orders left to read, the sweep is under way, or a 429 put the call off: the next run continues. */
  pending: boolean;
  /** The hub answered 429 and its Retry-After is stored. */
  rateLimited: boolean;
  /** When the next Get Orders call may start (epoch ms), when this run had to stop for the rate limit. */
  nextCallAt: number | null;
  /** Orders known to wait for the next call (its stream's total less its cursor; 0 when caught up or the daily check's turn). */
  waiting: number;
  message: string;
}

/** What writeOrders would answer for a page of orders all seen again unchanged. */
function allUnchanged(count: number): WriteOrdersResult {
  return { rows: new Map(), added: 0, updated: 0, unchanged: count, keptEdits: 0, removedLines: 0, written: [] };
}

/** Stop starting Get Orders calls this long into an execution (Apps Script stops it at 6 minutes). */
const CALL_BUDGET_MS = 4 * 60_000;
/** How long to wait for the document lock: a person can wait a little; a trigger leaves and comes back. */
const LOCK_WAIT_MS = { interactive: 10_000, trigger: 3_000 } as const;

/**
 * Imports the next pages of orders, as many as the rate limit allows now, under the document
 * lock: check the limit, record the call time, call, write the rows, and only then move the
 * cursor. Never sleeps: when the next call is not yet allowed it says when and leaves.
 */
export function importOrders(ctx: Context): ImportOutcome {
  const startedAt = ctx.ports.clock.now();
  try {
    // One attempt: a retry would be a second Get Orders call inside the same minute.
    const client = hubClient(ctx, { maxAttempts: 1 });
    const sold = new Map<string, number>();
    const idle = idleImport(ctx, client);
    if (idle.outcome) return idle.outcome;
    const outcome = withDocumentLock(ctx, 'Order import', ctx.interactive ? LOCK_WAIT_MS.interactive : LOCK_WAIT_MS.trigger, () =>
      importPages(ctx, client, sold, idle.called),
    );
    noteLowStockAfterImport(ctx, sold);
    const logged = outcome.added + outcome.updated + outcome.partial + outcome.unreadable + outcome.removedLines > 0 || outcome.rateLimited;
    if (logged) {
      appendLog(
        ctx.ports.workbook,
        ctx.settings.sheetNames.log,
        {
          time: ctx.ports.clock.now(),
          user: ctx.ports.session.userEmail(),
          operation: 'Import orders',
          ok: outcome.added + outcome.updated,
          failed: 0,
          skipped: outcome.unchanged,
          requests: client.stats.requests,
          retries: client.stats.retries,
          durationMs: ctx.ports.clock.now() - startedAt,
          message: outcome.message,
        },
        ctx.settings.logMaxRows,
      );
    }
    liveChanged(ctx, 'orders', ...(logged ? (['log'] as const) : []));
    return outcome;
  } catch (e) {
    if (e instanceof BusyError) throw e; // another operation runs: not a failure of the import
    const message =
      e instanceof HubError
        ? `Order import: ${e.message} The import goes on from the same place at the next run.`
        : e instanceof Error
          ? e.message
          : String(e);
    updateImportStatus(ctx.ports.documentStore, { lastRunAt: startedAt, lastError: message, lastErrorAt: ctx.ports.clock.now() });
    liveChanged(ctx, 'orders');
    throw e instanceof HubError ? new UserError(message) : e;
  }
}

/** What the import's pages share: the settings, the streams as they move on, and the run's counts. */
interface ImportRun {
  ctx: Context;
  store: KeyValueStore;
  orders: Settings['orders'];
  /** New orders are filtered by the hub on these; changes are read whole and filtered here. */
  filters: { channel: string | undefined; status: string | undefined };
  out: ImportOutcome;
  streams: ImportStreams;
  /** The old single cursor is dropped with the first streams written. */
  dropOldCursor: boolean;
  /** The units of the orders added, by SKU (the low-stock alert's estimate). */
  sold: Map<string, number>;
}

/** A page of orders as the import reads it. */
interface PageWritten {
  readable: ReadableRecord[];
  /** Orders read in part (a field failed the schema), by order id. */
  problems: Map<number, OrderRecord>;
  listed: PageOrder[];
  /** The page only lists again, unchanged, the last orders read: the sheets were left unopened. */
  seenAgain: boolean;
  written: WriteOrdersResult;
}

/**
 * `sold`: the units of the orders added, by SKU (the low-stock alert's estimate). `called`: a
 * page the lock-free start called for and found not idle; it is written when its stream is still
 * where it was (else another run moved it meanwhile, and the stream reads those orders again).
 */
function importPages(ctx: Context, client: HubClient, sold: Map<string, number>, called?: PageCall): ImportOutcome {
  const run = startImport(ctx, sold);
  if (called) {
    run.out.calls++;
    const turn = nextTurn(run.streams, called.now, run.orders.sweepDays);
    const same = turn.kind === called.kind && JSON.stringify(turn.streams[called.kind]) === JSON.stringify(called.cursor);
    // A page of a stream moved since is not written (the stream reads it again); the hub's refusal of the call still counts.
    const stale = !same && called.result.ok;
    // As after any page: more calls only while a backlog remains.
    if (stale || !applyPage(run, { ...called, streams: turn.streams }) || (!hasBacklog(run.streams) && run.streams.sweep === null)) {
      finishImport(run);
      return run.out;
    }
  }
  for (;;) {
    const now = ctx.ports.clock.now();
    const rate = readRate(run.store);
    const allowedAt = nextCallAt(rate, run.orders.callsPerMinute);
    if (now < allowedAt) {
      run.out.nextCallAt = allowedAt;
      break;
    }
    if (run.out.calls > 0 && timeLeft(ctx, CALL_BUDGET_MS) <= 0) break;
    if (!applyPage(run, callPage(run, client, now, rate))) break;
    if (!hasBacklog(run.streams) && run.streams.sweep === null) break;
  }
  finishImport(run);
  return run.out;
}

function startImport(ctx: Context, sold: Map<string, number>): ImportRun {
  const store = ctx.ports.documentStore;
  const { orders } = ctx.settings;
  const filters = { channel: orders.channel.trim() || undefined, status: orders.status.trim().toUpperCase() || undefined };
  const out: ImportOutcome = {
    calls: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    keptEdits: 0,
    unreadable: 0,
    partial: 0,
    sweepFoundLate: null,
    removedLines: 0,
    pending: false,
    rateLimited: false,
    nextCallAt: null,
    waiting: 0,
    message: '',
  };
  const loaded = loadStreams(store, ctx.ports.clock.now(), orders);
  return { ctx, store, orders, filters, out, streams: loaded.streams, dropOldCursor: loaded.fromOldCursor, sold };
}

/** A Get Orders call made: for which stream, from where, and what the hub answered. */
interface PageCall {
  kind: StreamKind;
  cursor: StreamCursor;
  /** The streams as the turn left them (a sweep that falls due starts with its turn). */
  streams: ImportStreams;
  rate: RateState;
  now: number;
  result: Outcome<OrdersPageRead>;
}

/** One Get Orders call for the stream whose turn it is; `claim`: its time recorded first (the idle import records it after). */
function callPage(run: ImportRun, client: HubClient, now: number, rate: RateState, claim = true): PageCall {
  const { ctx, filters, out } = run;
  const turn = nextTurn(run.streams, now, run.orders.sweepDays);
  const kind = turn.kind;
  const cursor = turn.streams[kind] as StreamCursor;
  // Recorded before sending, in the store itself (never held back): an execution killed during the call still counts it.
  if (claim) writeRate(ctx.ports.documentStore, { ...rate, lastCallAt: now });
  // New orders are filtered by the hub; changes are read whole and filtered here, so that an
  // imported order that leaves the status filter (a CREATED order cancelled) is still updated.
  const result = client.getOrders(streamQuery(cursor, kind === 'added' ? filters : { channel: filters.channel }));
  out.calls++;
  return { kind, cursor, streams: turn.streams, rate, now, result };
}

/** A call's page: its rows written, the stream moved on. False when the hub asked to wait. */
function applyPage(run: ImportRun, call: PageCall): boolean {
  const { ctx, store, orders, out } = run;
  const { kind, cursor, rate, now, result } = call;
  run.streams = call.streams;
  if (!result.ok) {
    if (result.error.kind !== 'rate-limit') throw result.error;
    const next = afterRateLimit({ ...rate, lastCallAt: now }, ctx.ports.clock.now(), result.error.retryAfterMs, orders.callsPerMinute);
    writeRate(store, next);
    out.rateLimited = true;
    out.nextCallAt = next.notBefore;
    return false;
  }
  const written = writePage(run, kind, cursor, result.value);
  moveStreamOn(run, kind, cursor, result.value, written);
  return true;
}

/**
 * The lock-free start of an import. Once both streams are caught up, nearly every call lists
 * again only the last order read, unchanged: such a page writes no row and moves no stream, so it
 * needs no document lock (which guards the sheets) and changes only the rate limit's record, the
 * count of calls that found nothing (import-status.ts) and the sidebar's stamp. Those go in one
 * property write; in a trigger run, the same write as the rest of the run's state (holdWrites).
 * The call's time is recorded after the call rather than before (a run this short is not killed
 * midway; two runs calling at once get the hub's rate-limit answer, which the locked import
 * handles), in a key of its own: a Retry-After that a locked import stores meanwhile stands.
 * Anything else — a backlog, the daily check, a status to bring up to date, a page with orders
 * to write, an error — is left to the locked import, with the page already called (`called`) so
 * that no second call is made.
 */
function idleImport(ctx: Context, client: HubClient): { outcome?: ImportOutcome; called?: PageCall } {
  const run = startImport(ctx, new Map());
  const now = ctx.ports.clock.now();
  const rate = readRate(run.store);
  const status = readImportStatus(run.store);
  // A status to bring up to date (none yet, a backlog, an error to clear) is the locked import's.
  if (status.rev === undefined || status.pending || status.lastError !== null) return {};
  if (hasBacklog(run.streams) || run.dropOldCursor || now < nextCallAt(rate, run.orders.callsPerMinute)) return {};
  // The daily check under way (or due) reads on at every allowed call: the locked import's loop.
  if (nextTurn(run.streams, now, run.orders.sweepDays).streams.sweep !== null) return {};
  // What the call starts from: streams or a status written while it is out make its record void.
  const version = streamsVersion(run.store);
  const checks = idleChecksBase(run.store);
  const call = callPage(run, client, now, rate, false);
  const after = call.result.ok && idlePage(call.kind, call.cursor, call.result.value) ? appliedIdle(run, call) : null;
  if (after === null) {
    ctx.ports.documentStore.setMany(unlockedCallEntry(now));
    return { called: call };
  }
  ctx.holdWrites?.();
  const stamp = liveEntries(ctx, 'orders');
  ctx.ports.documentStore.setMany({
    ...unlockedCallEntry(now),
    ...turnEntry(version, after.streams),
    ...idleCheckEntry(checks, ctx.ports.clock.now(), after.out.message),
    ...(stamp ?? {}),
  });
  if (!stamp) liveChanged(ctx, 'orders');
  return { outcome: after.out };
}

/**
 * The idle page applied to a copy of the run whose writes go nowhere: the run as it ends, unless
 * the page moved a cursor (a stream caught up, a window closed), which is the locked import's to
 * store (null).
 */
function appliedIdle(run: ImportRun, call: PageCall): ImportRun | null {
  const after: ImportRun = { ...run, store: writeBatch(run.store), out: { ...run.out } };
  applyPage(after, call);
  if (cursorsOf(after.streams) !== cursorsOf(run.streams)) return null;
  concludeRun(after);
  return after;
}

/** The page lists nothing, or only orders read before, unchanged and written whole: nothing to write in the sheets. */
function idlePage(kind: StreamKind, cursor: StreamCursor, page: OrdersPageRead): boolean {
  if (page.records.length === 0) return true;
  if (page.records.some((r) => r.order === null)) return false;
  return onlySeenAgain(cursor.tail, listedOf(kind, page.records as ReadableRecord[]));
}

type ReadableRecord = OrderRecord & { order: NonNullable<OrderRecord['order']> };

/** The page's readable orders as the tail check knows them. */
function listedOf(kind: StreamKind, readable: readonly ReadableRecord[]): PageOrder[] {
  return readable.map((r) => ({
    id: r.order.orderId,
    date: streamDate(kind, r.raw as Record<string, unknown>),
    dateModified: r.order.dateModified,
    whole: r.problems.length === 0,
  }));
}

/** The page's orders written into the sheets, unless it only lists again what the last run wrote. */
function writePage(run: ImportRun, kind: StreamKind, cursor: StreamCursor, page: OrdersPageRead): PageWritten {
  const { ctx, orders, filters } = run;
  const readable = page.records.filter((r): r is ReadableRecord => r.order !== null);
  const problems = new Map(readable.filter((r) => r.problems.length > 0).map((r) => [r.order.orderId, r]));
  const admit =
    filters.status === undefined
      ? undefined
      : (o: Order) =>
          String(o.internalStatus ?? '')
            .trim()
            .toUpperCase() === filters.status;
  const listed = listedOf(kind, readable);
  // An idle run's page (the last order read, listed again unchanged) leaves the sheets unopened.
  const seenAgain = onlySeenAgain(cursor.tail, listed);
  const written = seenAgain
    ? allUnchanged(listed.length)
    : writeOrders(
        ctx,
        readable.map((r) => r.order),
        { fromImport: true, now: ctx.ports.clock.now(), problems, removedLines: orders.removedLines, admit },
      );
  return { readable, problems, listed, seenAgain, written };
}

/** The rows are written: only now may the cursor pass them. The streams are saved and the page counted. */
function moveStreamOn(run: ImportRun, kind: StreamKind, cursor: StreamCursor, page: OrdersPageRead, pageWritten: PageWritten): void {
  const { ctx, out } = run;
  const { written, listed, seenAgain } = pageWritten;
  const step = advanceStream(
    cursor,
    {
      // The offset asked for, not the one the answer names: the cursor counts what it asked.
      offset: pageOffset(cursor),
      orders: page.records.map((r) => ({
        id: r.order?.orderId ?? -1,
        date: r.order ? streamDate(kind, r.raw as Record<string, unknown>) : '',
      })),
      total: page.total,
    },
    ctx.ports.clock.now(),
  );
  const streams = run.streams;
  const late = kind === 'sweep' ? foundLate(streams, written.written) : 0;
  const settled = settle(
    ctx,
    {
      ...streams,
      lastTurn: kind,
      addedInARow: kind === 'added' ? (streams.addedInARow ?? 0) + 1 : 0,
      ...(kind === 'modified' ? { changesReadAt: ctx.ports.clock.now() } : {}),
    },
    kind,
    step.cursor,
    step.caughtUp,
    late,
    out,
  );
  // The tails remember which dateModified their orders' rows now hold (the next idle page's proof).
  run.streams = noteWrittenInStreams(settled, listed, (id) => seenAgain || written.rows.has(id));
  writeStreams(run.store, run.streams, run.dropOldCursor);
  run.dropOldCursor = false;
  countSold(run.sold, written.written);
  out.added += written.added;
  out.updated += written.updated;
  out.unchanged += written.unchanged;
  out.keptEdits += written.keptEdits;
  out.removedLines += written.removedLines;
  out.partial += pageWritten.problems.size;
  out.unreadable += page.records.length - pageWritten.readable.length;
}

/** The run's outcome as the seller reads it: whether a backlog remains, how many wait, the summary. */
function concludeRun({ ctx, store, orders, out, streams }: ImportRun): void {
  // A run that could not call keeps the backlog flag of the one before.
  out.pending = hasBacklog(streams) || streams.sweep !== null || out.rateLimited || (out.calls === 0 && readImportStatus(store).pending);
  const turn = nextTurn(streams, ctx.ports.clock.now(), orders.sweepDays).kind;
  const next = turn === 'sweep' ? null : streams[turn];
  out.waiting = next === null || next.caughtUpAt !== null ? 0 : (next.waiting ?? PAGE_SIZE);
  out.message = summarize(out, ctx.ports.clock.now(), orders.callsPerMinute, orders.removedLines, ctx.settings.deployment);
}

/** The run's message and the import's status: what the sidebar shows and the next run starts from. */
function finishImport(run: ImportRun): void {
  const { ctx, store, out } = run;
  concludeRun(run);
  const before = readImportStatus(store);
  writeImportStatus(store, {
    ...before,
    lastRunAt: ctx.ports.clock.now(),
    lastRunAdded: out.added,
    lastRunUpdated: out.updated,
    totalAdded: before.totalAdded + out.added,
    totalUpdated: before.totalUpdated + out.updated,
    totalCalls: before.totalCalls + out.calls,
    pending: out.pending,
    lastMessage: out.message,
    ...(out.sweepFoundLate !== null
      ? {
          lastSweepAt: ctx.ports.clock.now(),
          lastSweepFoundLate: out.sweepFoundLate,
          totalFoundLate: before.totalFoundLate + out.sweepFoundLate,
        }
      : {}),
    // A run that reached the hub clears the error it reported before.
    ...(out.calls > 0 && !out.rateLimited ? { lastError: null, lastErrorAt: null } : {}),
  });
}

/**
 * Orders the daily check wrote that the streams should have read already: a new order added to
 * the hub before the last order the new-orders stream read, or a change made before the last
 * change the changes stream read. One changed since the changes stream last looked is simply not
 * read yet — not late.
 */
function foundLate(
  streams: ImportStreams,
  written: ReadonlyArray<{ order: { dateAdded: string; dateModified: string }; added: boolean }>,
): number {
  const lastRead = (c: StreamCursor): number => {
    const last = c.tail[c.tail.length - 1];
    return last ? parseHubDate(last.date) : Number.NEGATIVE_INFINITY;
  };
  const addedUpTo = lastRead(streams.added);
  const changedUpTo = lastRead(streams.modified);
  return written.filter(({ order, added }) => {
    const modified = parseHubDate(order.dateModified);
    if (added && parseHubDate(order.dateAdded) <= addedUpTo) return true;
    return Number.isFinite(modified) && modified <= changedUpTo;
  }).length;
}

/**
 * The streams after a page of `kind` was written: a caught-up stream's window slides forward;
 * the sweep counts what it found late and, at its end, is reported and put away.
 */
function settle(
  ctx: Context,
  streams: ImportStreams,
  kind: StreamCursor['kind'],
  cursor: StreamCursor,
  caughtUp: boolean,
  writtenNew: number,
  out: ImportOutcome,
): ImportStreams {
  if (kind !== 'sweep') return { ...streams, [kind]: caughtUp ? slideWindow(cursor) : cursor };
  const found = streams.sweepFoundLate + writtenNew;
  if (!caughtUp) return { ...streams, sweep: cursor, sweepFoundLate: found };
  out.sweepFoundLate = found;
  const days = ctx.settings.orders.sweepDays;
  const late =
    found === 0
      ? `Daily check of the orders of the last ${countOf(days, 'day')}: none was missing or out of date.`
      : `Daily check of the orders of the last ${countOf(days, 'day')}: ${plural(found, 'order')} found late (added or changed in the hub without the import seeing it) and written now.`;
  logNote(ctx, 'Order import check', late, { ok: found });
  return { ...streams, sweep: null, sweepFoundLate: 0, lastSweepAt: ctx.ports.clock.now() };
}

const plural = countOf;

function summarize(
  out: ImportOutcome,
  now: number,
  callsPerMinute: number,
  removedLines: 'delete' | 'mark',
  deployment: 'addon' | 'container',
): string {
  const parts: string[] = [];
  if (out.calls > 0) {
    parts.push(
      out.added + out.updated === 0
        ? 'No new or changed orders'
        : `${plural(out.added, 'new order')}, ${plural(out.updated, 'updated order')}`,
    );
    if (out.keptEdits > 0) parts.push(`${plural(out.keptEdits, 'row')} kept your unsent edits`);
    if (out.partial > 0) parts.push(`${plural(out.partial, 'order')} read in part (see their Sync message)`);
    // Not "read again later": a record without an id is the same at every read; only the hub can mend it.
    if (out.unreadable > 0)
      parts.push(
        `${plural(out.unreadable, 'record')} without a readable order id could not be imported: the hub sends no order id for ${out.unreadable === 1 ? 'it' : 'them'} — ask the hub's support`,
      );
    if (out.removedLines > 0)
      parts.push(
        `${plural(out.removedLines, 'order line')} no longer in the hub, ${removedLines === 'mark' ? 'marked' : 'removed'} in Order Items`,
      );
    if (out.sweepFoundLate !== null) parts.push(`daily check: ${plural(out.sweepFoundLate, 'order')} found late`);
  }
  if (out.rateLimited)
    parts.push(`the hub asked to wait (429): next call in ${Math.max(1, Math.ceil(((out.nextCallAt ?? now) - now) / 1000))} s`);
  // In the add-on the schedule is hourly: "next call in 62 s" would promise a run that is an hour away.
  else if (out.nextCallAt !== null && !(deployment === 'addon' && out.calls > 0)) {
    const wait = `${Math.max(1, Math.ceil((out.nextCallAt - now) / 1000))} s`;
    const limit = callsPerMinute === 1 ? 'one Get Orders call per minute' : `${callsPerMinute} Get Orders calls per minute`;
    parts.push(out.calls === 0 ? `The hub allows ${limit}: the next call is possible in ${wait}` : `next call in ${wait}`);
  }
  if (out.pending && !out.rateLimited)
    parts.push(
      deployment === 'addon'
        ? 'more orders to read: the next hourly run continues (Catch up in the sidebar reads on at one call a minute)'
        : 'more orders to read: the next run continues',
    );
  return `${parts.join('; ')}.`.replace(/^./, (c) => c.toUpperCase());
}

/** Starts the import over from the backfill's first day (rows are updated in place, never duplicated). */
export function restartOrderImport(ctx: Context): string {
  return withDocumentLock(ctx, 'Restart order import', LOCK_WAIT_MS.interactive, () => {
    resetStreams(ctx.ports.documentStore);
    updateImportStatus(ctx.ports.documentStore, { pending: true });
    liveChanged(ctx, 'orders');
    return `The next import reads the orders added to the hub in the last ${countOf(ctx.settings.orders.backfillDays, 'day')} again; rows already in "${ctx.settings.sheetNames.orders}" are updated in place, never duplicated.`;
  });
}

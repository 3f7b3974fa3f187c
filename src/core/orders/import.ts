import { HubError } from '../../api/errors';
import type { HubClient } from '../../api/client';
import { hubClient, timeLeft, type Context } from '../context';
import { BusyError, UserError } from '../errors';
import { withDocumentLock } from '../guard';
import { appendLog } from '../log';
import { advanceCursor, cursorQuery, midWindow, readCursor, resetCursor, writeCursor } from './cursor';
import { readImportStatus, updateImportStatus } from './import-status';
import { afterRateLimit, nextCallAt, readRate, writeRate } from './rate';
import { writeOrders } from './write-orders';

/** What one import run did. */
export interface ImportOutcome {
  calls: number;
  added: number;
  updated: number;
  unchanged: number;
  keptEdits: number;
  /** A window is half read (or a 429 put the call off): the next run continues. */
  pending: boolean;
  /** The hub answered 429 and its Retry-After is stored. */
  rateLimited: boolean;
  /** When the next Get Orders call may start (epoch ms), when this run had to stop for the rate limit. */
  nextCallAt: number | null;
  message: string;
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
    const outcome = withDocumentLock(ctx, 'Order import', ctx.interactive ? LOCK_WAIT_MS.interactive : LOCK_WAIT_MS.trigger, () => importPages(ctx, client));
    if (outcome.added + outcome.updated > 0 || outcome.rateLimited) {
      appendLog(ctx.ports.workbook, ctx.settings.sheetNames.log, {
        time: ctx.ports.clock.now(), user: ctx.ports.session.userEmail(), operation: 'Import orders', ok: outcome.added + outcome.updated, failed: 0,
        skipped: outcome.unchanged, requests: client.stats.requests, retries: client.stats.retries, durationMs: ctx.ports.clock.now() - startedAt, message: outcome.message,
      }, ctx.settings.logMaxRows);
    }
    return outcome;
  } catch (e) {
    if (e instanceof BusyError) throw e; // another operation runs: not a failure of the import
    const message = e instanceof HubError ? `Order import: ${e.message} The import goes on from the same place at the next run.` : e instanceof Error ? e.message : String(e);
    updateImportStatus(ctx.ports.documentStore, { lastRunAt: startedAt, lastError: message, lastErrorAt: ctx.ports.clock.now() });
    throw e instanceof HubError ? new UserError(message) : e;
  }
}

function importPages(ctx: Context, client: HubClient): ImportOutcome {
  const store = ctx.ports.documentStore;
  const { orders } = ctx.settings;
  const out: ImportOutcome = { calls: 0, added: 0, updated: 0, unchanged: 0, keptEdits: 0, pending: false, rateLimited: false, nextCallAt: null, message: '' };
  let cursor = readCursor(store, ctx.ports.clock.now(), orders);
  for (;;) {
    const now = ctx.ports.clock.now();
    const rate = readRate(store);
    const allowedAt = nextCallAt(rate, orders.callsPerMinute);
    if (now < allowedAt) {
      out.nextCallAt = allowedAt;
      break;
    }
    if (out.calls > 0 && timeLeft(ctx, CALL_BUDGET_MS) <= 0) break;
    // Recorded before sending: an execution killed during the call still counts it.
    writeRate(store, { ...rate, lastCallAt: now });
    const result = client.getOrders(cursorQuery(cursor, orders));
    out.calls++;
    if (!result.ok) {
      if (result.error.kind !== 'rate-limit') throw result.error;
      const next = afterRateLimit({ ...rate, lastCallAt: now }, ctx.ports.clock.now(), result.error.retryAfterMs, orders.callsPerMinute);
      writeRate(store, next);
      out.rateLimited = true;
      out.nextCallAt = next.notBefore;
      break;
    }
    const page = result.value;
    const written = writeOrders(ctx, page.results, { pass: cursor.pass, now: ctx.ports.clock.now() });
    const modified = page.results.map((o) => Date.parse(o.dateModified)).filter(Number.isFinite);
    const next = advanceCursor(cursor, {
      total: page.total,
      count: page.results.length,
      maxModified: modified.length > 0 ? Math.max(...modified) : null,
      shiftFrom: written.shiftFrom,
    });
    // The rows are written: only now may the cursor pass them.
    writeCursor(store, next.cursor);
    cursor = next.cursor;
    out.added += written.added;
    out.updated += written.updated;
    out.unchanged += written.unchanged;
    out.keptEdits += written.keptEdits;
    if (next.windowDone) break;
  }
  const before = readImportStatus(store);
  // A run that could not call keeps the backlog flag of the one before.
  out.pending = midWindow(cursor) || out.rateLimited || (out.calls === 0 && before.pending);
  out.message = summarize(out, ctx.ports.clock.now(), orders.callsPerMinute);
  updateImportStatus(store, {
    lastRunAt: ctx.ports.clock.now(),
    lastRunAdded: out.added,
    lastRunUpdated: out.updated,
    totalAdded: before.totalAdded + out.added,
    totalUpdated: before.totalUpdated + out.updated,
    totalCalls: before.totalCalls + out.calls,
    pending: out.pending,
    lastMessage: out.message,
    // A run that reached the hub clears the error it reported before.
    ...(out.calls > 0 && !out.rateLimited ? { lastError: null, lastErrorAt: null } : {}),
  });
  return out;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function summarize(out: ImportOutcome, now: number, callsPerMinute: number): string {
  const parts: string[] = [];
  if (out.calls > 0) {
    parts.push(out.added + out.updated === 0 ? 'No new or changed orders' : `${plural(out.added, 'new order')}, ${plural(out.updated, 'updated order')}`);
    if (out.keptEdits > 0) parts.push(`${plural(out.keptEdits, 'row')} kept your unsent edits`);
  }
  if (out.rateLimited) parts.push(`the hub asked to wait (429): next call in ${Math.max(1, Math.ceil(((out.nextCallAt ?? now) - now) / 1000))} s`);
  else if (out.nextCallAt !== null) {
    const wait = `${Math.max(1, Math.ceil((out.nextCallAt - now) / 1000))} s`;
    const limit = callsPerMinute === 1 ? 'one Get Orders call per minute' : `${callsPerMinute} Get Orders calls per minute`;
    parts.push(out.calls === 0 ? `The hub allows ${limit}: the next call is possible in ${wait}` : `next call in ${wait}`);
  }
  if (out.pending && !out.rateLimited) parts.push('more orders to read: the next run continues');
  return `${parts.join('; ')}.`.replace(/^./, (c) => c.toUpperCase());
}

/** Starts the import over from the backfill's first day (rows are updated in place, never duplicated). */
export function restartOrderImport(ctx: Context): string {
  return withDocumentLock(ctx, 'Restart order import', LOCK_WAIT_MS.interactive, () => {
    resetCursor(ctx.ports.documentStore);
    updateImportStatus(ctx.ports.documentStore, { pending: true });
    return `The next import reads the orders modified in the last ${ctx.settings.orders.backfillDays} days again; rows already in "${ctx.settings.sheetNames.orders}" are updated in place, never duplicated.`;
  });
}

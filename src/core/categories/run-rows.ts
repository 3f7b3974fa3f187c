/**
 * The shape every row action on the Categories sheet shares (create, update, map, delete): the
 * selected rows are read, checked, sent one request each, and each row gets its Sync status,
 * Sync message and Synced at. One bad row never stops the others.
 */
import type { HubClient } from '../../api/client';
import { HubError } from '../../api/errors';
import { isBlankCell } from '../../sheet';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { withDocumentLock } from '../kernel/document-lock';
import { writeLog } from '../kernel/log';
import type { CellValue } from '../kernel/ports';
import { selectedRows } from '../kernel/selection';
import { readCategoryRow, type CategoryField, type CategoryRow } from './columns';
import { openCategorySheet, writeCategoryUpdates, type CategorySheet, type CategoryUpdates } from './sheet';

/** At most this many rows per action (one request each). */
export const MAX_CATEGORY_ROWS = 500;

export interface CategoryActionSummary {
  action: string;
  /** Selected rows with content. */
  rows: number;
  ok: number;
  failed: number;
  requests: number;
  message: string;
}

/** A row checked: what to send, or why not. */
export type Checked<T> = { row: CategoryRow; payload: T } | { row: CategoryRow; reason: string };

/** What a sent row writes. */
export type Sent = { ok: true; cells: Partial<Record<CategoryField, CellValue>>; status?: string } | { ok: false; message: string };

export interface RowAction<T> {
  /** "Create categories": the Log line and the lock holder. */
  title: string;
  /** "create in the hub": the selection hint. */
  verb: string;
  check(rows: CategoryRow[], cs: CategorySheet): Array<Checked<T>>;
  /** A yes/no question before anything is sent (delete); "no" sends nothing. */
  question?(payloads: Array<{ row: CategoryRow; payload: T }>): string;
  send(client: HubClient, payload: T): Sent;
}

/** The message of a failed request, for the row. */
export function failure(e: unknown): Sent {
  if (e instanceof HubError) return { ok: false, message: e.message };
  throw e;
}

function hasContent(cs: CategorySheet, rowNumber: number): boolean {
  const row = cs.values[rowNumber - 1];
  return Array.isArray(row) && row.some((v) => !isBlankCell(v));
}

/** The selected rows of the Categories sheet, read and checked for the action. */
function prepare<T>(ctx: Context, action: RowAction<T>) {
  const cs = openCategorySheet(ctx, false);
  // Rows hidden by a filter are left alone: deleting a category the seller cannot see is not asked for.
  const selected = selectedRows(ctx, cs.sheet, { max: MAX_CATEGORY_ROWS, what: action.verb, skipHidden: true }).rows;
  const rows = [...selected]
    .sort((a, b) => a - b)
    .filter((r) => hasContent(cs, r))
    .map((r) => readCategoryRow(cs.values, cs.columns, r));
  const checked = action.check(rows, cs);
  const ready = checked.filter((c): c is { row: CategoryRow; payload: T } => 'payload' in c);
  return { cs, rows, checked, ready, fingerprint: JSON.stringify(ready.map((c) => [c.row.rowNumber, c.payload])) };
}

/**
 * Runs a row action on the selected rows of the Categories sheet. A question (delete) is asked
 * before the document lock is taken, so nobody else waits while the seller reads it; under the
 * lock the rows are read again, and if they changed meanwhile nothing is sent.
 */
export function runRowAction<T>(ctx: Context, action: RowAction<T>): CategoryActionSummary {
  const cancelled = (rows: number, why: string): CategoryActionSummary => ({
    action: action.title,
    rows,
    ok: 0,
    failed: 0,
    requests: 0,
    message: `${action.title}: ${why}; nothing was sent to the hub.`,
  });
  let asked: string | null = null;
  if (action.question) {
    const before = prepare(ctx, action);
    if (before.ready.length > 0) {
      if (!ctx.ports.notifier.confirm(action.question(before.ready), action.title)) return cancelled(before.rows.length, 'cancelled');
      asked = before.fingerprint;
    }
  }
  return withDocumentLock(ctx, action.title, 10_000, () => {
    const client = hubClient(ctx);
    const { cs, rows, checked, fingerprint } = prepare(ctx, action);
    if (asked !== null && asked !== fingerprint)
      return cancelled(rows.length, 'the selected rows changed while you were asked; run it again');
    const started = ctx.ports.clock.now();
    const updates: CategoryUpdates = new Map();
    let ok = 0;
    let failed = 0;
    for (const c of checked) {
      const now = new Date(ctx.ports.clock.now());
      const result: Sent = 'payload' in c ? action.send(client, c.payload) : { ok: false, message: c.reason };
      if (result.ok) {
        ok++;
        updates.set(c.row.rowNumber, { ...result.cells, status: result.status ?? 'OK', syncedAt: now });
      } else {
        failed++;
        updates.set(c.row.rowNumber, { status: 'Error', message: result.message, syncedAt: now });
      }
    }
    writeCategoryUpdates(cs, updates);
    const requests = client.stats.requests;
    const message =
      rows.length === 0
        ? `${action.title}: the selected rows of "${cs.sheet.name}" are empty; nothing was sent.`
        : `${action.title}: ${ok} ok, ${failed} failed \u2014 ${requests} request${requests === 1 ? '' : 's'}. See Sync status and Sync message on each row.`;
    const now = ctx.ports.clock.now();
    writeLog(ctx, {
      time: now,
      user: ctx.ports.session.userEmail(),
      operation: action.title,
      ok,
      failed,
      skipped: 0,
      requests,
      retries: client.stats.retries,
      durationMs: now - started,
      message,
    });
    return { action: action.title, rows: rows.length, ok, failed, requests, message };
  });
}

/** Reasons of the cells a row needs, each named by its header. */
export function need(reasons: string[], cell: CategoryRow[keyof Omit<CategoryRow, 'rowNumber'>], what: string): void {
  if (cell.kind === 'empty') reasons.push(`${what} is empty`);
  else if (cell.kind === 'error') reasons.push(cell.reason);
}

import type { Context } from '../../core/context';
import type { KeyValueStore } from '../../core/ports';
import { UserError } from '../../core/errors';
import { appendLog } from '../../core/log';
import { triggerCall, describeError } from '../serve';

const NOTICES_KEY = 'pendingNotices';
const MAX_NOTICES = 5;

/** Notices for the next time someone opens the spreadsheet (triggers have no screen). */
export function addNotice(ctx: Context, text: string): void {
  addNoticeTo(ctx.ports.documentStore, text);
}

function addNoticeTo(store: KeyValueStore, text: string): void {
  let list: string[] = [];
  try {
    list = JSON.parse(store.get(NOTICES_KEY) ?? '[]') as string[];
  } catch {
    list = [];
  }
  list.push(text);
  store.set(NOTICES_KEY, JSON.stringify(list.slice(-MAX_NOTICES)));
}

/** Takes the stored notices (and forgets them). Needs only document properties (onOpen in LIMITED mode). */
export function takeNotices(store: KeyValueStore): string[] {
  const raw = store.get(NOTICES_KEY);
  if (!raw) return [];
  store.delete(NOTICES_KEY);
  try {
    return JSON.parse(raw) as string[];
  } catch {
    return [];
  }
}

/**
 * Runs a trigger's work so that it never fails silently: any error goes to the Log sheet and to a
 * notice shown the next time the spreadsheet opens. `onUserError` lets a caller stop work that
 * cannot succeed without the seller (a missing sheet, an expired token) instead of retrying.
 */
export function recordTriggerFailure(operation: string, fn: (ctx: Context) => void, onUserError?: (ctx: Context, message: string) => void): void {
  triggerCall((ctx) => {
    try {
      fn(ctx);
    } catch (e) {
      const message = describeError(e);
      try {
        if (e instanceof UserError && onUserError) onUserError(ctx, message);
        appendLog(ctx.ports.workbook, ctx.settings.sheetNames.log, {
          time: ctx.ports.clock.now(), user: ctx.ports.session.userEmail(), operation, ok: 0, failed: 1, skipped: 0, requests: 0, retries: 0,
          durationMs: ctx.ports.clock.now() - ctx.startedAt, message,
        }, ctx.settings.logMaxRows);
      } finally {
        addNotice(ctx, `${operation} failed: ${message}`);
      }
    }
  });
}

import { BusyError } from './errors';
import type { Context } from './context';

/** What holds the document lock, stored so the one who waits can be told. */
interface Holder {
  operation: string;
  user: string;
  since: number;
}

const HOLDER_KEY = 'lockHolder';

/**
 * Runs `fn` under the document lock, so two pushes, or a push and the order import, never write
 * the same sheets at once. Whoever cannot get the lock within `waitMs` gets a BusyError naming
 * what is running and since when.
 */
export function withDocumentLock<T>(ctx: Context, operation: string, waitMs: number, fn: () => T): T {
  const { lock, documentStore, clock, session } = ctx.ports;
  if (!lock.tryAcquire(waitMs)) {
    throw new BusyError(busyMessage(readHolder(documentStore.get(HOLDER_KEY)), operation, clock.now()));
  }
  try {
    documentStore.set(HOLDER_KEY, JSON.stringify({ operation, user: session.userEmail(), since: clock.now() } satisfies Holder));
    return fn();
  } finally {
    try {
      documentStore.delete(HOLDER_KEY);
    } finally {
      lock.release();
    }
  }
}

function readHolder(raw: string | null): Holder | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Holder;
  } catch {
    return null;
  }
}

function busyMessage(holder: Holder | null, wanted: string, now: number): string {
  if (!holder) return `${wanted} did not start: another Hub Sync operation is running on this spreadsheet. Try again in a minute.`;
  const seconds = Math.max(1, Math.round((now - holder.since) / 1000));
  return `${wanted} did not start: ${holder.operation} by ${holder.user || 'another user'} has been running for ${seconds} s. Nothing was changed; try again when it finishes.`;
}

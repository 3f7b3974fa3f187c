/**
 * What a job item's status says. hub-api §3 shows one job status (`Finalizado`) and says the full
 * set is not shown, so only words known to be final end an item: the documented success and a
 * short list of failures. Any other word keeps the job open — a status we cannot read is never
 * taken as done — and the row shows the hub's own word while it waits. Pure.
 */
import type { JobItem } from '../../api/schemas/stock';
import { isJobItemSuccess, isSuccessAnswer } from '../../api/success';

/** Statuses after which an item never changes without success: whole words, so "No finalizado" is not final. */
const FAILED_STATUS = /^\s*(error|fallido|failed|cancelado|canceled|cancelled|rechazado|rejected)\s*$/i;

/**
 * Words the hub uses while an item waits (the emulator's `Pendiente`, its job-level `En proceso`,
 * and their usual spellings): nothing to tell the seller, the row already says Pending.
 */
const PENDING_STATUS =
  /^\s*(pendiente|pending|en proceso|en progreso|in progress|procesando|processing|en cola|queued|encolado|nuevo|new|waiting|esperando)\s*$/i;

/**
 * The item's own message, when the hub sent one (unknown fields are kept by the schema): in
 * `message`, or in `msg` as the hub's per-SKU answers name it (hub-api §4.1, §4.2).
 */
export function itemMessage(item: JobItem): string {
  const record = item as Record<string, unknown>;
  return [record.message, record.msg]
    .filter((m): m is string => typeof m === 'string' && m.trim() !== '')
    .map((m) => m.trim())
    .join(' \u2014 ');
}

/** True when the item's status can no longer change: the documented success, or a known failure. */
export function isFinalStatus(status: string): boolean {
  return isJobItemSuccess(status) || FAILED_STATUS.test(status);
}

/** True for the words a hub uses while an item waits: the row needs no note about them. */
export function isKnownPending(status: string): boolean {
  return PENDING_STATUS.test(status);
}

/** A final item that succeeded: the one success classification of every answer (api/success.ts). */
export function itemSucceeded(item: JobItem): boolean {
  return isSuccessAnswer('job', item.status, itemMessage(item));
}

/**
 * The row's message while an item's status is not known to be final and not a known pending word
 * (null when there is nothing to say): the seller sees the hub's own word.
 */
export function waitingNote(items: readonly JobItem[]): string | null {
  const odd = items.find((i) => !isFinalStatus(i.status) && !isKnownPending(i.status));
  if (!odd) return null;
  const word = odd.status.trim().slice(0, 80) || '(no status)';
  return `The hub's job says '${word}' \u2014 waiting for a final status`;
}

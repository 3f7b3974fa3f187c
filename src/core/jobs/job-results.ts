/**
 * Reading an async job's items (Get Job Status) against what the job was sent. Pure.
 *
 * A job is finished only when every SKU it was sent has a result and every result is final; a
 * SKU is OK only when each of its items is a documented success (`Finalizado`, whole word, with
 * no "not found" message), no channel appears twice, and the values the hub reports are the ones
 * sent. Items for SKUs that were not sent are reported, never applied.
 */
import { DEFAULT_CHANNEL_ALIASES, canonicalChannel } from '../../api/channels';
import type { JobItem } from '../../api/schemas/stock';
import { KNOWN_CHANNEL_CODES } from '../../api/sites';
import { isJobItemSuccess } from '../../api/success';
import { plainDecimal, type PushedValues } from '../../sheet';
import type { RowResult } from '../push/types';

/** Statuses after which an item never changes without success: whole words, so "No finalizado" is not final. */
const FAILED_STATUS = /^\s*(error|fallido|failed|cancelado|canceled|cancelled|rechazado|rejected)\s*$/i;
const NOT_FOUND = /producto no encontrado|not found/i;

/** The item's own message, when the hub sent one (unknown fields are kept). */
const messageOf = (item: JobItem): string => {
  const m = (item as Record<string, unknown>).message;
  return typeof m === 'string' ? m : '';
};

/** A documented success that does not say the product was not found. */
function succeeded(item: JobItem): boolean {
  return isJobItemSuccess(item.status) && !NOT_FOUND.test(messageOf(item));
}

export function isFinalStatus(status: string): boolean {
  return isJobItemSuccess(status) || FAILED_STATUS.test(status);
}

export interface JobProgress {
  final: boolean;
  /** Items of SKUs the job was sent, and how many of them are final. */
  items: number;
  finalItems: number;
  /** Sent SKUs with no item yet. */
  missing: number;
  /** Items naming a SKU the job was not sent. */
  extras: JobItem[];
}

/** How far a job is; `sent` null for a job whose SKUs were not recorded (older versions): then every item counts. */
export function jobProgress(items: readonly JobItem[], sent: ReadonlyMap<string, PushedValues> | null): JobProgress {
  const ours = sent ? items.filter((i) => sent.has(i.sku)) : [...items];
  const extras = sent ? items.filter((i) => !sent.has(i.sku)) : [];
  const finalItems = ours.filter((i) => isFinalStatus(i.status)).length;
  const seen = new Set(ours.map((i) => i.sku));
  const missing = sent ? [...sent.keys()].filter((sku) => !seen.has(sku)).length : 0;
  const final = ours.length > 0 && finalItems === ours.length && missing === 0;
  return { final, items: ours.length, finalItems, missing, extras };
}

/** The written channel code of a job item's channel, or null for the hub's own ("General") item. */
function channelOf(item: JobItem, aliases: Readonly<Record<string, string>>): string | null {
  const code = canonicalChannel(item.integration, aliases);
  const known = KNOWN_CHANNEL_CODES.has(code) || Object.values(aliases).indexOf(code) >= 0 || Object.values(DEFAULT_CHANNEL_ALIASES).indexOf(code) >= 0;
  return known ? code : null;
}

/** Why the values the hub reports for a SKU are not those sent, or null when they are (or it reports none). */
function mismatch(item: JobItem, sent: PushedValues): string | null {
  if (item.stock !== null && sent.quantity !== undefined && item.stock !== sent.quantity) {
    return `the hub reports quantity ${plainDecimal(item.stock)}, not the ${plainDecimal(sent.quantity)} sent`;
  }
  const price = sent.publishingPrice ?? sent.price;
  if (item.price !== null && price !== undefined && item.price !== price) return `the hub reports price ${plainDecimal(item.price)}, not the ${plainDecimal(price)} sent`;
  return null;
}

/** One row result per SKU of a finished job; `confirmed` only for a SKU verified in full. */
export function resultsBySku(items: readonly JobItem[], sent: ReadonlyMap<string, PushedValues> | null, aliases: Readonly<Record<string, string>>): Map<string, RowResult> {
  const bySku = new Map<string, JobItem[]>();
  for (const i of items) {
    if (sent && !sent.has(i.sku)) continue;
    const list = bySku.get(i.sku);
    if (list) list.push(i);
    else bySku.set(i.sku, [i]);
  }
  const out = new Map<string, RowResult>();
  bySku.forEach((list, sku) => {
    const values = sent?.get(sku);
    const failed = list.filter((i) => !succeeded(i));
    const channelsSeen = new Map<string, number>();
    for (const i of list) {
      const ch = channelOf(i, aliases) ?? `~${i.integration}`;
      channelsSeen.set(ch, (channelsSeen.get(ch) ?? 0) + 1);
    }
    const twice = [...channelsSeen].filter(([, n]) => n > 1).map(([ch]) => ch.replace(/^~/, ''));
    const wrong = values ? list.map((i) => mismatch(i, values)).find((m) => m !== null) ?? null : null;
    const verified = failed.length === 0 && twice.length === 0 && wrong === null;
    const channels: Record<string, string> = {};
    for (const i of list) {
      const ch = channelOf(i, aliases);
      if (ch === null) continue;
      if (!succeeded(i)) channels[ch] = [i.status, messageOf(i)].filter(Boolean).join(': ');
      else channels[ch] = verified ? 'OK' : 'Not confirmed';
    }
    const n = list.length;
    let result: RowResult;
    if (verified) {
      // Jobs recorded without their values (older versions) confirm what the hub reports.
      const confirmed: PushedValues = { ...(values ?? legacyConfirmed(list[0])) };
      // The job passed the general values on to each channel it reports done (order.ts).
      const price = confirmed.publishingPrice ?? confirmed.price;
      for (const ch of Object.keys(channels)) {
        if (confirmed.quantity !== undefined) confirmed[`quantity:${ch}`] = confirmed.quantity;
        if (price !== undefined) confirmed[`price:${ch}`] = price;
      }
      result = { status: 'OK', message: `Async job finished: ${n} channel update${n > 1 ? 's' : ''} done`, channels, confirmed };
    } else if (failed.length > 0) {
      const list2 = failed.map((f) => `${f.integration}: ${[f.status, messageOf(f)].filter(Boolean).join(' \u2014 ')}`).join('; ');
      result = { status: failed.length === n ? 'Error' : 'Warning', message: `Async job finished with ${failed.length} failed channel update${failed.length > 1 ? 's' : ''}: ${list2}`, channels };
    } else {
      const why = twice.length > 0 ? `the hub listed ${twice.join(', ')} more than once for this SKU` : (wrong as string);
      result = { status: 'Unconfirmed', message: `Async job finished, but not confirmed \u2014 ${why}. Nothing was recorded; send the row again.`, channels };
    }
    out.set(sku, result);
  });
  return out;
}

function legacyConfirmed(item: JobItem): PushedValues {
  const out: PushedValues = {};
  if (item.stock !== null) out.quantity = item.stock;
  if (item.price !== null) out.price = item.price;
  return out;
}

/**
 * Reading an async job's items (Get Job Status) against what the job was sent. Pure.
 *
 * A job is finished only when every SKU it was sent has a result and every result is final; a
 * SKU is OK only when each of its items is a documented success (`Finalizado`, whole word, with
 * no message that speaks of a failure), no channel appears twice, and the values the hub reports
 * are the ones sent. Items are tied to sent SKUs by match-items.ts; items for SKUs that were not
 * sent are reported, never applied.
 */
import { DEFAULT_CHANNEL_ALIASES, canonicalChannel } from '../../api/channels';
import type { JobItem } from '../../api/schemas/stock';
import { KNOWN_CHANNEL_CODES } from '../../api/sites';
import { countOf, plainDecimal, rowMessage, type PushedValues } from '../../sheet';
import type { RowResult } from '../pipeline/types';
import type { MatchedItems } from './match-items';
import { isFinalStatus, itemMessage, itemSucceeded, waitingNote } from './status-words';

export { isFinalStatus } from './status-words';

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
export function jobProgress(matched: MatchedItems, sent: ReadonlyMap<string, PushedValues> | null): JobProgress {
  const ours = [...matched.bySku.values()].flat();
  const finalItems = ours.filter((i) => isFinalStatus(i.status)).length;
  const missing = sent ? [...sent.keys()].filter((sku) => !matched.bySku.has(sku)).length : 0;
  const final = ours.length > 0 && finalItems === ours.length && missing === 0;
  return { final, items: ours.length, finalItems, missing, extras: matched.extras };
}

/** The written channel code of a job item's channel, or null for the hub's own ("General") item. */
function channelOf(item: JobItem, aliases: Readonly<Record<string, string>>): string | null {
  const code = canonicalChannel(item.integration, aliases);
  const known =
    KNOWN_CHANNEL_CODES.has(code) || Object.values(aliases).indexOf(code) >= 0 || Object.values(DEFAULT_CHANNEL_ALIASES).indexOf(code) >= 0;
  return known ? code : null;
}

/** Why the values the hub reports for a SKU are not those sent, or null when they are (or it reports none). */
/**
 * Why the hub's items do not confirm the values sent, or null when they do: each item that reports
 * a value must report the one sent, and a value sent must be reported by at least one item (a
 * Finalizado that names no quantity does not say the hub holds the one sent).
 */
function unconfirmed(items: readonly JobItem[], sent: PushedValues): string | null {
  const wrong = items.map((i) => mismatch(i, sent)).find((m) => m !== null);
  if (wrong) return wrong;
  if (sent.quantity !== undefined && items.every((i) => i.stock === null))
    return `the hub's job does not say which quantity it set (${plainDecimal(sent.quantity)} was sent)`;
  const price = sent.publishingPrice ?? sent.price;
  if (price !== undefined && items.every((i) => i.price === null))
    return `the hub's job does not say which price it set (${plainDecimal(price)} was sent)`;
  return null;
}

function mismatch(item: JobItem, sent: PushedValues): string | null {
  if (item.stock !== null && sent.quantity !== undefined && item.stock !== sent.quantity) {
    return `the hub reports quantity ${plainDecimal(item.stock)}, not the ${plainDecimal(sent.quantity)} sent`;
  }
  const price = sent.publishingPrice ?? sent.price;
  if (item.price !== null && price !== undefined && item.price !== price)
    return `the hub reports price ${plainDecimal(item.price)}, not the ${plainDecimal(price)} sent`;
  return null;
}

/** " (the hub named it 'abc')" when the hub's SKU was not the one sent. */
const namedNote = (hubName: string | undefined): string => (hubName === undefined ? '' : ` (the hub named it '${hubName.slice(0, 60)}')`);

/**
 * The result of one SKU whose items are all final; `confirmed` only for a SKU verified in full.
 * `hubName`: the hub's spelling of the SKU, when it was matched ignoring case and spaces.
 */
export function skuResult(
  list: readonly JobItem[],
  values: PushedValues | undefined,
  aliases: Readonly<Record<string, string>>,
  hubName?: string,
): RowResult {
  const failed = list.filter((i) => !itemSucceeded(i));
  const channelsSeen = new Map<string, number>();
  for (const i of list) {
    const ch = channelOf(i, aliases) ?? `~${i.integration}`;
    channelsSeen.set(ch, (channelsSeen.get(ch) ?? 0) + 1);
  }
  const twice = [...channelsSeen].filter(([, n]) => n > 1).map(([ch]) => ch.replace(/^~/, ''));
  const wrong = values ? unconfirmed(list, values) : null;
  const verified = failed.length === 0 && twice.length === 0 && wrong === null;
  const channels: Record<string, string> = {};
  for (const i of list) {
    const ch = channelOf(i, aliases);
    if (ch === null) continue;
    if (!itemSucceeded(i)) channels[ch] = [i.status, itemMessage(i)].filter(Boolean).join(': ');
    else channels[ch] = verified ? 'OK' : 'Not confirmed';
  }
  const n = list.length;
  const named = namedNote(hubName);
  if (verified) {
    // Jobs recorded without their values (older versions) confirm what the hub reports.
    const confirmed: PushedValues = { ...(values ?? legacyConfirmed(list[0])) };
    // The job passed the general values on to each channel it reports done (order.ts).
    const price = confirmed.publishingPrice ?? confirmed.price;
    for (const ch of Object.keys(channels)) {
      if (confirmed.quantity !== undefined) confirmed[`quantity:${ch}`] = confirmed.quantity;
      if (price !== undefined) confirmed[`price:${ch}`] = price;
    }
    return { status: 'OK', message: `Async job finished: ${countOf(n, 'channel update')} done${named}`, channels, confirmed };
  }
  if (failed.length > 0) {
    const hub = failed.map((f) => ({ channel: f.integration, words: [f.status, itemMessage(f)].filter(Boolean).join(' \u2014 ') }));
    const says = `Async job finished with ${countOf(failed.length, 'failed channel update')}${named}: ${failed.map((f) => f.integration).join(', ')}`;
    return { status: failed.length === n ? 'Error' : 'Warning', message: rowMessage([{ says, hub }]), channels };
  }
  const why = twice.length > 0 ? `the hub listed ${twice.join(', ')} more than once for this SKU` : (wrong as string);
  return {
    status: 'Unconfirmed',
    message: `Async job finished, but not confirmed${named} \u2014 ${why}. Nothing was recorded; send the row again.`,
    channels,
  };
}

/** One row result per SKU of a finished job. */
export function resultsBySku(
  matched: MatchedItems,
  sent: ReadonlyMap<string, PushedValues> | null,
  aliases: Readonly<Record<string, string>>,
): Map<string, RowResult> {
  const out = new Map<string, RowResult>();
  matched.bySku.forEach((list, sku) => out.set(sku, skuResult(list, sent?.get(sku), aliases, matched.renamed.get(sku))));
  return out;
}

/** The message of a sent SKU with no final result when its job's deadline passed. */
export function deadlineMessage(hours: number): string {
  return `No result from the hub's job after ${hours} h \u2014 push again`;
}

/**
 * The results of a job whose deadline passed: SKUs whose items are all final get their result as
 * usual (an OK only when the read was known complete: a page left out may hide a failed item);
 * every other sent SKU is an Error that says to push again, and is `unresolved` (the hub may
 * still run it, so nothing it sets stays recorded as confirmed).
 */
export function resultsAtDeadline(
  matched: MatchedItems,
  sent: ReadonlyMap<string, PushedValues> | null,
  aliases: Readonly<Record<string, string>>,
  complete: boolean,
  hours: number,
): { results: Map<string, RowResult>; unresolved: Set<string> } {
  const results = new Map<string, RowResult>();
  const unresolved = new Set<string>();
  const skus = sent ? [...sent.keys()] : [...matched.bySku.keys()];
  for (const sku of skus) {
    const list = matched.bySku.get(sku) ?? [];
    if (list.length > 0 && list.every((i) => isFinalStatus(i.status))) {
      const result = skuResult(list, sent?.get(sku), aliases, matched.renamed.get(sku));
      results.set(sku, result.status === 'OK' && !complete ? notProvenComplete(result) : result);
    } else {
      results.set(sku, { status: 'Error', message: deadlineMessage(hours), channels: {} });
      unresolved.add(sku);
    }
  }
  return { results, unresolved };
}

function notProvenComplete(result: RowResult): RowResult {
  const channels: Record<string, string> = {};
  for (const [ch, text] of Object.entries(result.channels)) channels[ch] = text === 'OK' ? 'Not confirmed' : text;
  return {
    status: 'Unconfirmed',
    message: `${result.message}, but the hub's list of the job's items could not be shown complete by the deadline \u2014 nothing was confirmed; push again`,
    channels,
  };
}

/** Sent SKU → the note its row shows while its items carry a status not known to be final (see status-words.ts). */
export function waitingNotes(matched: MatchedItems): Map<string, string> {
  const out = new Map<string, string>();
  matched.bySku.forEach((list, sku) => {
    const note = waitingNote(list);
    if (note) out.set(sku, note);
  });
  return out;
}

function legacyConfirmed(item: JobItem): PushedValues {
  const out: PushedValues = {};
  if (item.stock !== null) out.quantity = item.stock;
  if (item.price !== null) out.price = item.price;
  return out;
}

import { canonicalChannel } from '../../api/channels';
import { URLFETCH_QUOTA_TEXT, type HubError } from '../../api/errors';
import { KNOWN_CHANNEL_CODES, parseSitesString, type SiteOutcome } from '../../api/sites';
import { isSuccessAnswer, isSuccessStatus, saysFailure } from '../../api/success';
import type { PushedValues } from '../../sheet';
import type { RowResult, RowStatus } from './types';

/** What became of one part (one request item) of a row. */
export interface PartResult {
  /** The hub accepted exactly what was sent, for exactly this SKU and channel. */
  ok: boolean;
  /** The hub took it on some channels and refused it on others. */
  partial?: boolean;
  /** Queued in an async job: the outcome comes later. */
  pending?: boolean;
  /** The answer could not be tied to this item, or did not confirm the value sent: it is sent again next time. */
  unconfirmed?: boolean;
  message: string;
  jobId?: string;
  channels: Record<string, string>;
  /** Values to record as confirmed (only when ok). */
  confirmed?: PushedValues;
  /** No later request can succeed (token refused, daily quota used up): the push stops here. */
  stop?: { kind: 'auth' | 'quota'; message: string };
  /** Never sent (Apps Script refused the call for its daily quota): the row stays as it was. */
  unsent?: boolean;
  /** The hub certainly did not take it: never sent, or refused in an answer (no undo is kept for it). */
  refused?: boolean;
}

/** How to read one item's per-channel outcome (`status`/`result`, `msg`, `sites`). */
export interface SiteCheck {
  /** "Quantity 5", "Price 10 for amazon": what was sent, for messages. */
  describe: string;
  /** The values the item sent (confirmed when the answer confirms them). */
  values: PushedValues;
  aliases: Readonly<Record<string, string>>;
  /** The channels the item was sent to; null for calls that reach every channel with a listing. */
  channels: readonly string[] | null;
  /**
   * True when an empty `sites` with a success status means "stored, no active listing to send it
   * to" (Update Stock, Update Price, by ERP id). The by-channel update must name every channel.
   */
  emptySitesMeansStored: boolean;
}

const NOT_FOUND = /producto no encontrado|not found/i;

/** The hub's channel codes plus the seller's aliases (both sides), for reading `sites`. */
function knownCodes(aliases: Readonly<Record<string, string>>): ReadonlySet<string> {
  return new Set([...KNOWN_CHANNEL_CODES, ...Object.keys(aliases), ...Object.values(aliases)]);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "answered 'X' (msg), which is not a success": what the hub said when it did not accept something, in its words. */
export function hubAnswered(status: string, msg: string): string {
  const text = msg.trim();
  if (isSuccessStatus(status) && saysFailure(text)) return `answered '${status.trim()}', but its message says it failed (${text})`;
  const said = status.trim() ? `'${status.trim()}'` : 'no status';
  return `answered ${said}${text ? ` (${text})` : ''}, which is not a success`;
}

/** The sentence for an item the hub did not accept, in the hub's own words. */
function refusal(status: string, msg: string): string {
  const text = msg.trim();
  if (NOT_FOUND.test(text)) return `SKU not found in the hub (${text}). Check the SKU or create the product in the hub.`;
  return `The hub ${hubAnswered(status, text)}: nothing was confirmed.`;
}

/** A part the answer does not confirm: nothing is recorded, and the next push sends it again. */
export function unconfirmedPart(describe: string, why: string, channels: Record<string, string> = {}): PartResult {
  return {
    ok: false,
    unconfirmed: true,
    message: `${describe}: not confirmed \u2014 ${why}. Nothing was recorded; it will be sent again.`,
    channels,
  };
}

/**
 * Reads one item's answer. Success is a whitelist: `status` (or `result`) `success` with a `msg`
 * that speaks of no failure (api/success.ts), and `OK` per channel, as whole words. A channel is
 * OK only when the item was accepted and the channel named once; a channel named twice, not
 * named, or not sent makes the item unconfirmed. A success word next to "Producto no encontrado"
 * is a refusal: nothing is confirmed, so the next push of changed rows sends the item again.
 */
export function readSiteResult(result: { status?: string; result?: string; msg?: string; sites?: string }, check: SiteCheck): PartResult {
  const status = result.status ?? result.result ?? '';
  const accepted = isSuccessAnswer('write', status, result.msg);
  const outcomes = parseSitesString(result.sites, knownCodes(check.aliases));
  const named = new Map<string, SiteOutcome[]>();
  for (const o of outcomes) {
    const channel = canonicalChannel(o.channel, check.aliases);
    named.set(channel, [...(named.get(channel) ?? []), o]);
  }
  const channels: Record<string, string> = {};
  const failed: string[] = [];
  const doubts: string[] = [];
  let okChannels = 0;
  named.forEach((list, channel) => {
    if (check.channels && check.channels.indexOf(channel) < 0) {
      doubts.push(`the hub's answer names ${channel}, which was not sent`);
      return;
    }
    if (list.length > 1) {
      channels[channel] = `Not confirmed: the hub's answer named ${channel} ${list.length} times`;
      doubts.push(`the hub's answer named ${channel} ${list.length} times`);
      return;
    }
    const o = list[0];
    if (!o.ok) {
      channels[channel] = o.message;
      failed.push(`${channel}: ${o.message}`);
    } else if (accepted) {
      channels[channel] = 'OK';
      okChannels++;
    } else {
      channels[channel] = `Not confirmed (the hub's status was '${status.trim()}')`;
    }
  });
  const storedWithoutListing = check.emptySitesMeansStored && outcomes.length === 0;
  for (const channel of check.channels ?? []) {
    if (named.has(channel) || storedWithoutListing) continue;
    channels[channel] = "Not confirmed: not in the hub's answer";
    doubts.push(`the hub's answer did not mention ${channel}`);
  }
  if (failed.length > 0) {
    const list = failed.join('; ');
    const refused = `${plural(failed.length, 'channel')}`;
    const took = okChannels + Object.values(channels).filter((c) => c.startsWith('Not confirmed (')).length;
    return took > 0
      ? {
          ok: false,
          partial: true,
          message: `${check.describe} sent to ${plural(took, 'channel')}, but ${refused} refused it \u2014 ${list}`,
          channels,
        }
      : { ok: false, message: `${check.describe} was refused by ${refused} \u2014 ${list}`, channels };
  }
  // A refusal naming no channel that took it: the hub did not take it.
  if (!accepted) return { ok: false, message: refusal(status, result.msg ?? ''), channels, refused: !outcomes.some((o) => o.ok) };
  if (doubts.length > 0) return unconfirmedPart(check.describe, doubts.join('; '), channels);
  const where =
    outcomes.length === 0 ? 'stored in the hub (no active listing to send it to)' : `sent to ${plural(outcomes.length, 'channel')}`;
  return { ok: true, message: `${check.describe} ${where}`, channels, confirmed: check.values };
}

/** Request errors that say the hub did nothing with the request (a timeout, a server error or an unreadable answer may hide one it did). */
const REFUSED_KINDS: ReadonlySet<HubError['kind']> = new Set(['auth', 'bad-request', 'not-found', 'redirect', 'rate-limit']);

/**
 * Every part of a request that failed as a whole gets the request's error. `attempts`: how many
 * times it reached the hub — a request refused for the daily quota after an earlier attempt whose
 * answer was lost may have been applied, so it is unconfirmed, not unsent; a request refused
 * outright after an earlier attempt that failed another way may have been applied too.
 */
export function fromRequestError(error: HubError, attempts = 1): PartResult {
  if (error.kind === 'quota') {
    const stop = { kind: 'quota' as const, message: URLFETCH_QUOTA_TEXT };
    return attempts === 0
      ? { ok: false, unsent: true, refused: true, message: error.message, channels: {}, stop }
      : {
          ok: false,
          unconfirmed: true,
          message: `Sent, but its answer was lost and the daily UrlFetch quota stopped the retry, so the hub may or may not hold it. It will be sent again.`,
          channels: {},
          stop,
        };
  }
  const stop = error.kind === 'auth' ? { stop: { kind: error.kind, message: error.message } } : {};
  const refused = attempts === 0 || (attempts === 1 && REFUSED_KINDS.has(error.kind));
  return { ok: false, message: error.message, channels: {}, ...stop, ...(refused ? { refused } : {}) };
}

/** The fields a part's values set on `channel`: its own, and its general ones (passed on to every channel). */
function fieldsOn(values: Readonly<PushedValues>, channel: string): string[] {
  const out: string[] = [];
  for (const key of Object.keys(values)) {
    const [field, on] = key.split(':');
    if (on === undefined) out.push(field === 'publishingPrice' ? 'price' : field);
    else if (on === channel) out.push(field);
  }
  return out;
}

/**
 * Each channel's word from the parts in the order they reached the hub: a later part's word
 * replaces an earlier one's, but a failure stays until later parts set again, OK, every field the
 * failed part sent the channel (a per-channel value after a general one that failed). A channel is
 * OK only when every value the row sent it is: a price taken does not make up for a quantity refused.
 */
function channelWords(parts: readonly PartResult[], sent?: ReadonlyArray<Readonly<PushedValues>>): Record<string, string> {
  const channels: Record<string, string> = {};
  const failed = new Map<string, { text: string; fields: Set<string> }>();
  parts.forEach((p, i) => {
    for (const [channel, text] of Object.entries(p.channels)) {
      const fields = sent ? fieldsOn(sent[i] ?? {}, channel) : [];
      const was = failed.get(channel);
      if (text !== 'OK') {
        failed.set(channel, { text, fields: new Set([...(was?.fields ?? []), ...fields]) });
        channels[channel] = text;
        continue;
      }
      if (was) {
        for (const f of fields) was.fields.delete(f);
        if (was.fields.size === 0) failed.delete(channel);
      }
      channels[channel] = failed.get(channel)?.text ?? text;
    }
  });
  return channels;
}

/**
 * One row's result from its parts: OK when every part is, Pending for async jobs, Warning when
 * the hub took some of it, Unconfirmed when an answer could not be tied to what was sent, Error
 * otherwise. Confirmed values come from the parts that are ok. `sent`: each part's values (which
 * fields it set on each channel), for the channels' words.
 */
export function combineParts(parts: PartResult[], notes: string[], sent?: ReadonlyArray<Readonly<PushedValues>>): RowResult {
  const channels = channelWords(parts, sent);
  let confirmed: PushedValues | undefined;
  for (const p of parts) if (p.ok && p.confirmed) confirmed = { ...(confirmed ?? {}), ...p.confirmed };
  const okCount = parts.filter((p) => p.ok).length;
  let status: RowStatus;
  if (parts.some((p) => p.pending)) status = 'Pending';
  else if (okCount === parts.length) status = 'OK';
  else if (okCount > 0 || parts.some((p) => p.partial)) status = 'Warning';
  else if (parts.some((p) => p.unconfirmed)) status = 'Unconfirmed';
  else status = 'Error';
  const messages = [...new Set(parts.map((p) => p.message))];
  const message = [...messages, ...notes].join(' \u00B7 ');
  const jobId = parts.find((p) => p.jobId)?.jobId;
  const refused = status === 'Error' && parts.every((p) => p.refused);
  return { status, message, channels, ...(jobId ? { jobId } : {}), ...(confirmed ? { confirmed } : {}), ...(refused ? { refused } : {}) };
}

import { canonicalChannel } from '../../api/channels';
import { URLFETCH_QUOTA_TEXT, type HubError } from '../../api/errors';
import { KNOWN_CHANNEL_CODES, parseSitesString, type SiteOutcome } from '../../api/sites';
import { isSuccessAnswer, isSuccessStatus } from '../../api/success';
import { NO_ACTIVE_LISTING, countOf, rowMessage, type HubWords, type PushedValues } from '../../sheet';
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
  /** What happened, in the add-on's words: a short clause (seller-message.ts makes the row's message). */
  message: string;
  /** The hub's own words about it, quoted once in the row's message. */
  hub?: HubWords[];
  /** Not taken, or taken by no channel, only because the product has no active listing there. */
  noListing?: boolean;
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

/**
 * The hub's words for "this product has no (active) listing on this channel" (hub-api §4.1: a
 * write is passed on to every channel with an active listing). Such a channel is neither OK nor a
 * failure: it says `No active listing` on every road (docs/user/sheet-contract.md).
 */
const NO_LISTING = /no tiene publicaci[oó]n|sin publicaci[oó]n|publicaci[oó]n .*no est[aá] activa|no (?:active )?listing|not listed/i;

/** The hub's channel codes plus the seller's aliases (both sides), for reading `sites`. */
function knownCodes(aliases: Readonly<Record<string, string>>): ReadonlySet<string> {
  return new Set([...KNOWN_CHANNEL_CODES, ...Object.keys(aliases), ...Object.values(aliases)]);
}

/** "amazon", "amazon and walmart", "amazon, walmart and meli", or "5 channels"; "" for the one channel an item was sent to. */
function channelNames(channels: readonly string[], check?: SiteCheck): string {
  if (check?.channels?.length === 1 && channels.length === 1 && channels[0] === check.channels[0]) return '';
  if (channels.length > 3) return countOf(channels.length, 'channel');
  return channels.length < 2 ? (channels[0] ?? 'no channel') : `${channels.slice(0, -1).join(', ')} and ${channels[channels.length - 1]}`;
}

/** Why an answer is not a success, in a few words: its status, or its message speaking of a failure. */
export function whyNotAccepted(status: string): string {
  if (isSuccessStatus(status)) return 'its message says it failed';
  return `it answered ${status.trim() ? `'${status.trim()}'` : 'no status'}`;
}

/** " by amazon and walmart", or "" when the item went to that one channel only. */
function on(word: string, channels: readonly string[], check: SiteCheck): string {
  const names = channelNames(channels, check);
  return names ? ` ${word} ${names}` : '';
}

/** The hub's words, once, for the message's details. */
const quoted = (words: string, channel = ''): HubWords[] => (words.trim() ? [{ channel, words: words.trim() }] : []);

/** An item the hub did not accept, in the add-on's words first and the hub's after. */
function refusal(status: string, msg: string, check: SiteCheck, channels: Record<string, string>): PartResult {
  const text = msg.trim();
  const hub = quoted(text);
  if (NOT_FOUND.test(text))
    return { ok: false, message: 'SKU not found in the hub: check the SKU or create the product in the hub', hub, channels, refused: true };
  if (NO_LISTING.test(text) && check.channels) {
    const none: Record<string, string> = {};
    for (const channel of check.channels) none[channel] = NO_ACTIVE_LISTING;
    return {
      ok: false,
      noListing: true,
      refused: true,
      message: `${check.describe} not stored: no active listing${on('on', check.channels, check)}`,
      hub,
      channels: none,
    };
  }
  return {
    ok: false,
    message: `${check.describe} not accepted by the hub (${whyNotAccepted(status)}): nothing was confirmed`,
    hub,
    channels,
    refused: true,
  };
}

/** A part the answer does not confirm: nothing is recorded, and the next push sends it again. */
export function unconfirmedPart(describe: string, why: string, channels: Record<string, string> = {}): PartResult {
  return {
    ok: false,
    unconfirmed: true,
    message: `${describe} not confirmed: ${why}. Nothing was recorded; it will be sent again`,
    channels,
  };
}

/** What the channels of an answer's `sites` said, read against what was sent. */
interface ChannelsRead {
  channels: Record<string, string>;
  failed: string[];
  noListing: string[];
  hub: HubWords[];
  doubts: string[];
  okChannels: string[];
}

function readChannels(outcomes: readonly SiteOutcome[], check: SiteCheck, accepted: boolean, status: string): ChannelsRead {
  const named = new Map<string, SiteOutcome[]>();
  for (const o of outcomes) {
    const channel = canonicalChannel(o.channel, check.aliases);
    named.set(channel, [...(named.get(channel) ?? []), o]);
  }
  const out: ChannelsRead = { channels: {}, failed: [], noListing: [], hub: [], doubts: [], okChannels: [] };
  named.forEach((list, channel) => {
    if (check.channels && check.channels.indexOf(channel) < 0) {
      out.doubts.push(`the hub's answer names ${channel}, which was not sent`);
      return;
    }
    if (list.length > 1) {
      out.channels[channel] = `Not confirmed: the hub's answer named ${channel} ${list.length} times`;
      out.doubts.push(`the hub's answer named ${channel} ${list.length} times`);
      return;
    }
    const o = list[0];
    if (!o.ok && NO_LISTING.test(o.message)) {
      out.channels[channel] = NO_ACTIVE_LISTING;
      out.noListing.push(channel);
      out.hub.push(...quoted(o.message, channel));
    } else if (!o.ok) {
      out.channels[channel] = o.message;
      out.failed.push(channel);
      out.hub.push(...quoted(o.message, channel));
    } else if (accepted) {
      out.channels[channel] = 'OK';
      out.okChannels.push(channel);
    } else {
      out.channels[channel] = `Not confirmed (the hub's status was '${status.trim()}')`;
    }
  });
  const storedWithoutListing = check.emptySitesMeansStored && outcomes.length === 0;
  for (const channel of check.channels ?? []) {
    if (named.has(channel)) continue;
    if (storedWithoutListing) {
      if (accepted) out.channels[channel] = NO_ACTIVE_LISTING;
    } else {
      out.channels[channel] = "Not confirmed: not in the hub's answer";
      out.doubts.push(`the hub's answer did not mention ${channel}`);
    }
  }
  return out;
}

/**
 * Reads one item's answer. Success is a whitelist: `status` (or `result`) `success` with a `msg`
 * that speaks of no failure (api/success.ts), and `OK` per channel, as whole words. A channel is
 * OK only when the item was accepted and the channel named once; a channel named twice, not
 * named, or not sent makes the item unconfirmed. A success word next to "Producto no encontrado"
 * is a refusal: nothing is confirmed, so the next push of changed rows sends the item again. A
 * channel the hub says has no listing is `No active listing`, never a failure.
 */
export function readSiteResult(result: { status?: string; result?: string; msg?: string; sites?: string }, check: SiteCheck): PartResult {
  const status = result.status ?? result.result ?? '';
  const accepted = isSuccessAnswer('write', status, result.msg);
  const outcomes = parseSitesString(result.sites, knownCodes(check.aliases));
  const read = readChannels(outcomes, check, accepted, status);
  const { channels, failed, noListing, hub } = read;
  if (failed.length > 0 || noListing.length > 0) {
    const took = read.okChannels.length + Object.values(channels).filter((c) => c.startsWith('Not confirmed (')).length;
    const said = [
      took > 0 ? `sent to ${countOf(took, 'channel')}` : '',
      failed.length > 0 ? `refused${on('by', failed, check)}` : '',
      noListing.length > 0 ? `not stored: no active listing${on('on', noListing, check)}` : '',
    ].filter(Boolean);
    const message = `${check.describe} ${said.join(', ')}`;
    if (took > 0) return { ok: false, partial: true, message, hub, channels };
    return { ok: false, message, hub, channels, ...(failed.length === 0 ? { noListing: true, refused: true } : {}) };
  }
  // A refusal naming no channel that took it: the hub did not take it.
  if (!accepted) return { ...refusal(status, result.msg ?? '', check, channels), refused: !outcomes.some((o) => o.ok) };
  if (read.doubts.length > 0) return unconfirmedPart(check.describe, read.doubts.join('; '), channels);
  if (outcomes.length === 0) {
    // Stored: the hub keeps it and sends it when a listing is active (hub-api §4.1).
    const message = `${check.describe} stored in the hub; no active listing to send it to`;
    return { ok: true, message, hub: NO_LISTING.test(result.msg ?? '') ? quoted(result.msg ?? '') : [], channels, confirmed: check.values };
  }
  return { ok: true, message: `${check.describe} sent to ${countOf(outcomes.length, 'channel')}`, channels, confirmed: check.values };
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

/** "3 values: 1 sent, 2 refused": a row's parts counted, the first sentence when their own words are too long for it. */
function partsSummary(parts: readonly PartResult[]): string {
  const count = (test: (p: PartResult) => boolean): number => parts.filter(test).length;
  const said = [
    [count((p) => p.ok && !p.pending), 'sent'],
    [count((p) => !!p.pending), 'queued in an async job'],
    [count((p) => !!p.partial), 'sent in part'],
    [count((p) => !p.ok && !!p.noListing), 'not stored (no active listing)'],
    [count((p) => !!p.unconfirmed), 'not confirmed'],
    [count((p) => !p.ok && !p.partial && !p.noListing && !p.unconfirmed), 'refused'],
  ] as const;
  return `${countOf(parts.length, 'value')}: ${said
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ')}`;
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
  else if (okCount > 0 || parts.some((p) => p.partial || p.noListing)) status = 'Warning';
  else if (parts.some((p) => p.unconfirmed)) status = 'Unconfirmed';
  else status = 'Error';
  const message = rowMessage(
    parts.map((p) => ({ says: p.message, hub: p.hub })),
    notes,
    partsSummary(parts),
  );
  const jobId = parts.find((p) => p.jobId)?.jobId;
  const refused = status === 'Error' && parts.every((p) => p.refused);
  return { status, message, channels, ...(jobId ? { jobId } : {}), ...(confirmed ? { confirmed } : {}), ...(refused ? { refused } : {}) };
}

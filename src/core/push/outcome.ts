import { canonicalChannel } from '../../api/channels';
import type { HubError } from '../../api/errors';
import { KNOWN_CHANNEL_CODES, parseSitesString } from '../../api/sites';
import type { PushedValues } from '../../sheet';
import type { RowResult, RowStatus } from './types';

/** What became of one part (one request item) of a row. */
export interface PartResult {
  ok: boolean;
  /** The hub stored the value but some channel refused it. */
  partial?: boolean;
  /** Queued in an async job: the outcome comes later. */
  pending?: boolean;
  message: string;
  jobId?: string;
  channels: Record<string, string>;
  /** Values to record as confirmed (only when fully ok). */
  confirmed?: PushedValues;
  /** The hub refused the token: no later request can succeed, so the push stops. */
  authFailure?: boolean;
}

const NOT_FOUND = /producto no encontrado|not found/i;

/** The hub's channel codes plus the seller's aliases (both sides), for reading `sites`. */
function knownCodes(aliases: Readonly<Record<string, string>>): ReadonlySet<string> {
  return new Set([...KNOWN_CHANNEL_CODES, ...Object.keys(aliases), ...Object.values(aliases)]);
}

/** A seller sentence for the hub's per-item message. */
function hubItemMessage(msg: string): string {
  const text = msg.trim();
  if (NOT_FOUND.test(text)) return `SKU not found in the hub (${text || 'Producto no encontrado'}). Check the SKU or create the product in the hub.`;
  return text || 'The hub refused this item without a reason.';
}

/**
 * Reads a per-SKU result of the synchronous stock/price calls (`status`, `msg`, `sites`): every
 * channel OK is confirmed; some channels OK and some failed is partial (not confirmed, so a
 * changed-only push sends it again); anything else is an error with the hub's reason.
 */
export function fromSiteResult(
  result: { status?: string; result?: string; msg?: string; sites?: string },
  describe: string,
  values: PushedValues,
  aliases: Readonly<Record<string, string>>,
): PartResult {
  const status = (result.status ?? result.result ?? '').toLowerCase();
  const outcomes = parseSitesString(result.sites, knownCodes(aliases));
  const channels: Record<string, string> = {};
  for (const o of outcomes) channels[canonicalChannel(o.channel, aliases)] = o.ok ? 'OK' : o.message;
  const failed = outcomes.filter((o) => !o.ok);
  const succeeded = outcomes.length - failed.length;
  if (failed.length > 0) {
    // The hub reports a channel failure as status "error" even when other channels took it.
    const list = failed.map((o) => `${canonicalChannel(o.channel, aliases)}: ${o.message}`).join('; ');
    const n = `${failed.length} channel${failed.length > 1 ? 's' : ''}`;
    return succeeded > 0
      ? { ok: false, partial: true, message: `${describe} sent to ${succeeded} channel${succeeded > 1 ? 's' : ''}, but ${n} refused it \u2014 ${list}`, channels }
      : { ok: false, message: `${describe} was refused by ${n} \u2014 ${list}`, channels };
  }
  if (status !== 'success' && status !== 'ok') {
    return { ok: false, message: hubItemMessage(result.msg ?? ''), channels };
  }
  const where = outcomes.length === 0 ? 'stored in the hub (no active listing to send it to)' : `sent to ${outcomes.length} channel${outcomes.length > 1 ? 's' : ''}`;
  return { ok: true, message: `${describe} ${where}`, channels, confirmed: values };
}

/** Every part of a request that failed as a whole gets the request's error. */
export function fromRequestError(error: HubError): PartResult {
  return { ok: false, message: error.message, channels: {}, ...(error.kind === 'auth' ? { authFailure: true } : {}) };
}

/**
 * One row's result from its parts: OK when every part is, Pending for async jobs, Warning when
 * the hub took some of it, Error otherwise. Confirmed values come from the parts that are ok.
 */
export function combineParts(parts: PartResult[], notes: string[]): RowResult {
  const channels: Record<string, string> = {};
  let confirmed: PushedValues | undefined;
  for (const p of parts) {
    Object.assign(channels, p.channels);
    if (p.ok && p.confirmed) confirmed = { ...(confirmed ?? {}), ...p.confirmed };
  }
  const okCount = parts.filter((p) => p.ok).length;
  let status: RowStatus;
  if (parts.some((p) => p.pending)) status = 'Pending';
  else if (okCount === parts.length) status = 'OK';
  else if (okCount > 0 || parts.some((p) => p.partial)) status = 'Warning';
  else status = 'Error';
  const messages = [...new Set(parts.map((p) => p.message))];
  const message = [...messages, ...notes].join(' \u00B7 ');
  const jobId = parts.find((p) => p.jobId)?.jobId;
  return { status, message, channels, ...(jobId ? { jobId } : {}), ...(confirmed ? { confirmed } : {}) };
}

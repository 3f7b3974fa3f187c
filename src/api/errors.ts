import { ENDPOINTS, type EndpointName } from './endpoints';
import { hostOf } from './origin';

/** What went wrong, in the terms a caller acts on. */
export type HubErrorKind =
  | 'auth' // 401/403: token invalid, expired, or not an admin
  | 'rate-limit' // 429
  | 'bad-request' // 400 and other 4xx: the hub refused the content
  | 'not-found' // 404
  | 'server' // 5xx
  | 'timeout' // no answer in time
  | 'network' // could not connect
  | 'malformed' // an answer that is not the JSON expected (HTML page, broken JSON, wrong shape)
  | 'invalid-input' // refused before sending (our own validation)
  | 'quota' // not sent: Apps Script's daily UrlFetch quota is used up (resets within 24 hours)
  | 'redirect'; // 3xx: the hub points elsewhere; never followed with the token

/** A failed hub call, with a sentence a seller understands and what the caller needs to react. */
export class HubError extends Error {
  readonly kind: HubErrorKind;
  readonly status: number | null;
  readonly endpoint: EndpointName;
  /** The hub's own message, if it sent one. */
  readonly hubMessage: string | null;
  /** From Retry-After, when the hub said when to come back. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    kind: HubErrorKind;
    status: number | null;
    endpoint: EndpointName;
    message: string;
    hubMessage?: string | null;
    retryAfterMs?: number | null;
  }) {
    super(init.message);
    this.name = 'HubError';
    this.kind = init.kind;
    this.status = init.status;
    this.endpoint = init.endpoint;
    this.hubMessage = init.hubMessage ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  /** Whether sending the same request again may succeed (the caller still decides if it is safe). */
  get transient(): boolean {
    return (
      this.kind === 'rate-limit' ||
      this.kind === 'server' ||
      this.kind === 'timeout' ||
      this.kind === 'network' ||
      this.kind === 'malformed'
    );
  }
}

/**
 * Apps Script's daily UrlFetch quota (https://developers.google.com/apps-script/guides/services/quotas):
 * per user, reset 24 hours after the first request. Retrying cannot help before then.
 */
export const URLFETCH_QUOTA_TEXT =
  "Apps Script's daily quota of UrlFetch calls for your Google account is used up (20,000 calls a day for a consumer account, 100,000 for Google Workspace). Google resets it 24 hours after the first call of the day.";

/** Reads `Retry-After` (seconds or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

function seconds(ms: number | null): string {
  return ms == null ? 'a minute' : `${Math.max(1, Math.ceil(ms / 1000))} s`;
}

/**
 * The seller-facing sentence for an HTTP status from an endpoint. `hubShaped` is false when the
 * body was not JSON at all: the hub answers sign-in and its refusals of a token or account in
 * JSON, so a bare 401/403/405 — or any bare 4xx to sign-in — comes from something else at that
 * address (a website, a proxy, another API), and blaming the account would send the seller the
 * wrong way. A bare 404 elsewhere may be the hub's "no such order": its sentence already names
 * both causes.
 */
export function describeHttpFailure(
  endpoint: EndpointName,
  status: number,
  hubMessage: string | null,
  retryAfterMs: number | null,
  location: string | null = null,
  hubShaped = true,
): { kind: HubErrorKind; message: string } {
  const title = ENDPOINTS[endpoint].title;
  if (status >= 300 && status < 400) {
    const target = location ? hostOf(location) : null;
    return {
      kind: 'redirect',
      message: `The hub answered ${title} with a redirect (HTTP ${status})${target ? ` to ${target}` : ''}. It was not followed: your token goes only to the hub address in Settings. If the hub has moved, put its new address in Settings and sign in again there.`,
    };
  }
  const said = hubMessage ? `: ${hubMessage.replace(/[.\s]+$/, '')}` : '';
  if (
    !hubShaped &&
    (status === 401 || status === 403 || status === 405 || (endpoint === 'login' && status >= 400 && status < 500 && status !== 429))
  ) {
    return {
      kind: status === 404 || status === 405 ? 'not-found' : status === 400 ? 'bad-request' : 'auth',
      message: `This address does not look like the hub's API: it answered ${title} with HTTP ${status} and no hub message. Check the base URL in Settings: it must be the hub's API root (e.g. https://api.example.com), not its website or another service.`,
    };
  }
  if (status === 401) {
    return endpoint === 'login'
      ? { kind: 'auth', message: `Sign-in failed${said}. Check the username and password (the account must be a hub admin).` }
      : {
          kind: 'auth',
          message:
            'The hub rejected the API token: it is invalid or has expired. Sign in again in the sidebar (Settings) or paste a new token.',
        };
  }
  if (status === 403)
    return { kind: 'auth', message: `The hub refused ${title} for this account (HTTP 403)${said}. The account must be a hub admin.` };
  if (status === 429)
    return {
      kind: 'rate-limit',
      message: `The hub's rate limit for ${title} was reached; it asks to wait ${seconds(retryAfterMs)} before the next call.`,
    };
  if (status === 404)
    return {
      kind: 'not-found',
      message: `${title}: not found (HTTP 404)${said}. Check that it exists in the hub, and that the base URL in Settings is the hub's API address.`,
    };
  if (status >= 500)
    return { kind: 'server', message: `The hub failed on ${title} (HTTP ${status})${said}. Nothing was lost: try again in a few minutes.` };
  if (status === 400 && endpoint === 'login')
    return { kind: 'auth', message: `Sign-in failed${said}. Check the username and password (the account must be a hub admin).` };
  return { kind: 'bad-request', message: `The hub refused ${title} (HTTP ${status})${said}. Correct what it names and send it again.` };
}

/** The seller-facing sentence for a transport failure. */
export function describeTransportFailure(endpoint: EndpointName, kind: 'timeout' | 'network' | 'quota', idempotent: boolean): string {
  const title = ENDPOINTS[endpoint].title;
  if (kind === 'quota') return `${title} was not sent: ${URLFETCH_QUOTA_TEXT}`;
  const after = idempotent ? 'Sending it again is safe.' : 'It may have been applied anyway: check in the hub before sending it again.';
  return kind === 'timeout'
    ? `The hub did not answer ${title} in time. ${after}`
    : `Could not reach the hub for ${title}: check the base URL in Settings and the network. ${after}`;
}

/** The seller-facing sentence for an answer that is not the JSON expected. */
export function describeMalformed(endpoint: EndpointName, contentType: string, detail: string): string {
  const title = ENDPOINTS[endpoint].title;
  if (/html/i.test(contentType)) {
    return `The hub answered ${title} with a web page instead of data. Check the base URL in Settings: it must be the hub's API address (e.g. https://api.example.com), not its website.`;
  }
  return `The hub's answer to ${title} could not be read (${detail}). Try again; if it keeps happening, check the base URL in Settings.`;
}

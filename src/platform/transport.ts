import type { HttpResponse, Transport, TransportResult } from '../api/transport';
import { appsScriptClock } from './session';

function lowerCaseKeys(headers: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

function wrap(res: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  return {
    status: res.getResponseCode(),
    headers: lowerCaseKeys(res.getHeaders()),
    text: () => res.getContentText(),
    bytes: () => res.getContent(),
  };
}

/**
 * UrlFetch calls this execution made: fetchAll counts each of its requests against the day's
 * quota, as fetch would one by one. Kept in memory (the bundle is loaded afresh for every
 * execution) and added to the day's count once, at the execution's end (core/kernel/fetch-store.ts).
 */
let callsMade = 0;
/** When the execution's first call was made: Google's quota window opens with a first request. */
let firstCallAt = 0;

/** UrlFetch calls this execution made so far. */
export function fetchCallsMade(): number {
  return callsMade;
}

/** The calls this execution made and when the first was made (0 when none). */
export function fetchTally(): { calls: number; firstAt: number } {
  return { calls: callsMade, firstAt: firstCallAt };
}

/** Counts `requests` made, the first of them at `at`. */
function counted(requests: number, at: number): void {
  if (callsMade === 0) firstCallAt = at;
  callsMade += requests;
}

/**
 * The Transport port over UrlFetchApp.fetchAll (concurrent). HTTP errors are muted so the client
 * reads them. A transport failure (timeout, DNS) makes Apps Script throw for the whole batch, so
 * every request of that batch is reported failed; idempotent ones are then retried by the client.
 */
export function urlFetchTransport(): Transport {
  return {
    calls: fetchCallsMade,
    fetchAll(requests) {
      if (requests.length === 0) return [];
      const params: GoogleAppsScript.URL_Fetch.URLFetchRequest[] = requests.map((r) => ({
        url: r.url,
        method: r.method,
        headers: r.headers,
        ...(r.payload !== undefined ? { contentType: r.contentType, payload: r.payload } : {}),
        muteHttpExceptions: true,
        // A 3xx is read as an answer, never followed: a redirect would carry the token to whatever
        // host it names (UrlFetchApp follows redirects unless told not to).
        followRedirects: false,
        validateHttpsCertificates: true,
      }));
      const at = appsScriptClock.now();
      try {
        const responses = UrlFetchApp.fetchAll(params);
        counted(requests.length, at);
        return responses.map((res): TransportResult => ({ ok: true, response: wrap(res) }));
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        // A request that timed out or failed on the network was still made; one refused by the quota was not.
        if (!/too many times for one day: urlfetch/i.test(message)) counted(requests.length, at);
        // "Service invoked too many times for one day: urlfetch." — nothing was sent, and nothing
        // will be until the quota resets: not a network error to retry.
        const kind = /too many times for one day: urlfetch/i.test(message)
          ? 'quota'
          : /timeout|timed out|deadline/i.test(message)
            ? 'timeout'
            : 'network';
        return requests.map((): TransportResult => ({ ok: false, kind, message }));
      }
    },
  };
}

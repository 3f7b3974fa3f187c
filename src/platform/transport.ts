import type { HttpResponse, Transport, TransportResult } from '../api/transport';

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
 * The Transport port over UrlFetchApp.fetchAll (concurrent). HTTP errors are muted so the client
 * reads them. A transport failure (timeout, DNS) makes Apps Script throw for the whole batch, so
 * every request of that batch is reported failed; idempotent ones are then retried by the client.
 */
export function urlFetchTransport(): Transport {
  return {
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
      try {
        return UrlFetchApp.fetchAll(params).map((res): TransportResult => ({ ok: true, response: wrap(res) }));
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
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

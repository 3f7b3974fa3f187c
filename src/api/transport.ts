/** An HTTP request as the client builds it; the platform adapter turns it into UrlFetchApp params. */
export interface HttpRequest {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  headers: Record<string, string>;
  /** Set together with `payload`. */
  contentType?: string;
  payload?: string;
}

/** An HTTP answer of any status. Header names are lower-case. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text(): string;
  /** The raw body (for labels); numbers 0-255 or -128..127 as Apps Script hands them. */
  bytes(): number[];
}

/**
 * A request either got an answer (any status) or failed in transport (timeout, network), or was
 * never sent because the platform's daily quota of calls is used up (`quota`: not worth retrying
 * before the quota resets).
 */
export type TransportResult = { ok: true; response: HttpResponse } | { ok: false; kind: TransportFailure; message: string };

export type TransportFailure = 'timeout' | 'network' | 'quota';

/**
 * The Transport port: send requests concurrently, get one result each, in order. Implemented over
 * UrlFetchApp.fetchAll in src/platform and over synchronous HTTP in Node tests.
 */
export interface Transport {
  fetchAll(requests: HttpRequest[]): TransportResult[];
  /** UrlFetch calls this execution made so far, each request one (absent where nobody counts them). */
  calls?(): number;
}

/** Wall clock plus a blocking sleep (Apps Script has no timers). */
export interface Clock {
  now(): number;
  sleep(ms: number): void;
}

/**
 * The client's ports for Node: a `Transport` over `SyncHttp` (real HTTP, synchronous, on a worker
 * thread) and a virtual `Clock` whose `sleep` advances time instantly, so that retries with
 * backoff cost no real time. Used by the contract tests (test/contract) and by any Node tool that
 * wants a `HubClient` against the hub emulator.
 *
 * The server called must live in another process or thread (spawnHub), never on the caller's:
 * the caller blocks in Atomics.wait while the requests are in flight.
 */
import { HubClient, type HubClientOptions } from '../../src/api/client';
import type { Clock, HttpRequest, HttpResponse, Transport, TransportResult } from '../../src/api/transport';
import { SyncHttp, type SyncHttpRequest, type SyncHttpResult } from '../gas-runtime/sync-http';

export interface NodeTransportOptions {
  /** Real milliseconds before a request is abandoned and reported as a timeout (default 30 s). */
  timeoutMs?: number;
  /** Follow 3xx answers as UrlFetchApp does by default (default true). */
  followRedirects?: boolean;
  /** Use this SyncHttp (worker thread) instead of the shared one. */
  http?: SyncHttp;
}

let shared: SyncHttp | null = null;

/** One worker thread for every transport that does not bring its own (it is unref'd). */
function sharedHttp(): SyncHttp {
  shared ??= new SyncHttp();
  return shared;
}

/**
 * Header map of an answer: names lower-cased, repeated headers joined with ", " (as `fetch`'s
 * Headers does). `set-cookie` is joined the same way; the client reads no cookies.
 */
export function headersFromRaw(rawHeaders: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    const value = rawHeaders[i + 1];
    out[name] = Object.hasOwn(out, name) ? `${out[name]}, ${value}` : value;
  }
  return out;
}

/** The SyncHttp request for a client request: method upper-cased, content type as a header. */
export function toSyncRequest(req: HttpRequest, options: NodeTransportOptions = {}): SyncHttpRequest {
  const headers: Record<string, string> = { ...req.headers };
  if (req.contentType !== undefined) {
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
    headers['Content-Type'] = req.contentType;
  }
  return {
    url: req.url,
    method: req.method.toUpperCase(),
    headers,
    body: req.payload ?? null,
    followRedirects: options.followRedirects ?? true,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
}

/** A transport result for a SyncHttp result. An unusable URL is a network failure. */
export function fromSyncResult(r: SyncHttpResult): TransportResult {
  if (!r.ok) return { ok: false, kind: r.error === 'timeout' ? 'timeout' : 'network', message: r.message };
  const body = r.body;
  const headers = headersFromRaw(r.rawHeaders);
  let text: string | null = null;
  const response: HttpResponse = {
    status: r.status,
    headers,
    text: () => (text ??= new TextDecoder('utf-8').decode(body)),
    bytes: () => Array.from(body),
  };
  return { ok: true, response };
}

/** `Transport` over synchronous HTTP: each fetchAll sends its requests concurrently and blocks. */
export class NodeTransport implements Transport {
  /** Every request sent, in order (the Authorization header included: do not print these). */
  readonly sent: HttpRequest[] = [];
  /** Requests per fetchAll call. */
  readonly rounds: number[] = [];
  private readonly http: SyncHttp;

  constructor(private readonly options: NodeTransportOptions = {}) {
    this.http = options.http ?? sharedHttp();
  }

  fetchAll(requests: HttpRequest[]): TransportResult[] {
    if (requests.length === 0) return [];
    this.sent.push(...requests);
    this.rounds.push(requests.length);
    // The worker gives up on each request after timeoutMs; the hard limit only guards a dead worker.
    const hardTimeoutMs = (this.options.timeoutMs ?? 30_000) + 30_000;
    const { results } = this.http.requestAll(
      requests.map((r) => toSyncRequest(r, this.options)),
      hardTimeoutMs,
    );
    return results.map(fromSyncResult);
  }
}

/** A clock that only moves when told to: `sleep` returns at once and advances `now`. */
export class VirtualClock implements Clock {
  /** Every sleep asked for, in ms, in order (the client's backoff delays). */
  readonly slept: number[] = [];
  private time: number;

  constructor(start: number = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): void {
    const d = Math.max(0, ms);
    this.slept.push(d);
    this.time += d;
  }

  /** Total virtual time slept. */
  get sleptMs(): number {
    return this.slept.reduce((a, b) => a + b, 0);
  }
}

export interface NodeHubClientOptions
  extends NodeTransportOptions,
    Partial<Omit<HubClientOptions, 'baseUrl' | 'token' | 'transport' | 'clock'>> {
  /** Bring your own transport / clock (e.g. to inspect `sent` or `slept`); created otherwise. */
  transport?: Transport;
  clock?: Clock;
}

/** A HubClient for `url` over NodeTransport and a VirtualClock (unless given). */
export function nodeHubClient(url: string, token: string | null, options: NodeHubClientOptions = {}): HubClient {
  const { timeoutMs, followRedirects, http, transport, clock, ...rest } = options;
  return new HubClient({
    ...rest,
    baseUrl: url,
    token,
    transport: transport ?? new NodeTransport({ timeoutMs, followRedirects, http }),
    clock: clock ?? new VirtualClock(),
  });
}

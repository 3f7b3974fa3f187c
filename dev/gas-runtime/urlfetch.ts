import { blobFacade, blobState, dataBytes } from './blob';
import { decodeText, isByteArray, toSignedBytes } from './bytes';
import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import { applyRoutes, refusalFor, unapplyRoutes } from './fetch-policy';
import { useQuota } from './quota';
import type { SyncHttpRequest, SyncHttpResult } from './sync-http';

/**
 * UrlFetchApp: real HTTP, synchronous for the bundle (SyncHttp: a worker thread does the I/O
 * while this thread blocks). fetchAll sends its requests concurrently, at most
 * costs.fetchAllParallelism in flight (the rest queue, as Apps Script's undocumented cap makes
 * them). The execution is charged the measured real latency (a batch: its wall time, queueing
 * included) plus costs.urlFetchCallMs per call. Every request is recorded in the world's fetch log.
 */

const USER_AGENT = 'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: emulated)';
const TRUNCATE_AT = 100;

interface Built {
  /** The URL the script asked for (errors and the fetch log name it); `http.url` is where it goes (see `routes`). */
  asked: string;
  http: SyncHttpRequest;
  muted: boolean;
}

function formEncode(obj: Record<string, unknown>): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return Object.keys(obj)
    .map((k) => `${enc(k)}=${enc(String(obj[k]))}`)
    .join('&');
}

/**
 * `followRedirects` defaults to true, as in Apps Script: "If false the fetch doesn't automatically
 * follow HTTP redirects; it returns the original HTTP response. The default is true." —
 * https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app (fetch(url, params),
 * advanced parameters). When it follows one, the emulator sends the request's headers,
 * Authorization included, to the new location: the worst case, which the leak guard must see.
 */
function build(ctx: Ctx, urlArg: unknown, params: Record<string, unknown> = {}): Built {
  const url = String(urlArg);
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
  } catch {
    ctx.fail(MSG.invalidArgument(url));
  }
  const headers: Record<string, string> = {};
  const given = (params.headers ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(given)) headers[k] = String(given[k]);
  const has = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase());
  if (!has('User-Agent')) headers['User-Agent'] = USER_AGENT;
  let body: Uint8Array | undefined;
  let contentType = params.contentType === undefined ? undefined : String(params.contentType);
  const payload = params.payload;
  if (payload !== undefined && payload !== null) {
    const blob = blobState(payload);
    if (typeof payload === 'string' || isByteArray(payload) || blob) {
      body = dataBytes(payload);
      contentType ??= blob?.contentType ?? undefined;
    } else if (typeof payload === 'object') {
      const values = Object.values(payload as object);
      if (values.some((v) => blobState(v))) ctx.harness('UrlFetchApp: multipart payloads (objects holding Blobs) are not emulated');
      body = dataBytes(formEncode(payload as Record<string, unknown>));
    } else body = dataBytes(String(payload));
    contentType ??= 'application/x-www-form-urlencoded';
  }
  if (contentType !== undefined && !has('Content-Type')) headers['Content-Type'] = contentType;
  return {
    asked: url,
    http: {
      url: applyRoutes(url, ctx.world.config.routes),
      method: String(params.method ?? 'get').toUpperCase(),
      headers,
      body: body ?? null,
      followRedirects: params.followRedirects !== false,
      validateHttpsCertificates: params.validateHttpsCertificates !== false,
      timeoutMs: realTimeoutMs(ctx.world.config),
      announcedTimeouts: ctx.world.config.announcedTimeouts,
    },
    muted: params.muteHttpExceptions === true,
  };
}

/**
 * Refuses, before anything is sent, a request Apps Script would refuse: a URL outside the
 * manifest's urlFetchWhitelist, or a loopback/private host Google's servers cannot reach
 * (fetch-policy.ts). The test's `allowPrivateHosts` lets it reach its local servers.
 */
function guard(ctx: Ctx, b: Built): Built {
  const { manifest, allowPrivateHosts } = ctx.world.config;
  const refusal = refusalFor(new URL(b.asked), manifest, allowPrivateHosts);
  if (refusal === 'not-whitelisted') ctx.fail(MSG.notWhitelisted(b.asked));
  if (refusal === 'private-host') ctx.fail(MSG.addressUnavailable(b.asked));
  return b;
}

function transportError(url: string, r: Extract<SyncHttpResult, { ok: false }>): string {
  if (r.error === 'timeout') return MSG.timeout(url);
  if (r.error === 'invalid-url') return MSG.invalidArgument(url);
  if (/ENOTFOUND|EAI_AGAIN/.test(r.message)) return MSG.dnsError(url);
  return MSG.addressUnavailable(url);
}

function headerMaps(raw: string[]): { last: Record<string, string>; all: Record<string, string | string[]> } {
  const last: Record<string, string> = {};
  const all: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const [k, v] = [raw[i], raw[i + 1]];
    last[k] = v;
    const prev = all[k];
    all[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return { last, all };
}

function responseFacade(ctx: Ctx, r: Extract<SyncHttpResult, { ok: true }>): object {
  const { last, all } = headerMaps(r.rawHeaders);
  const contentType = Object.entries(last).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? null;
  const charset = /charset=([^;]+)/i.exec(contentType ?? '')?.[1]?.trim();
  const body = r.body;
  const cheap = (method: string) => ctx.cheap('HTTPResponse', method);
  return facade('HTTPResponse', {
    getResponseCode: () => (cheap('getResponseCode'), r.status),
    getContentText: (cs?: unknown) => (cheap('getContentText'), decodeText(body, cs ?? charset)),
    getContent: () => (cheap('getContent'), ctx.toRealm(toSignedBytes(body))),
    getHeaders: () => (cheap('getHeaders'), ctx.toRealm(last)),
    getAllHeaders: () => (cheap('getAllHeaders'), ctx.toRealm(all)),
    getBlob: () => (cheap('getBlob'), blobFacade(ctx, { bytes: body, contentType, name: null })),
    getAs: (type: unknown) => (cheap('getAs'), blobFacade(ctx, { bytes: body, contentType: String(type), name: null })),
  });
}

/**
 * Real ms a request may take. With announced timeouts the server says when it will never answer,
 * so the real limit is only a safety net for a server that hangs without saying so.
 */
const ANNOUNCED_SAFETY_NET_MS = 60_000;
function realTimeoutMs(config: { fetchTimeoutMs: number; announcedTimeouts: boolean }): number {
  return config.announcedTimeouts ? Math.max(config.fetchTimeoutMs, ANNOUNCED_SAFETY_NET_MS) : config.fetchTimeoutMs;
}

/** Sends a batch, records it, charges its wall time; returns results in order. */
function send(ctx: Ctx, batch: Built[]): SyncHttpResult[] {
  const w = ctx.world;
  const user = ctx.exec.user;
  // Every request of a batch counts against the user's daily quota; a batch that would go over
  // it is refused whole, before anything is sent.
  useQuota(ctx, 'urlfetch', batch.length);
  w.counters.fetchCalls++;
  w.counters.fetchRequests += batch.length;
  w.config.beforeFetch?.(Math.floor(ctx.now()));
  const at = Math.floor(ctx.now());
  const cap = w.config.costs.fetchAllParallelism;
  // Queued requests wait for a slot: the batch may take one request timeout per wave.
  const { results, elapsedMs } = w.http().requestAll(
    batch.map((b) => b.http),
    realTimeoutMs(w.config) * Math.ceil(batch.length / cap) + 30_000,
    cap,
  );
  results.forEach((r, i) => {
    const req = batch[i].http;
    const payload = (body: Uint8Array | string | null | undefined) =>
      body ? { payload: typeof body === 'string' ? body : decodeText(body) } : {};
    // Every request that left is recorded, each redirect hop too, with the headers it carried.
    const hops = r.redirects ?? [];
    const seen = (u: string) => unapplyRoutes(u, w.config.routes);
    hops.forEach((h, n) => {
      w.fetchLog.push({
        at,
        user,
        method: h.method,
        url: seen(h.url),
        headers: { ...h.headers },
        ...payload(h.body),
        status: h.status,
        elapsedMs: h.elapsedMs,
        hop: n,
        redirectHop: n > 0,
        redirectedTo: seen(h.location),
      });
    });
    const url = r.finalUrl ? seen(r.finalUrl) : batch[i].asked;
    w.fetchLog.push({
      at,
      user,
      method: r.finalMethod ?? req.method,
      url,
      headers: { ...(req.headers ?? {}) },
      ...payload(hops.length ? r.finalBody : req.body),
      ...(r.ok ? { status: r.status } : { error: transportError(url, r) }),
      elapsedMs: r.elapsedMs,
      hop: hops.length,
      redirectHop: hops.length > 0,
    });
  });
  // Real time spent on the loopback varies with the machine's load: a test that needs the same
  // virtual time on any machine turns it off (measuredFetchLatency: false).
  // An announced timeout ended at once in real time but lasts, in virtual time, what a timeout lasts.
  const announced = results.some((r) => !r.ok && r.announced);
  const measured = w.config.measuredFetchLatency ? elapsedMs : 0;
  const ms = Math.max(measured, announced ? w.config.fetchTimeoutMs : 0) + w.config.virtualFetchLatencyMs + w.config.costs.urlFetchCallMs;
  w.counters.fetchMs += ms;
  ctx.charge(ms);
  return results;
}

/** Throws what Apps Script throws for a result: transport failures always, HTTP >= 400 unless muted. */
function check(ctx: Ctx, b: Built, r: SyncHttpResult): asserts r is Extract<SyncHttpResult, { ok: true }> {
  if (!r.ok) ctx.fail(transportError(b.asked, r));
  if (r.status >= 400 && !b.muted) {
    const u = new URL(b.asked);
    const text = decodeText(r.body);
    const truncated = text.length > TRUNCATE_AT ? `${text.slice(0, TRUNCATE_AT)}...` : text;
    ctx.fail(MSG.httpFailed(`${u.protocol}//${u.host}`, r.status, truncated));
  }
}

function requestArgs(item: unknown): [unknown, Record<string, unknown> | undefined] {
  if (typeof item === 'string') return [item, undefined];
  const obj = (item ?? {}) as Record<string, unknown>;
  return [obj.url, obj];
}

/** The UrlFetchApp global. */
export function urlFetchApp(ctx: Ctx): object {
  return facade('UrlFetchApp', {
    fetch(url: unknown, params?: Record<string, unknown>) {
      ctx.enter('UrlFetchApp', 'fetch');
      const b = guard(ctx, build(ctx, url, params));
      const [r] = send(ctx, [b]);
      check(ctx, b, r);
      return responseFacade(ctx, r);
    },
    fetchAll(requests: unknown[]) {
      ctx.enter('UrlFetchApp', 'fetchAll');
      if (!Array.isArray(requests)) ctx.fail(MSG.invalidArgument('requests'));
      const built = requests.map((item) => guard(ctx, build(ctx, ...requestArgs(item))));
      if (built.length === 0) return ctx.toRealm([]);
      const results = send(ctx, built);
      // One transport failure fails the whole batch, even when muted (as Apps Script).
      const broken = results.findIndex((r) => !r.ok);
      if (broken >= 0) check(ctx, built[broken], results[broken]);
      results.forEach((r, i) => check(ctx, built[i], r));
      return ctx.toRealm(results.map((r) => responseFacade(ctx, r as Extract<SyncHttpResult, { ok: true }>)));
    },
    getRequest(url: unknown, params?: Record<string, unknown>) {
      ctx.cheap('UrlFetchApp', 'getRequest');
      const b = build(ctx, url, params);
      const { method, headers, body, followRedirects, validateHttpsCertificates } = b.http;
      return ctx.toRealm({
        url: b.asked,
        method: method.toLowerCase(),
        headers,
        payload: body ? decodeText(body as Uint8Array) : '',
        contentType: headers?.['Content-Type'] ?? null,
        followRedirects,
        validateHttpsCertificates,
        muteHttpExceptions: b.muted,
      });
    },
  });
}

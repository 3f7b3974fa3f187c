import { COSTS, loadRuntime, type Runtime } from '../../dev/gas-runtime';
import { startServer, type TestServer } from './http-server';

/** A clock that charges a fetch only its latency: no call overhead, no JavaScript or load time (both measured, so machine-dependent). */
const EXACT_FETCH_CLOCK = { urlFetchCallMs: 0, jsCpuFactor: 0, bundleLoadMs: 0, executionStartMs: 0 };

const BUNDLE = `
function get(url, params) {
  var r = UrlFetchApp.fetch(url, params);
  return { code: r.getResponseCode(), text: r.getContentText(), headers: r.getHeaders() };
}
function fetchAll(requests) {
  return UrlFetchApp.fetchAll(requests).map(function (r) { return r.getResponseCode(); });
}
function bytes(url) {
  var r = UrlFetchApp.fetch(url);
  return { content: r.getContent(), blob: r.getBlob().getBytes(), isArray: r.getContent() instanceof Array };
}
function allHeaders(url) { return UrlFetchApp.fetch(url, { muteHttpExceptions: true }).getAllHeaders(); }
function caught(url, params) {
  try { UrlFetchApp.fetch(url, params); return 'no error'; } catch (e) { return [e instanceof Error, e.message]; }
}
`;

describe('UrlFetchApp', () => {
  let server: TestServer;
  let rt: Runtime;
  let hookTimes: number[];

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    hookTimes = [];
    rt = loadRuntime({ bundle: BUNDLE, allowPrivateHosts: true, fetchTimeoutMs: 1000, beforeFetch: (now) => hookTimes.push(now) });
  });
  afterEach(async () => {
    await rt.close();
  });

  it('performs real HTTP synchronously', () => {
    const res = rt.call('get', `${server.url}/echo?x=1`) as { code: number; text: string; headers: Record<string, string> };
    expect(res.code).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ method: 'GET', url: '/echo?x=1' });
    expect(res.headers['Content-Type']).toBe('application/json; charset=utf-8');
  });

  it('sends methods, headers and payloads as Apps Script does', () => {
    const json = rt.call('get', `${server.url}/echo`, {
      method: 'post',
      contentType: 'application/json',
      payload: JSON.stringify({ sku: 'A-1' }),
      headers: { Authorization: 'Bearer t0k3n' },
    }) as { text: string };
    expect(JSON.parse(json.text)).toMatchObject({
      method: 'POST',
      body: '{"sku":"A-1"}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t0k3n' },
    });
    const form = rt.call('get', `${server.url}/echo`, { method: 'put', payload: { a: 'x y', b: 'é&=' } }) as { text: string };
    expect(JSON.parse(form.text)).toMatchObject({
      method: 'PUT',
      body: 'a=x+y&b=%C3%A9%26%3D',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const log = rt.fetchLog();
    expect(log.map((r) => [r.method, r.status, r.payload])).toEqual([
      ['POST', 200, '{"sku":"A-1"}'],
      ['PUT', 200, 'a=x+y&b=%C3%A9%26%3D'],
    ]);
    expect(log[0].headers.Authorization).toBe('Bearer t0k3n');
  });

  it('throws on HTTP errors with Apps Script wording unless muted', () => {
    const url = `${server.url}/status?code=503&body=${encodeURIComponent('Service down for maintenance')}`;
    expect(() => rt.call('get', url)).toThrow(
      `Request failed for ${server.url} returned code 503. Truncated server response: Service down for maintenance (use muteHttpExceptions option to examine full response)`,
    );
    expect(rt.call('caught', url)).toEqual([true, expect.stringContaining('returned code 503')]);
    const long = `${server.url}/status?code=400&body=${'z'.repeat(300)}`;
    expect(() => rt.call('get', long)).toThrow(`Truncated server response: ${'z'.repeat(100)}... (use muteHttpExceptions`);
    expect(rt.call('get', url, { muteHttpExceptions: true })).toMatchObject({ code: 503, text: 'Service down for maintenance' });
  });

  it('returns multi-valued headers from getAllHeaders', () => {
    expect(rt.call('allHeaders', `${server.url}/status?code=200`)).toMatchObject({ 'X-Multi': ['a', 'b'] });
  });

  it('returns content as signed bytes', () => {
    expect(rt.call('bytes', `${server.url}/bytes`)).toEqual({ content: [-1, 0, 127, -128], blob: [-1, 0, 127, -128], isArray: true });
  });

  it('follows redirects unless told not to', () => {
    expect(rt.call('get', `${server.url}/redirect`)).toMatchObject({ code: 200 });
    expect(rt.call('get', `${server.url}/redirect`, { followRedirects: false })).toMatchObject({ code: 302 });
  });

  it('charges only the virtual latency when told not to charge measured time (machine-independent budgets)', () => {
    const fixed = loadRuntime({
      bundle: BUNDLE,
      allowPrivateHosts: true,
      virtualFetchLatencyMs: 1000,
      measuredFetchLatency: false,
      costs: EXACT_FETCH_CLOCK,
    });
    try {
      const requests = Array.from({ length: 3 }, () => ({ url: `${server.url}/delay?ms=150` }));
      const t0 = fixed.now();
      expect(fixed.call('fetchAll', requests)).toEqual([200, 200, 200]);
      const virtual = fixed.now() - t0;
      // The requests really took their 150 ms, yet only the 1,000 virtual ms (and the cost model's
      // cheap calls, well under 1 ms) were charged: the same figure on any machine.
      expect(Math.min(...fixed.fetchLog().map((f) => f.elapsedMs))).toBeGreaterThanOrEqual(140);
      expect(virtual).toBeGreaterThanOrEqual(1000);
      expect(virtual).toBeLessThan(1001);
    } finally {
      fixed.close();
    }
  });

  it('takes an announced timeout at once and charges it fetchTimeoutMs of virtual time (announcedTimeouts)', () => {
    const announcing = loadRuntime({
      bundle: BUNDLE,
      allowPrivateHosts: true,
      fetchTimeoutMs: 30_000,
      announcedTimeouts: true,
      measuredFetchLatency: false,
      costs: EXACT_FETCH_CLOCK,
    });
    try {
      const t0 = announcing.now();
      // Ends without waiting out the 30 s: a real wait would outlast jest's own timeout.
      expect(announcing.call('caught', `${server.url}/announced-hang`)).toEqual([true, `Timeout: ${server.url}/announced-hang`]);
      expect(announcing.now() - t0).toBeGreaterThanOrEqual(30_000);
      expect(announcing.now() - t0).toBeLessThan(30_001);
      // A plain answer is untouched.
      expect(announcing.call('get', `${server.url}/echo`)).toMatchObject({ code: 200 });
    } finally {
      announcing.close();
    }
    // Without the option the announcement means nothing: the real timeout applies.
    expect(rt.call('caught', `${server.url}/announced-hang`)).toEqual([true, `Timeout: ${server.url}/announced-hang`]);
    expect(rt.fetchLog().at(-1)!.elapsedMs).toBeGreaterThanOrEqual(990);
  });

  it('runs fetchAll concurrently and charges the batch wall time', () => {
    // Concurrent: the barrier answers only when all 10 are waiting at once (sent one by one, the
    // first would never be answered). No wall-clock bound: a busy machine stretches those.
    const requests = Array.from({ length: 10 }, () => ({ url: `${server.url}/barrier?n=10&id=fetchall&ms=200` }));
    const t0 = rt.now();
    const logged0 = rt.fetchLog().length;
    expect(rt.call('fetchAll', requests)).toEqual(Array(10).fill(200));
    const virtual = rt.now() - t0;
    const each = rt
      .fetchLog()
      .slice(logged0)
      .map((f) => f.elapsedMs);
    expect(each).toHaveLength(10);
    // Charged once for the batch (at least its slowest request), not the sum of the requests
    // (each waited 200 ms after the barrier, so the sum is at least 2 s more than the batch).
    expect(virtual).toBeGreaterThanOrEqual(Math.max(...each));
    expect(virtual).toBeLessThan(each.reduce((a, b) => a + b, 0));
    expect(rt.counters()).toMatchObject({ fetchCalls: 1, fetchRequests: 10 });
    expect(hookTimes).toEqual([expect.any(Number)]);
  });

  it('throws on a transport timeout even when muted', () => {
    expect(() => rt.call('get', `${server.url}/hang`, { muteHttpExceptions: true })).toThrow(`Timeout: ${server.url}/hang`);
    expect(rt.fetchLog()[0].error).toBe(`Timeout: ${server.url}/hang`);
  });

  it('throws Address unavailable when the connection is refused', () => {
    expect(() => rt.call('get', 'http://127.0.0.1:1/x', { muteHttpExceptions: true })).toThrow('Address unavailable: http://127.0.0.1:1/x');
  });

  it('fails the whole fetchAll when one request fails in transport', () => {
    const requests = [
      { url: `${server.url}/delay?ms=10`, muteHttpExceptions: true },
      { url: `${server.url}/hang`, muteHttpExceptions: true },
    ];
    expect(() => rt.call('fetchAll', requests)).toThrow(`Timeout: ${server.url}/hang`);
    expect(() => rt.call('fetchAll', [`${server.url}/status?code=500`])).toThrow('returned code 500');
    expect(rt.call('fetchAll', [{ url: `${server.url}/status?code=500`, muteHttpExceptions: true }, `${server.url}/delay`])).toEqual([
      500, 200,
    ]);
  });

  it('rejects malformed URLs', () => {
    expect(() => rt.call('get', 'not a url')).toThrow('Invalid argument: not a url');
  });

  it('calls beforeFetch with the virtual time before each batch', () => {
    rt.advance(5000);
    // Apps Script's start-up comes first, then the script's own CPU time up to the fetch.
    const expected = rt.now() + COSTS.executionStartMs;
    rt.call('get', `${server.url}/delay?ms=300`);
    expect(hookTimes[0]).toBeGreaterThanOrEqual(expected);
    // Before the batch: the script's own CPU time since (a few ms, more on a loaded machine), never the fetch's 300 ms.
    expect(hookTimes[0]).toBeLessThan(expected + 100);
    expect(rt.now()).toBeGreaterThanOrEqual(hookTimes[0] + 300);
  });
});

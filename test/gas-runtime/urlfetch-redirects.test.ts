/**
 * Redirects as UrlFetchApp handles them: followed by default (the request's headers, the bearer
 * token included, go to the new host: the worst case), not followed with `followRedirects: false`;
 * every request that left is in the fetch log, each hop with its headers.
 */
import { loadRuntime, type Runtime } from '../../dev/gas-runtime';
import { startForeignServer, type ForeignServer } from '../../dev/testkit/foreign-server';
import { startServer, type TestServer } from './http-server';

const BUNDLE = `
function get(url, params) {
  var r = UrlFetchApp.fetch(url, params);
  return { code: r.getResponseCode(), text: r.getContentText(), headers: r.getHeaders() };
}
function fetchAll(requests) {
  return UrlFetchApp.fetchAll(requests).map(function (r) { return r.getResponseCode(); });
}
`;

describe('UrlFetchApp redirects', () => {
  let server: TestServer;
  let foreign: ForeignServer;
  let rt: Runtime;
  const auth = { Authorization: 'Bearer t0k3n-redirect' };

  beforeAll(async () => {
    [server, foreign] = await Promise.all([startServer(), startForeignServer()]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), foreign?.close()]);
  });
  beforeEach(() => {
    foreign.clear();
    rt = loadRuntime({ bundle: BUNDLE, allowPrivateHosts: true, fetchTimeoutMs: 2000 });
  });
  afterEach(async () => {
    await rt.close();
  });

  const redirectTo = (code: number, path = '/moved?x=1') =>
    `${server.url}/redirect-to?code=${code}&to=${encodeURIComponent(foreign.url + path)}`;

  it('follows a redirect by default and carries the headers, Authorization included, to the new host', () => {
    const res = rt.call('get', redirectTo(302), { headers: auth }) as { code: number; text: string };
    expect(res).toMatchObject({ code: 200, text: '{}' });
    const got = foreign.requests();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ method: 'GET', url: '/moved?x=1', headers: { authorization: 'Bearer t0k3n-redirect' } });
  });

  it('keeps method and body on 307, turns a 302 POST into a GET without body', () => {
    rt.call('get', redirectTo(307), { method: 'post', payload: '{"a":1}', contentType: 'application/json', headers: auth });
    rt.call('get', redirectTo(302), { method: 'post', payload: '{"a":2}', contentType: 'application/json', headers: auth });
    expect(foreign.requests().map((r) => [r.method, r.body, r.headers.authorization])).toEqual([
      ['POST', '{"a":1}', 'Bearer t0k3n-redirect'],
      ['GET', '', 'Bearer t0k3n-redirect'],
    ]);
  });

  it('records every hop in the fetch log: method, URL, headers sent, hop number', () => {
    rt.call('get', redirectTo(301), { headers: auth });
    const log = rt.fetchLog();
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      method: 'GET',
      url: redirectTo(301),
      status: 301,
      hop: 0,
      redirectHop: false,
      redirectedTo: `${foreign.url}/moved?x=1`,
    });
    expect(log[1]).toMatchObject({ method: 'GET', url: `${foreign.url}/moved?x=1`, status: 200, hop: 1, redirectHop: true });
    expect(log[1].redirectedTo).toBeUndefined();
    for (const r of log) expect(r.headers.Authorization).toBe('Bearer t0k3n-redirect');
    // A chain: the test server redirects to itself, then to the foreign host.
    const chain = `${server.url}/redirect-to?code=302&to=${encodeURIComponent(redirectTo(307))}`;
    rt.call('get', chain, { headers: auth });
    expect(
      rt
        .fetchLog()
        .slice(2)
        .map((r) => [r.hop, r.redirectHop, r.status]),
    ).toEqual([
      [0, false, 302],
      [1, true, 307],
      [2, true, 200],
    ]);
    // A request that was not redirected is one record, hop 0.
    rt.call('get', `${server.url}/echo`);
    expect(rt.fetchLog()[5]).toMatchObject({ hop: 0, redirectHop: false, status: 200 });
    expect(rt.counters()).toMatchObject({ fetchCalls: 3, fetchRequests: 3 });
  });

  it('with followRedirects: false returns the 3xx itself (status, Location) and sends nothing to the target', () => {
    for (const code of [301, 302, 307]) {
      const res = rt.call('get', redirectTo(code), { headers: auth, followRedirects: false, muteHttpExceptions: true }) as {
        code: number;
        headers: Record<string, string>;
      };
      expect(res.code).toBe(code);
      expect(res.headers.Location).toBe(`${foreign.url}/moved?x=1`);
    }
    // A 3xx is not an HTTP error: no exception even without muteHttpExceptions.
    expect(rt.call('get', redirectTo(302), { followRedirects: false })).toMatchObject({ code: 302 });
    expect(foreign.requests()).toEqual([]);
    expect(rt.fetchLog().map((r) => [r.status, r.hop, r.redirectHop, r.redirectedTo])).toEqual(
      Array(4).fill([expect.any(Number), 0, false, undefined]),
    );
  });

  it('fetchAll follows per request and logs every hop', () => {
    expect(
      rt.call('fetchAll', [
        { url: redirectTo(302), headers: auth },
        { url: `${server.url}/echo` },
        { url: redirectTo(302), followRedirects: false },
      ]),
    ).toEqual([200, 200, 302]);
    expect(rt.fetchLog().map((r) => [r.url.startsWith(foreign.url) ? 'foreign' : 'server', r.hop])).toEqual([
      ['server', 0],
      ['foreign', 1],
      ['server', 0],
      ['server', 0],
    ]);
    expect(foreign.requests()).toHaveLength(1);
  });

  it('logs the hop a transport failure happened on (the exception names the URL the script asked for)', () => {
    const dead = `${server.url}/redirect-to?code=302&to=${encodeURIComponent('http://127.0.0.1:1/gone')}`;
    expect(() => rt.call('get', dead, { muteHttpExceptions: true })).toThrow(`Address unavailable: ${dead}`);
    expect(rt.fetchLog().map((r) => [r.url, r.hop, r.status ?? r.error])).toEqual([
      [dead, 0, 302],
      ['http://127.0.0.1:1/gone', 1, 'Address unavailable: http://127.0.0.1:1/gone'],
    ]);
  });
});

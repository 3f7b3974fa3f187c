/**
 * Where UrlFetchApp may go: the manifest's urlFetchWhitelist (https prefixes, Google's matching
 * rules) and no loopback/private hosts, which Google's servers cannot reach — unless the test opts
 * in with allowPrivateHosts. `routes` lets a script ask for an https origin that is really served
 * on 127.0.0.1, so every refused URL below would have reached a live server had it been allowed.
 */
import { loadRuntime, type Manifest, type Runtime } from '../../dev/gas-runtime';
import { isPrivateHost, matchesPrefix } from '../../dev/gas-runtime/fetch-policy';
import { startForeignServer, type ForeignServer } from '../../dev/testkit/foreign-server';
import { startServer, type TestServer } from './http-server';

const BUNDLE = `
function get(url) { return UrlFetchApp.fetch(url).getResponseCode(); }
function all(urls) { return UrlFetchApp.fetchAll(urls).map(function (r) { return r.getResponseCode(); }); }
`;
const HUB = 'https://api.hub.example';
const WHITELISTED: Manifest = { urlFetchWhitelist: [`${HUB}/`] };

describe('UrlFetchApp destinations', () => {
  let server: TestServer;
  let foreign: ForeignServer;
  const open: Runtime[] = [];
  const runtime = (options: Parameters<typeof loadRuntime>[0]): Runtime => {
    const rt = loadRuntime({ bundle: BUNDLE, fetchTimeoutMs: 2000, ...options });
    open.push(rt);
    return rt;
  };
  // Every name below leads to a live server: only the rule under test stands in the way.
  const routes = () => ({
    [HUB]: server.url,
    'http://api.hub.example': foreign.url,
    'https://evil.example': foreign.url,
    'https://api.hub.example.evil.com': foreign.url,
  });

  beforeAll(async () => {
    [server, foreign] = await Promise.all([startServer(), startForeignServer()]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), foreign?.close()]);
  });
  beforeEach(() => foreign.clear());
  afterEach(async () => {
    await Promise.all(open.splice(0).map((rt) => rt.close()));
  });

  it('sends a whitelisted https URL to its routed address and logs the URL the script asked for', () => {
    const rt = runtime({ manifest: WHITELISTED, routes: routes() });
    expect(rt.call('get', `${HUB}/echo?x=1`)).toBe(200);
    expect(rt.fetchLog().map((f) => [f.url, f.status])).toEqual([[`${HUB}/echo?x=1`, 200]]);
  });

  it('refuses a URL outside the whitelist before anything is sent', () => {
    const rt = runtime({ manifest: WHITELISTED, routes: routes() });
    for (const url of ['https://evil.example/api/stock', 'https://api.hub.example.evil.com/api/stock']) {
      expect(() => rt.call('get', url)).toThrow(
        `Request to ${url} failed because the URL has not been whitelisted in the script manifest.`,
      );
    }
    expect(rt.fetchLog()).toEqual([]);
    expect(foreign.requests()).toEqual([]);
  });

  it('refuses http:// to a whitelisted host (the whitelist holds https prefixes)', () => {
    const rt = runtime({ manifest: WHITELISTED, routes: routes() });
    expect(() => rt.call('get', 'http://api.hub.example/echo')).toThrow(
      'Request to http://api.hub.example/echo failed because the URL has not been whitelisted',
    );
    expect(foreign.requests()).toEqual([]);
  });

  it('refuses a whole fetchAll when one URL is outside the whitelist: the allowed ones are not sent either', () => {
    const rt = runtime({ manifest: WHITELISTED, routes: routes() });
    expect(() => rt.call('all', [`${HUB}/echo`, 'https://evil.example/x'])).toThrow('not been whitelisted');
    expect(rt.fetchLog()).toEqual([]);
    expect(rt.counters().fetchRequests).toBe(0);
  });

  it('refuses loopback without the opt-in, before anything is sent', () => {
    const rt = runtime({});
    const url = `${foreign.url}/api`;
    expect(() => rt.call('get', url)).toThrow(`Address unavailable: ${url}`);
    expect(() => rt.call('get', url.replace('127.0.0.1', 'localhost'))).toThrow('Address unavailable: http://localhost:');
    expect(rt.fetchLog()).toEqual([]);
    expect(foreign.requests()).toEqual([]);
  });

  it('reaches a local server once the test opts in with allowPrivateHosts', () => {
    const rt = runtime({ allowPrivateHosts: true });
    expect(rt.call('get', `${foreign.url}/api`)).toBe(200);
    expect(foreign.requests()).toHaveLength(1);
  });

  it('matches prefixes as Google documents (equal or child; path case-sensitive; leading *. for subdomains)', () => {
    const m = (url: string, prefix: string) => matchesPrefix(new URL(url), prefix);
    for (const url of [
      'https://example.com/foo',
      'https://example.com/foo/',
      'https://example.com/foo/bar',
      'https://example.com/foo?bar',
      'https://example.com/foo#bar',
    ]) {
      expect([url, m(url, 'https://example.com/foo')]).toEqual([url, true]);
    }
    for (const url of [
      'https://example.com/foobar',
      'https://example.com/Foo',
      'http://example.com/foo',
      'https://example.com:8443/foo',
      'https://sub.example.com/foo',
    ]) {
      expect([url, m(url, 'https://example.com/foo')]).toEqual([url, false]);
    }
    expect(m('https://api.example.com/x', 'https://*.example.com/')).toBe(true);
    expect(m('https://example.com.evil.net/x', 'https://*.example.com/')).toBe(false);
  });

  it('knows the loopback, private and link-local ranges', () => {
    for (const h of [
      '127.0.0.1',
      '127.9.9.9',
      'localhost',
      'api.localhost',
      '[::1]',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '[::ffff:127.0.0.1]',
    ]) {
      expect([h, isPrivateHost(h)]).toEqual([h, true]);
    }
    for (const h of ['8.8.8.8', '172.15.0.1', '172.32.0.1', '192.169.0.1', 'api.ventiapp.mx', '[2001:db8::1]']) {
      expect([h, isPrivateHost(h)]).toEqual([h, false]);
    }
  });
});

import { loadRuntime, type Runtime } from '../../dev/gas-runtime';
import { startServer, type TestServer } from './http-server';

// JavaScript and bundle load free: these tests check the clock's mechanics to the millisecond.
const EXACT_CLOCK = { jsCpuFactor: 0, bundleLoadMs: 0, executionStartMs: 0 };

/**
 * Daily quotas as Google documents them
 * (https://developers.google.com/apps-script/guides/services/quotas): per user, reset 24 hours
 * after the first request; UrlFetch calls 20,000/day and Properties read/write 50,000/day for a
 * consumer account; exceeding one throws an exception.
 */

const BUNDLE = `
function get(url) { return UrlFetchApp.fetch(url).getResponseCode(); }
function all(urls) { return UrlFetchApp.fetchAll(urls).map(function (r) { return r.getResponseCode(); }); }
function tryGetTwice(url) {
  var out = [];
  for (var i = 0; i < 2; i++) {
    try { UrlFetchApp.fetch(url); out.push('ok'); } catch (e) { out.push(String(e)); }
  }
  return out;
}
function prop(op) {
  var p = PropertiesService.getScriptProperties();
  if (op === 'getProperty') return p.getProperty('k');
  if (op === 'getProperties') return p.getProperties();
  if (op === 'getKeys') return p.getKeys();
  if (op === 'setProperty') p.setProperty('k', 'v');
  if (op === 'setProperties') p.setProperties({ a: '1' });
  if (op === 'deleteProperty') p.deleteProperty('a');
  if (op === 'deleteAllProperties') p.deleteAllProperties();
  return null;
}
function userProp() { return PropertiesService.getUserProperties().getProperty('k'); }
`;

const URLFETCH_MSG = 'Service invoked too many times for one day: urlfetch.';
const PROPERTIES_MSG = 'Service invoked too many times for one day: properties.';
const HOUR = 3600_000;
/** 20:00 UTC: UTC midnight comes 4 h later, New York midnight 9 h later. */
const EVENING = Date.UTC(2026, 0, 15, 20, 0, 0);

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a throw');
}

describe('daily UrlFetch quota', () => {
  let server: TestServer;
  let rt: Runtime;
  let ok: string;

  beforeAll(async () => {
    server = await startServer();
    ok = `${server.url}/delay`;
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(async () => {
    await rt.close();
  });

  it('defaults to the consumer limits', () => {
    rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, allowPrivateHosts: true });
    expect(rt.quota('urlfetch')).toEqual({ used: 0, limit: 20_000, windowStartedAt: null, resetsAt: null });
    expect(rt.quota('properties').limit).toBe(50_000);
  });

  it("throws Apps Script's exact message once the limit is reached, without sending anything", () => {
    rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, allowPrivateHosts: true });
    rt.setQuotaUsed('urlfetch', 19_999);
    expect(rt.call('get', ok)).toBe(200);
    expect(rt.quota('urlfetch').used).toBe(20_000);
    expect(messageOf(() => rt.call('get', ok))).toBe(URLFETCH_MSG);
    expect(rt.fetchLog()).toHaveLength(1);
    // An ordinary Exception: the bundle may catch it, and every later call fails the same way.
    expect(rt.call('tryGetTwice', ok)).toEqual([`Exception: ${URLFETCH_MSG}`, `Exception: ${URLFETCH_MSG}`]);
  });

  it('opens a window at the first request and resets it 24 h later, not at midnight', () => {
    rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, allowPrivateHosts: true, now: EVENING, fetchQuotaPerDay: 2 });
    rt.call('get', ok);
    const start = rt.quota('urlfetch').windowStartedAt!;
    expect(start).toBeGreaterThanOrEqual(EVENING);
    expect(rt.quota('urlfetch').resetsAt).toBe(start + 24 * HOUR);
    rt.advance(HOUR);
    rt.call('get', ok);
    rt.advance(9 * HOUR); // past midnight UTC and in New York
    expect(messageOf(() => rt.call('get', ok))).toBe(URLFETCH_MSG);
    rt.advanceTo(start + 24 * HOUR - 1);
    expect(messageOf(() => rt.call('get', ok))).toBe(URLFETCH_MSG);
    rt.advanceTo(start + 24 * HOUR);
    expect(rt.call('get', ok)).toBe(200);
    expect(rt.quota('urlfetch')).toMatchObject({ used: 1, windowStartedAt: start + 24 * HOUR });
  });

  it('starts the next window with the next request, not when the previous one closed', () => {
    rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, allowPrivateHosts: true, now: EVENING, fetchQuotaPerDay: 1 });
    rt.call('get', ok);
    rt.advance(30 * HOUR);
    expect(rt.quota('urlfetch')).toMatchObject({ used: 0, windowStartedAt: null });
    const second = rt.now();
    rt.call('get', ok);
    expect(rt.quota('urlfetch').windowStartedAt).toBeGreaterThanOrEqual(second);
    rt.advance(20 * HOUR); // 50 h after the first request, 20 h into the second window
    expect(messageOf(() => rt.call('get', ok))).toBe(URLFETCH_MSG);
  });

  it('counts every request of a fetchAll and refuses a batch that would go over, whole', () => {
    rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, allowPrivateHosts: true, fetchQuotaPerDay: 5 });
    expect(rt.call('all', [ok, ok, ok])).toEqual([200, 200, 200]);
    expect(rt.quota('urlfetch').used).toBe(3);
    expect(messageOf(() => rt.call('all', [ok, ok, ok]))).toBe(URLFETCH_MSG);
    expect(rt.fetchLog()).toHaveLength(3);
    expect(rt.quota('urlfetch').used).toBe(3);
    expect(rt.call('all', [ok, ok])).toEqual([200, 200]);
    expect(rt.quota('urlfetch').used).toBe(5);
  });

  it('keeps one window per user', () => {
    rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, allowPrivateHosts: true, user: 'a@example.com', fetchQuotaPerDay: 1 });
    const b = rt.forUser('b@example.com');
    rt.call('get', ok);
    expect(messageOf(() => rt.call('get', ok))).toBe(URLFETCH_MSG);
    expect(b.call('get', ok)).toBe(200);
    expect(b.quota('urlfetch').used).toBe(1);
  });

  it('lets a test place the start of a window in the past', () => {
    rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, allowPrivateHosts: true, fetchQuotaPerDay: 100 });
    rt.setQuotaUsed('urlfetch', 100, { windowStartedAt: rt.now() - 23 * HOUR });
    expect(rt.quota('urlfetch').resetsAt).toBe(rt.now() + HOUR);
    expect(messageOf(() => rt.call('get', ok))).toBe(URLFETCH_MSG);
    rt.advance(HOUR);
    expect(rt.call('get', ok)).toBe(200);
  });
});

describe('daily Properties quota', () => {
  const OPS = ['getProperty', 'getProperties', 'getKeys', 'setProperty', 'setProperties', 'deleteProperty', 'deleteAllProperties'];

  it('counts every read and every write, one each', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK });
    OPS.forEach((op, i) => {
      rt.call('prop', op);
      expect([op, rt.quota('properties').used]).toEqual([op, i + 1]);
    });
  });

  it("throws Apps Script's message on the call past the limit, for reads and writes alike", () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, propertyQuotaPerDay: 2 });
    rt.call('prop', 'setProperty');
    rt.call('prop', 'getProperty');
    expect(messageOf(() => rt.call('prop', 'getProperty'))).toBe(PROPERTIES_MSG);
    expect(messageOf(() => rt.call('prop', 'setProperties'))).toBe(PROPERTIES_MSG);
    // Refused calls do nothing and count nothing.
    expect(rt.properties('script')).toEqual({ k: 'v' });
    expect(rt.counters()).toMatchObject({ propertyReads: 1, propertyWrites: 1 });
    // The quota is the user's, whichever store: user properties are refused too.
    expect(messageOf(() => rt.call('userProp'))).toBe(PROPERTIES_MSG);
  });

  it('resets 24 h after the first request', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, now: EVENING });
    rt.setQuotaUsed('properties', 49_999);
    rt.call('prop', 'getProperty');
    expect(messageOf(() => rt.call('prop', 'getProperty'))).toBe(PROPERTIES_MSG);
    rt.advance(12 * HOUR);
    expect(messageOf(() => rt.call('prop', 'getProperty'))).toBe(PROPERTIES_MSG);
    rt.advance(12 * HOUR);
    expect(rt.call('prop', 'getProperty')).toBeNull();
    expect(rt.quota('properties').used).toBe(1);
  });

  it('survives exportState / loadRuntime({ state })', () => {
    const before = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, propertyQuotaPerDay: 10 });
    before.setQuotaUsed('properties', 10, { windowStartedAt: before.now() - HOUR });
    const after = loadRuntime({
      bundle: BUNDLE,
      costs: EXACT_CLOCK,
      propertyQuotaPerDay: 10,
      state: JSON.parse(JSON.stringify(before.exportState())),
    });
    expect(after.quota('properties')).toEqual(before.quota('properties'));
    expect(messageOf(() => after.call('prop', 'getKeys'))).toBe(PROPERTIES_MSG);
  });
});

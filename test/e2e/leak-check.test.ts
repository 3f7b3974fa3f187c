import { useHub } from '../support/hub';
import { unwrap } from '../support/results';
import type { FetchRecord } from '../../dev/gas-runtime';
import { findDestinationFaults, findTokenLeaks, leakTotals } from '../../dev/testkit/leaks';

describe('the token-leak check that guards every e2e operation', () => {
  const env = useHub();

  test('the token is in user properties and request headers only', () => {
    expect(env.rt.properties('user').hubToken).toContain(env.token);
    expect(env.rt.fetchLog().some((f) => (f.headers as Record<string, string>).Authorization === `Bearer ${env.token}`)).toBe(true);
    expect(findTokenLeaks(env.rt, env.token)).toEqual([]);
  });

  test('it catches a token written into a cell (so the guard can fail)', () => {
    env.rt.addSheet('Leak', [[`x ${env.token} y`]]);
    expect(findTokenLeaks(env.rt, env.token)).toEqual(['sheet "Leak" values']);
    try {
      expect(() => env.call('getSidebarState')).toThrow(/API token leaked after call\(getSidebarState\): found in sheet "Leak" values/);
    } finally {
      env.rt.deleteSheet('Leak');
      // The leak planted by this test is not the add-on's: keep it out of RELIABILITY.md's count.
      leakTotals.leaks = leakTotals.leaks.filter((where) => !where.startsWith('sheet "Leak"'));
    }
  });

  test('it catches the token in a value returned to the sidebar and in document properties', () => {
    expect(findTokenLeaks(env.rt, env.token, { value: `Bearer ${env.token}` })).toEqual(['value returned to the caller']);
    env.rt.setProperty('document', 'oops', env.token);
    expect(findTokenLeaks(env.rt, env.token)).toEqual(['document properties']);
    env.rt.setProperty('document', 'oops', null);
  });

  test('the sidebar state carries no token, only its status', () => {
    const state = env.call('getSidebarState');
    expect(state.ok).toBe(true);
    expect(unwrap(state).token).toMatchObject({ present: true, source: 'pasted', expired: false });
    expect(JSON.stringify(state)).not.toContain(env.token);
  });

  describe('destinations', () => {
    const record = (over: Partial<FetchRecord>): FetchRecord => ({
      at: 0,
      user: 'user@example.com',
      method: 'GET',
      url: `${env.hub.url}/api/x`,
      headers: {},
      status: 200,
      elapsedMs: 1,
      hop: 0,
      redirectHop: false,
      ...over,
    });
    const hubOrigin = () => new URL(env.hub.url).origin;

    test('the token may go to the hub origin only; a redirect hop and plain http outside loopback are faults', () => {
      const bearer = { Authorization: `Bearer ${env.token}` };
      expect(findDestinationFaults([record({ headers: bearer })], env.token, hubOrigin()).problems).toEqual([]);
      const foreign = findDestinationFaults(
        [
          record({ url: 'http://127.0.0.1:1/api/x', headers: bearer }),
          record({ url: `https://evil.example/x?t=${env.token}` }),
          record({ url: 'https://evil.example/y', method: 'POST', payload: `{"t":"${env.token}"}` }),
          record({ url: 'https://evil.example/z' }), // no token: not this fault
        ],
        env.token,
        hubOrigin(),
      );
      expect(foreign.foreignWithToken).toBe(3);
      expect(foreign.problems[0]).toMatch(/^token sent to a foreign origin http:\/\/127\.0\.0\.1:1 \(GET/);
      const hops = findDestinationFaults(
        [record({ status: 302, redirectedTo: `${env.hub.url}/b` }), record({ url: `${env.hub.url}/b`, hop: 1, redirectHop: true })],
        env.token,
        hubOrigin(),
      );
      expect([hops.redirectsFollowed, hops.foreignWithToken]).toEqual([1, 0]); // even to the hub itself
      const plain = findDestinationFaults(
        [record({ url: 'http://hub.example/api' }), record({ url: 'http://localhost:9/x' })],
        env.token,
        hubOrigin(),
      );
      expect(plain.insecure).toBe(1);
      expect(plain.problems).toEqual([expect.stringMatching(/^non-https request to http:\/\/hub\.example/)]);
    });

    test('the guard fails the operation after which a request carried the token elsewhere (and counts requests)', () => {
      const before = { ...leakTotals };
      env.call('getSidebarState');
      expect(leakTotals.requestsChecked).toBeGreaterThanOrEqual(before.requestsChecked);
      // Planted as if the add-on had sent it during the next call.
      env.rt.world.fetchLog.push(
        record({
          url: 'http://127.0.0.1:1/api/stock/updatestock',
          method: 'POST',
          headers: { Authorization: `Bearer ${env.token}` },
          hop: 1,
          redirectHop: true,
        }),
      );
      try {
        expect(() => env.call('getSidebarState')).toThrow(
          /API token leaked after call\(getSidebarState\): requests: token sent to a foreign origin http:\/\/127\.0\.0\.1:1 .*; redirect followed to POST http:\/\/127\.0\.0\.1:1/,
        );
        expect(leakTotals.foreignWithToken - before.foreignWithToken).toBe(1);
        expect(leakTotals.redirectsFollowed - before.redirectsFollowed).toBe(1);
      } finally {
        // The planted request is not the add-on's: keep it out of RELIABILITY.md's counts.
        leakTotals.leaks = leakTotals.leaks.filter(
          (where) => !where.includes('http://127.0.0.1:1/') && !where.includes('http://127.0.0.1:1 '),
        );
        leakTotals.foreignWithToken = before.foreignWithToken;
        leakTotals.redirectsFollowed = before.redirectsFollowed;
      }
      // Checked once: the next operation does not fail on it again.
      expect(() => env.call('getSidebarState')).not.toThrow();
    });
  });
});

import { startAddonEnv, type AddonEnv } from '../../dev/testkit/env';
import { findTokenLeaks, leakTotals } from '../../dev/testkit/leaks';

describe('the token-leak check that guards every e2e operation', () => {
  let env: AddonEnv;
  beforeAll(async () => {
    env = await startAddonEnv();
  }, 60_000);
  afterAll(async () => env?.close());

  test('the token is in user properties and request headers only', () => {
    expect(env.rt.properties('user').hubToken).toContain(env.token);
    expect(env.rt.fetchLog().some((f) => (f.headers as Record<string, string>).Authorization === `Bearer ${env.token}`)).toBe(true);
    expect(findTokenLeaks(env.rt, env.token)).toEqual([]);
  });

  test('it catches a token written into a cell (so the guard can fail)', () => {
    env.rt.addSheet('Leak', [[`x ${env.token} y`]]);
    expect(findTokenLeaks(env.rt, env.token)).toEqual(['sheet "Leak" values']);
    try {
      expect(() => env.rt.call('getSidebarState')).toThrow(/API token leaked after call\(getSidebarState\): found in sheet "Leak" values/);
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
    const state = env.rt.call('getSidebarState') as { ok: boolean; value: { token: Record<string, unknown> } };
    expect(state.ok).toBe(true);
    expect(state.value.token).toMatchObject({ present: true, source: 'pasted', expired: false });
    expect(JSON.stringify(state)).not.toContain(env.token);
  });
});

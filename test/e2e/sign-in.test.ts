// Issue 13, item 6: sign-in hygiene. The password is sent once to the hub's /login and kept
// nowhere; the token is bound to the hub's origin; Sign out removes token and binding.
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';

const PASSWORD = 'S3cr3tPa55word';

describe('sign in and out', () => {
  const env = useHub({ noToken: true, hub: { users: { 'admin@shop': PASSWORD } } });

  test('signing in stores a token bound to the hub\u2019s origin; the password is found nowhere but in the one /login request', () => {
    const out = unwrap(env.call('signIn', 'admin@shop', PASSWORD));
    expect(out.errors).toEqual({});
    expect(out.token).toMatchObject({ present: true, origin: env.hub.url.replace(/\/$/, '') });
    expect(out.token.expiresAt).toBeGreaterThan(env.rt.now());
    const stored = JSON.parse(env.rt.properties('user').hubToken);
    expect(stored.origin).toBe(env.hub.url.replace(/\/$/, ''));
    // The password: only in the body of the login request — no property, cell, log line or other request holds it.
    const everywhere = JSON.stringify([
      env.rt.properties('user'),
      env.rt.properties('document'),
      env.rt.properties('script'),
      env.rt.sheetNames().map((n) => env.rt.sheet(n).values()),
    ]);
    expect(everywhere).not.toContain(PASSWORD);
    const withPassword = env.rt.fetchLog().filter((f) => String(f.payload ?? '').includes(`password=${PASSWORD}`));
    expect(withPassword.map((f) => f.url.replace(env.hub.url, ''))).toEqual(['/login']);
    // The token works for a call.
    expect(unwrap(env.call('getSidebarState')).token.present).toBe(true);
  });

  test('Sign out removes the token and its binding', () => {
    unwrap(env.call('signOut'));
    expect(env.rt.properties('user').hubToken).toBeUndefined();
    expect(unwrap(env.call('getSidebarState')).token).toMatchObject({
      present: false,
      origin: null,
    });
  });
});

/**
 * Review 13 (e2e): ways the owner's token still reaches a host another editor chose. Every test
 * points the shared base URL at a "foreign" loopback server (not the hub) as a second editor,
 * then lets the owner do something ordinary, and checks that no request carrying her token
 * reached the foreign server. The content/destination guard is off so that the assertions
 * below, not the guard, say what failed.
 */
import { TEST_TOKEN, typedCall } from '../../../dev/testkit/env';
import { startForeignServer, type ForeignServer } from '../../../dev/testkit/foreign-server';
import { useHub } from '../../support/hub';

const BOB = 'bob@example.com';

describe('the token reaches a host a colleague set', () => {
  let foreign: ForeignServer;
  beforeAll(async () => {
    foreign = await startForeignServer();
  });
  afterAll(async () => foreign?.close());
  const env = useHub({
    noToken: true,
    leakCheck: false,
    runtime: { fetchTimeoutMs: 3000, onDialog: (d) => (d.buttons.includes('YES') ? 'YES' : 'OK') },
  });
  beforeEach(() => {
    foreign.clear();
    env.call('signOut');
    expect(env.call('saveSettings', { baseUrl: env.hub.url })).toMatchObject({ ok: true, value: { saved: true } });
    for (const name of env.rt.sheetNames()) if (name === 'Stock & Prices') env.rt.deleteSheet(name);
    env.rt.addSheet('Stock & Prices', [
      ['SKU', 'Quantity'],
      ['R13-A', 4],
    ]);
  });

  const carryingToken = () =>
    foreign
      .requests()
      .filter((r) => JSON.stringify(r).includes(TEST_TOKEN))
      .map((r) => `${r.method} ${r.url}`);
  const bobSetsBaseUrl = (to: string) =>
    expect(typedCall(env.rt.forUser(BOB))('saveSettings', { baseUrl: to })).toMatchObject({ ok: true, value: { saved: true } });

  // Flaw: saveToken while the shared base URL is blank stores the token with no origin, and
  // hubClient binds an origin-less token to whatever address it is first used with — so when a
  // colleague then sets the base URL, the owner's next push sends her token there. Correct: a
  // token saved without a base URL is never bound later to an address someone else set (refuse
  // saving without a base URL, or require the owner to confirm the address): nothing is sent.
  test('a token pasted while the base URL is blank is sent to the address a colleague sets later', () => {
    expect(env.call('saveSettings', { baseUrl: '' })).toMatchObject({ ok: true, value: { saved: true } });
    const saved = env.call('saveToken', TEST_TOKEN);
    expect(saved).toMatchObject({ ok: true, value: { errors: {} } });
    bobSetsBaseUrl(foreign.url);
    env.call('pushStockAll');
    expect(carryingToken()).toEqual([]);
  });

  // Flaw: a whitespace-only base URL passes saveSettings (only a non-blank one is checked) and is
  // truthy in saveToken, so the token is stored with origin '' (originOf('   ')), which hubClient
  // treats as "no origin" and binds to the next address a colleague sets. Correct: '   ' is saved
  // as blank (or refused) and the token is never bound to a colleague's address; nothing is sent.
  test('a token pasted while the base URL is only spaces is sent to the address a colleague sets later', () => {
    expect(env.call('saveSettings', { baseUrl: '   ' })).toMatchObject({ ok: true, value: { saved: true } });
    expect(env.call('saveToken', TEST_TOKEN)).toMatchObject({ ok: true, value: { errors: {} } });
    bobSetsBaseUrl(foreign.url);
    env.call('pushStockAll');
    expect(carryingToken()).toEqual([]);
  });

  // Flaw: saveToken's probe is a HubClient built without the binding check: when the owner
  // pastes the very token that is stored and bound to the hub (as the "Sign in again" message
  // invites her to fix things) after a colleague changed the base URL, the probe sends it to the
  // colleague's host and the token is re-bound there. Correct: a pasted token equal to the stored
  // one bound to another origin is not sent to the new origin (the user is told the address
  // changed); nothing reaches the foreign host.
  test('re-pasting the token bound to the hub, after a colleague changed the base URL, sends it to the new host', () => {
    expect(env.call('saveToken', TEST_TOKEN)).toMatchObject({ ok: true, value: { errors: {} } });
    expect(JSON.parse(env.rt.properties('user').hubToken).origin).toBe(new URL(env.hub.url).origin);
    bobSetsBaseUrl(foreign.url);
    env.call('saveToken', TEST_TOKEN);
    expect(carryingToken()).toEqual([]);
  });

  // Flaw: a second editor who sets the same order schedule takes it over (scheduleOwner → him,
  // so the nightly import now runs as him) but auditSettings compares only the interval and
  // filters, so no Log line says the schedule changed hands. Correct: the take-over is a change
  // of a shared setting and writes a Log line naming bob (old owner → new owner, no secrets).
  test('taking over the order schedule with the same interval writes no Log line', () => {
    expect(env.call('setOrdersSchedule', 60)).toMatchObject({ ok: true });
    const logRows = () => (env.rt.sheetNames().includes('Log') ? env.rt.sheet('Log').values().length : 0);
    const before = logRows();
    expect(typedCall(env.rt.forUser(BOB))('setOrdersSchedule', 60)).toMatchObject({ ok: true });
    const added = env.rt.sheetNames().includes('Log')
      ? env.rt
          .sheet('Log')
          .values()
          .slice(before)
          .map((r) => r.join(' | '))
      : [];
    try {
      expect(JSON.parse(env.rt.properties('document').settings).orders.scheduleOwner).toContain('bob'); // he owns it now
      expect(added.filter((l) => l.includes(BOB) && /Settings changed/.test(l))).toHaveLength(1);
    } finally {
      env.call('setOrdersSchedule', 0);
    }
  });
});

// Review 13: a token saved before origins were stored (no origin) is bound to whatever base URL it
// is first used with — even when the add-on itself recorded that another editor changed the base
// URL AFTER the token was saved, so the owner's next run (or her nightly trigger) sends the token
// to the colleague's host. Correct: when a recorded base-URL change is newer than the token, the
// token is treated as issued for the change's `from` origin: nothing is sent, the user is told.
import { hubClient } from '../../../src/core/settings/context';
import { readToken, writeToken } from '../../../src/core/settings/token';
import { FakeTransport } from '../../support/transport';
import { fakeContext, memoryStore } from '../../support/ports';

const TOKEN = 'tok-legacy-abcdefghijklmnop';

describe('legacy token and a base URL a colleague already changed', () => {
  it('is not bound to (nor sent to) the address a colleague set after the token was saved', () => {
    const transport = new FakeTransport(() => ({ status: 200, body: { total: 0, offset: 0, paging: 1, results: [] } }));
    const userStore = memoryStore();
    const savedAt = Date.UTC(2026, 0, 1);
    writeToken(userStore, { token: TOKEN, expiresAt: null, source: 'pasted', savedAt }); // older version: no origin
    const ctx = fakeContext({ transport, userStore, settings: { baseUrl: 'https://evil.example.net' }, interactive: false });
    // What auditSettings recorded when bob changed the shared base URL, long after the token was saved.
    ctx.ports.documentStore.set(
      'settings.baseUrlChange',
      JSON.stringify({
        from: 'https://hub.example.com',
        to: 'https://evil.example.net',
        by: 'bob@example.com',
        at: Date.UTC(2026, 10, 19),
      }),
    );
    let thrown: unknown = null;
    try {
      hubClient(ctx).getProductsPage({ offset: 0, paging: 1 });
    } catch (e) {
      thrown = e;
    }
    expect(transport.requests.map((r) => [r.url, r.headers.Authorization])).toEqual([]);
    expect(readToken(userStore)?.origin).not.toBe('https://evil.example.net');
    expect(String(thrown)).toMatch(/changed to https:\/\/evil\.example\.net by bob@example\.com/);
  });
});

// Review 13: 3xx answers are not always "an error naming the target host, never retried".
import { hubClient } from '../../../src/core/settings/context';
import { HubError } from '../../../src/api/errors';
import { writeToken } from '../../../src/core/settings/token';
import { FakeTransport, type Scripted } from '../../support/transport';
import { fakeContext, memoryStore } from '../../support/ports';

const HUB = 'https://hub.example.com';
const TOKEN = 'tok-review13-abcdefghijklmnop';

function setup(answer: Scripted) {
  const transport = new FakeTransport(() => answer);
  const userStore = memoryStore();
  writeToken(userStore, { token: TOKEN, expiresAt: null, source: 'pasted', savedAt: 0, origin: HUB });
  const ctx = fakeContext({ transport, userStore, settings: { baseUrl: HUB } });
  return { client: hubClient(ctx), transport };
}

function failure(run: () => unknown): HubError {
  try {
    run();
  } catch (e) {
    if (e instanceof HubError) return e;
    throw e;
  }
  throw new Error('no HubError thrown');
}

describe('redirects', () => {
  // Flaw: a 3xx with an HTML body (what nearly every server sends with "302 Found") is classified
  // 'malformed' (transient) before its status is looked at, so it is retried up to 6 times and the
  // message says "a web page instead of data" without the target host. Correct: kind 'redirect',
  // one request only, and the message names evil.example.net.
  it('a 302 with a text/html body is a redirect error naming the host, sent once', () => {
    const { client, transport } = setup({
      status: 302,
      headers: { 'content-type': 'text/html; charset=utf-8', location: 'https://evil.example.net/login?next=%2Fapi' },
      raw: '<html><body>Found. Redirecting to <a href="https://evil.example.net/login">here</a></body></html>',
    });
    const error = failure(() => client.getProductsPage({ offset: 0, paging: 1 }));
    expect({ kind: error.kind, requests: transport.requests.length }).toEqual({ kind: 'redirect', requests: 1 });
    expect(error.message).toMatch(/redirect \(HTTP 302\) to evil\.example\.net/);
  });

  // Flaw: hostOf() stops at '@', so a Location with userinfo (`https://hub.example.com@evil…`) is
  // reported as a redirect "to hub.example.com" — the seller is told the hub pointed at itself
  // while the real target is evil.example.net. Correct: the message names the real host.
  it('a Location with userinfo is reported with its real host, not the userinfo', () => {
    const { client } = setup({ status: 307, headers: { location: 'https://hub.example.com@evil.example.net/api/stock' }, body: {} });
    const error = failure(() => client.getProductsPage({ offset: 0, paging: 1 }));
    expect(error.kind).toBe('redirect');
    expect(error.message).toContain('to evil.example.net');
  });
});

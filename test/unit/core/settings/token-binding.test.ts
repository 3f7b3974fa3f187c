// Issue 13: the token goes only to the hub it was issued for; redirects are never followed; one
// redaction choke point; who changed a shared setting is logged.
import { describeHttpFailure, HubError } from '../../../../src/api/errors';
import { redactSecrets } from '../../../../src/api/redact';
import { hubClient } from '../../../../src/core/settings/context';
import { UserError } from '../../../../src/core/kernel/errors';
import { auditSettings } from '../../../../src/core/settings/audit';
import { originOf } from '../../../../src/core/settings/base-url';
import { Settings } from '../../../../src/core/kernel/settings-schema';
import { readToken, writeToken } from '../../../../src/core/settings/token';
import { takeNotices } from '../../../../src/core/kernel/notices';
import { FakeTransport } from '../../../support/transport';
import { fakeContext, fakeSession, memoryStore, memoryWorkbook } from '../../../support/ports';

const TOKEN = 'tok-issue13-abcdefghijklmnop';

describe('originOf', () => {
  it.each([
    ['https://Hub.Example.com/v1/', 'https://hub.example.com'],
    ['https://hub.example.com:443', 'https://hub.example.com'],
    ['https://hub.example.com:8443/x', 'https://hub.example.com:8443'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://localhost:80/', 'http://localhost'],
    ['https://hub.example.com@evil.example.net/x', 'https://evil.example.net'],
    ['ftp://hub.example.com', ''],
    ['hub.example.com', ''],
  ])('%s → %s', (url, origin) => expect(originOf(url)).toBe(origin));
});

describe('the token is sent only to the origin it is bound to', () => {
  const setup = (baseUrl: string, origin: string | undefined) => {
    const transport = new FakeTransport(() => ({ status: 200, body: { total: 0, offset: 0, paging: 1, results: [] } }));
    const userStore = memoryStore();
    writeToken(userStore, { token: TOKEN, expiresAt: null, source: 'pasted', savedAt: 0, ...(origin ? { origin } : {}) });
    const ctx = fakeContext({ transport, userStore, settings: { baseUrl } });
    return { ctx, transport, userStore };
  };

  it('a base URL of another origin: nothing is sent, and the user is told who changed it, when, and what to do', () => {
    const { ctx, transport } = setup('https://evil.example.net', 'https://hub.example.com');
    ctx.ports.documentStore.set(
      'settings.baseUrlChange',
      JSON.stringify({
        from: 'https://hub.example.com',
        to: 'https://evil.example.net',
        by: 'colleague@example.com',
        at: Date.UTC(2026, 10, 20, 9, 30),
      }),
    );
    expect(() => hubClient(ctx)).toThrow(UserError);
    expect(() => hubClient(ctx)).toThrow(
      'The hub address was changed to https://evil.example.net by colleague@example.com on 2026-11-20 09:30 UTC. Sign in again for this address, or put the old one back. (Your API token was issued for https://hub.example.com: nothing was sent. Sign in: sidebar \u203a Settings.)',
    );
    expect(transport.requests).toEqual([]);
  });

  it('the same origin with another path or default port is the same hub', () => {
    const { ctx } = setup('https://hub.example.com:443/v2', 'https://hub.example.com');
    hubClient(ctx).getProductsPage({ offset: 0, paging: 1 });
  });

  it('a token saved by an older version (no origin) is bound to the address it is first used with', () => {
    const { ctx, userStore, transport } = setup('https://hub.example.com', undefined);
    hubClient(ctx).getProductsPage({ offset: 0, paging: 1 });
    expect(readToken(userStore)?.origin).toBe('https://hub.example.com');
    expect(transport.requests[0].headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('redirects', () => {
  it('a 3xx is an error naming the target host, never retried', () => {
    const d = describeHttpFailure('getProducts', 302, null, null, 'https://evil.example.net/steal?x=1');
    expect(d.kind).toBe('redirect');
    expect(d.message).toMatch(/redirect \(HTTP 302\) to evil\.example\.net\. It was not followed/);
    expect(d.message).not.toMatch(/steal/);
    expect(new HubError({ kind: 'redirect', status: 302, endpoint: 'getProducts', message: d.message }).transient).toBe(false);
  });

  it('the client does not follow or retry a redirect', () => {
    const transport = new FakeTransport(() => ({ status: 307, headers: { location: 'https://evil.example.net/api' }, body: {} }));
    const userStore = memoryStore();
    writeToken(userStore, { token: TOKEN, expiresAt: null, source: 'pasted', savedAt: 0, origin: 'https://hub.example.com' });
    const ctx = fakeContext({ transport, userStore, settings: { baseUrl: 'https://hub.example.com' } });
    expect(() => hubClient(ctx).getProductsPage({ offset: 0, paging: 1 })).toThrow(/redirect \(HTTP 307\) to evil\.example\.net/);
    expect(transport.requests).toHaveLength(1);
  });
});

describe('redactSecrets: one choke point', () => {
  it('cuts the token, any Bearer credential and any access_token value', () => {
    expect(redactSecrets(`echo: Authorization: Bearer ${TOKEN}; ok`, TOKEN)).toBe('echo: Authorization: Bearer [token]; ok');
    expect(redactSecrets('someone else: Bearer abc.DEF-123_x= here', null)).toBe('someone else: Bearer [token] here');
    expect(redactSecrets('{"access_token":"zzz999","token_type":"bearer"}', null)).toBe('{"access_token":"[token]","token_type":"bearer"}');
    expect(redactSecrets('https://x/cb?access_token=qq11&state=2', null)).toBe('https://x/cb?access_token=[token]&state=2');
    expect(redactSecrets(`plain ${TOKEN}`, TOKEN)).toBe('plain [token]');
    expect(redactSecrets('nothing secret', TOKEN)).toBe('nothing secret');
  });
});

describe('who changed what', () => {
  it('each changed shared setting is logged with the user and old → new; a base URL change is remembered and told to everyone at the next open', () => {
    const workbook = memoryWorkbook();
    const ctx = fakeContext({ workbook });
    const before = { ...Settings.parse({}), baseUrl: 'https://hub.example.com' };
    const after = {
      ...before,
      baseUrl: 'https://evil.example.net',
      deployment: 'container' as const,
      sheetNames: { ...before.sheetNames, orders: 'Pedidos' },
    };
    auditSettings(ctx, before, after);
    const log = workbook.sheets
      .get('Log')!
      .readAll()
      .map((r) => r.join(' | '));
    expect(log[1]).toMatch(
      /seller@example\.com \| Settings changed \| 3 .*Base URL: https:\/\/hub\.example\.com → https:\/\/evil\.example\.net; Deployment: addon → container; Sheet name \(orders\): Orders → Pedidos/,
    );
    expect(JSON.parse(ctx.ports.documentStore.get('settings.baseUrlChange')!)).toMatchObject({
      from: 'https://hub.example.com',
      to: 'https://evil.example.net',
      by: 'seller@example.com',
    });
    expect(takeNotices(ctx.ports.documentStore)[0]).toMatch(
      /^The hub address was changed from https:\/\/hub\.example\.com to https:\/\/evil\.example\.net by seller@example\.com on .* each user signs in again/,
    );
  });

  it('"another editor" when Google does not give the email; nothing logged when nothing shared changed', () => {
    const workbook = memoryWorkbook();
    const ctx = fakeContext({ workbook, session: fakeSession('', 'k', 'UTC') });
    const s = Settings.parse({});
    auditSettings(ctx, s, { ...s, concurrency: 3 });
    expect(workbook.sheets.get('Log')).toBeUndefined();
    auditSettings(ctx, s, { ...s, deployment: 'container' });
    expect(workbook.sheets.get('Log')!.readAll()[1].join(' | ')).toMatch(/another editor \| Settings changed/);
  });
});

describe('the sidebar says so', () => {
  it('a token bound to another address is the setup notice, and opens Settings', async () => {
    const { setupNotice, settingsNeedAttention } = await import('../../../../src/client/views/settings/token/text');
    const token = {
      present: true,
      source: 'login' as const,
      expiresAt: null,
      expiresSoon: false,
      expired: false,
      origin: 'https://hub.example.com',
    };
    const moved = 'The hub address was changed to https://evil.example.net by colleague@example.com on 2026-11-20 09:30 UTC. …';
    expect(setupNotice('https://evil.example.net', token, 0, 'utc', moved)).toEqual({ level: 'error', text: moved });
    expect(settingsNeedAttention('https://evil.example.net', token, moved)).toBe(true);
    expect(setupNotice('https://hub.example.com', token, 0, 'utc', null)).toBeNull();
  });
});

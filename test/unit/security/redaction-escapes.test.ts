// Review 13: the one redaction choke point (HubClient.run → redactSecrets) cuts the token out of
// the RAW answer text before JSON.parse, so a hub whose JSON serializer escapes characters of an
// echoed token (`\u0074…`, .NET's `\u002B` for '+', PHP's `\/` for '/') gets the token, decoded by
// JSON.parse, into the per-item message that is written to `Sync message`, the Log and a toast.
// Correct: redaction applies to the decoded strings (or the token is found in any JSON spelling),
// so no text the client hands back holds the token or a recognisable part of it.
import { hubClient } from '../../../src/core/settings/context';
import { writeToken } from '../../../src/core/settings/token';
import { FakeTransport } from '../../support/transport';
import { fakeContext, memoryStore } from '../../support/ports';

const HUB = 'https://hub.example.com';

function clientAnswering(token: string, raw: string) {
  const transport = new FakeTransport(() => ({ status: 200, raw }));
  const userStore = memoryStore();
  writeToken(userStore, { token, expiresAt: null, source: 'pasted', savedAt: 0, origin: HUB });
  const ctx = fakeContext({ transport, userStore, settings: { baseUrl: HUB } });
  return { client: hubClient(ctx), transport };
}

const uEscape = (s: string) =>
  s
    .split('')
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');

describe('an echoed token spelled with JSON escapes passes the redaction', () => {
  it('a per-item msg of Update Stock with the Authorization header \\u-escaped reaches the caller in clear', () => {
    const TOKEN = 'tok_live_5f2c9a7e41b84d0f9c3e';
    const raw = `[{"sku":"A-1","status":"Fail","sites":"","msg":"rejected request with Authorization: Bearer ${uEscape(TOKEN)}"}]`;
    const { client, transport } = clientAnswering(TOKEN, raw);
    const [batch] = client.updateStock([{ sku: 'A-1', quantity: 3 }]);
    expect(transport.requests).toHaveLength(1);
    expect(batch.outcome.ok).toBe(true);
    const text = JSON.stringify(batch.outcome);
    expect(text).not.toContain(TOKEN);
  });

  it("a .NET-style echo ('+' written as \\u002B) leaves everything after the first '+' of a base64 token in clear", () => {
    const TOKEN = 'Qm9iIHNl+bGxzIGhpcyB0b2tlbiBmb3IgYSBsb3Q/9xZ3Jk';
    const dotNet = TOKEN.replace(/\+/g, '\\u002B');
    const raw = `[{"sku":"A-1","status":"Fail","sites":"","msg":"echo: Authorization: Bearer ${dotNet}"}]`;
    const { client } = clientAnswering(TOKEN, raw);
    const [batch] = client.updateStock([{ sku: 'A-1', quantity: 3 }]);
    const msg = batch.outcome.ok ? String(batch.outcome.value[0].msg) : '';
    const tail = TOKEN.slice(TOKEN.indexOf('+') + 1); // 38 of the token's 47 characters
    expect(msg).not.toContain(tail);
  });

  it("a PHP-style echo ('/' written as \\/) leaves everything after the first '/' of the token in clear", () => {
    const TOKEN = 'Zm9vYmFyYmF6/c2VjcmV0LXRva2VuLXRhaWwtMDEyMzQ1';
    const php = TOKEN.replace(/\//g, '\\/');
    const raw = `[{"sku":"A-1","status":"Fail","sites":"","msg":"echo: Authorization: Bearer ${php}"}]`;
    const { client } = clientAnswering(TOKEN, raw);
    const [batch] = client.updateStock([{ sku: 'A-1', quantity: 3 }]);
    const msg = batch.outcome.ok ? String(batch.outcome.value[0].msg) : '';
    expect(msg).not.toContain(TOKEN.slice(TOKEN.indexOf('/') + 1));
  });
});

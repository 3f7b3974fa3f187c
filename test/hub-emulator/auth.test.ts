import { DENIED } from '../../dev/hub-emulator/routes/auth';
import type { RunningHub } from '../../dev/hub-emulator/server';
import { LoginResult } from '../../src/api/schemas/auth';
import { TOKEN, call, client, start } from './helpers';

const DENIED_TEXT = '{"Message":"Authorization has been denied for this request."}';

async function login(url: string, form: Record<string, string>) {
  return call(url, 'POST', '/login', new URLSearchParams(form).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' }, null);
}

describe('authentication', () => {
  let h: RunningHub;
  beforeAll(async () => {
    h = await start({ seed: 'empty', users: { demo: 'demo', alice: 's3cret' } });
  });
  afterAll(() => h.close());

  it.each([
    ['GET', '/api/stock/GetProductsStockPrice'],
    ['POST', '/api/stock/updatestock'],
    ['GET', '/api/orders/orders'],
    ['DELETE', '/api/Category/DeleteCategory?internalId=1'],
    ['PUT', '/api/orders/updateorder/?orderId=1'],
  ])('%s %s without a token → 401 with the ASP.NET body', async (method, path) => {
    const r = await call(h.url, method, path, method === 'GET' || method === 'DELETE' ? undefined : [], {}, null);
    expect(r.status).toBe(401);
    expect(r.text).toBe(DENIED_TEXT);
    expect(r.json).toEqual(DENIED);
  });

  it('rejects a wrong token and a non-bearer scheme', async () => {
    expect((await client(h.url, 'nope').get('/api/stock/GetProductsStockPrice')).status).toBe(401);
    const r = await call(h.url, 'GET', '/api/stock/GetProductsStockPrice', undefined, { Authorization: `Basic ${TOKEN}` }, null);
    expect(r.status).toBe(401);
    expect(r.text).toBe(DENIED_TEXT);
  });

  it('accepts the --token token, with the scheme in any case', async () => {
    expect((await client(h.url).get('/api/stock/GetProductsStockPrice')).status).toBe(200);
    const r = await call(h.url, 'GET', '/api/stock/GetProductsStockPrice', undefined, { Authorization: `bearer ${TOKEN}` }, null);
    expect(r.status).toBe(200);
  });

  it('POST /login with the demo account issues a working bearer token', async () => {
    const r = await login(h.url, { username: 'demo', password: 'demo', grant_type: 'password' });
    expect(r.status).toBe(200);
    const body = LoginResult.parse(r.json);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(604799);
    expect((await client(h.url, body.access_token).get('/api/stock/GetProductsStockPrice')).status).toBe(200);
  });

  it('accepts other configured accounts', async () => {
    const r = await login(h.url, { username: 'alice', password: 's3cret', grant_type: 'password' });
    expect(r.status).toBe(200);
  });

  it('bad credentials → 400 invalid_grant', async () => {
    for (const form of <Record<string, string>[]>[
      { username: 'demo', password: 'wrong', grant_type: 'password' },
      { username: 'nobody', password: 'demo', grant_type: 'password' },
      { username: 'constructor', password: 'x', grant_type: 'password' },
      { grant_type: 'password' },
    ]) {
      const r = await login(h.url, form);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 'invalid_grant', error_description: 'The user name or password is incorrect.' });
    }
  });

  it('a grant type other than password → 400 unsupported_grant_type', async () => {
    const r = await login(h.url, { username: 'demo', password: 'demo', grant_type: 'client_credentials' });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('unsupported_grant_type');
  });

  it('login tokens expire after expires_in seconds on the emulator clock', async () => {
    const r = await login(h.url, { username: 'demo', password: 'demo', grant_type: 'password' });
    const c = client(h.url, r.json.access_token);
    await h.admin.advance(604_798_000);
    expect((await c.get('/api/stock/GetProductsStockPrice')).status).toBe(200);
    await h.admin.advance(2_000);
    const after = await c.get('/api/stock/GetProductsStockPrice');
    expect(after.status).toBe(401);
    expect(after.text).toBe(DENIED_TEXT);
    // The fixed --token never expires.
    expect((await client(h.url).get('/api/stock/GetProductsStockPrice')).status).toBe(200);
  });

  it('the admin API can expire a given token', async () => {
    const r = await login(h.url, { username: 'demo', password: 'demo', grant_type: 'password' });
    const c = client(h.url, r.json.access_token);
    expect((await c.get('/api/stock/GetProductsStockPrice')).status).toBe(200);
    await h.admin.expireToken(r.json.access_token);
    expect((await c.get('/api/stock/GetProductsStockPrice')).status).toBe(401);
    await expect(h.admin.expireToken('unknown-token')).rejects.toThrow(/404/);
  });

  it('the admin API can add a token with a lifetime', async () => {
    const { token } = await h.admin.addToken('short-lived', 10);
    expect(token).toBe('short-lived');
    expect((await client(h.url, token).get('/api/stock/GetProductsStockPrice')).status).toBe(200);
    await h.admin.advance(11_000);
    expect((await client(h.url, token).get('/api/stock/GetProductsStockPrice')).status).toBe(401);
  });

  it('routing comes first: an unknown path is 404 and a wrong method 405, even without a token', async () => {
    const nf = await call(h.url, 'GET', '/api/stock/nosuchthing', undefined, {}, null);
    expect(nf.status).toBe(404);
    expect(nf.json.Message).toMatch(/No HTTP resource was found/);
    const wm = await call(h.url, 'GET', '/api/stock/updatestock', undefined, {}, null);
    expect(wm.status).toBe(405);
    expect(wm.json.Message).toMatch(/does not support http method 'GET'/);
  });
});

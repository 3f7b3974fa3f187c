/** Contract: POST /login and bearer auth, through HubClient over HTTP against the emulator. */
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import { fresh, logged, makeClient, ok, startHub, thrown } from './helpers';
import { scenarios } from './scenarios';

let hub: SpawnedHub;

beforeAll(async () => {
  // An empty hub with one product seeded through the admin API.
  hub = await startHub({ seed: 'empty', users: { demo: 'demo', ops: 'S3cret pass&=' } });
  await hub.admin.seedProducts([
    { sku: 'CAM-ROJA.M', quantity: 4, price: 199, listings: { mercadolibre: {}, amazon: { status: 'paused' } } },
  ]);
});
afterAll(() => hub?.close());

describe('POST /login', () => {
  test('demo/demo returns a bearer token that the hub then accepts', async () => {
    await fresh(hub);
    const { client: anonymous } = makeClient(hub.url, { token: null });
    const login = anonymous.login('demo', 'demo');
    expect(login.token_type).toBe('bearer');
    expect(login.expires_in).toBe(604_799);
    expect(login.access_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const tokens = await hub.admin.tokens();
    expect(tokens[login.access_token]).toMatchObject({ user: 'demo' });
    expect(tokens[login.access_token].expiresAt).not.toBeNull();

    const { client } = makeClient(hub.url, { token: login.access_token });
    const product = ok(client.getByChannel(['CAM-ROJA.M'])[0]);
    expect(product.channelData.find((d) => d.channel === 'meli')).toMatchObject({ quantity: 4, price: 199, status: 'active' });
    // The form body travelled as the hub expects, without a bearer header.
    const [entry] = await logged(hub, /^\/login$/);
    expect(entry).toMatchObject({ method: 'POST', status: 200, authorization: false, contentType: 'application/x-www-form-urlencoded' });
  });

  test('credentials with spaces and reserved characters are form-encoded correctly', () => {
    const { client } = makeClient(hub.url, { token: null });
    expect(client.login('ops', 'S3cret pass&=').access_token.length).toBeGreaterThan(20);
  });

  test("a wrong password → auth HubError with the hub's sentence", () => scenarios.loginRejected(hub));
});

describe('bearer auth (401)', () => {
  test('an unknown token → auth HubError: invalid or expired, sign in again; sent once', () => scenarios.unauthorizedWrongToken(hub));

  test('an expired token → the same 401 HubError', () => scenarios.unauthorizedExpiredToken(hub));

  test('a login token expires on the hub clock after expires_in', async () => {
    const { client: anonymous } = makeClient(hub.url, { token: null });
    const { access_token, expires_in } = anonymous.login('demo', 'demo');
    const { client } = makeClient(hub.url, { token: access_token });
    expect(client.getByChannel(['CAM-ROJA.M'])[0].ok).toBe(true);
    await hub.admin.advance(expires_in * 1000 + 1000);
    const [outcome] = client.getByChannel(['CAM-ROJA.M']);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && [outcome.error.kind, outcome.error.status]).toEqual(['auth', 401]);
  });

  test('without a token nothing is sent and the seller is told to sign in', async () => {
    await fresh(hub);
    const { client, transport } = makeClient(hub.url, { token: null });
    const e = thrown(() => client.getProductsPage({ offset: 0 }));
    expect(e.kind).toBe('auth');
    expect(e.status).toBeNull();
    expect(e.message).toMatch(/No API token is set/);
    expect(transport.sent).toHaveLength(0);
    expect(await hub.admin.requests()).toEqual([]);
  });
});

/**
 * The error cases of the contract, each one self-contained (it sets up and clears the faults and
 * settings it needs) and asserting what the seller must see. The endpoint suites run them one by
 * one; token-leak.test.ts runs all of them again and checks that no message carries the token.
 * They need a hub started with `startHub()` (demo seed, TOKEN, admin API).
 */
import * as net from 'node:net';
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { HubError } from '../../src/api/errors';
import { DEFAULT_RETRY, backoffDelay } from '../../src/api/retry';
import { TOKEN, failed, fresh, logged, makeClient, ok, thrown } from './helpers';

export interface ScenarioResult {
  errors: HubError[];
  /** Other secrets the scenario used (tokens, passwords) that must not leak either. */
  secrets?: string[];
}

export type Scenario = (hub: SpawnedHub) => Promise<ScenarioResult>;

export const WRONG_TOKEN = 'tok_wrong_Hq3Vn8Cx1Pz6Jd5W';
export const EXPIRED_TOKEN = 'tok_expired_Ys4Ge7Ub2Mo9Fa1K';
export const WRONG_PASSWORD = 'pw_not_it_Kx92Lr';
const DENIED = 'Authorization has been denied for this request.';
const SIGN_IN_AGAIN = /invalid or has expired.*sign in again/i;
const BASE_URL_HINT = /check the base URL in Settings/i;

/** Three attempts so exhausted retries stay short; backoff with random = 0.5. */
const RETRY3 = { maxAttempts: 3 };
const delays = (retryAfterMs: number | null, n: number) =>
  Array.from({ length: n }, (_, i) => backoffDelay({ ...DEFAULT_RETRY, ...RETRY3 }, i + 1, retryAfterMs, () => 0.5));

/** A 401 must be reported once (never retried) with the sentence a seller acts on. */
async function expect401(hub: SpawnedHub, token: string): Promise<HubError> {
  await fresh(hub);
  const { client, clock } = makeClient(hub.url, { token });
  const [outcome] = client.getByChannel(['CAM-ROJA.M']);
  const e = failed(outcome);
  expect(e.kind).toBe('auth');
  expect(e.status).toBe(401);
  expect(e.endpoint).toBe('getByChannel');
  expect(e.message).toMatch(SIGN_IN_AGAIN);
  expect(e.hubMessage).toBe(DENIED);
  expect(outcome.attempts).toBe(1);
  expect(clock.slept).toEqual([]);
  const log = await logged(hub, /getpricestockbychannel/i);
  expect(log.map((l) => [l.status, l.authorization])).toEqual([[401, true]]);
  return e;
}

/** A status fault on every request of one path: the idempotent call is sent 3 times, then fails. */
async function exhausted(
  hub: SpawnedHub,
  status: '500' | '502' | '503' | '429',
  pathPattern: string,
  call: (c: ReturnType<typeof makeClient>['client']) => { ok: boolean; attempts: number; error?: HubError },
): Promise<HubError> {
  await fresh(hub);
  await hub.admin.setFaults({ rates: { [status]: 1 }, pathPattern, seed: 7 });
  const { client, clock } = makeClient(hub.url, { retry: RETRY3 });
  const outcome = call(client);
  await hub.admin.clearFaults();
  expect(outcome.ok).toBe(false);
  const e = outcome.error!;
  expect(e.status).toBe(Number(status));
  expect(e.kind).toBe(status === '429' ? 'rate-limit' : 'server');
  expect(outcome.attempts).toBe(3);
  expect(client.stats.retries).toBe(2);
  expect(client.stats.retryReasons).toEqual({ [status]: 2 });
  // 429 and 503 carry Retry-After: 1, so the backoff never goes below 1 s.
  const retryAfter = status === '429' || status === '503' ? 1000 : null;
  expect(clock.slept).toEqual(delays(retryAfter, 2));
  if (retryAfter) expect(Math.min(...clock.slept)).toBeGreaterThanOrEqual(1000);
  else expect(clock.slept).toEqual([375, 750]);
  const log = await logged(hub, new RegExp(pathPattern, 'i'));
  expect(log.map((l) => [l.status, l.fault])).toEqual(Array(3).fill([Number(status), status]));
  return e;
}

export const scenarios = {
  /** 401 for a token the hub does not know. */
  async unauthorizedWrongToken(hub) {
    return { errors: [await expect401(hub, WRONG_TOKEN)], secrets: [WRONG_TOKEN] };
  },

  /** 401 for a token that was valid and has expired. */
  async unauthorizedExpiredToken(hub) {
    await hub.admin.addToken(EXPIRED_TOKEN, 3600);
    const { client } = makeClient(hub.url, { token: EXPIRED_TOKEN });
    expect(client.getByChannel(['CAM-ROJA.M'])[0].ok).toBe(true); // valid before
    await hub.admin.expireToken(EXPIRED_TOKEN);
    return { errors: [await expect401(hub, EXPIRED_TOKEN)], secrets: [EXPIRED_TOKEN] };
  },

  /** POST /login with a wrong password: the hub's own sentence, and no retry. */
  async loginRejected(hub) {
    await fresh(hub);
    const { client } = makeClient(hub.url, { token: null });
    const e = thrown(() => client.login('demo', WRONG_PASSWORD));
    expect(e.kind).toBe('auth');
    expect(e.endpoint).toBe('login');
    expect(e.status).toBe(400);
    expect(e.hubMessage).toBe('The user name or password is incorrect.');
    expect(e.message).toContain('The user name or password is incorrect.');
    expect(e.message).toMatch(/check the username and password/i);
    expect((await logged(hub, /^\/login$/)).map((l) => l.status)).toEqual([400]);
    return { errors: [e], secrets: [WRONG_PASSWORD] };
  },

  /** Create Category on an existing (source, source id): 400 with the hub's message, sent once. */
  async duplicateCategory(hub) {
    await fresh(hub);
    const before = (await hub.admin.state(['categories'])).categories;
    const existing = before.find((c) => c.CategorySource === 'mercadolibre' && c.CategorySourceId !== null)!;
    const { client } = makeClient(hub.url);
    const outcome = client.createCategory({
      Title: 'Otra con el mismo origen',
      CategorySource: 'MercadoLibre',
      CategorySourceId: existing.CategorySourceId!,
      CategorySourceParent: null,
      CategorySourceParentId: null,
    });
    const e = failed(outcome);
    expect(e.kind).toBe('bad-request');
    expect(e.status).toBe(400);
    expect(e.endpoint).toBe('createCategory');
    expect(e.hubMessage).toBe('Error: There is already a category with the same origin and category id.');
    expect(e.message).toContain('There is already a category with the same origin and category id');
    expect(outcome.attempts).toBe(1);
    expect((await hub.admin.state(['categories'])).categories).toHaveLength(before.length);
    return { errors: [e] };
  },

  async updateCategoryNotFound(hub) {
    await fresh(hub);
    const { client } = makeClient(hub.url);
    const e = failed(client.updateCategory({ Title: 'X', CategorySource: 'magento', CategorySourceId: 99_999_999 }));
    expect(e.kind).toBe('not-found');
    expect(e.status).toBe(404);
    expect(e.hubMessage).toBe("No category with CategorySource 'magento' and CategorySourceId 99999999.");
    return { errors: [e] };
  },

  async deleteCategoryNotFound(hub) {
    await fresh(hub);
    const { client } = makeClient(hub.url);
    const e = thrown(() => client.deleteCategory(987_654));
    expect(e.kind).toBe('not-found');
    expect(e.status).toBe(404);
    expect(e.endpoint).toBe('deleteCategory');
    expect(e.hubMessage).toBe('The category 987654 does not exist.');
    expect(e.message).toContain('The category 987654 does not exist.');
    expect((await logged(hub, /deletecategory/i)).map((l) => [l.method, l.query.internalId, l.status])).toEqual([
      ['DELETE', '987654', 404],
    ]);
    return { errors: [e] };
  },

  /** A second Get Orders within the minute: a rate-limit HubError with retryAfterMs, at once. */
  async ordersRateLimited(hub) {
    await fresh(hub);
    const saved = await hub.admin.settings();
    await hub.admin.settings({ ordersRateLimit: { calls: 1, windowMs: 60_000 } });
    await hub.admin.advance(61_000); // whatever earlier tests used of the window is gone
    try {
      const { client, clock } = makeClient(hub.url);
      const first = ok(client.getOrders({ paging: 5 }));
      expect(first.records).toHaveLength(5);
      const second = client.getOrders({ paging: 5, offset: 5 });
      const e = failed(second);
      expect(e.kind).toBe('rate-limit');
      expect(e.status).toBe(429);
      expect(e.endpoint).toBe('getOrders');
      expect(e.retryAfterMs).toBeGreaterThanOrEqual(59_000);
      expect(e.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(e.message).toMatch(/rate limit for Get Orders/);
      expect(e.hubMessage).toMatch(/^Too many requests: Get Orders allows 1 call\(s\) per 60 seconds\. Retry after \d+ seconds\.$/);
      // Answered, not waited for: one attempt and no sleep on the client's (virtual) clock. A
      // wall-clock bound said the same but failed on a busy machine.
      expect(second.attempts).toBe(1);
      expect(clock.slept).toEqual([]);
      expect((await logged(hub, /\/api\/orders\/orders/i)).map((l) => l.status)).toEqual([200, 429]);
      // Once the minute has passed the same call goes through.
      await hub.admin.advance(e.retryAfterMs!);
      expect(ok(client.getOrders({ paging: 5, offset: 5 })).records).toHaveLength(5);
      return { errors: [e] };
    } finally {
      await hub.admin.settings({ ordersRateLimit: saved.ordersRateLimit });
      await hub.admin.advance(61_000);
    }
  },

  /** createorder is not idempotent: a request that times out is sent once and reported as maybe-applied. */
  async createOrderTimeout(hub) {
    await fresh(hub);
    await hub.admin.setFaults({ timeoutRate: 1, pathPattern: 'createorder', seed: 3 });
    const externalId = `CT-TIMEOUT-${Date.now()}`;
    const { client, clock } = makeClient(hub.url, { timeoutMs: 400 });
    const outcome = client.createOrder({
      channel: 'meli',
      externalId,
      currency: 'MXN',
      items: [{ sku: 'CAM-ROJA.M', title: 'Camisa roja M', price: 199, itemQuantity: 1 }],
    });
    await hub.admin.clearFaults();
    const e = failed(outcome);
    expect(e.kind).toBe('timeout');
    expect(e.status).toBeNull();
    expect(e.endpoint).toBe('createOrder');
    expect(e.message).toMatch(/may have been applied anyway: check in the hub before sending it again/);
    expect(outcome.attempts).toBe(1);
    expect(clock.slept).toEqual([]);
    const log = await logged(hub, /createorder/i);
    expect(log.map((l) => [l.method, l.status, l.fault])).toEqual([['POST', null, 'timeout']]);
    // The hub did process it (the answer was lost): exactly one order with that id exists.
    const orders = (await hub.admin.state(['orders'])).orders.filter((o) => o.externalId === externalId);
    expect(orders).toHaveLength(1);
    return { errors: [e] };
  },

  /** printlabel: zpl on a channel with pdf only, and a channel without labels at all. */
  async printLabelRefused(hub) {
    await fresh(hub);
    const orders = (await hub.admin.state(['orders'])).orders;
    const amazon = orders.find((o) => o.channel === 'amazon' && o.internalStatus !== 'CANCELED')!;
    const shopify = orders.find((o) => o.channel === 'shopify' && o.internalStatus !== 'CANCELED')!;
    const { client } = makeClient(hub.url);
    const noZpl = failed(client.printLabel({ orderId: amazon.orderId }, 'zpl'));
    expect(noZpl.kind).toBe('bad-request');
    expect(noZpl.status).toBe(400);
    expect(noZpl.endpoint).toBe('printLabel');
    expect(noZpl.hubMessage).toBe('El canal amazon no soporta guías ZPL; use type=pdf.');
    expect(noZpl.message).toContain('El canal amazon no soporta guías ZPL; use type=pdf.');
    const noLabels = failed(client.printLabel({ externalId: shopify.externalId }, 'pdf'));
    expect(noLabels.status).toBe(400);
    expect(noLabels.hubMessage).toMatch(
      /^El canal shopify no soporta la impresión de guías \(canales soportados: meli, amazon, walmart, venticommerce\)\.$/,
    );
    expect(noLabels.message).toContain(noLabels.hubMessage);
    // Nothing printed, nobody notified.
    const st = await hub.admin.state(['labels', 'notifications']);
    expect(st.labels.filter((l) => l.orderId === amazon.orderId || l.orderId === shopify.orderId)).toEqual([]);
    expect(st.notifications.filter((n) => n.orderId === amazon.orderId || n.orderId === shopify.orderId)).toEqual([]);
    return { errors: [noZpl, noLabels] };
  },

  async findOrderNotFound(hub) {
    await fresh(hub);
    const { client } = makeClient(hub.url);
    const e = thrown(() => client.findOrder('NO-SUCH-ORDER-42'));
    expect(e.kind).toBe('not-found');
    expect(e.status).toBe(404);
    expect(e.hubMessage).toBe('No se encontró la orden NO-SUCH-ORDER-42');
    return { errors: [e] };
  },

  /** Get Price Stock By Channel of an unknown SKU: the per-SKU `Producto no encontrado`. */
  async unknownSkuRead(hub) {
    await fresh(hub);
    const { client } = makeClient(hub.url);
    const [known, unknown] = client.getByChannel(['TAZA,12', 'NO/EXISTE.1']);
    expect(ok(known).sku).toBe('TAZA,12');
    const e = failed(unknown);
    expect(e.kind).toBe('not-found');
    expect(e.hubMessage).toBe('Producto no encontrado');
    expect(e.message).toContain('Producto no encontrado');
    return { errors: [e] };
  },

  /** paging above 50 is refused by the hub, with the field named. */
  async pagingAbove50(hub) {
    await fresh(hub);
    const { client } = makeClient(hub.url);
    const e = thrown(() => client.getProductsPage({ offset: 0, paging: 51 }));
    expect(e.kind).toBe('bad-request');
    expect(e.status).toBe(400);
    expect(e.hubMessage).toBe('The request is invalid. paging: must be at most 50.');
    return { errors: [e] };
  },

  async jobNotFound(hub) {
    await fresh(hub);
    const { client } = makeClient(hub.url);
    const e = thrown(() => client.getJobPage('424242', 0));
    expect(e.kind).toBe('not-found');
    expect(e.hubMessage).toBe('No existe la tarea 424242');
    return { errors: [e] };
  },

  /** 503 on a GET: retried with backoff (never below Retry-After), then reported. */
  async exhausted503(hub) {
    const e = await exhausted(hub, '503', 'getpricestockbychannel', (c) => c.getByChannel(['CAM-ROJA.M'])[0]);
    expect(e.message).toMatch(/The hub failed on Get Price Stock By Channel \(HTTP 503\): The service is unavailable\. Nothing was lost/);
    return { errors: [e] };
  },

  /** 500 on Update Stock (idempotent): retried, and the hub state is unchanged. */
  async exhausted500(hub) {
    const before = (await hub.admin.state(['products'])).products.find((p) => p.sku === 'NIÑO AZUL 10')!.quantity;
    const e = await exhausted(hub, '500', 'updatestock', (c) => c.updateStock([{ sku: 'NIÑO AZUL 10', quantity: before + 13 }])[0].outcome);
    expect(e.hubMessage).toBe('An error has occurred.');
    expect((await hub.admin.state(['products'])).products.find((p) => p.sku === 'NIÑO AZUL 10')!.quantity).toBe(before);
    const log = await logged(hub, /updatestock/i);
    expect(log.map((l) => l.skus)).toEqual(Array(3).fill(['NIÑO AZUL 10'])); // the same body each time
    return { errors: [e] };
  },

  async exhausted502(hub) {
    const e = await exhausted(hub, '502', 'getcategories', (c) => {
      try {
        return { ok: true, attempts: 0, value: c.getCategories('magento') };
      } catch (err) {
        return { ok: false, attempts: c.stats.requests, error: err as HubError };
      }
    });
    expect(e.endpoint).toBe('getCategories');
    return { errors: [e] };
  },

  /** A 429 fault on Update Price (not Get Orders): retried after Retry-After. */
  async exhausted429(hub) {
    const e = await exhausted(
      hub,
      '429',
      'updatepricev2',
      (c) => c.updatePrices([{ sku: 'CAM-ROJA.M', price: 1, channel: 'amazon' }])[0].outcome,
    );
    expect(e.retryAfterMs).toBe(1000);
    return { errors: [e] };
  },

  /** No answer at all on an idempotent GET: resent after each timeout, then a timeout HubError. */
  async timeoutsExhausted(hub) {
    await fresh(hub);
    await hub.admin.setFaults({ timeoutRate: 1, pathPattern: 'getproductsstockprice', seed: 5 });
    const { client, clock } = makeClient(hub.url, { timeoutMs: 300, retry: RETRY3 });
    const started = Date.now();
    const e = thrown(() => client.getProductsPage({ offset: 0, paging: 3 }));
    const elapsed = Date.now() - started;
    await hub.admin.clearFaults();
    expect(e.kind).toBe('timeout');
    expect(e.status).toBeNull();
    expect(e.message).toBe('The hub did not answer Get Products Stock Price in time. Sending it again is safe.');
    expect(client.stats.requests).toBe(3);
    expect(clock.slept).toEqual(delays(null, 2));
    expect(elapsed).toBeGreaterThanOrEqual(3 * 300 - 50); // each attempt waited for its timeout
    const log = await logged(hub, /getproductsstockprice/i);
    expect(log.map((l) => [l.status, l.fault])).toEqual(Array(3).fill([null, 'timeout']));
    return { errors: [e] };
  },

  /** A 200 whose JSON is cut in half: a `malformed` HubError with the base-URL hint. */
  async malformedJson(hub) {
    await fresh(hub);
    await hub.admin.setFaults({ malformedRate: 1, pathPattern: 'findorder', seed: 9 });
    const orders = (await hub.admin.state(['orders'])).orders;
    const { client } = makeClient(hub.url, { retry: { maxAttempts: 2 } });
    const e = thrown(() => client.findOrder(orders[0].externalId));
    await hub.admin.clearFaults();
    expect(e.kind).toBe('malformed');
    expect(e.status).toBe(200);
    expect(e.endpoint).toBe('findOrder');
    expect(e.message).toMatch(/^The hub's answer to Find Order could not be read \(not JSON\)\./);
    expect(e.message).toMatch(BASE_URL_HINT);
    expect((await logged(hub, /findorder/i)).map((l) => [l.status, l.fault])).toEqual([
      [200, 'malformed'],
      [200, 'malformed'],
    ]);
    return { errors: [e] };
  },

  /** An HTML page (a proxy's 502 or a maintenance page with 200): `malformed`, base-URL hint. */
  async htmlAnswer(hub) {
    await fresh(hub);
    await hub.admin.setFaults({ htmlRate: 1, pathPattern: 'searchcategory', seed: 11 });
    const { client } = makeClient(hub.url, { retry: { maxAttempts: 1 } });
    const errors: HubError[] = [];
    for (let i = 0; i < 6; i++) errors.push(thrown(() => client.searchCategory('tazas', 'amazon')));
    await hub.admin.clearFaults();
    const statuses = (await logged(hub, /searchcategory/i)).map((l) => l.status);
    expect(new Set(statuses)).toEqual(new Set([200, 502])); // both variants were seen
    expect(errors.map((e) => e.status)).toEqual(statuses);
    for (const e of errors) {
      expect(e.kind).toBe('malformed');
      expect(e.message).toMatch(/answered Search Category with a web page instead of data/);
      expect(e.message).toMatch(BASE_URL_HINT);
      expect(e.hubMessage).toBeNull();
    }
    return { errors };
  },

  /** Nothing listens at the base URL: a network HubError pointing at the base URL, after retries. */
  async networkUnreachable() {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const { client, clock } = makeClient(`http://127.0.0.1:${port}`, { retry: RETRY3 });
    const [outcome] = client.getByChannel(['CAM-ROJA.M']);
    const e = failed(outcome);
    expect([e.kind, e.status, outcome.attempts]).toEqual(['network', null, 3]);
    expect(e.message).toBe(
      'Could not reach the hub for Get Price Stock By Channel: check the base URL in Settings and the network. Sending it again is safe.',
    );
    expect(clock.slept).toEqual(delays(null, 2));
    return { errors: [e] };
  },
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof scenarios;

/** Every token and secret the scenarios use, for the leak checks. */
export const ALL_SECRETS = [TOKEN, WRONG_TOKEN, EXPIRED_TOKEN, WRONG_PASSWORD];

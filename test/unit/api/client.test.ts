import { HubClient } from '../../../src/api/client';
import { FakeClock, FakeTransport, type Scripted } from '../../support/transport';
import type { HttpRequest } from '../../../src/api/transport';

const TOKEN = 'secret-token-123';

function stockAnswer(req: HttpRequest): Scripted {
  const items = JSON.parse(req.payload ?? '[]') as Array<{ sku: string; quantity: number }>;
  return {
    status: 200,
    body: items.map((i) => ({ sku: i.sku, quantity: i.quantity, sites: 'amazon: OK', status: 'success', msg: 'ok', jobId: 1 })),
  };
}

function client(handler: (req: HttpRequest, n: number) => Scripted, extra: Partial<ConstructorParameters<typeof HubClient>[0]> = {}) {
  const transport = new FakeTransport(handler);
  const clock = new FakeClock();
  const c = new HubClient({
    baseUrl: 'https://hub.example.com/',
    token: TOKEN,
    transport,
    clock,
    concurrency: 4,
    random: () => 0.5,
    ...extra,
  });
  return { c, transport, clock };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ sku: `S${i}`, quantity: i }));

describe('HubClient batching and concurrency', () => {
  test('splits 120 items into 3 requests of at most 50, in one round', () => {
    const { c, transport } = client(stockAnswer);
    const batches = c.updateStock(items(120));
    expect(batches.map((b) => b.items.length)).toEqual([50, 50, 20]);
    expect(transport.requests).toHaveLength(3);
    expect(transport.rounds).toEqual([3]);
    expect(batches.every((b) => b.outcome.ok)).toBe(true);
  });

  test('sends at most `concurrency` requests per fetchAll round', () => {
    const { c, transport } = client(stockAnswer, { concurrency: 3 });
    c.updateStock(items(50 * 7));
    expect(transport.rounds).toEqual([3, 3, 1]);
  });

  test('builds the request: URL without double slash, bearer header, JSON body', () => {
    const { c, transport } = client(stockAnswer);
    c.updateStock(items(1));
    const req = transport.requests[0];
    expect(req.url).toBe('https://hub.example.com/api/stock/updatestock');
    expect(req.method).toBe('post');
    expect(req.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.contentType).toBe('application/json');
    expect(JSON.parse(req.payload!)).toEqual([{ sku: 'S0', quantity: 0 }]);
  });

  test('encodes SKUs with dots, commas, slashes and spaces as one path segment', () => {
    const { c, transport } = client(() => ({ status: 200, body: { sku: 'x', channelData: [] } }));
    c.getByChannel(['A.B,C', 'BOLSA/GRANDE', 'LÁMPARA 40W']);
    expect(transport.requests.map((r) => r.url.replace('https://hub.example.com', ''))).toEqual([
      '/api/stock/getpricestockbychannel/A.B%2CC/',
      '/api/stock/getpricestockbychannel/BOLSA%2FGRANDE/',
      '/api/stock/getpricestockbychannel/L%C3%81MPARA%2040W/',
    ]);
  });

  test('Get Orders query: dates as MM/DD/YYYY and every filter', () => {
    const { c, transport } = client(() => ({ status: 200, body: { paging: 50, offset: 0, total: 0, sort: 'modified_asc', results: [] } }));
    c.getOrders({
      from: Date.UTC(2026, 0, 5),
      to: Date.UTC(2026, 10, 21, 23),
      searchDateBy: 'modified',
      sort: 'modified_asc',
      status: 'SHIPPED',
      channel: 'meli',
      offset: 100,
    });
    const url = new URL(transport.requests[0].url);
    expect(url.pathname).toBe('/api/orders/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      date: '01/05/2026',
      to: '11/21/2026',
      searchDateBy: 'modified',
      sort: 'modified_asc',
      status: 'SHIPPED',
      channel: 'meli',
      offset: '100',
      paging: '50',
    });
  });

  test('login sends a form body without the bearer header', () => {
    const { c, transport } = client(() => ({ status: 200, body: { access_token: 'T', token_type: 'bearer', expires_in: 604799 } }), {
      token: null,
    });
    expect(c.login('demo', 'p&ss word').access_token).toBe('T');
    const req = transport.requests[0];
    expect(req.headers.Authorization).toBeUndefined();
    expect(req.contentType).toBe('application/x-www-form-urlencoded');
    expect(req.payload).toBe('username=demo&password=p%26ss%20word&grant_type=password');
  });
});

describe('HubClient retries', () => {
  test('retries 503 then succeeds, with backoff on the clock, and counts the retry', () => {
    const { c, clock } = client((req, n) => (n === 1 ? { status: 503, body: { Message: 'busy' } } : stockAnswer(req)));
    const [batch] = c.updateStock(items(3));
    expect(batch.outcome.ok).toBe(true);
    expect(batch.outcome.attempts).toBe(2);
    expect(clock.slept.length).toBe(1);
    expect(c.stats).toMatchObject({ requests: 2, retries: 1, failures: 0, retryReasons: { '503': 1 } });
  });

  test('honours Retry-After on 429', () => {
    const { c, clock } = client((req, n) =>
      n === 1 ? { status: 429, body: { Message: 'slow down' }, headers: { 'retry-after': '3' } } : stockAnswer(req),
    );
    c.updateStock(items(1));
    expect(clock.slept[0]).toBeGreaterThanOrEqual(3000);
  });

  test('retries timeouts and malformed JSON of idempotent calls', () => {
    const { c } = client((req, n) => (n === 1 ? { fail: 'timeout' } : n === 2 ? { status: 200, raw: '[{"sku":' } : stockAnswer(req)));
    const [batch] = c.updateStock(items(2));
    expect(batch.outcome.ok).toBe(true);
    expect(c.stats.retryReasons).toEqual({ timeout: 1, malformed: 1 });
  });

  test('gives up after maxAttempts with a seller sentence', () => {
    const { c, transport } = client(() => ({ status: 502, body: {} }), { retry: { maxAttempts: 3 } });
    const [batch] = c.updateStock(items(1));
    expect(transport.requests).toHaveLength(3);
    expect(batch.outcome.ok).toBe(false);
    if (!batch.outcome.ok) {
      expect(batch.outcome.error.kind).toBe('server');
      expect(batch.outcome.error.message).toMatch(/HTTP 502.*try again/);
    }
  });

  test('never retries Create Order or the async job, even on a timeout', () => {
    const { c, transport } = client(() => ({ fail: 'timeout' }));
    const created = c.createOrder({
      channel: 'meli',
      externalId: 'X1',
      currency: 'MXN',
      items: [{ sku: 'A', title: 'A', price: 1, itemQuantity: 1 }],
    });
    const job = c.updateAsync([{ sku: 'A', quantity: '1' }]);
    const cat = c.createCategory({
      Title: 'T',
      CategorySource: 'magento',
      CategorySourceId: 1,
      CategorySourceParent: null,
      CategorySourceParentId: null,
    });
    expect(transport.requests).toHaveLength(3);
    for (const o of [created, job, cat]) {
      expect(o.ok).toBe(false);
      if (!o.ok) expect(o.error.message).toMatch(/check in the hub before sending it again/);
    }
  });

  test('Get Orders returns a 429 with its Retry-After instead of waiting', () => {
    const { c, clock, transport } = client(() => ({ status: 429, body: { Message: 'limit' }, headers: { 'retry-after': '42' } }));
    const o = c.getOrders({});
    expect(transport.requests).toHaveLength(1);
    expect(clock.slept).toEqual([]);
    expect(o.ok).toBe(false);
    if (!o.ok) {
      expect(o.error.kind).toBe('rate-limit');
      expect(o.error.retryAfterMs).toBe(42_000);
    }
  });

  test('a Retry-After longer than the policy allows is returned, not slept', () => {
    const { c, clock } = client(() => ({ status: 429, body: {}, headers: { 'retry-after': '120' } }));
    const [batch] = c.updateStock(items(1));
    expect(clock.slept).toEqual([]);
    expect(batch.outcome.ok).toBe(false);
  });
});

describe('HubClient errors', () => {
  test('401 says the token is invalid or expired and to sign in again', () => {
    const { c } = client(() => ({ status: 401, body: { Message: 'Authorization has been denied for this request.' } }));
    expect(() => c.getCategories('magento')).toThrow(/invalid or has expired\. Sign in again/);
  });

  test('an HTML page instead of JSON points at the base URL', () => {
    const { c } = client(() => ({ status: 200, raw: '<html><body>Welcome</body></html>', headers: { 'content-type': 'text/html' } }));
    expect(() => c.getCategories('magento')).toThrow(/web page instead of data\. Check the base URL/);
  });

  test('a wrong shape is reported as unreadable with the field', () => {
    const { c } = client(() => ({ status: 200, body: { offset: 0, paging: 50, total: 'many', results: [] } }));
    expect(() => c.getProductsPage({ offset: 0 })).toThrow(/could not be read \(total:/);
  });

  test('unknown response fields are kept', () => {
    const { c } = client(() => ({
      status: 200,
      body: {
        sku: 'A',
        channelData: [
          {
            channel: 'meli',
            quantity: 1,
            price: 2,
            salePrice: null,
            externalId: 'MLM1',
            permalink: null,
            status: 'active',
            extra: { x: 1 },
          },
        ],
        brand: 'ACME',
      },
    }));
    const [o] = c.getByChannel(['A']);
    expect(o.ok && o.value).toMatchObject({ brand: 'ACME', channelData: [{ extra: { x: 1 } }] });
  });

  test('the token never appears in an error message, even when the hub echoes it', () => {
    const { c } = client(() => ({ status: 400, body: { Message: `bad token ${TOKEN} here` } }));
    let message = '';
    try {
      c.getCategories('magento');
    } catch (e) {
      message = `${(e as Error).message} ${(e as { hubMessage?: string }).hubMessage}`;
    }
    expect(message).toMatch(/bad token \[token\] here/);
    expect(message).not.toContain(TOKEN);
  });

  test('no token: refuses before sending, with what to do', () => {
    const { c, transport } = client(() => ({ status: 200, body: [] }), { token: null });
    expect(() => c.getCategories('magento')).toThrow(/No API token is set\. Sign in or paste a token/);
    expect(transport.requests).toHaveLength(0);
  });

  test('invalid input is refused before sending', () => {
    const order = { orderId: 1, channel: 'meli', dateAdded: 'a', dateCreated: 'b', dateModified: 'c', externalId: 'E', items: [] };
    const { c, transport } = client(() => ({ status: 200, body: order }));
    const created = c.createOrder({ channel: 'meli', externalId: 'X', currency: 'MXN', items: [] });
    expect(created.ok).toBe(false);
    if (!created.ok) expect(created.error.message).toMatch(/Create Order was not sent: items/);
    // One bad update among good ones: only the good ones are sent.
    const updates = c.updateOrders([
      { orderId: '1', fields: { comments: 'ok' } },
      { orderId: '2', fields: { internalStatus: 'LOST' as never } },
    ]);
    expect(updates.map((u) => u.ok)).toEqual([true, false]);
    expect(transport.requests.map((r) => r.url)).toEqual(['https://hub.example.com/api/orders/updateorder/?orderId=1']);
  });
});

describe('HubClient paging', () => {
  test('getAllProducts reads the first page, then the rest in parallel', () => {
    const total = 230;
    const { c, transport } = client((req) => {
      const u = new URL(req.url);
      const offset = Number(u.searchParams.get('offset'));
      const n = Math.min(50, total - offset);
      return {
        status: 200,
        body: { offset, paging: 50, total, results: Array.from({ length: n }, (_, i) => ({ sku: `S${offset + i}`, channelData: [] })) },
      };
    });
    const all = c.getAllProducts({ sort: 'alph_asc' });
    expect(all.products).toHaveLength(total);
    expect(transport.requests).toHaveLength(Math.ceil(total / 50));
    expect(transport.rounds).toEqual([1, 4]);
    expect(new URL(transport.requests[1].url).searchParams.get('sort')).toBe('alph_asc');
  });

  test('getJobPage asks for one page of a job by offset and size', () => {
    const { c, transport } = client(() => ({
      status: 200,
      body: [{ sku: 'S1', stock: 1, price: null, priceOffer: null, status: 'Finalizado', integration: 'Amazon' }],
    }));
    expect(c.getJobPage('77', 50, 40)).toHaveLength(1);
    const q = new URL(transport.requests[0].url).searchParams;
    expect([q.get('jobId'), q.get('offset'), q.get('size')]).toEqual(['77', '50', '40']);
  });

  test('findOrder answers a cart as its list of orders', () => {
    const order = (id: number) => ({
      orderId: id,
      channel: 'meli',
      dateAdded: 'a',
      dateCreated: 'b',
      dateModified: 'c',
      externalId: `E${id}`,
      items: [],
    });
    const { c } = client((req) =>
      req.url.includes('CART') ? { status: 200, body: { cartId: 'CART', orders: [order(1), order(2)] } } : { status: 200, body: order(3) },
    );
    expect(c.findOrder('CART')).toMatchObject({ cartId: 'CART', orders: [{ orderId: 1 }, { orderId: 2 }] });
    expect(c.findOrder('E3')).toMatchObject({ cartId: null, orders: [{ orderId: 3 }] });
  });
});

describe('HubClient deadline', () => {
  test('no retry is scheduled past the deadline: the failure is returned instead', () => {
    const { c, transport, clock } = client(() => ({ status: 503, body: {} }));
    c.deadline = clock.now() + 1000;
    const [batch] = c.updateStock(items(1));
    expect(batch.outcome.ok).toBe(false);
    expect(transport.requests.length).toBeLessThan(6);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeLessThan(1000);
  });
});

describe('HubClient odd SKUs', () => {
  test('a SKU of only dots is refused before sending (it would address another path)', () => {
    const { c, transport } = client(() => ({ status: 200, body: { sku: 'A', channelData: [] } }));
    const [dot, ok] = c.getByChannel(['..', 'A']);
    expect(dot.ok).toBe(false);
    if (!dot.ok) expect(dot.error.message).toMatch(/cannot be read on its own.*Pull catalogue/);
    expect(ok.ok).toBe(true);
    expect(transport.requests).toHaveLength(1);
  });
});

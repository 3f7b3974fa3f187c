import type { RunningHub } from '../../dev/hub-emulator/server';
import { TOKEN, client, start, until, type Client } from './helpers';

describe('fault injection', () => {
  let h: RunningHub;
  let c: Client;
  const qty = () => h.hub.state.product('TAZA,12')!.quantity;
  const update = (quantity: number) => c.post('/api/stock/updatestock', [{ sku: 'TAZA,12', quantity }]);
  beforeAll(async () => {
    h = await start();
    c = client(h.url);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.admin.reset();
    await h.admin.clearFaults();
    await h.admin.clearRequests();
  });

  it.each([
    ['500', undefined],
    ['502', undefined],
    ['503', '1'],
    ['429', '1'],
  ])('a %s fault rejects before processing (state unchanged), marked in the log', async (status, retryAfter) => {
    const before = qty();
    await h.admin.setFaults({ rates: { [status]: 1 } });
    const r = await update(before + 5);
    expect(r.status).toBe(Number(status));
    expect(r.headers.get('retry-after') ?? undefined).toBe(retryAfter);
    expect(r.json.Message).toBeTruthy();
    expect(qty()).toBe(before);
    const [entry] = await h.admin.requests();
    expect(entry).toMatchObject({ method: 'POST', status: Number(status), fault: status, skus: ['TAZA,12'] });
  });

  it('timeout: the request is processed but never answered', async () => {
    await h.admin.setFaults({ timeoutRate: 1 });
    const abort = new AbortController();
    let settled = false;
    const sent = fetch(`${h.url}/api/stock/updatestock`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ sku: 'TAZA,12', quantity: 4242 }]),
      signal: abort.signal,
    }).finally(() => (settled = true));
    // Processed: the stock changed. Not answered: the request is still open after that (checked
    // once the hub has had many turns to answer), until the client gives up.
    await until(() => qty() === 4242, 'the held request updated the stock');
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    abort.abort();
    await expect(sent).rejects.toThrow();
    const [entry] = await h.admin.requests();
    expect(entry).toMatchObject({ fault: 'timeout', status: null });
  });

  it('timeout: announces first, in an informational 103, that no answer will come', async () => {
    await h.admin.setFaults({ timeoutRate: 1 });
    const http = await import('node:http');
    const info = await new Promise<{ status: number; fault: unknown }>((resolve, reject) => {
      const r = http.request(`${h.url}/api/stock/GetProductsStockPrice?paging=1`, { headers: { Authorization: `Bearer ${TOKEN}` } }, () =>
        reject(new Error('answered')),
      );
      r.on('information', (i) => {
        r.destroy();
        resolve({ status: i.statusCode, fault: i.headers['x-emulator-fault'] });
      });
      r.on('error', () => undefined);
      r.end();
    });
    expect(info).toEqual({ status: 103, fault: 'timeout' });
    await until(async () => (await h.admin.requests()).length === 1, 'the request was logged');
    expect((await h.admin.requests())[0]).toMatchObject({ fault: 'timeout', status: null });
  });

  it('malformed: processed, then a broken JSON body with status 200', async () => {
    await h.admin.setFaults({ malformedRate: 1 });
    const r = await update(777);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(r.text)).toThrow();
    expect(qty()).toBe(777);
  });

  it('html: an HTML page (status 200 or 502), not processed', async () => {
    const before = qty();
    await h.admin.setFaults({ htmlRate: 1, seed: 3 });
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const r = await update(before + 1);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(r.text).toMatch(/<html>/i);
      statuses.add(r.status);
    }
    expect([...statuses].sort()).toEqual([200, 502]);
    expect(qty()).toBe(before);
  });

  it('is reproducible: the same seed gives the same faults for the same requests', async () => {
    const run = async () => {
      await h.admin.setFaults({ rates: { '500': 0.2, '503': 0.1 }, malformedRate: 0.1, seed: 42 });
      const out: string[] = [];
      for (let i = 0; i < 40; i++) {
        const r = await c.get('/api/stock/GetProductsStockPrice?paging=1');
        out.push(r.json === undefined ? `${r.status}!` : String(r.status));
      }
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(new Set(a).size).toBeGreaterThanOrEqual(3); // some faults, some successes
    await h.admin.setFaults({ rates: { '500': 0.2, '503': 0.1 }, malformedRate: 0.1, seed: 43 });
    const other: string[] = [];
    for (let i = 0; i < 40; i++) other.push(String((await c.get('/api/stock/GetProductsStockPrice?paging=1')).status));
    expect(other).not.toEqual(a.map((s) => s.replace('!', '')));
  });

  it('pathPattern limits faults to matching paths', async () => {
    await h.admin.setFaults({ rates: { '500': 1 }, pathPattern: 'updatestock' });
    expect((await c.get('/api/stock/GetProductsStockPrice?paging=1')).status).toBe(200);
    expect((await update(1)).status).toBe(500);
    expect((await c.post('/API/Stock/UpdateStock', [{ sku: 'TAZA,12', quantity: 1 }])).status).toBe(500);
  });

  it('never faults the admin API or /login', async () => {
    await h.admin.setFaults({ rates: { '500': 1 } });
    const r = await fetch(`${h.url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=demo&password=demo&grant_type=password',
    });
    expect(r.status).toBe(200);
    await expect(h.admin.state(['categories'])).resolves.toBeTruthy();
  });

  it('adds latency (plus jitter) before processing', async () => {
    await h.admin.setFaults({ latencyMs: 150, jitterMs: 50 });
    const t0 = performance.now();
    await c.get('/api/stock/GetProductsStockPrice?paging=1');
    // The wait happened (a lower bound, which a busy machine cannot break)...
    expect(performance.now() - t0).toBeGreaterThanOrEqual(145);
    // ...and its length is latency plus a jitter below jitterMs: checked on the draws themselves,
    // not on the clock, which a busy machine stretches.
    const draws = Array.from({ length: 500 }, () => h.hub.faults.latency());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(150);
    expect(Math.max(...draws)).toBeLessThan(200);
    expect(new Set(draws).size).toBeGreaterThan(10);
  });

  it('refuses a bad fault config', async () => {
    await expect(h.admin.setFaults({ rates: { '418': 0.5 } as never })).rejects.toThrow(/400/);
    await expect(h.admin.setFaults({ timeoutRate: 2 })).rejects.toThrow(/400/);
    await expect(h.admin.setFaults({ rates: { '500': 0.6 }, htmlRate: 0.6 })).rejects.toThrow(/more than 1/);
    await expect(h.admin.setFaults({ channelErrors: { ebay: 'x' } })).rejects.toThrow(/ebay/);
    await expect(h.admin.setFaults({ pathPattern: '(' })).rejects.toThrow(/400/);
  });

  it('reports the config and the injected counts', async () => {
    await h.admin.setFaults({ rates: { '503': 1 }, channelErrors: { meli: 'caído' } });
    await c.get('/api/stock/GetProductsStockPrice?paging=1');
    const f = await h.admin.faults();
    expect(f.rates).toEqual({ '503': 1 });
    expect(f.channelErrors).toEqual({ mercadolibre: 'caído' });
    expect(f.injected).toEqual({ '503': 1 });
  });

  it('can be set at start (latencyMs option and faults option)', async () => {
    const s = await start({ seed: 'empty', latencyMs: 120, faults: { rates: { '502': 1 } } });
    try {
      const t0 = performance.now();
      const r = await client(s.url).get('/api/stock/GetProductsStockPrice');
      expect(r.status).toBe(502);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(115);
    } finally {
      await s.close();
    }
  });

  it('close() lets go of held (timeout) requests', async () => {
    const s = await start({ seed: 'empty', faults: { timeoutRate: 1 } });
    const pending = fetch(`${s.url}/api/stock/GetProductsStockPrice`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then(
      () => 'answered',
      () => 'dropped',
    );
    // Ready when the hub holds it (logged, unanswered): no fixed sleep.
    await until(async () => (await s.admin.requests()).some((e) => e.fault === 'timeout'), 'the request reached the hub and was held');
    // close() returns (a close that waited for held requests would hang until the jest timeout).
    await s.close();
    expect(await pending).toBe('dropped');
  });
});

/** The `echoInto` fault: the request's headers (bearer token included) copied into job item messages and order fields. */
import type { RunningHub } from '../../dev/hub-emulator/server';
import { parseFaults } from '../../dev/hub-emulator/faults';
import { TOKEN, client, start, type Client } from './helpers';

describe('echoInto fault', () => {
  let h: RunningHub;
  let c: Client;
  const bearer = `Authorization: Bearer ${TOKEN}`;
  beforeAll(async () => {
    h = await start();
    c = client(h.url);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.admin.reset();
    await h.admin.clearFaults();
  });

  it('jobItems: every Get Job Status item carries the headers in `message`; the stored job does not', async () => {
    const r = await c.post('/api/stock/UpdatePriceAndStockAsync', [
      { sku: 'TAZA,12', quantity: '3' },
      { sku: 'NOPE-1', quantity: '1' },
    ]);
    await h.admin.advance(60_000);
    await h.admin.setFaults({ echoInto: { jobItems: true } });
    const items = await c.get(`/api/stock/GetStockPriceJob?jobId=${r.json.jobId}&offset=0&size=100`);
    expect(items.status).toBe(200);
    expect(items.json.length).toBeGreaterThan(1);
    for (const item of items.json) expect(item.message).toContain(bearer);
    expect(items.json.find((i: { sku: string }) => i.sku === 'NOPE-1').message).toMatch(/^.+ \(Authorization: Bearer /); // the true message is kept in front
    const stored = (await fetch(`${h.url}/__admin/jobs/${r.json.jobId}`).then((x) => x.json())) as {
      items: Array<{ message: string | null }>;
    };
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect((await h.admin.faults()).injected).toMatchObject({ 'echo:jobItems': 1 });
    // Orders are untouched by the jobItems echo.
    const orders = await c.get('/api/orders/orders?paging=5');
    expect(JSON.stringify(orders.json)).not.toContain(TOKEN);
  });

  it('orders: comments and title of every order and the title of its lines, in Get Orders, Find Order and Update Order', async () => {
    await h.admin.setFaults({ echoInto: { orders: true } });
    const page = await c.get('/api/orders/orders?paging=5');
    expect(page.status).toBe(200);
    expect(page.json.results).toHaveLength(5);
    for (const o of page.json.results) {
      expect(o.comments).toContain(bearer);
      expect(o.title).toContain(bearer);
      for (const line of o.items) expect(line.title).toContain(bearer);
    }
    const first = page.json.results[0];
    const found = await c.get(`/api/orders/findorder?orderid=${encodeURIComponent(first.externalId)}`);
    expect(JSON.stringify(found.json)).toContain(bearer);
    const updated = await c.put(`/api/orders/updateorder?orderId=${first.orderId}`, { comments: 'hola' });
    expect(updated.status).toBe(200);
    expect(updated.json.comments).toBe(`hola (${bearer}; Content-Type: application/json)`);
    expect((await h.admin.order(first.orderId)).comments).toBe('hola');
    expect((await h.admin.faults()).injected).toMatchObject({ 'echo:orders': 3 });
  });

  it('is validated, and off by default', () => {
    expect(parseFaults({}).echoInto).toEqual({ jobItems: false, orders: false });
    expect(() => parseFaults({ echoInto: { cells: true } })).toThrow(/unknown target 'cells'/);
    expect(() => parseFaults({ echoInto: { orders: 1 } })).toThrow(/must be a boolean/);
  });
});

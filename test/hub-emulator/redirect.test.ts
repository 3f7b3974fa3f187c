/** The `redirect` fault: the hub answers 3xx to another origin for /api paths, before auth and processing. */
import type { RunningHub } from '../../dev/hub-emulator/server';
import { parseFaults } from '../../dev/hub-emulator/faults';
import { TOKEN, start } from './helpers';

describe('redirect fault', () => {
  let h: RunningHub;
  const FOREIGN = 'http://127.0.0.1:9/elsewhere';
  const send = (path: string, init: RequestInit = {}) =>
    fetch(h.url + path, {
      redirect: 'manual',
      ...init,
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...(init.headers as object) },
    });
  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.admin.reset();
    await h.admin.clearFaults();
    await h.admin.clearRequests();
  });

  it.each([301, 302, 307] as const)(
    '%s: Location is the other origin + the path and query; nothing processed; logged and counted',
    async (status) => {
      const before = h.hub.state.product('TAZA,12')!.quantity;
      await h.admin.setFaults({ redirect: { status, to: FOREIGN } });
      const r = await send('/api/stock/updatestock?x=1', {
        method: 'POST',
        body: JSON.stringify([{ sku: 'TAZA,12', quantity: before + 9 }]),
      });
      expect(r.status).toBe(status);
      expect(r.headers.get('location')).toBe(`${FOREIGN}/api/stock/updatestock?x=1`);
      expect(h.hub.state.product('TAZA,12')!.quantity).toBe(before);
      const [entry] = await h.admin.requests();
      expect(entry).toMatchObject({ method: 'POST', status, fault: `redirect:${status}` });
      expect((await h.admin.faults()).injected).toMatchObject({ redirect: 1 });
    },
  );

  it('answers before auth, only on paths matching its own pathPattern; keepPath: false sends to `to` as is', async () => {
    await h.admin.setFaults({ redirect: { status: 302, to: FOREIGN, pathPattern: '^/api/orders', keepPath: false } });
    const orders = await fetch(`${h.url}/api/orders/orders`, { redirect: 'manual' }); // no token at all
    expect(orders.status).toBe(302);
    expect(orders.headers.get('location')).toBe(FOREIGN);
    const stock = await send('/api/stock/GetProductsStockPrice');
    expect(stock.status).toBe(200);
    // /login and the admin API are never redirected.
    const login = await fetch(`${h.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      body: 'grant_type=password&username=demo&password=demo',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(login.status).toBe(200);
  });

  it('clearing the faults stops it; the config is validated', async () => {
    await h.admin.setFaults({ redirect: { status: 301, to: FOREIGN } });
    expect((await send('/api/stock/GetProductsStockPrice')).status).toBe(301);
    await h.admin.clearFaults();
    expect((await send('/api/stock/GetProductsStockPrice')).status).toBe(200);
    expect(() => parseFaults({ redirect: { status: 200, to: FOREIGN } })).toThrow(/redirect.status/);
    expect(() => parseFaults({ redirect: { status: 302, to: '/relative' } })).toThrow(/absolute/);
    expect(() => parseFaults({ redirect: { status: 302, to: FOREIGN, where: 1 } })).toThrow(/unknown key 'where'/);
    expect(parseFaults({ redirect: { to: FOREIGN } }).redirect).toEqual({ status: 302, to: FOREIGN, pathPattern: null, keepPath: true });
    expect(parseFaults({}).redirect).toBeNull();
  });
});

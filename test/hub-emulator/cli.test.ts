import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliArgs, spawnHub, type SpawnedHub } from '../../dev/hub-emulator/spawn';
import { startHub } from '../../dev/hub-emulator/server';
import { client, until } from './helpers';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('CLI through spawnHub (a child process)', () => {
  let hub: SpawnedHub;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    hub = await spawnHub({ port, token: 'T', admin: true });
  });
  afterAll(() => hub.close());

  it('prints exactly the listening line first', () => {
    expect(hub.firstLine).toBe(`hub emulator listening on http://127.0.0.1:${port}`);
    expect(hub.url).toBe(`http://127.0.0.1:${port}`);
    expect(hub.child.pid).not.toBe(process.pid);
  });

  it("meets the issue's done-when list", async () => {
    const c = client(hub.url, 'T');
    // no token → 401
    const denied = await client(hub.url, null).get('/api/stock/GetProductsStockPrice');
    expect(denied.status).toBe(401);
    // 51 items → 400
    const many = await c.post(
      '/api/stock/updatestock',
      Array.from({ length: 51 }, (_, i) => ({ sku: `S${i}`, quantity: 1 })),
    );
    expect(many.status).toBe(400);
    // a negative quantity reads back as 0
    await c.post('/api/stock/updatestock', [{ sku: 'A.B,C', quantity: -3 }]);
    // GET …/A.B,C/ answers for the SKU A.B,C
    const abc = await c.get('/api/stock/getpricestockbychannel/A.B,C/');
    expect(abc.status).toBe(200);
    expect(abc.json.sku).toBe('A.B,C');
    expect(abc.json.channelData.filter((e: any) => e.status === 'active').map((e: any) => e.quantity)).toEqual([0, 0]);
    // a second Get Orders within a minute → 429 with Retry-After
    expect((await c.get('/api/orders/orders')).status).toBe(200);
    const second = await c.get('/api/orders/orders');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    // printlabel?type=pdf returns bytes starting %PDF-
    const st = await hub.admin.state(['orders']);
    const meli = st.orders.find((o) => o.channel === 'meli' && o.internalStatus !== 'CANCELED')!;
    const pdf = await fetch(`${hub.url}/api/orders/printlabel?orderId=${meli.orderId}&type=pdf`, {
      headers: { Authorization: 'Bearer T' },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('gives an admin client', async () => {
    await hub.admin.seedProducts([{ sku: 'CHILD-1', listings: { amazon: {} } }]);
    expect((await client(hub.url, 'T').get('/api/stock/getpricestockbychannel/CHILD-1/')).status).toBe(200);
  });

  it('turns options into CLI flags', () => {
    expect(
      cliArgs({
        port: 5,
        seed: 'empty',
        token: ['a', 'b'],
        users: { u: 'p' },
        latencyMs: 3,
        stateFile: '/tmp/x.json',
        now: 7,
        faults: { htmlRate: 0.5 },
        settings: { jobItemsPerSecond: 1 },
      }),
    ).toEqual([
      '--port',
      '5',
      '--seed',
      'empty',
      '--token',
      'a',
      '--token',
      'b',
      '--user',
      'u:p',
      '--latency-ms',
      '3',
      '--admin',
      '--state-file',
      '/tmp/x.json',
      '--now',
      '7',
      '--faults',
      '{"htmlRate":0.5}',
      '--settings',
      '{"jobItemsPerSecond":1}',
    ]);
    expect(cliArgs({ admin: false })).not.toContain('--admin');
  });

  it('fails clearly on a bad option', async () => {
    await expect(spawnHub({ seed: 'huge' as never })).rejects.toThrow(/--seed/);
  });
});

describe('state file', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-state-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('survives a restart of the child process (saved on SIGTERM, loaded at start)', async () => {
    const file = path.join(dir, 'state.json');
    const first = await spawnHub({ token: 'T', stateFile: file });
    let loginToken: string;
    try {
      const c = client(first.url, 'T');
      await c.post('/api/stock/updatestock', [{ sku: 'TAZA,12', quantity: 4321 }]);
      const created = await c.post('/api/orders/createorder', {
        channel: 'meli',
        externalId: 'PERSIST-1',
        currency: 'MXN',
        items: [{ sku: 'TAZA,12', title: 'Taza', price: 10, itemQuantity: 1 }],
      });
      expect(created.status).toBe(200);
      const login = await fetch(`${first.url}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'username=demo&password=demo&grant_type=password',
      });
      loginToken = ((await login.json()) as { access_token: string }).access_token;
    } finally {
      await first.close();
    }
    expect(first.child.exitCode).toBe(0);
    expect(fs.existsSync(file)).toBe(true);

    const second = await spawnHub({ token: 'T', stateFile: file });
    try {
      const c = client(second.url, 'T');
      const p = await c.get('/api/stock/getpricestockbychannel/TAZA,12/');
      expect(p.json.channelData.find((e: any) => e.channel === 'amazon').quantity).toBe(4321);
      const o = await c.get('/api/orders/findorder?orderid=PERSIST-1');
      expect(o.status).toBe(200);
      expect((await client(second.url, loginToken).get('/api/stock/GetProductsStockPrice?paging=1')).status).toBe(200);
      // Ids keep counting from where they were.
      const next = await c.post('/api/orders/createorder', {
        channel: 'meli',
        externalId: 'PERSIST-2',
        currency: 'MXN',
        items: [{ sku: 'A', title: 'A', price: 1, itemQuantity: 1 }],
      });
      expect(next.json.orderId).toBe(o.json.orderId + 1);
    } finally {
      await second.close();
    }
  });

  it('is saved debounced after changes while running (in-process)', async () => {
    const file = path.join(dir, 'debounced.json');
    const h = await startHub({ seed: 'empty', token: 'T', admin: true, stateFile: file });
    try {
      await h.admin.seedProducts([{ sku: 'DEB-1', quantity: 3 }]);
      // Saved by itself, with no call: wait for the file rather than a fixed time, which a busy
      // machine can outlast.
      const savedSkus = () => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).state.products.map((p: any) => p.sku) : []);
      await until(() => savedSkus().length > 0, 'the debounced save wrote the state file');
      expect(savedSkus()).toEqual(['DEB-1']);
    } finally {
      await h.close();
    }
  });

  it('refuses a file that is not a state file', async () => {
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, '{"hello": 1}');
    await expect(startHub({ stateFile: file })).rejects.toThrow(/not a hub emulator state file/);
  });
});

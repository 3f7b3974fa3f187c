/**
 * The `answerFaults` section of the fault config: validation, the admin view and counts, the
 * request-log labels, reproducibility from the seed, `pathPattern`, the routes never touched,
 * the CLI, and that the default (all 0) changes nothing.
 */
import { NO_ANSWER_FAULTS } from '../../dev/hub-emulator/answer-faults';
import { parseFaults } from '../../dev/hub-emulator/faults';
import { spawnHub } from '../../dev/hub-emulator/spawn';
import { PRODUCTS, SKUS, answerHub } from './answer-helpers';
import { client } from './helpers';

const fixture = answerHub();
beforeEach(fixture.fresh);
const stockBody = (q = 20) => SKUS.slice(0, 4).map((sku, i) => ({ sku, quantity: q + i }));

describe('config', () => {
  it('defaults every answer fault to 0 and keeps the ones given', () => {
    expect(parseFaults({}).answerFaults).toEqual(NO_ANSWER_FAULTS);
    expect(Object.keys(NO_ANSWER_FAULTS).sort()).toEqual(
      ['drop', 'duplicate', 'echoHeaders', 'extra', 'partialJob', 'refuse', 'reorder', 'statusCase', 'substitute', 'wrongEcho'].sort(),
    );
    expect(parseFaults({ answerFaults: { drop: 0.25, reorder: 1 } }).answerFaults).toEqual({ ...NO_ANSWER_FAULTS, drop: 0.25, reorder: 1 });
    // Per-answer faults are independent draws: all of them at 1 together with per-item ones adding up to 1.
    expect(() => parseFaults({ answerFaults: { reorder: 1, extra: 1, partialJob: 1, drop: 0.5, refuse: 0.5 } })).not.toThrow();
  });

  it.each([
    [{ bogus: 0.1 }, /unknown fault 'bogus'/],
    [{ drop: 1.5 }, /drop must be a number between 0 and 1/],
    [{ drop: -0.1 }, /between 0 and 1/],
    [{ drop: '0.5' }, /between 0 and 1/],
    [{ drop: 0.6, refuse: 0.6 }, /per-item faults .* add up to more than 1/],
    [[0.5], /answerFaults must be an object/],
    ['drop', /answerFaults must be an object/],
  ])('refuses %j', (answerFaults, message) => {
    expect(() => parseFaults({ answerFaults })).toThrow(message);
  });

  it('the admin API refuses a bad answerFaults with 400 and shows the config with its counts', async () => {
    const { h, c } = fixture.get();
    await expect(h.admin.setFaults({ answerFaults: { nope: 1 } as never })).rejects.toThrow(/400.*nope/);
    const set = await h.admin.setFaults({ answerFaults: { statusCase: 1, reorder: 1 } });
    expect(set.answerFaults).toEqual({ ...NO_ANSWER_FAULTS, statusCase: 1, reorder: 1 });
    await c.post('/api/stock/updatestock', stockBody());
    const f = await h.admin.faults();
    expect(f.answerFaults.statusCase).toBe(1);
    expect(f.injected).toEqual({ 'answer:statusCase': 4, 'answer:reorder': 1 });
    await h.admin.clearFaults();
    expect((await h.admin.faults()).answerFaults).toEqual(NO_ANSWER_FAULTS);
  });

  it('can be given at start (options) and through the CLI --faults JSON', async () => {
    const child = await spawnHub({ seed: 'empty', token: 'T', faults: { answerFaults: { refuse: 1 } } });
    try {
      await child.admin.seedProducts(PRODUCTS.slice(0, 1));
      const r = await client(child.url, 'T').post('/api/stock/updatestock', [{ sku: 'P-1', quantity: 77 }]);
      expect(r.json[0].status).not.toBe('success');
      expect((await child.admin.state(['products'])).products[0].quantity).toBe(10); // refused: not stored
      expect((await child.admin.requests()).at(-1)?.answerFaults).toEqual(['refuse:P-1']);
    } finally {
      await child.close();
    }
  });
});

describe('request log and counts', () => {
  it('labels every injection as fault or fault:key; counts match the labels', async () => {
    const { c, faults, h, injected } = fixture.get();
    await faults({ drop: 0.3, duplicate: 0.3, statusCase: 0.3, reorder: 1, extra: 1 }, { seed: 21 });
    const labels: string[] = [];
    for (let i = 0; i < 5; i++) {
      await c.post('/api/stock/updatestock', stockBody(30 + i));
      labels.push(...((await h.admin.requests()).at(-1)!.answerFaults ?? []));
    }
    for (const l of labels) expect(l).toMatch(/^(drop|duplicate|statusCase):P-\d$|^reorder$|^extra:.+$/);
    const counted: Record<string, number> = {};
    for (const l of labels) counted[`answer:${l.split(':')[0]}`] = (counted[`answer:${l.split(':')[0]}`] ?? 0) + 1;
    expect(await injected()).toEqual(counted);
    expect(Object.keys(counted).sort()).toEqual(['answer:drop', 'answer:duplicate', 'answer:extra', 'answer:reorder', 'answer:statusCase']);
  });

  it('an entry has answerFaults [] when they were on but none fired, and none at all when they are off', async () => {
    const { c, faults, h, labels } = fixture.get();
    await faults({ extra: 1 }, { pathPattern: 'updatepricev2' });
    await c.post('/api/stock/updatestock', stockBody());
    expect(await labels()).toBeUndefined(); // path not matched
    await faults({ substitute: 1 });
    await c.get('/api/stock/getpricestockbychannel/NOPE/');
    expect(await labels()).toBeUndefined(); // 404 before any answer fault
    await faults({ reorder: 1 });
    await c.post('/api/stock/updatestock', [{ sku: 'P-1', quantity: 1 }]);
    expect(await labels()).toEqual([]); // a single result cannot be reordered
    await h.admin.clearFaults();
    await c.post('/api/stock/updatestock', stockBody());
    expect((await h.admin.requests()).at(-1)).not.toHaveProperty('answerFaults');
  });
});

describe('scope', () => {
  it('pathPattern restricts answer faults like the other faults (paths case-insensitive)', async () => {
    const { c, faults } = fixture.get();
    await faults({ drop: 1 }, { pathPattern: 'updatestock' });
    expect((await c.post('/API/Stock/UpdateStock', stockBody())).json).toEqual([]);
    const price = await c.post('/api/stock/updatepriceV2', [{ sku: 'P-1', price: 5, channel: 'amazon' }]);
    expect(price.json).toHaveLength(1);
  });

  it('never touches /login, the admin API or other /api routes', async () => {
    const { h, c, faults } = fixture.get();
    await faults({ refuse: 1, reorder: 1, extra: 1, partialJob: 1 });
    const login = await fetch(`${h.url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=demo&password=demo&grant_type=password',
    });
    expect(login.status).toBe(200);
    const token: any = await login.json();
    expect(token.token_type).toBe('bearer');
    expect((await h.admin.state(['products'])).products).toHaveLength(PRODUCTS.length);
    const page = await c.get('/api/stock/GetProductsStockPrice?paging=50');
    expect(page.json.results.map((p: any) => p.sku)).toEqual(SKUS);
    const log = await h.admin.requests();
    expect(log.find((e) => e.path === '/login')).not.toHaveProperty('answerFaults');
    expect(log.find((e) => e.path.includes('GetProductsStockPrice'))).not.toHaveProperty('answerFaults');
  });
});

describe('reproducibility and defaults', () => {
  /** Answers of a fixed request sequence over every faulted endpoint. */
  const run = async () => {
    const { c } = fixture.get();
    const out: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      out.push((await c.post('/api/stock/updatestock', stockBody(10 * i))).json);
      out.push(
        (
          await c.post(
            '/api/stock/updatepriceV2',
            SKUS.slice(0, 3).map((sku, j) => ({ sku, price: 50 + i + j, channel: 'walmart' })),
          )
        ).json,
      );
      out.push(
        (
          await c.post('/api/stock/updatepricebyerpid', [
            { internalId: 'ERP-5', price: 9 + i },
            { internalId: 'ERP-6', price: 8 },
          ])
        ).json,
      );
      out.push(
        (
          await c.post('/api/stock/updatepricestockbychannel', {
            sku: 'P-7',
            channelData: [
              { channel: 'amazon', quantity: i },
              { channel: 'walmart', price: 3 },
            ],
          })
        ).json,
      );
      out.push((await c.get('/api/stock/getpricestockbychannel/P-8/')).json);
    }
    return out;
  };
  const MIXED = {
    drop: 0.15,
    duplicate: 0.15,
    substitute: 0.15,
    statusCase: 0.15,
    refuse: 0.1,
    wrongEcho: 0.1,
    echoHeaders: 0.1,
    reorder: 0.5,
    extra: 0.5,
  };

  it('the same seed and the same requests give the same answers, labels and state; another seed others', async () => {
    const { faults, h } = fixture.get();
    const once = async (seed: number) => {
      await fixture.fresh();
      await faults(MIXED, { seed });
      const answers = await run();
      // createdAt is the (real) time of seeding; everything else must repeat.
      const products = (await h.admin.state(['products'])).products.map(({ createdAt: _, ...p }) => p);
      return { answers, labels: (await h.admin.requests()).map((e) => e.answerFaults), products };
    };
    const a = await once(99);
    const b = await once(99);
    expect(b).toEqual(a);
    expect(a.labels.flat().length).toBeGreaterThan(10);
    const other = await once(100);
    expect(JSON.stringify(other.answers)).not.toBe(JSON.stringify(a.answers));
  });

  it('all answer faults at 0 change nothing: same answers as with no fault config, and the same status-fault draws', async () => {
    const { faults, h } = fixture.get();
    await h.admin.clearFaults();
    const plain = await run();
    await fixture.fresh();
    await faults({ ...NO_ANSWER_FAULTS });
    expect(await run()).toEqual(plain);
    expect((await h.admin.requests()).every((e) => !('answerFaults' in e))).toBe(true);

    const statuses = async (withZeros: boolean) => {
      await fixture.fresh();
      await h.admin.setFaults({ rates: { '503': 0.4 }, seed: 5, ...(withZeros ? { answerFaults: { ...NO_ANSWER_FAULTS } } : {}) });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await fixture.get().c.post('/api/stock/updatestock', stockBody(i))).status);
      return out;
    };
    const without = await statuses(false);
    expect(new Set(without)).toEqual(new Set([200, 503]));
    expect(await statuses(true)).toEqual(without);
  });
});

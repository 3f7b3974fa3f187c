/**
 * The `readFaults` section of the fault config: validation, the admin view, options and CLI,
 * request-log labels and counts, `pathPattern`, that all zeros changes nothing (byte for byte, and
 * not one PRNG draw), and that a seed reproduces a run's answers and state.
 */
import { parseFaults } from '../../dev/hub-emulator/faults';
import { NO_READ_FAULTS, READ_FAULTS } from '../../dev/hub-emulator/read-faults';
import { spawnHub } from '../../dev/hub-emulator/spawn';
import { client, start } from './helpers';
import { NOW, ORDER_COUNT, SETTINGS, SKUS, readHub } from './read-helpers';

const fixture = readHub();
beforeEach(fixture.fresh);

const MODES = [
  'lateOrder',
  'stateChange',
  'deleteOrder',
  'malformedOrder',
  'shortPage',
  'totalDrift',
  'listShift',
  'jobItemsWhenProcessed',
  'jobOffsetAsPage',
  'jobLowerCase',
  'jobNeverFinishes',
  'jobShortPage',
  'jobReorder',
  'catalogueChurn',
  'catalogueBurst',
  'catalogueTotalDrift',
];

describe('config', () => {
  it('defaults every mode to 0 and keeps the ones given; probabilities need not add up to 1 or less', () => {
    expect([...READ_FAULTS].sort()).toEqual([...MODES].sort());
    expect(parseFaults({}).readFaults).toEqual(NO_READ_FAULTS);
    expect(Object.values(NO_READ_FAULTS).every((v) => v === 0)).toBe(true);
    expect(parseFaults({ readFaults: { shortPage: 0.25, jobLowerCase: 1 } }).readFaults).toEqual({
      ...NO_READ_FAULTS,
      shortPage: 0.25,
      jobLowerCase: 1,
    });
    const all = Object.fromEntries(MODES.map((m) => [m, 1]));
    expect(parseFaults({ readFaults: all }).readFaults).toEqual(all);
  });

  it.each([
    [{ bogus: 0.1 }, /readFaults: unknown mode 'bogus' \(use lateOrder, stateChange, .*catalogueTotalDrift\)/],
    [{ shortPage: 1.5 }, /readFaults.shortPage must be a number between 0 and 1/],
    [{ shortPage: -0.1 }, /between 0 and 1/],
    [{ shortPage: '0.5' }, /between 0 and 1/],
    [{ shortPage: null }, /between 0 and 1/],
    [[0.5], /readFaults must be an object/],
    ['shortPage', /readFaults must be an object/],
  ])('refuses %j', (readFaults, message) => {
    expect(() => parseFaults({ readFaults })).toThrow(message);
  });

  it('the admin API refuses a bad readFaults with 400 naming the modes, shows the config, clears it', async () => {
    const { h } = fixture.get();
    await expect(h.admin.setFaults({ readFaults: { nope: 1 } as never })).rejects.toThrow(/400.*unknown mode 'nope'.*lateOrder/);
    const set = await h.admin.setFaults({ readFaults: { totalDrift: 1, catalogueChurn: 0.5 } });
    expect(set.readFaults).toEqual({ ...NO_READ_FAULTS, totalDrift: 1, catalogueChurn: 0.5 });
    expect(set.answerFaults.drop).toBe(0); // the other sections keep their defaults
    await h.admin.clearFaults();
    expect((await h.admin.faults()).readFaults).toEqual(NO_READ_FAULTS);
  });

  it('can be given at start (options) and through the CLI --faults JSON', async () => {
    const inProcess = await start({ seed: 'empty', settings: SETTINGS, faults: { readFaults: { catalogueTotalDrift: 1 } } });
    try {
      const r = await client(inProcess.url).get('/api/stock/GetProductsStockPrice');
      expect([1, 2, 3]).toContain(r.json.total);
    } finally {
      await inProcess.close();
    }
    const child = await spawnHub({ seed: 'empty', token: 'T', settings: SETTINGS, faults: { readFaults: { totalDrift: 1 } } });
    try {
      const r = await client(child.url, 'T').get('/api/orders/orders');
      expect(r.json.results).toEqual([]);
      expect([1, 2, 3]).toContain(r.json.total);
      expect((await child.admin.requests()).at(-1)?.readFaults).toEqual([`totalDrift:${r.json.total}`]);
    } finally {
      await child.close();
    }
  });
});

describe('request log, counts and scope', () => {
  it('labels every injection as mode or mode:key; counts (read:<mode>) match the labels', async () => {
    const { c, h } = fixture.get();
    await h.admin.setFaults({
      seed: 31,
      readFaults: {
        lateOrder: 0.5,
        stateChange: 0.5,
        deleteOrder: 0.5,
        malformedOrder: 0.5,
        shortPage: 0.5,
        totalDrift: 0.5,
        catalogueChurn: 0.5,
        catalogueTotalDrift: 0.5,
        jobShortPage: 0.5,
        jobReorder: 0.5,
        jobLowerCase: 0.5,
      },
    });
    for (let i = 0; i < 6; i++) {
      await c.get('/api/orders/orders?paging=10');
      await c.get('/api/stock/GetProductsStockPrice?paging=5');
      const job = await c.post('/api/stock/UpdatePriceAndStockAsync', [
        { sku: SKUS[i], quantity: '4' },
        { sku: SKUS[i + 1], quantity: '5' },
      ]);
      await c.get(`/api/stock/GetStockPriceJob?jobId=${job.json.jobId}&size=4`);
    }
    const labels = (await h.admin.requests()).flatMap((e) => e.readFaults ?? []);
    const counted: Record<string, number> = {};
    for (const l of labels) counted[`read:${l.split(':')[0]}`] = (counted[`read:${l.split(':')[0]}`] ?? 0) + 1;
    expect((await h.admin.faults()).injected).toEqual(counted);
    expect(Object.keys(counted).length).toBeGreaterThanOrEqual(9);
    for (const l of labels) expect(l).toMatch(/^(\w+)(:.+)?$/);
  });

  it('the log entry has readFaults [] where read edges are on but none fired, and none where they are off or do not apply', async () => {
    const { c, h } = fixture.get();
    const last = async () => (await h.admin.requests()).at(-1)!;
    await h.admin.setFaults({ readFaults: { catalogueChurn: 0.000001 } });
    await c.get('/api/stock/GetProductsStockPrice');
    expect((await last()).readFaults).toEqual([]);
    await c.get('/api/orders/orders'); // no order mode is on
    expect(await last()).not.toHaveProperty('readFaults');
    await c.post('/api/stock/updatestock', [{ sku: 'P-1', quantity: 1 }]); // an endpoint without read edges
    expect(await last()).not.toHaveProperty('readFaults');
  });

  it('pathPattern restricts read edges like the other faults', async () => {
    const { c, h } = fixture.get();
    await h.admin.setFaults({ pathPattern: 'orders/orders', readFaults: { totalDrift: 1, catalogueTotalDrift: 1 } });
    expect((await c.get('/api/stock/GetProductsStockPrice')).json.total).toBe(SKUS.length);
    expect((await c.get('/api/orders/orders')).json.total).not.toBe(ORDER_COUNT);
  });
});

describe('all zeros changes nothing', () => {
  /** Read-only calls over every read path (no state change between two runs of it). */
  const reads = async (jobId: string) => {
    const { c } = fixture.get();
    const out: string[] = [];
    for (const q of ['', '?sort=added_asc&paging=7&offset=3', '?isGrouped=true', '?searchDateBy=modified&sort=modified_desc'])
      out.push((await c.get(`/api/orders/orders${q}`)).text);
    for (const q of ['', '?paging=3&offset=2', '?sort=alph_desc', '?channel=amazon'])
      out.push((await c.get(`/api/stock/GetProductsStockPrice${q}`)).text);
    for (const q of ['&offset=0&size=50', '&offset=1&size=3', '&offset=10&size=5'])
      out.push((await c.get(`/api/stock/GetStockPriceJob?jobId=${jobId}${q}`)).text);
    out.push((await c.get(`/api/stock/GetStatusRequest?jobId=${jobId}`)).text);
    return out;
  };

  it('answers are byte-identical with no fault config and with every read mode at 0; no job or log entry carries readFaults', async () => {
    const { c, h } = fixture.get();
    const job = (
      await c.post(
        '/api/stock/UpdatePriceAndStockAsync',
        SKUS.slice(0, 4).map((sku) => ({ sku, quantity: '3' })),
      )
    ).json.jobId;
    const plain = await reads(job);
    const orders = JSON.stringify(await h.admin.orders());
    await h.admin.setFaults({ readFaults: { ...NO_READ_FAULTS } });
    expect(await reads(job)).toEqual(plain);
    const job2 = (await c.post('/api/stock/UpdatePriceAndStockAsync', [{ sku: 'P-5', quantity: '3' }])).json.jobId;
    expect(await fixture.get().job(job2)).not.toHaveProperty('readFaults');
    expect((await h.admin.requests()).some((e) => 'readFaults' in e)).toBe(false);
    expect(JSON.stringify(await h.admin.orders())).toBe(orders);
  });

  it('the status-fault draws are the same with and without a zero readFaults (no PRNG draw is made)', async () => {
    const { h, c } = fixture.get();
    const statuses = async (withZeros: boolean) => {
      await fixture.fresh();
      await h.admin.setFaults({ rates: { '503': 0.4 }, seed: 5, ...(withZeros ? { readFaults: { ...NO_READ_FAULTS } } : {}) });
      const out: number[] = [];
      for (let i = 0; i < 8; i++) {
        out.push((await c.get('/api/orders/orders?paging=5')).status);
        out.push((await c.get('/api/stock/GetProductsStockPrice?paging=5')).status);
        out.push((await c.post('/api/stock/UpdatePriceAndStockAsync', [{ sku: 'P-1', quantity: String(i) }])).status);
      }
      return out;
    };
    const without = await statuses(false);
    expect(new Set(without)).toEqual(new Set([200, 503]));
    expect(await statuses(true)).toEqual(without);
  });
});

describe('reproducibility', () => {
  const MIXED = {
    lateOrder: 0.4,
    stateChange: 0.4,
    deleteOrder: 0.3,
    malformedOrder: 0.4,
    shortPage: 0.4,
    totalDrift: 0.4,
    jobItemsWhenProcessed: 0.3,
    jobOffsetAsPage: 0.3,
    jobLowerCase: 0.3,
    jobNeverFinishes: 0.3,
    jobShortPage: 0.4,
    jobReorder: 0.4,
    catalogueChurn: 0.4,
    catalogueTotalDrift: 0.4,
  };
  /** Times the hub writes at (floored to the second) repeat when the clock is set before each call. */
  const run = async (seed: number) => {
    const { c, h } = fixture.get();
    await fixture.fresh();
    await h.admin.setFaults({ seed, readFaults: MIXED, answerFaults: { reorder: 0.3, statusCase: 0.2 } });
    const answers: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      await h.admin.setClock({ now: NOW + i * 60_000 });
      answers.push((await c.get(`/api/orders/orders?sort=added_desc&paging=10&offset=${i}`)).text);
      answers.push((await c.get(`/api/stock/GetProductsStockPrice?paging=4&offset=${i}`)).text);
      const job = await c.post(
        '/api/stock/UpdatePriceAndStockAsync',
        SKUS.slice(i, i + 2).map((sku) => ({ sku, quantity: String(i) })),
      );
      answers.push(job.text);
      const items = (await c.get(`/api/stock/GetStockPriceJob?jobId=${job.json.jobId}&offset=0&size=4`)).json;
      answers.push(items.map(({ processedAt: _, ...rest }: any) => rest)); // processedAt carries the ms of a real-time tick
    }
    const s = await h.admin.state(['orders', 'products', 'jobs']);
    const state = {
      orders: s.orders,
      // The fixture's products carry the ms of their seeding; products churn adds are on whole seconds.
      products: s.products.map((p) => (SKUS.includes(p.sku) ? { ...p, createdAt: 'seeded' } : p)),
      jobs: s.jobs.map((j) => ({
        ...j,
        createdAt: 0,
        finishedAt: j.finishedAt === null ? null : 1,
        items: j.items.map(({ processedAt, ...it }) => ({ ...it, processed: processedAt !== null })),
      })),
    };
    return { answers, state, labels: (await h.admin.requests()).map((e) => e.readFaults) };
  };

  it('the same seed and requests give the same answers, labels and state; another seed others', async () => {
    const a = await run(41);
    const b = await run(41);
    expect(b).toEqual(a);
    expect(a.labels.flat().filter(Boolean).length).toBeGreaterThan(15);
    const other = await run(42);
    expect(JSON.stringify(other.answers)).not.toBe(JSON.stringify(a.answers));
  });
});

/**
 * Contrary answers of the reads a client confirms its writes with: Get Job Status pages and
 * Get Price Stock By Channel. Reads change nothing: every fault is kind (a), and the job and
 * the products must read back unchanged through the admin API.
 */
import { SKUS, answerHub } from './answer-helpers';

const fixture = answerHub();
const FINISHED = ['finalizado', 'FINALIZADO', 'FINALIZADO ', ' Finalizado'];

describe('Get Job Status', () => {
  let jobId: number;
  let truth: string[];
  const key = (i: any) => `${i.sku}@${i.integration}`;
  const read = () => fixture.get().c.get(`/api/stock/GetStockPriceJob?jobId=${jobId}&offset=0&size=50`);
  /** The job as stored: it must never change because of a read. */
  const stored = async () => JSON.stringify((await fixture.get().jobs()).find((j) => j.id === jobId));

  beforeEach(async () => {
    await fixture.fresh();
    const r = await fixture.get().c.post(
      '/api/stock/updatestock',
      SKUS.slice(0, 4).map((sku) => ({ sku, quantity: 5 })),
    );
    jobId = r.json[0].jobId;
    truth = (await read()).json.map(key); // 4 SKUs × 3 channels, finished at once (see the fixture settings)
  });

  it('without answer faults: every item once, in job order, Finalizado', async () => {
    const page = (await read()).json;
    expect(page).toHaveLength(12);
    expect(page.every((i: any) => i.status === 'Finalizado')).toBe(true);
  });

  it('reorder (a): the items of the page shuffled; the job unchanged', async () => {
    const before = await stored();
    await fixture.get().faults({ reorder: 1 });
    const page = (await read()).json.map(key);
    expect(page).not.toEqual(truth);
    expect([...page].sort()).toEqual([...truth].sort());
    expect(await stored()).toBe(before);
    expect(await fixture.get().labels()).toEqual(['reorder']);
  });

  it('duplicate (a): items repeated as identical copies', async () => {
    await fixture.get().faults({ duplicate: 0.5 }, { seed: 8 });
    const page = (await read()).json;
    const repeated = (await fixture.get().labels())!.map((l) => l.replace(/^duplicate:/, ''));
    expect(repeated.length).toBeGreaterThan(0);
    expect(page).toHaveLength(12 + repeated.length);
    expect(page.map(key)).toEqual(truth.flatMap((k) => (repeated.includes(k) ? [k, k] : [k])));
    page.forEach((item: any, i: number) => {
      if (i > 0 && key(page[i - 1]) === key(item)) expect(item).toEqual(page[i - 1]);
    });
  });

  it('partialJob (a): items left out of the page although they exist; the job keeps them all', async () => {
    const before = await stored();
    await fixture.get().faults({ partialJob: 1 });
    const page = (await read()).json.map(key);
    const missing = (await fixture.get().labels())!.map((l) => l.replace(/^partialJob:/, ''));
    expect(missing.length).toBeGreaterThan(0);
    expect(page).toEqual(truth.filter((k) => !missing.includes(k)));
    expect(await stored()).toBe(before);
    expect((await fixture.get().injected())['answer:partialJob']).toBe(missing.length);
  });

  it('statusCase (a): finished items read finalizado / FINALIZADO …; unfinished ones are left alone', async () => {
    const { faults, h, c } = fixture.get();
    await faults({ statusCase: 1 });
    const page = (await read()).json;
    for (const i of page) expect(FINISHED).toContain(i.status);

    await h.admin.clearFaults();
    await h.admin.settings({ jobStartDelayMs: 3_600_000 });
    const pending = await c.post('/api/stock/updatestock', [{ sku: 'P-5', quantity: 6 }]);
    await faults({ statusCase: 1 });
    const items = (await c.get(`/api/stock/GetStockPriceJob?jobId=${pending.json[0].jobId}`)).json;
    expect(items.map((i: any) => i.status)).toEqual(['Pendiente', 'Pendiente', 'Pendiente']);
    expect(await fixture.get().labels()).toEqual([]);
  });

  it('extra (a): a Finalizado item for a SKU that is not in the job; the job unchanged', async () => {
    const before = await stored();
    await fixture.get().faults({ extra: 1 });
    const page = (await read()).json;
    expect(page).toHaveLength(13);
    const extra = page.filter((i: any) => !SKUS.slice(0, 4).includes(i.sku));
    expect(extra).toHaveLength(1);
    expect(extra[0].status).toBe('Finalizado');
    expect(await fixture.get().labels()).toEqual([`extra:${key(extra[0])}`]);
    expect(await stored()).toBe(before);
  });
});

describe('Get Price Stock By Channel', () => {
  beforeEach(fixture.fresh);
  const read = (sku = 'P-1') => fixture.get().c.get(`/api/stock/getpricestockbychannel/${sku}/`);
  const productsJson = async () => JSON.stringify([...(await fixture.get().products()).values()]);

  it('substitute (a): answers another existing SKU’s product; nothing changes', async () => {
    const before = await productsJson();
    await fixture.get().faults({ substitute: 1 });
    const r = await read();
    expect(r.json.sku).not.toBe('P-1');
    expect(SKUS).toContain(r.json.sku);
    expect(await fixture.get().labels()).toEqual(['substitute:P-1']);
    expect(await productsJson()).toBe(before);
  });

  it('duplicate (a): a channel entry repeated with a different quantity', async () => {
    await fixture.get().faults({ duplicate: 1 });
    const r = await read();
    expect(r.json.sku).toBe('P-1');
    expect(r.json.channelData.map((e: any) => `${e.channel}=${e.quantity}`)).toEqual([
      'meli=10',
      'meli=11',
      'amazon=10',
      'amazon=11',
      'walmart=10',
      'walmart=11',
    ]);
    expect(await fixture.get().labels()).toEqual(['duplicate:meli', 'duplicate:amazon', 'duplicate:walmart']);
  });

  it('reorder (a): channelData shuffled', async () => {
    await fixture.get().faults({ reorder: 1 });
    const r = await read();
    const channels = r.json.channelData.map((e: any) => e.channel);
    expect(channels).not.toEqual(['meli', 'amazon', 'walmart']);
    expect([...channels].sort()).toEqual(['amazon', 'meli', 'walmart']);
  });

  it('an unknown SKU is still a 404 (nothing to lie about)', async () => {
    await fixture.get().faults({ substitute: 1, duplicate: 0, reorder: 1 });
    expect((await read('NOPE')).status).toBe(404);
  });
});

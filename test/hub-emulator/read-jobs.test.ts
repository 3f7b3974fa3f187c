/**
 * Read edges of the async jobs (README "Read edges"): per job (drawn when Update Price And Stock
 * Async creates it) items listed only once processed, `offset` read as a page number, SKUs echoed
 * lower-cased, a job never processed; per Get Job Status call a short page or a shuffled list.
 * The job as stored (admin API) and the products are the truth.
 */
import { SKUS, keysOf, readHub } from './read-helpers';

const fixture = readHub();
beforeEach(fixture.fresh);

/** 4 SKUs × 3 active channels = 12 job items. */
const BODY = SKUS.slice(0, 4).map((sku, i) => ({ sku, quantity: String(20 + i), price: '150.5' }));
const key = (i: any) => `${i.sku}@${i.integration}`;

async function createJob(): Promise<{ id: string; labels: string[] | undefined }> {
  const { c, labels } = fixture.get();
  const r = await c.post('/api/stock/UpdatePriceAndStockAsync', BODY);
  expect(r.json.status).toBe('success');
  return { id: r.json.jobId, labels: await labels() };
}
const page = async (id: string, offset: number, size: number) =>
  (await fixture.get().c.get(`/api/stock/GetStockPriceJob?jobId=${id}&offset=${offset}&size=${size}`)).json;
const statusOf = async (id: string) => (await fixture.get().c.get(`/api/stock/GetStatusRequest?jobId=${id}`)).json;
/** The job's items as Get Job Status lists them without read edges (stored order, true SKUs). */
const truthKeys = async (id: string) => (await fixture.get().job(id)).items.map(key);

describe('per job: drawn once at creation, kept on the job', () => {
  it('jobItemsWhenProcessed: pending items are left out; they appear as they are processed', async () => {
    const { faults, job, h } = fixture.get();
    await h.admin.settings({ jobItemsPerSecond: 0.01 }); // one item per 100 emulator seconds: real time passing does not count
    await faults({ jobItemsWhenProcessed: 1 });
    const { id, labels } = await createJob();
    expect(labels).toEqual([`jobItemsWhenProcessed:${id}`]);
    expect((await job(id)).readFaults).toEqual({ jobItemsWhenProcessed: true });
    expect(await page(id, 0, 50)).toEqual([]);
    expect(await statusOf(id)).toMatchObject({ total: 12, processed: 0, status: 'Pendiente' });
    await h.admin.advance(500_000);
    const five = await page(id, 0, 50);
    const truth = await truthKeys(id);
    expect(five.map(key)).toEqual(truth.slice(0, 5));
    expect(five.every((i: any) => i.status === 'Finalizado')).toBe(true);
    expect(await statusOf(id)).toMatchObject({ total: 12, processed: 5, status: 'En proceso' });
    // offset counts listed (processed) items.
    expect((await page(id, 3, 50)).map(key)).toEqual(truth.slice(3, 5));
    await h.admin.advance(1_000_000);
    expect((await page(id, 0, 50)).map(key)).toEqual(truth);
  });

  it('jobOffsetAsPage: offset k returns items k·size … k·size+size-1', async () => {
    const { faults, job } = fixture.get();
    await faults({ jobOffsetAsPage: 1 });
    const { id } = await createJob();
    expect((await job(id)).readFaults).toEqual({ jobOffsetAsPage: true });
    const truth = await truthKeys(id);
    expect((await page(id, 0, 5)).map(key)).toEqual(truth.slice(0, 5));
    expect((await page(id, 1, 5)).map(key)).toEqual(truth.slice(5, 10));
    expect((await page(id, 2, 5)).map(key)).toEqual(truth.slice(10, 12));
    // A client stepping offset by size skips everything after the first page.
    expect(await page(id, 5, 5)).toEqual([]);
  });

  it('jobLowerCase: the items echo SKUs lower-cased; the job and the right products hold the truth', async () => {
    const { faults, job, h, c } = fixture.get();
    await faults({ jobLowerCase: 1 });
    const { id } = await createJob();
    const listed = await page(id, 0, 50);
    const stored = await job(id);
    expect(stored.readFaults).toEqual({ jobLowerCase: true });
    expect(listed.map((i: any) => i.sku)).toEqual(stored.items.map((i) => i.sku.toLowerCase()));
    expect(stored.items.map((i) => i.sku)).toEqual(BODY.flatMap((b) => [b.sku, b.sku, b.sku]));
    expect(listed.every((i: any) => i.status === 'Finalizado')).toBe(true);
    for (const [i, b] of BODY.entries()) {
      const [p] = await h.admin.products(b.sku);
      expect(p.quantity).toBe(20 + i);
      expect(p.price).toBe(150.5);
      expect(Object.values(p.listings).map((l) => l!.quantity)).toEqual([20 + i, 20 + i, 20 + i]);
    }
    expect(await h.admin.products('p-1')).toEqual([]); // no lower-case product came to be
    expect((await c.get('/api/stock/getpricestockbychannel/p-1/')).status).toBe(404);
  });

  it('jobNeverFinishes: items stay pending, nothing is stored, Get Status Request keeps saying unfinished', async () => {
    const { faults, job, h } = fixture.get();
    const before = await h.admin.products();
    await faults({ jobNeverFinishes: 1 });
    const { id } = await createJob();
    await h.admin.advance(3_600_000);
    const listed = await page(id, 0, 50);
    expect(listed).toHaveLength(12);
    expect(listed.every((i: any) => i.status === 'Pendiente' && !('processedAt' in i))).toBe(true);
    expect(await statusOf(id)).toEqual({ jobId: id, status: 'Pendiente', total: 12, processed: 0 });
    const stored = await job(id);
    expect(stored).toMatchObject({ readFaults: { jobNeverFinishes: true }, finishedAt: null, processed: 0 });
    expect(await h.admin.products()).toEqual(before);
  });

  it('kept on the job when the fault config changes; jobs of Update Stock are never given them', async () => {
    const { faults, job, c, h } = fixture.get();
    await faults({ jobLowerCase: 1, jobOffsetAsPage: 1, jobItemsWhenProcessed: 1, jobNeverFinishes: 1 });
    const sync = await c.post('/api/stock/updatestock', [{ sku: 'P-1', quantity: 3 }]);
    expect(await fixture.get().labels()).toBeUndefined(); // no read edges on this call
    expect((await job(sync.json[0].jobId)).readFaults).toBeUndefined();
    const { id, labels } = await createJob();
    expect(labels).toEqual(['jobItemsWhenProcessed', 'jobOffsetAsPage', 'jobLowerCase', 'jobNeverFinishes'].map((f) => `${f}:${id}`));
    await h.admin.clearFaults();
    expect((await job(id)).readFaults).toEqual({
      jobItemsWhenProcessed: true,
      jobOffsetAsPage: true,
      jobLowerCase: true,
      jobNeverFinishes: true,
    });
    expect(await page(id, 0, 50)).toEqual([]); // never processed, and only processed items are listed
  });

  it('a per-job probability below 1 gives some jobs and not others', async () => {
    const { faults, job } = fixture.get();
    await faults({ jobLowerCase: 0.5 }, { seed: 4 });
    const flags: boolean[] = [];
    for (let i = 0; i < 12; i++) {
      const { id, labels } = await createJob();
      const lower = (await job(id)).readFaults?.jobLowerCase === true;
      expect(keysOf(labels, 'jobLowerCase')).toEqual(lower ? [id] : []);
      expect((await page(id, 0, 1))[0].sku).toBe(lower ? 'p-1' : 'P-1');
      flags.push(lower);
    }
    expect(flags).toContain(true);
    expect(flags).toContain(false);
  });
});

describe('per Get Job Status call', () => {
  it('jobShortPage: fewer items than asked, from the start of the page, although more remain', async () => {
    const { faults, labels, job } = fixture.get();
    const { id } = await createJob();
    const truth = await truthKeys(id);
    const stored = JSON.stringify(await job(id));
    await faults({ jobShortPage: 1 }, { seed: 2 });
    const kept = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const p = await page(id, 5, 5);
      const [k] = keysOf(await labels(), 'jobShortPage').map(Number);
      expect(k).toBeGreaterThanOrEqual(1);
      expect(k).toBeLessThanOrEqual(4);
      expect(p.map(key)).toEqual(truth.slice(5, 5 + k));
      kept.add(k);
    }
    expect(kept.size).toBeGreaterThan(1);
    // A one-item page is answered as it is.
    expect((await page(id, 11, 5)).map(key)).toEqual(truth.slice(11));
    expect(await labels()).toEqual([]);
    expect(JSON.stringify(await job(id))).toBe(stored);
  });

  it('jobReorder: the whole list is shuffled before the page is cut, so pages overlap and miss items', async () => {
    const { faults, labels, job } = fixture.get();
    const { id } = await createJob();
    const truth = await truthKeys(id);
    const stored = JSON.stringify(await job(id));
    await faults({ jobReorder: 1 }, { seed: 6 });
    const whole = (await page(id, 0, 50)).map(key);
    expect(await labels()).toEqual(['jobReorder']);
    expect(whole).not.toEqual(truth);
    expect([...whole].sort()).toEqual([...truth].sort());
    let missed = 0;
    for (let i = 0; i < 5; i++) {
      const read = [...(await page(id, 0, 6)), ...(await page(id, 6, 6))].map(key);
      expect(read).toHaveLength(12);
      for (const k of read) expect(truth).toContain(k);
      missed += 12 - new Set(read).size;
    }
    expect(missed).toBeGreaterThan(0);
    expect(JSON.stringify(await job(id))).toBe(stored);
  });

  it('answer faults (if on) apply on top of the page the read edges made', async () => {
    const { faults, labels } = fixture.get();
    const { id } = await createJob();
    const truth = await truthKeys(id);
    await faults({ jobShortPage: 1 }, { answerFaults: { statusCase: 1 } });
    const p = await page(id, 0, 12);
    const [k] = keysOf(await labels(), 'jobShortPage').map(Number);
    expect(p.map(key)).toEqual(truth.slice(0, k));
    expect(p.every((i: any) => i.status !== 'Finalizado' && i.status.trim().toLowerCase() === 'finalizado')).toBe(true);
  });
});

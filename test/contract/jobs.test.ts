/**
 * Contract: asynchronous jobs (hub-api §4.6, §4.8, §4.9) through HubClient over HTTP. The hub
 * starts empty; products are seeded through the admin API, and job progress is driven by moving
 * the emulator clock.
 */
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { ProductRec } from '../../dev/hub-emulator/types';
import { failed, fresh, logged, makeClient, ok, startHub } from './helpers';
import { scenarios } from './scenarios';
import { hubJobSource, readJobItems } from '../../src/core/jobs/read-items';

let hub: SpawnedHub;
const START_DELAY_MS = 60_000;
const SKUS = Array.from({ length: 60 }, (_, i) => `JOB-${String(i + 1).padStart(6, '0')}`);

beforeAll(async () => {
  hub = await startHub({ seed: 'empty', settings: { jobStartDelayMs: START_DELAY_MS, jobItemsPerSecond: 1 } });
});
afterAll(() => hub?.close());
beforeEach(async () => {
  await hub.admin.reset('empty');
  // 60 products active on Mercado Libre and Amazon, one paused-only product.
  await hub.admin.seedProducts({ generate: { count: 60, prefix: 'JOB-', channels: ['mercadolibre', 'amazon'], status: 'active' } });
  await hub.admin.seedProducts([{ sku: 'PAUSADO 1', quantity: 9, price: 10, listings: { walmart: { status: 'paused' } } }]);
  await fresh(hub);
});

async function products(): Promise<Map<string, ProductRec>> {
  return new Map((await hub.admin.state(['products'])).products.map((p) => [p.sku, p]));
}

describe('Update Price And Stock Async (POST /api/stock/UpdatePriceAndStockAsync)', () => {
  test('creates one job for all items (numbers as strings), applied only when processed', async () => {
    const before = await products();
    const { client, transport } = makeClient(hub.url);
    const items = SKUS.map((sku, i) => ({ sku, quantity: String(100 + i), price: '250.50', publishingPrice: '260.00' }));
    const outcome = client.updateAsync(items);
    const r = ok(outcome);
    expect(r.status).toBe('success');
    expect(r.jobId).toMatch(/^\d+$/);
    expect(r.msg).toBe(`Se creó la tarea ${r.jobId} con 60 productos`);
    expect(transport.sent).toHaveLength(1);
    expect(JSON.parse(transport.sent[0].payload!)[0]).toEqual({
      sku: SKUS[0],
      quantity: '100',
      price: '250.50',
      publishingPrice: '260.00',
    });
    expect((await logged(hub, /updatepriceandstockasync/i)).map((l) => l.skus!.length)).toEqual([60]);

    // Not applied yet: the job waits for its start delay.
    const job = (await hub.admin.state(['jobs'])).jobs.find((j) => String(j.id) === r.jobId)!;
    expect(job.items).toHaveLength(120); // 60 SKUs × 2 active channels
    expect((await products()).get(SKUS[0])!.quantity).toBe(before.get(SKUS[0])!.quantity);

    await hub.admin.advance(START_DELAY_MS + 130_000);
    const after = await products();
    SKUS.forEach((sku, i) => {
      const p = after.get(sku)!;
      expect([p.quantity, p.price, p.listings.mercadolibre!.quantity, p.listings.amazon!.price]).toEqual([100 + i, 250.5, 100 + i, 260]);
    });
  });

  test('is never retried: a 503 is reported after one request', async () => {
    await hub.admin.setFaults({ rates: { 503: 1 }, pathPattern: 'UpdatePriceAndStockAsync' });
    const { client } = makeClient(hub.url);
    const outcome = client.updateAsync([{ sku: SKUS[0], quantity: '1' }]);
    await hub.admin.clearFaults();
    const e = failed(outcome);
    expect([e.kind, e.status, outcome.attempts]).toEqual(['server', 503, 1]);
    expect(await logged(hub, /updatepriceandstockasync/i)).toHaveLength(1);
  });
});

describe('Get Job Status (GET /api/stock/GetStockPriceJob)', () => {
  test('readJobItems pages through the job; items move to Finalizado as the hub clock advances', async () => {
    const { client } = makeClient(hub.url);
    const { jobId } = ok(client.updateAsync(SKUS.map((sku, i) => ({ sku, quantity: String(i) }))));
    // One read (a job with items still pending needs no proof of completeness).
    const oneRead = (size?: number) =>
      readJobItems(hubJobSource(client, jobId), { ...(size ? { size } : {}), worthCompleting: () => false }).items;

    const pending = oneRead();
    expect(pending).toHaveLength(120);
    expect(new Set(pending.map((i) => i.status))).toEqual(new Set(['Pendiente']));
    expect(new Set(pending.map((i) => i.integration))).toEqual(new Set(['Mercado Libre', 'Amazon']));
    expect(pending.slice(0, 2).map((i) => [i.sku, i.stock])).toEqual([
      [SKUS[0], 0],
      [SKUS[0], 0],
    ]);
    const pages = await logged(hub, /getstockpricejob/i);
    // The offset moves by the items received; only an empty page ends the read.
    expect(pages.map((l) => [l.query.jobId, l.query.offset, l.query.size])).toEqual([
      [jobId, '0', '50'],
      [jobId, '50', '50'],
      [jobId, '100', '50'],
      [jobId, '120', '50'],
    ]);

    // 1 item per emulator second after the start delay: about 30 done after 30 s.
    await hub.admin.advance(START_DELAY_MS + 30_000);
    const partial = oneRead(40);
    const done = partial.filter((i) => i.status === 'Finalizado').length;
    expect(done).toBeGreaterThanOrEqual(30);
    expect(done).toBeLessThan(60);
    expect(partial.slice(0, done).every((i) => i.status === 'Finalizado' && typeof i.processedAt === 'string')).toBe(true);
    expect(partial.slice(done).every((i) => i.status === 'Pendiente')).toBe(true);

    await hub.admin.advance(120_000);
    const read = readJobItems(hubJobSource(client, jobId));
    expect(read).toMatchObject({ complete: true, total: 120, reads: 1 });
    const finished = read.items;
    expect(finished.map((i) => i.status)).toEqual(Array(120).fill('Finalizado'));
    expect(finished.map((i) => [i.sku, i.integration])).toEqual(pending.map((i) => [i.sku, i.integration]));
  });

  test('reads the job of an Update Stock (jobId from its answer); a past-the-end page is empty', async () => {
    const { client } = makeClient(hub.url);
    const [batch] = client.updateStock([
      { sku: SKUS[0], quantity: 12 },
      { sku: 'PAUSADO 1', quantity: 3 },
    ]);
    const [first, paused] = ok(batch.outcome);
    expect(paused.sites).toBe('');
    const items = client.getJobPage(String(first.jobId), 0);
    expect(items.map((i) => [i.sku, i.stock, i.integration])).toEqual([
      [SKUS[0], 12, 'Mercado Libre'],
      [SKUS[0], 12, 'Amazon'],
    ]);
    expect(client.getJobPage(String(first.jobId), 50)).toEqual([]);
  });

  test('an unknown job → not-found HubError', () => scenarios.jobNotFound(hub));
});

describe('Get Status Request (GET /api/stock/GetStatusRequest, deprecated)', () => {
  test('answers the job state and carries the Deprecation info with its successor', async () => {
    const { client } = makeClient(hub.url);
    const { jobId } = ok(client.updateAsync(SKUS.slice(0, 10).map((sku) => ({ sku, quantity: '5' }))));
    const s0 = client.getStatusRequest(jobId);
    expect(s0).toMatchObject({ jobId, status: 'Pendiente', total: 20, processed: 0 });
    expect(s0.deprecation).toEqual({ deprecated: true, successor: '/api/stock/GetStockPriceJob' });

    await hub.admin.advance(START_DELAY_MS + 5_000);
    const s1 = client.getStatusRequest(jobId);
    expect(s1.status).toBe('En proceso');
    expect(s1.processed).toBeGreaterThanOrEqual(5);
    expect(s1.processed).toBeLessThan(20);

    await hub.admin.advance(60_000);
    expect(client.getStatusRequest(jobId)).toMatchObject({
      status: 'Finalizado',
      total: 20,
      processed: 20,
      deprecation: { deprecated: true },
    });
    expect((await logged(hub, /getstatusrequest/i)).map((l) => [l.query.jobId, l.status])).toEqual(Array(3).fill([jobId, 200]));
  });
});

/**
 * The admin reads the read-edge tests rely on: the true orders, one order, one job, the products
 * with a SKU — over plain HTTP and through their HubAdmin methods.
 */
import { ORDER_COUNT, readHub } from './read-helpers';

const fixture = readHub();
beforeEach(fixture.fresh);

const raw = async (path: string) => {
  const res = await fetch(fixture.get().h.url + path);
  // The admin API's JSON as sent: the assertions say what it holds.
  const json: any = await res.json();
  return { status: res.status, json };
};

describe('admin reads', () => {
  it('GET /__admin/orders: every order as stored, in the order added; /__admin/orders/:id one of them', async () => {
    const { h } = fixture.get();
    const r = await raw('/__admin/orders');
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(ORDER_COUNT);
    expect(r.json.orders).toEqual((await h.admin.state(['orders'])).orders);
    expect(await h.admin.orders()).toEqual(r.json.orders);
    const third = r.json.orders[2];
    expect(await h.admin.order(third.orderId)).toEqual(third);
    const missing = await raw('/__admin/orders/42');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatch(/no order 42 .*GET \/__admin\/orders/);
  });

  it('GET /__admin/jobs/:id: the job as stored with its Get Status Request summary; 404 for an unknown one', async () => {
    const { h, c } = fixture.get();
    const r = await c.post('/api/stock/UpdatePriceAndStockAsync', [{ sku: 'P-1', quantity: '4' }]);
    const job = await h.admin.job(r.json.jobId);
    expect(job).toMatchObject({
      id: Number(r.json.jobId),
      kind: 'async',
      processed: 3,
      summary: { jobId: r.json.jobId, status: 'Finalizado', total: 3, processed: 3 },
    });
    expect(job.items.map((i) => [i.sku, i.channel, i.status])).toEqual([
      ['P-1', 'mercadolibre', 'Finalizado'],
      ['P-1', 'amazon', 'Finalizado'],
      ['P-1', 'walmart', 'Finalizado'],
    ]);
    expect(job).not.toHaveProperty('readFaults');
    const missing = await raw('/__admin/jobs/999');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatch(/no job 999/);
    await expect(h.admin.job(999)).rejects.toThrow(/404/);
  });

  it('GET /__admin/products?sku=: the products with exactly that SKU after NFC, oldest first; all without it', async () => {
    const { h } = fixture.get();
    await h.admin.seedProducts([{ sku: 'LÁMPARA 40W', quantity: 1 }]);
    await h.admin.addDuplicateProducts([{ sku: 'LA\u0301MPARA 40W', quantity: 2 }]); // decomposed Á: the same SKU
    expect((await h.admin.products('LA\u0301MPARA 40W')).map((p) => p.quantity)).toEqual([1, 2]);
    expect(await h.admin.products('lámpara 40w')).toEqual([]);
    const all = await raw('/__admin/products');
    expect(all.json.products.map((p: any) => p.sku.normalize('NFC')).filter((s: string) => s === 'LÁMPARA 40W')).toHaveLength(2);
  });
});

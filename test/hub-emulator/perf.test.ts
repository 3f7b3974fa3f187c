import type { RunningHub } from '../../dev/hub-emulator/server';
import { client, start, type Client } from './helpers';

/** Median and 95th percentile of timings (ms). */
function stats(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] };
}

async function timed(fn: () => Promise<{ status: number }>): Promise<number> {
  const t0 = performance.now();
  const r = await fn();
  const took = performance.now() - t0;
  expect(r.status).toBe(200);
  return took;
}

describe('performance at 20,000 SKUs', () => {
  let h: RunningHub;
  let c: Client;
  beforeAll(async () => {
    h = await start({ seed: 'empty' });
    c = client(h.url);
    await h.admin.seedProducts({ generate: { count: 20_000, prefix: 'P-', channels: ['mercadolibre', 'amazon', 'walmart', 'linio'], status: 'mixed' } });
  });
  afterAll(() => h.close());

  it('answers 200 Update Stock calls of 50 items in a few ms each', async () => {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const items = Array.from({ length: 50 }, (_, j) => ({ sku: `P-${String(((i * 50 + j) % 20_000) + 1).padStart(6, '0')}`, quantity: i }));
      times.push(await timed(() => c.post('/api/stock/updatestock', items)));
    }
    const s = stats(times);
    expect(s.median).toBeLessThan(10);
    expect(s.p95).toBeLessThan(30);
    expect(h.hub.state.product('P-000001')!.quantity).toBe(0);
    expect(h.hub.state.product('P-010000')!.quantity).toBe(199);
  });

  it('answers pages of 50 (every sort and a channel filter) in a few ms each', async () => {
    const times: number[] = [];
    for (const q of ['', '&sort=alph_asc', '&sort=alph_desc', '&channel=amazon']) {
      for (let page = 0; page < 50; page++) {
        times.push(await timed(() => c.get(`/api/stock/GetProductsStockPrice?offset=${page * 397}&paging=50${q}`)));
      }
    }
    const s = stats(times);
    expect(s.median).toBeLessThan(10);
    expect(s.p95).toBeLessThan(30);
  });

  it('answers 200 Update Price V2 calls of 50 items in a few ms each', async () => {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const items = Array.from({ length: 50 }, (_, j) => ({ sku: `P-${String(((i * 50 + j) % 20_000) + 1).padStart(6, '0')}`, price: 100 + i, channel: 'amazon' }));
      times.push(await timed(() => c.post('/api/stock/updatepriceV2', items)));
    }
    expect(stats(times).median).toBeLessThan(10);
  });
});

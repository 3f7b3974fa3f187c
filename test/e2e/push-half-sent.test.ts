/**
 * A push of changes sends a row's general quantity (50 rows a request) before its per-channel
 * quantities (one SKU a request): the hub passes the general one on to every channel, and the
 * per-channel ones put the channels back as the sheet says. An execution that runs out of time
 * between the two leaves the row "half sent" — its channels holding the general quantity — until
 * the next execution (a minute later; an hour for the add-on). Out of time, a chunk starts no new
 * row but finishes the rows it began while their results can still be written (rounds.ts), and
 * the continuation finishes the push with every channel as the sheet says.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, columnValues, seedProducts } from './helpers';

describe('a push of changes out of time leaves few rows half sent', () => {
  let skus: string[];
  const N = 3000;

  // A second a request, on the virtual clock only: 8 per-channel requests a round, ~250 rounds in the 4½ minutes.
  const env = useHub({ runtime: { virtualFetchLatencyMs: 1000, measuredFetchLatency: false }, startMs: 120_000 }, (env) => {
    skus = seedProducts(env, N, ['amazon', 'walmart'], 'active');
  });

  test('after the first execution few rows are half sent, and the next one finishes every row', () => {
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity', 'Quantity [amazon]'], ...skus.map((s, i) => [s, 50 + (i % 40), 3 + (i % 5)])]);
    clearRequests(env);
    env.call('pushChanges');
    const general = new Set<string>();
    const perChannel = new Set<string>();
    for (const r of apiRequests(env)) {
      const target = /updatestock$/i.test(r.path) ? general : /updatepricestockbychannel$/i.test(r.path) ? perChannel : null;
      for (const sku of r.skus ?? []) target?.add(sku);
    }
    // The execution stopped before the end (the rest continues in the background)…
    expect(perChannel.size).toBeLessThan(N);
    expect(perChannel.size).toBeGreaterThan(1000);
    // …with few rows whose channels hold the general quantity: a new row starts only when the
    // round has room for all of its current parts, and rows begun are finished while time allows.
    const halfSent = [...general].filter((sku) => !perChannel.has(sku));
    expect(halfSent.length).toBeLessThan(100);
    // The continuation finishes the push: every row OK, each channel as the sheet says.
    env.rt.advance(15 * 60_000);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
    const hub = new Map(
      (
        env.adminSync('GET', '/__admin/state?only=products') as {
          products: Array<{ sku: string; listings: Record<string, { quantity: number }> }>;
        }
      ).products.map((p) => [p.sku, p]),
    );
    skus.forEach((sku, i) => expect(hub.get(sku)?.listings.amazon.quantity).toBe(3 + (i % 5)));
  }, 300_000);
});

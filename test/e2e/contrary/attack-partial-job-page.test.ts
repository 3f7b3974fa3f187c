/**
 * An async job whose FIRST channel item (the one that also sets the general quantity and price in
 * the hub) fails on a channel error, read through a Get Job Status page that leaves that item out
 * (partialJob). The SKU still has items (its other channels, Finalizado), so the job counts as
 * finished (job-results.ts jobProgress counts missing SKUs, not missing items) and the row is OK with
 * the general quantity confirmed, though the hub never set it.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows, snapshot } from './attack-helpers';

describe('attack: a partial job page hides the failed general item', () => {
  const env = useHub();

  test('rows OK with Quantity confirmed while the hub general quantity is unchanged', () => {
    const skus = Array.from({ length: 12 }, (_, i) => `J-${i + 1}`);
    const found: string[] = [];
    for (let seed = 1; seed <= 20 && found.length === 0; seed++) {
      // mercadolibre first: the job's first item of each SKU is on mercadolibre and sets the general values.
      freshWorld(
        env,
        skus.map((sku) => ({ sku, quantity: 1, price: 10, listings: [{ channel: 'mercadolibre' }, { channel: 'amazon' }] })),
      );
      env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 40 + i])]);
      env.adminSync('POST', '/__admin/faults', { channelErrors: { mercadolibre: 'Publicación pausada' }, seed });
      env.call('pushAsyncAll');
      env.adminSync('POST', '/__admin/faults', {
        channelErrors: { mercadolibre: 'Publicación pausada' },
        answerFaults: { partialJob: 1 },
        pathPattern: 'GetStockPriceJob',
        seed,
      });
      env.rt.advance(120_000);
      env.call('refreshJobs');
      const hub = products(env);
      const snap = snapshot(env);
      for (const r of rows(env)) {
        const h = hub.get(String(r.SKU))!;
        if (r['Sync status'] === 'OK' && h.quantity !== r.Quantity) {
          found.push(
            `seed ${seed} ${r.SKU}: row OK for ${r.Quantity} ("${r['Sync message']}"), hub general quantity ${h.quantity}, snapshot ${JSON.stringify(snap.get(String(r.SKU)))}`,
          );
        }
      }
    }
    // Contract: OK => the hub holds the row's Quantity; confirmed => stored.
    expect(found).toEqual([]);
  });
});

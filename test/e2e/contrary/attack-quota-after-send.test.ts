/**
 * The daily UrlFetch quota runs out between an attempt the hub processed (its answer was lost:
 * malformed / timed out) and the retry. The row is treated as "never sent" (chunk.ts: a part with a
 * quota stop -> `continue`, nothing written and the snapshot step `forget` skipped), so the snapshot
 * keeps quantity 5 confirmed while the hub holds 9. When the seller later types 5 again, "changed
 * rows" sends nothing and the row keeps its old OK for 5 while the hub holds 9.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows, snapshot } from './attack-helpers';

describe('attack: quota between a processed attempt and its retry', () => {
  const env = useHub();

  test('snapshot says 5 confirmed, hub holds 9; later "changed rows" never repairs it', () => {
    freshWorld(env, [{ sku: 'A-1', quantity: 1, price: 10, listings: { amazon: {} } }]);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 5],
    ]);
    env.call('pushStockAll');
    expect(rows(env)[0]['Sync status']).toBe('OK');
    env.rt.sheet(SHEET).setValues([[9]], 'B2');
    env.adminSync('POST', '/__admin/faults', { malformedRate: 1, seed: 1 }); // processed, answer cut in half
    const q = env.rt.quota('urlfetch');
    env.rt.setQuotaUsed('urlfetch', (q.limit ?? 20000) - 1); // room for exactly one request
    let error = '';
    const d0 = env.rt.dialogs().length;
    env.rt.answerNext('OK');
    try {
      env.call('pushStockAll');
    } catch (e) {
      error = String(e);
    }
    env.adminSync('DELETE', '/__admin/faults');
    const said =
      env.rt
        .dialogs()
        .slice(d0)
        .map((d) => d.message ?? '')
        .join(' | ') + error;
    expect(said).toMatch(/quota/i);
    const hub = products(env).get('A-1')!;
    expect(hub.quantity).toBe(9); // the hub did take it
    const confirmed = snapshot(env).get('A-1')!;
    // A day later the seller types 5 again and pushes changed rows.
    env.rt.advance(25 * 60 * 60 * 1000);
    env.rt.sheet(SHEET).setValues([[5]], 'B2');
    env.adminSync('DELETE', '/__admin/requests');
    env.call('pushStockChanged');
    const sent = (env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string }> }).requests.filter((r) =>
      r.path.startsWith('/api/'),
    ).length;
    const [row] = rows(env);
    const hubAfter = products(env).get('A-1')!.quantity;
    expect({
      said: said.slice(0, 400),
      snapshotQuantity: confirmed.quantity,
      hubQuantity: hub.quantity,
      changedRowsRequests: sent,
      rowStatus: row['Sync status'],
      rowQuantity: row.Quantity,
      hubAfter,
    }).toEqual(
      expect.objectContaining({ snapshotQuantity: confirmed.quantity === undefined ? undefined : 9, changedRowsRequests: 1, hubAfter: 5 }),
    );
  });
});

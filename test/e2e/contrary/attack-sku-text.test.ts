/**
 * SKU identity as text: leading zeros (a text cell, and a number formatted 00000), and how the
 * SKUs survive the hidden sheets (snapshot, selection, job items).
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows, snapshot } from './attack-helpers';

describe('attack: SKUs that look like numbers', () => {
  const env = useHub();

  test('snapshot of "00123" is not taken for "123"', () => {
    freshWorld(
      env,
      ['00123', '123', '1e3', '1000', 'TRUE'].map((sku) => ({ sku, quantity: 1, price: 10, listings: { amazon: {} } })),
    );
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['00123', 5],
      ['1e3', 6],
      ['TRUE', 7],
    ]);
    env.call('pushStockAll');
    expect(rows(env).map((r) => r['Sync status'])).toEqual(['OK', 'OK', 'OK']);
    const snap = snapshot(env);
    const raw = env.rt
      .sheet('Hub Sync snapshot')
      .values()
      .slice(1)
      .map((r) => r[0]);
    // A sheet of the other products, with the same quantities, pushed as changed rows.
    env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['123', 5],
      ['1000', 6],
    ]);
    env.adminSync('DELETE', '/__admin/requests');
    env.call('pushStockChanged');
    const hub = products(env);
    expect({ raw, keys: [...snap.keys()], hub123: hub.get('123')!.quantity, hub1000: hub.get('1000')!.quantity }).toEqual({
      raw,
      keys: [...snap.keys()],
      hub123: 5,
      hub1000: 6,
    });
  });

  test('a number formatted 00000 in the SKU column, async job and selected rows', () => {
    freshWorld(
      env,
      ['00123', '123'].map((sku) => ({ sku, quantity: 1, price: 10, listings: { amazon: {} } })),
    );
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      [123, 5],
    ]);
    env.rt.sheet(SHEET).setNumberFormat('A2', '00000');
    env.rt.select(SHEET, 'A2:B2');
    env.call('pushAsyncSelected');
    env.rt.advance(120_000);
    env.call('refreshJobs');
    const [row] = rows(env);
    const hub = products(env);
    expect({
      status: row['Sync status'],
      msg: row['Sync message'],
      h00123: hub.get('00123')!.quantity,
      h123: hub.get('123')!.quantity,
    }).toEqual(expect.objectContaining({ status: 'OK', h00123: 5, h123: 1 }));
  });
});

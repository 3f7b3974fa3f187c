/**
 * Prices by ERP id on a sheet WITH SKUs: the hub sets the price of the OLDEST product with that ERP
 * id (hub-api notes; the demo seed has CAM-ROJA.M and CAM-ROJA.M-2 sharing one). The row of the
 * newer SKU says OK and the snapshot records the price as confirmed for that SKU (and, passed on,
 * for each of its channels), though the hub changed another product.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows, snapshot } from './attack-helpers';

describe('attack: prices by ERP id tied to the row SKU', () => {
  // Plain prices below go by ERP id or in async jobs: the hub's general price, for every channel (the Price rule).
  const env = useHub({ settings: { plainChannels: ['*'] } });

  test('a row whose SKU is the newer of two products sharing an ERP id', () => {
    freshWorld(env, [
      { sku: 'OLD-1', internalId: 'ERP-77', quantity: 1, price: 10, listings: { amazon: {} } },
      { sku: 'NEW-1', internalId: 'ERP-77', quantity: 1, price: 10, listings: { amazon: {} } },
    ]);
    env.rt.addSheet(SHEET, [
      ['SKU', 'ERP id', 'Price'],
      ['NEW-1', 'ERP-77', 55],
    ]);
    env.call('pushErpAll');
    const [row] = rows(env);
    const hub = products(env);
    const snap = snapshot(env).get('NEW-1') ?? {};
    expect({ hubNew: hub.get('NEW-1')!.price, hubOld: hub.get('OLD-1')!.price }).toEqual({ hubNew: 10, hubOld: 55 });
    // Prices by ERP id speak of the ERP id's product, which the hub picks (the oldest of those
    // sharing it): the row says so, and nothing is recorded as confirmed for the row's SKU.
    expect(snap).toEqual({});
    expect(String(row['Sync message'])).toMatch(/ERP id ERP-77/);
    expect(String(row['Sync message'])).toMatch(/the hub updates the product with that ERP id.*not necessarily this row's SKU/);
  });

  test("a row whose SKU is simply another product than the ERP id's", () => {
    freshWorld(env, [
      { sku: 'A-1', internalId: 'ERP-1', quantity: 1, price: 10, listings: { amazon: {} } },
      { sku: 'B-1', internalId: 'ERP-2', quantity: 1, price: 10, listings: { amazon: {} } },
    ]);
    env.rt.addSheet(SHEET, [
      ['SKU', 'ERP id', 'Price'],
      ['A-1', 'ERP-2', 66],
    ]);
    env.call('pushErpAll');
    const [row] = rows(env);
    const hub = products(env);
    const snap = snapshot(env).get('A-1') ?? {};
    // Contract: confirmed for A-1 only if the hub holds 66 for A-1.
    expect({ status: row['Sync status'], snapPrice: snap.price, hubA: hub.get('A-1')!.price }).toEqual({
      status: row['Sync status'],
      snapPrice: undefined,
      hubA: 10,
    });
  });

  test('an ERP id cell holding 123 formatted 00000 (the seller sees 00123) updates ERP id "123"', () => {
    freshWorld(env, [
      { sku: 'X-1', internalId: '00123', quantity: 1, price: 10, listings: { amazon: {} } },
      { sku: 'Y-1', internalId: '123', quantity: 1, price: 10, listings: { amazon: {} } },
    ]);
    env.rt.addSheet(SHEET, [
      ['ERP id', 'Price'],
      [123, 77],
    ]);
    env.rt.sheet(SHEET).setNumberFormat('A2', '00000');
    expect(env.rt.sheet(SHEET).displayValues()[1][0]).toBe('00123');
    env.call('pushErpAll');
    const [row] = rows(env);
    const hub = products(env);
    // Identity as the seller sees it (issue 11 §5): 00123 is X-1's ERP id.
    expect({ status: row['Sync status'], message: row['Sync message'], x: hub.get('X-1')!.price, y: hub.get('Y-1')!.price }).toEqual(
      expect.objectContaining({ x: row['Sync status'] === 'OK' ? 77 : 10, y: 10 }),
    );
  });
});

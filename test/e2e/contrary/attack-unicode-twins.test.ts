/**
 * Two rows whose SKUs differ only in Unicode normalisation (NFC "LÁMPARA" typed, NFD "LÁMPARA"
 * pasted from a web page) are one product to the hub (it matches SKUs after NFC), but two SKUs
 * to the add-on: both are sent in one request, the hub keeps the last, and both rows say OK.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows, snapshot } from './attack-helpers';

const NFC = 'L\u00C1MPARA 40W';
const NFD = 'LA\u0301MPARA 40W';

describe('attack: SKUs that differ only in Unicode normalisation', () => {
  const env = useHub();

  test('push stock: both rows OK, the hub holds only one of the two quantities', () => {
    freshWorld(env, [{ sku: NFC, quantity: 1, price: 10, listings: { amazon: {} } }]);
    expect(NFC).not.toBe(NFD);
    expect(NFC.normalize('NFC')).toBe(NFD.normalize('NFC'));
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      [NFC, 5],
      [NFD, 7],
    ]);
    env.call('pushStockAll');
    const out = rows(env);
    const hub = products(env).get(NFC)!;
    const falseOk = out.filter((r) => r['Sync status'] === 'OK' && r.Quantity !== hub.quantity);
    const snap = snapshot(env);
    const falseConfirmed = [NFC, NFD].filter((s) => snap.get(s)?.quantity !== undefined && snap.get(s)!.quantity !== hub.quantity);
    // Contract: OK => the hub holds that row's value; confirmed => stored.
    expect({ statuses: out.map((r) => r['Sync status']), hub: hub.quantity, falseOk: falseOk.length, falseConfirmed }).toEqual(
      expect.objectContaining({ falseOk: 0, falseConfirmed: [] }),
    );
  });

  test('push prices: both rows OK for amazon, the hub holds one price', () => {
    freshWorld(env, [{ sku: NFC, quantity: 1, price: 10, listings: { amazon: {} } }]);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Price [amazon]'],
      [NFC, 11],
      [NFD, 12],
    ]);
    env.call('pushPricesAll');
    const out = rows(env);
    const hub = products(env).get(NFC)!;
    const falseOk = out.filter((r) => r['Sync status'] === 'OK' && r['Price [amazon]'] !== hub.listings.amazon!.price);
    expect({ statuses: out.map((r) => r['Sync status']), hub: hub.listings.amazon!.price, falseOk: falseOk.length }).toEqual(
      expect.objectContaining({ falseOk: 0 }),
    );
  });
});

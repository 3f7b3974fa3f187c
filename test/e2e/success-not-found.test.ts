/**
 * A success word next to "Producto no encontrado" is a refusal on every synchronous write, as it
 * already is on the async-job road: the row says Error in the hub's words, nothing is recorded as
 * confirmed in the snapshot, and the next push of changed rows sends it again. The built bundle in
 * the runtime emulator against the hub emulator, whose `successNotFound` fault answers one SKU
 * (or ERP id) `success` + `Producto no encontrado` without storing anything for it.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import type { PushMenuName } from '../../src/server/menu';
import { useHub } from '../support/hub';
import { SHEET, rows, snapshot } from './contrary/attack-helpers';
import { apiRequests, clearRequests, hubProducts, seedProducts } from './helpers';

const NOT_FOUND =
  /^SKU not found in the hub: check the SKU or create the product in the hub\. The hub said: \u201CProducto no encontrado\u201D/;

const statuses = (env: AddonEnv): Array<[unknown, unknown]> => rows(env).map((r) => [r.SKU, r['Sync status']]);
const messageOf = (env: AddonEnv, sku: string): string => String(rows(env).find((r) => r.SKU === sku)?.['Sync message']);
const sentSkus = (env: AddonEnv): string[] => apiRequests(env).flatMap((r) => r.skus ?? []);

describe("a success word whose message says the product was not found is an Error, on every push's road", () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 4, ['amazon'], 'active', 'NF-');
  });

  beforeEach(() => {
    env.adminSync('DELETE', '/__admin/faults');
    clearRequests(env);
    for (const name of env.rt.sheetNames()) if (name === SHEET || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
  });

  /** Pushes with the fault on `skus[1]`; that row is an Error in the hub's words, the others OK, nothing confirmed for it. */
  const pushWithFault = (fn: PushMenuName, sheet: unknown[][], key = skus[1]): void => {
    env.rt.addSheet(SHEET, sheet);
    env.adminSync('POST', '/__admin/faults', { successNotFound: [key] });
    env.call(fn);
    expect(statuses(env)).toEqual([
      [skus[0], 'OK'],
      [skus[1], 'Error'],
      [skus[2], 'OK'],
    ]);
    expect(messageOf(env, skus[1])).toMatch(NOT_FOUND);
    // Nothing confirmed for it (an empty entry at most: what was sent is no longer known either way).
    expect(snapshot(env).get(skus[1]) ?? {}).toEqual({});
    expect(Object.keys(snapshot(env).get(skus[0]) ?? {}).length).toBeGreaterThan(0);
  };

  /** The fault gone, a push of changed rows sends that row again (and only it), and now it is OK. */
  const changedSendsItAgain = (fn: PushMenuName, check: (p: ReturnType<typeof hubProducts>) => void): void => {
    env.adminSync('DELETE', '/__admin/faults');
    clearRequests(env);
    env.call(fn);
    expect(sentSkus(env)).toEqual([skus[1]]);
    expect(statuses(env).map(([, s]) => s)).toEqual(['OK', 'OK', 'OK']);
    check(hubProducts(env));
  };

  test('Push stock: Error with the hub\'s words, no snapshot for it, and "Changed rows" sends it again', () => {
    pushWithFault('pushStockAll', [
      ['SKU', 'Quantity'],
      [skus[0], 11],
      [skus[1], 12],
      [skus[2], 13],
    ]);
    expect(hubProducts(env).get(skus[1])?.quantity).not.toBe(12);
    changedSendsItAgain('pushStockChanged', (p) => expect(p.get(skus[1])?.quantity).toBe(12));
  });

  test('Push prices (Update Price V2): the same', () => {
    pushWithFault('pushPricesAll', [
      ['SKU', 'Price [amazon]'],
      [skus[0], 21],
      [skus[1], 22],
      [skus[2], 23],
    ]);
    expect(hubProducts(env).get(skus[1])?.listings.amazon?.price).not.toBe(22);
    changedSendsItAgain('pushPricesChanged', (p) => expect(p.get(skus[1])?.listings.amazon?.price).toBe(22));
  });

  test('Push price & stock by channel: the same', () => {
    pushWithFault('pushByChannelAll', [
      ['SKU', 'Quantity [amazon]'],
      [skus[0], 31],
      [skus[1], 32],
      [skus[2], 33],
    ]);
    changedSendsItAgain('pushByChannelChanged', (p) => expect(p.get(skus[1])?.listings.amazon?.quantity).toBe(32));
  });

  test("Push prices by ERP id: Error with the hub's words, the price not taken", () => {
    const ids = skus.slice(0, 3).map((s) => hubProducts(env).get(s)!.internalId);
    env.call('saveSettings', { plainChannels: ['*'] });
    try {
      env.rt.addSheet(SHEET, [['ERP id', 'Price', 'SKU'], ...ids.map((id, i) => [id, 41 + i, skus[i]])]);
      env.adminSync('POST', '/__admin/faults', { successNotFound: [ids[1]] });
      env.call('pushErpAll');
    } finally {
      env.call('saveSettings', { plainChannels: [] });
    }
    expect(statuses(env)).toEqual([
      [skus[0], 'OK'],
      [skus[1], 'Error'],
      [skus[2], 'OK'],
    ]);
    expect(messageOf(env, skus[1])).toMatch(NOT_FOUND);
    expect(hubProducts(env).get(skus[1])?.price).not.toBe(42);
  });
});

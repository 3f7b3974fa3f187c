/**
 * Scheduled sale prices end to end, in both builds, through the built bundle in the runtime
 * emulator against the hub emulator: pushes hold a scheduled sale price back; Schedule sale prices
 * (after its question) starts the sales in force; the trigger starts and ends the others at their
 * times — within a minute on the bound script, within the hour on the add-on — and an end puts back
 * what the hub held before, unless the hub's sale price changed since (then it is left and said).
 * Overlapping windows are refused naming both rows; each start and end is in the change ledger.
 */
import { TARGETS } from '../../dev/tools/targets';
import type { AddonEnv } from '../../dev/testkit/env';
import { zonedDateTime } from '../../src/core/kernel/time';
import { hubProducts, type HubProduct, useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { column, seedProducts } from './helpers';

const STOCK = 'Stock & Prices';
const LEDGER = 'Hub Sync Ledger';
const HOUR = 3_600_000;
/** The test spreadsheet's time zone (dev/testkit/env.ts): Sale start and Sale end are read in it. */
const ZONE = 'America/Mexico_City';
const COLLEAGUE = 'colleague@example.com';

const salePrice = (env: AddonEnv, sku: string): number | null => hubProducts(env).get(sku)!.listings.amazon!.salePrice ?? null;
const at = (ms: number): string => zonedDateTime(ms, ZONE) as string;

function setSaleOnHub(env: AddonEnv, sku: string, value: number): void {
  const p = hubProducts(env).get(sku) as HubProduct;
  (p.listings.amazon as { salePrice: number | null }).salePrice = value;
  env.adminSync('POST', '/__admin/products', { products: [p] });
}

function rowSays(env: AddonEnv, row: number): { status: string; message: string } {
  const values = env.rt.sheet(STOCK).values();
  return {
    status: String(values[row - 1][column(values, 'Sync status')]),
    message: String(values[row - 1][column(values, 'Sync message')]),
  };
}

/** The stock sheet, anew. */
function stock(env: AddonEnv, rows: unknown[][]): void {
  if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
  env.rt.addSheet(STOCK, rows);
}

/** Who runs the schedule (its document property, in the add-on's hidden state sheet). */
function scheduleOwner(env: AddonEnv): string {
  const kept = env.rt.properties('document')['sales.schedule'];
  if (kept) return (JSON.parse(kept) as { owner: string }).owner;
  const state = env.rt
    .sheet('Hub Sync data (do not edit)')
    .values()
    .find((r) => r[0] === 'sales.schedule');
  return (JSON.parse(String(state?.[1]).replace(/^[^{]*/, '')) as { owner: string }).owner;
}

/** The ledger's records of the sale schedule: [sku, before, sent, answer]. */
function scheduleRecords(env: AddonEnv): Array<[string, number | null, number, string]> {
  if (!env.rt.sheetNames().includes(LEDGER)) return [];
  return env.rt
    .sheet(LEDGER)
    .values()
    .slice(1)
    .flatMap((r) => JSON.parse(String(r[9])) as unknown[][])
    .filter((v) => v[7] === 'schedule')
    .map((v) => [String(v[0]), v[3] as number | null, Number(v[5]), String(v[6])]);
}

/** Who the ledger names for the schedule's records. */
function scheduleBy(env: AddonEnv): string[] {
  return env.rt
    .sheet(LEDGER)
    .values()
    .slice(1)
    .filter((r) => (JSON.parse(String(r[9])) as unknown[][]).some((v) => v[7] === 'schedule'))
    .map((r) => String(r[3]));
}

describe.each(TARGETS)('scheduled sale prices (%s)', (target) => {
  let skus: string[];
  const env = useHub({ target, settings: { plainChannels: ['amazon'] } }, (env) => {
    skus = seedProducts(env, 6, ['amazon'], 'active');
    unwrap(env.rt.forUser(COLLEAGUE).call('saveToken', env.token));
  });
  afterEach(() => env.adminSync('DELETE', '/__admin/faults'));
  const late = target === 'bound' ? 60_000 : HOUR;

  test('a push holds them back; the schedule starts, ends and restores them at their times; overlaps and a changed hub are said', () => {
    const t0 = env.rt.now();
    const before0 = salePrice(env, skus[0]);
    const before1 = salePrice(env, skus[1]);
    const price0 = hubProducts(env).get(skus[0])!.listings.amazon!.price;
    env.rt.addSheet(STOCK, [
      ['SKU', 'Price [amazon]', 'Sale price [amazon]', 'Sale start', 'Sale end'],
      [skus[0], price0, 5, at(t0 + 2 * HOUR), at(t0 + 6 * HOUR)],
      [skus[1], 40, 35, at(t0 - HOUR), at(t0 + 4 * HOUR)],
      [skus[2], 41, 20, at(t0 + HOUR), at(t0 + 3 * HOUR)],
      [skus[2], 41, 18, at(t0 + 2 * HOUR), at(t0 + 4 * HOUR)],
      [skus[3], 42, 17, at(t0 + 3 * HOUR), at(t0 + 2 * HOUR)],
    ]);
    // A push sends the prices, never a scheduled sale price, and says why.
    env.call('pushByChannelAll');
    expect(salePrice(env, skus[1])).toBe(before1);
    expect(rowSays(env, 3).message).toMatch(/Sale price \[amazon\] 35: scheduled by Sale start and Sale end/);

    env.rt.answerNext('YES');
    env.call('scheduleSalePricesFromMenu');
    // The sale in force started at once; the one to come did not.
    expect(salePrice(env, skus[1])).toBe(35);
    expect(salePrice(env, skus[0])).toBe(before0);
    expect(rowSays(env, 3)).toMatchObject({ status: 'On sale', message: expect.stringMatching(/Sale start: sale price 35 on amazon/) });
    expect(rowSays(env, 2)).toMatchObject({
      status: 'Scheduled',
      message: expect.stringMatching(target === 'bound' ? /within a minute/ : /within the hour/),
    });
    expect(rowSays(env, 4).message).toMatch(/overlaps row 5/);
    expect(rowSays(env, 5).message).toMatch(/overlaps row 4/);
    expect(rowSays(env, 6).message).toMatch(/Sale end .* is not after Sale start/);
    expect(scheduleRecords(env)).toEqual([[skus[1], before1, 35, 'OK']]);

    // The start of the second sale, at its time.
    const until = (t: number): void => void env.rt.advance(t - env.rt.now());
    // Never early: a minute before its start it has not started. Then within a minute (bound) or the hour (add-on).
    const start0 = Math.floor((t0 + 2 * HOUR) / 60_000) * 60_000;
    until(start0 - 60_000);
    expect(salePrice(env, skus[0])).toBe(before0);
    until(start0 + late);
    expect(salePrice(env, skus[0])).toBe(5);
    // A colleague sets another sale price on the hub during the first sale: its end leaves it, and says so.
    setSaleOnHub(env, skus[1], 33);
    until(t0 + 4 * HOUR + late);
    expect(salePrice(env, skus[1])).toBe(33);
    expect(rowSays(env, 3).message).toMatch(/changed since, so it is left as it is/);
    // The second sale's end puts back what was there before it (the price itself when there was no sale price: no discount).
    until(t0 + 6 * HOUR + late);
    expect(salePrice(env, skus[0])).toBe(before0 ?? price0);
    expect(scheduleRecords(env)).toEqual([
      [skus[1], before1, 35, 'OK'],
      [skus[0], before0, 5, 'OK'],
      [skus[0], 5, before0 ?? price0, 'OK'],
    ]);
    const runs = env.rt.executions().filter((e) => e.kind === 'trigger');
    expect(runs.filter((e) => !e.ok)).toEqual([]);
  });

  test('a start the hub does not confirm is sent again with the same before; a second editor takes the schedule over and ends the sale', () => {
    const t0 = env.rt.now();
    const before4 = salePrice(env, skus[4]);
    stock(env, [
      ['SKU', 'Sale price [amazon]', 'Sale start', 'Sale end'],
      [skus[4], 12, at(t0 - HOUR), at(t0 + 3 * HOUR)],
    ]);
    // The hub answers every by-channel update with a 500, before processing: nothing is confirmed.
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: '/api/stock/updatepricestockbychannel', seed: 1 });
    env.rt.answerNext('YES');
    env.call('scheduleSalePricesFromMenu');
    expect(salePrice(env, skus[4])).toBe(before4);
    expect(rowSays(env, 2).status).not.toBe('On sale');
    env.adminSync('DELETE', '/__admin/faults');
    const until = (t: number): void => void env.rt.advance(t - env.rt.now());
    until(env.rt.now() + late + 60_000);
    expect(salePrice(env, skus[4])).toBe(12);
    expect(rowSays(env, 2)).toMatchObject({
      status: 'On sale',
      message: expect.stringMatching(/Sale start \(try 2\): sale price 12 on amazon/),
    });
    const records = scheduleRecords(env).filter(([sku]) => sku === skus[4]);
    expect(records.map(([, before, sent]) => [before, sent])).toEqual([
      [before4, 12],
      [before4, 12],
    ]);
    expect(records.map(([, , , answer]) => answer).at(-1)).toBe('OK');

    // The colleague chooses Schedule sale prices: the schedule runs with their trigger from now on.
    const colleague = env.rt.forUser(COLLEAGUE);
    colleague.answerNext('YES');
    colleague.call('scheduleSalePricesFromMenu');
    expect(scheduleOwner(env)).toBe(COLLEAGUE);
    until(t0 + 3 * HOUR + late);
    expect(salePrice(env, skus[4])).toBe(before4 ?? hubProducts(env).get(skus[4])!.listings.amazon!.price);
    expect(scheduleBy(env).at(-1)).toBe(COLLEAGUE);
    // The owner's trigger no longer comes for it (the colleague's does), and no run failed.
    const runs = env.rt.executions().filter((e) => e.kind === 'trigger');
    expect(runs.filter((e) => !e.ok)).toEqual([]);
  });

  test('a running sale keeps its price when a changed-rows push runs, and an emptied window ends it at the next check', () => {
    const t0 = env.rt.now();
    const before5 = salePrice(env, skus[5]);
    stock(env, [
      ['SKU', 'Quantity', 'Sale price [amazon]', 'Sale start', 'Sale end'],
      [skus[5], 3, 9, at(t0 - HOUR), at(t0 + 48 * HOUR)],
    ]);
    env.rt.answerNext('YES');
    env.call('scheduleSalePricesFromMenu');
    expect(salePrice(env, skus[5])).toBe(9);
    env.rt.sheet(STOCK).setValues([[4]], 'B2');
    env.call('pushChanges');
    expect(salePrice(env, skus[5])).toBe(9);
    expect(rowSays(env, 2).status).toBe('OK');
    // The seller empties the window while the sale runs: it ends at the next check, within the hour.
    env.rt.sheet(STOCK).setValues([['', '']], 'D2');
    env.rt.advance(HOUR + 60_000);
    expect(salePrice(env, skus[5])).toBe(before5 ?? hubProducts(env).get(skus[5])!.listings.amazon!.price);
    expect(rowSays(env, 2)).toMatchObject({ status: 'Sale ended', message: expect.stringMatching(/Sale end: /) });
  });

  test('rows sorted under running sales: they go on as they were (no end, no new start)', () => {
    const t0 = env.rt.now();
    stock(env, [
      ['SKU', 'Sale price [amazon]', 'Sale start', 'Sale end'],
      [skus[3], 21, at(t0 - HOUR), at(t0 + 48 * HOUR)],
      [skus[2], 22, at(t0 - HOUR), at(t0 + 48 * HOUR)],
    ]);
    env.rt.answerNext('YES');
    env.call('scheduleSalePricesFromMenu');
    expect([salePrice(env, skus[3]), salePrice(env, skus[2])]).toEqual([21, 22]);
    const records = scheduleRecords(env).length;
    env.rt.sheet(STOCK).sortRows(2, 3, 1, true);
    env.rt.advance(2 * HOUR);
    expect([salePrice(env, skus[3]), salePrice(env, skus[2])]).toEqual([21, 22]);
    expect(scheduleRecords(env)).toHaveLength(records);
    expect([rowSays(env, 2).status, rowSays(env, 3).status]).toEqual(['On sale', 'On sale']);
  });

  test('a hub whose reads fail: the start waits (what it held before is unknown), the Log says so, and the schedule looks hourly, not every minute', () => {
    const t0 = env.rt.now();
    stock(env, [
      ['SKU', 'Sale price [amazon]', 'Sale start', 'Sale end'],
      [skus[1], 13, at(t0 - HOUR), at(t0 + 9 * HOUR)],
    ]);
    // Every read of the hub answers 500 (per SKU and the catalogue): the press itself may fail (its alert answered OK).
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: 'getpricestockbychannel|GetProductsStockPrice', seed: 3 });
    env.rt.answerNext('YES', 'OK');
    env.call('scheduleSalePricesFromMenu');
    const runs = (): number => env.rt.executions().filter((e) => e.kind === 'trigger').length;
    const before = runs();
    env.rt.advance(3 * HOUR);
    // Hourly looks (and the bound script's minutes before the window's end): not 180 runs.
    expect(runs() - before).toBeLessThan(target === 'bound' ? 30 : 5);
    const log = env.rt
      .sheet('Log')
      .values()
      .map((r) => String(r[9] ?? ''));
    expect(log.some((m) => /the hub could not be read|The hub failed on/.test(m))).toBe(true);
    expect(salePrice(env, skus[1])).not.toBe(13);
  });
});

describe('scheduled sale prices that cannot run (bound script)', () => {
  let skus: string[];
  const env = useHub({ target: 'bound', settings: { plainChannels: ['amazon'] } }, (env) => {
    skus = seedProducts(env, 2, ['amazon'], 'active');
  });

  test('a start due that no run can send (a colleague holds the sheet) for over two hours is mailed to the schedule\u2019s owner as not running', () => {
    const t0 = env.rt.now();
    env.rt.addSheet(STOCK, [
      ['SKU', 'Sale price [amazon]', 'Sale start', 'Sale end'],
      [skus[0], 11, at(t0 + HOUR), at(t0 + 9 * HOUR)],
    ]);
    env.rt.answerNext('YES');
    env.call('scheduleSalePricesFromMenu');
    env.rt.holdLock('document', 10 * HOUR);
    env.rt.advance(HOUR + 30 * 60_000);
    expect(env.rt.mails()).toHaveLength(0);
    env.rt.advance(2 * HOUR);
    const mails = env.rt.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/scheduled sale prices not running/);
    expect(mails[0].body).toMatch(/Schedule sale prices/);
    expect(salePrice(env, skus[0])).not.toBe(11);
  });
});

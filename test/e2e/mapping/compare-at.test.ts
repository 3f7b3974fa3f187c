/**
 * Hostile review of issue 15's Shopify compare-at pair, on the built bundle against the hub
 * emulator: OK still means the hub holds exactly what was sent, matched by SKU and channel, when
 * the hub answers reordered, short, duplicated or echoing; and a sale the seller ends (compare-at
 * cleared) is never silently left in the hub.
 */
import fc from 'fast-check';
import { useHub } from '../../support/hub';
import { SHOPIFY_HEADER } from '../../fixtures/exports/shopify';
import { column, columnValues, expectInputsUnchanged, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';
const rowOf = (header: readonly string[], cells: Record<string, unknown>): unknown[] => header.map((h) => cells[h] ?? '');

describe('Shopify compare-at prices and OK means verified', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 12, ['shopify', 'amazon']);
  });
  beforeEach(() => {
    for (const name of env.rt.sheetNames()) if (name === STOCK || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
  });

  const put = (rows: Array<Record<string, unknown>>): unknown[][] => {
    const sheet = [SHOPIFY_HEADER, ...rows.map((cells) => rowOf(SHOPIFY_HEADER, { Handle: 'h', ...cells }))];
    if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, sheet);
    return sheet;
  };

  test('property: under contrary answers, a row is OK only when the hub holds its shopify price and sale price as Shopify means them', () => {
    const cent = fc.integer({ min: 100, max: 9999 }).map((c) => c / 100);
    const row = fc.record({ variant: cent, compare: fc.option(cent, { nil: '' as const }) });
    fc.assert(
      fc.property(fc.array(row, { minLength: 6, maxLength: 6 }), fc.integer({ min: 1, max: 1000 }), (rows, seed) => {
        const sheet = put(
          rows.map((r, i) => ({ 'Variant SKU': skus[i], 'Variant Price': r.variant, 'Variant Compare At Price': r.compare })),
        );
        env.adminSync('POST', '/__admin/faults', {
          seed,
          answerFaults: { drop: 0.15, duplicate: 0.15, substitute: 0.1, wrongEcho: 0.1, refuse: 0.1, reorder: 0.5, extra: 0.3 },
        });
        try {
          env.call('pushByChannelAll');
        } finally {
          env.adminSync('DELETE', '/__admin/faults');
        }
        const values = env.rt.sheet(STOCK).values();
        expectInputsUnchanged(values, sheet);
        const hub = hubProducts(env);
        columnValues(values, 'Sync status').forEach((status, i) => {
          if (status !== 'OK') return;
          const { variant, compare } = rows[i];
          const sale = compare !== '' && compare > variant;
          const listing = hub.get(skus[i])!.listings.shopify!;
          expect([i, listing.price]).toEqual([i, sale ? compare : variant]);
          if (sale) expect([i, listing.salePrice]).toEqual([i, variant]);
          expect(String(values[i + 1][column(values, 'Status [shopify]')])).toBe('OK');
        });
      }),
      { numRuns: 8 },
    );
  });

  test('a sale ended in the export (compare-at cleared) is said in the row while the hub still holds the sale price, never passed over', () => {
    put([{ 'Variant SKU': skus[10], 'Variant Price': 25, 'Variant Compare At Price': 30 }]);
    env.call('pushByChannelAll');
    expect(hubProducts(env).get(skus[10])!.listings.shopify).toMatchObject({ price: 30, salePrice: 25 });
    put([{ 'Variant SKU': skus[10], 'Variant Price': 28, 'Variant Compare At Price': '' }]);
    env.call('pushByChannelAll');
    const values = env.rt.sheet(STOCK).values();
    const listing = hubProducts(env).get(skus[10])!.listings.shopify!;
    expect(listing.price).toBe(28);
    // The hub's interface cannot remove a sale price: the sale at 25 is still there, and the row must say so.
    expect(listing.salePrice).toBe(25);
    expect(columnValues(values, 'Sync status')).toEqual(['OK']);
    expect(String(values[1][column(values, 'Sync message')])).toMatch(
      /Variant Compare At Price holds no sale now, but the hub still holds the sale price 25 on shopify/,
    );
    // Push changes (nothing else edited) says it too, and so does the Log's summary.
    env.call('pushChanges');
    const again = env.rt.sheet(STOCK).values();
    expect(String(again[1][column(again, 'Sync message')])).toMatch(/the hub still holds the sale price 25 on shopify/);
  });
});

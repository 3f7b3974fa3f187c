/**
 * The Preview sheet a seller reads, on the built bundle against the hub: the values a push would
 * change first, the values the hub already holds last after one line that counts them, `What
 * happens` coloured like the results, and percentages that mean something (no "+19400 %" for a
 * price the hub held at 0.05); the sidebar's summary says the same.
 */
import { useHub, hubProducts } from '../support/hub';
import { loose } from '../support/results';
import { previewSummary } from '../../src/core/preview/summary';
import type { PreviewOutcome } from '../../src/core/preview/run';
import { LOOKS } from '../../src/sheet/result-colours';
import { seedProducts } from './helpers';

describe('the Preview sheet', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 30, ['amazon'], 'active');
    env.adminSync('POST', '/__admin/products', {
      products: [
        { sku: skus[7], quantity: 1, price: 5, listings: { amazon: { price: 0.05 } } },
        { sku: skus[12], quantity: 1, price: 5, listings: { amazon: { price: 0 } } },
      ],
    });
  });

  test('changes first, the unchanged values counted and last, coloured, with sensible percentages; the sidebar agrees', () => {
    const hub = hubProducts(env);
    // Every row as the hub holds it, but four: +10 %, from 0.05, from 0, and one halved.
    const changed = new Map<string, number>([
      [skus[3], Math.round(hub.get(skus[3])!.listings.amazon!.price * 1.1 * 100) / 100],
      [skus[7], 9.75],
      [skus[12], 12],
      [skus[20], Math.round(hub.get(skus[20])!.listings.amazon!.price / 2)],
    ]);
    const rows = skus.map((sku) => [sku, changed.get(sku) ?? hub.get(sku)!.listings.amazon!.price]);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Price [amazon]'], ...rows]);
    const r = loose(env.call('previewPush', 'prices', 'all'));
    expect(r.ok).toBe(true);
    const sheet = env.rt.sheet('Preview');
    const values = sheet.values();
    // The four changes, in sheet order, then the line that counts the 26 others, then those.
    expect(values.slice(1, 6).map((row) => row[0])).toEqual([
      skus[3],
      skus[7],
      skus[12],
      skus[20],
      '26 values already as the hub holds them: listed below',
    ]);
    expect(values.slice(6).filter((row) => row[8] === 'unchanged')).toHaveLength(26);
    const pct = new Map(values.slice(1, 5).map((row) => [row[0], row[7]]));
    expect(pct.get(skus[3])).toBeCloseTo(10, 0);
    expect(pct.get(skus[7])).toBe('over +1,000 %');
    expect(pct.get(skus[12])).toBe('from 0');
    expect(String(pct.get(skus[20]))).toMatch(/^-\d+(\.\d)?$/);
    // What happens, coloured like the results: send green, unchanged grey.
    const shown = sheet.effectiveBackgrounds();
    expect(shown[1][8]).toBe(LOOKS.ok.background);
    expect(shown[7][8]).toBe(LOOKS.neutral.background);
    // The sidebar's summary: the same count, the same words for the change from 0.05.
    const summary = previewSummary(r.value as PreviewOutcome).join(' ');
    expect(summary).toContain('26 values already as the hub holds them');
    expect(summary).toContain(`largest price rise over +1,000 % (${skus[7]}`);
    expect(summary).not.toMatch(/19[, ]?400/);
  });
});

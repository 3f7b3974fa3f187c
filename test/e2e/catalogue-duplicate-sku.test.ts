/**
 * A SKU the hub lists twice (two products with one SKU): the hub updates only the oldest. The
 * pull (every channel or one, in any order), a refresh of the row and the preview all show that
 * product's values — the one pushes reach — and the row names the other one.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { loose } from '../support/results';
import { a1, col, rowOf } from './catalogue-helpers';

const SHEET = 'Stock & Prices';

interface Listing {
  quantity: number;
  status: string;
}
interface HubProduct {
  sku: string;
  quantity: number;
  listings: Record<string, Listing>;
}

/** Every product with that SKU, oldest first (the emulator's admin API). */
const withSku = (env: AddonEnv, sku: string): HubProduct[] =>
  env.adminSync<{ products: HubProduct[] }>('GET', `/__admin/products?sku=${encodeURIComponent(sku)}`).products;

const listing = (quantity: number, status: string) => ({ quantity, status });

describe('a SKU the hub lists twice', () => {
  // Every channel's per-channel columns asked for (Settings › Per-channel columns on pull): these tests read them.
  const env = useHub({ settings: { pullChannelColumns: ['*'] } }, (env) => {
    env.adminSync('POST', '/__admin/products', {
      products: [
        { sku: 'CUP', quantity: 5, listings: { mercadolibre: listing(5, 'active'), amazon: listing(5, 'active') } },
        { sku: 'MUG', quantity: 160, listings: { mercadolibre: listing(160, 'active'), amazon: listing(160, 'active') } },
        { sku: 'ZED', quantity: 9, listings: { mercadolibre: listing(9, 'active'), amazon: listing(9, 'active') } },
      ],
    });
    // Newer, with the same SKU: the hub keeps it beside the first and never updates it by SKU.
    env.adminSync('POST', '/__admin/products', {
      products: [{ sku: 'MUG', quantity: 0, listings: { mercadolibre: listing(0, 'paused'), amazon: listing(0, 'paused') } }],
      duplicate: true,
    });
    env.rt.addSheet(SHEET, [
      ['SKU', 'Notes'],
      ['MUG', 'mine'],
    ]);
  });

  const values = (): unknown[][] => env.rt.sheet(SHEET).values();
  const mug = (): Record<string, unknown> => {
    const v = values();
    const row = v[rowOf(v, 'MUG') - 1];
    return Object.fromEntries((v[0] as string[]).map((h, i) => [h, row[i]]));
  };
  const pull = (options: Record<string, unknown>) => loose(env.call('pullCatalogue', { overwriteEdits: true, ...options }));

  test.each([
    ['every channel, SKU Z→A', { sort: 'alph_desc' }],
    ['every channel, SKU A→Z', { sort: 'alph_asc' }],
    ['every channel, the hub’s order', {}],
  ])('pulled (%s): the row shows the product pushes update, and names the other', (_, options) => {
    expect(pull(options)).toMatchObject({ ok: true, value: { status: 'done', duplicates: 1 } });
    const row = mug();
    expect(row).toMatchObject({
      Quantity: 160,
      'Quantity [mercadolibre]': 160,
      'Listing status [mercadolibre]': 'active',
      'Quantity [amazon]': 160,
      'Listing status [amazon]': 'active',
      Notes: 'mine',
    });
    expect(String(row['In hub'])).toMatch(
      /^Yes — the hub lists this SKU 2 times .*shown: #2, the oldest — the one pushes update; the other: #4\./,
    );
    // The first pull (Z→A) appended the new SKUs in that order; the next ones add none.
    expect(
      values()
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['MUG', 'ZED', 'CUP']);
  });

  test('pulled for one channel, SKU Z→A: that channel’s values of the product pushes update', () => {
    env.rt.sheet(SHEET).setValues([['']], a1(rowOf(values(), 'MUG'), col(values(), 'Listing status [mercadolibre]')));
    expect(pull({ channel: 'mercadolibre', sort: 'alph_desc' })).toMatchObject({ ok: true, value: { status: 'done' } });
    expect(mug()).toMatchObject({ 'Quantity [mercadolibre]': 160, 'Listing status [mercadolibre]': 'active' });
  });

  test('the preview reads the same product as the pull: nothing to send, the hub now is 160', () => {
    const r = loose(env.call('previewPush', 'stock', 'all'));
    expect(r.ok).toBe(true);
    const preview = env.rt.sheet('Preview').values();
    const hubNow = preview.filter((row) => row[0] === 'MUG').map((row) => [row[2], row[3], row[4], row[5], row[8]]);
    expect(hubNow).toEqual([['all channels', 'quantity', 160, 160, 'unchanged']]);
  });

  test('a push of the pulled row reaches the product the row shows; a refresh of the row reads it and keeps the duplicate named', () => {
    const note = String(mug()['In hub']);
    env.rt.sheet(SHEET).type(a1(rowOf(values(), 'MUG'), col(values(), 'Quantity [mercadolibre]')), '150');
    env.call('pushChanges');
    const [oldest, newer] = withSku(env, 'MUG');
    expect(oldest.listings.mercadolibre.quantity).toBe(150);
    expect(newer.listings.mercadolibre).toEqual(expect.objectContaining({ quantity: 0, status: 'paused' }));

    env.rt.select(SHEET, `A${rowOf(values(), 'MUG')}`);
    expect(loose(env.call('refreshSelectedRows', true))).toMatchObject({ ok: true, value: { status: 'done', refreshed: 1 } });
    const row = mug();
    expect(row).toMatchObject({
      'Quantity [mercadolibre]': 150,
      'Listing status [mercadolibre]': 'active',
      'Listing status [amazon]': 'active',
    });
    // One SKU at a time shows no duplicate: the pull's warning stays until the next pull.
    expect(row['In hub']).toBe(note);
  });
});

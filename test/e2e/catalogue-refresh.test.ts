/**
 * Refresh the selected rows from the hub (Get Price Stock By Channel, one GET per SKU, in
 * parallel), SKUs with dots, commas, slashes and spaces included; only those rows are written.
 */
import { useHub } from '../support/hub';
import { a1, col, hubRequests, rowOf, sentBodies } from './catalogue-helpers';
import { loose } from '../support/results';

const SHEET = 'Stock & Prices';
const AWKWARD = ['CAM-ROJA.M', 'TAZA,12', 'BOLSA/GRANDE', 'LÁMPARA 40W', 'A.B,C'];

describe('refresh selected rows from the hub (demo hub)', () => {
  // Every channel's per-channel columns asked for (Settings › Per-channel columns on pull): these tests read them.
  const env = useHub({ hub: { seed: 'demo' }, settings: { pullChannelColumns: ['*'] } }, (env) => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Notes'],
      ['NIÑO AZUL 10', 'not selected'],
      ...AWKWARD.map((sku) => [sku, `note ${sku}`]),
      ['NO-SUCH-SKU', 'gone'],
      ['SIN-PUBLICAR', 'not selected either'],
    ]);
  });

  const values = (): unknown[][] => env.rt.sheet(SHEET).values();

  test('one GET per selected SKU, encoded; the per-channel columns of those rows only; a SKU the hub lacks is marked', () => {
    env.rt.select(SHEET, 'A3:B8');
    env.adminSync('DELETE', '/__admin/requests');
    const result = loose(env.call('refreshSelectedRows'));
    expect(result).toMatchObject({ ok: true, value: { status: 'done', rows: 6, refreshed: 5, notInHub: 1, failed: 0, requests: 6 } });

    const paths = hubRequests(env).map((r) => r.path);
    expect(paths.sort()).toEqual([
      '/api/stock/getpricestockbychannel/A.B%2CC/',
      '/api/stock/getpricestockbychannel/BOLSA%2FGRANDE/',
      '/api/stock/getpricestockbychannel/CAM-ROJA.M/',
      '/api/stock/getpricestockbychannel/L%C3%81MPARA%2040W/',
      '/api/stock/getpricestockbychannel/NO-SUCH-SKU/',
      '/api/stock/getpricestockbychannel/TAZA%2C12/',
    ]);
    // Six requests in one round (default concurrency 8).
    expect(
      env.rt
        .fetchLog()
        .slice(-6)
        .every((f, _, all) => f.at === all[0].at),
    ).toBe(true);

    const v = values();
    const price = col(v, 'Price [mercadolibre]');
    const inHub = col(v, 'In hub');
    expect(v[rowOf(v, 'CAM-ROJA.M') - 1][col(v, 'Listing status [linio]')]).toBe('paused');
    expect(v[rowOf(v, 'BOLSA/GRANDE') - 1][col(v, 'Listing status [walmart]')]).toBe('active');
    expect(typeof v[rowOf(v, 'LÁMPARA 40W') - 1][price]).toBe('number');
    expect(col(v, 'Quantity [mercadolibre]')).toBeGreaterThan(1);
    expect(v[0]).not.toContain('Quantity'); // this endpoint has no general quantity
    for (const sku of AWKWARD) expect(v[rowOf(v, sku) - 1][inHub]).toBe('Yes');
    expect(v[rowOf(v, 'NO-SUCH-SKU') - 1][inHub]).toBe('No (not in the hub at the refresh of 2026-11-20 09:00)');
    // Rows outside the selection: nothing written.
    for (const sku of ['NIÑO AZUL 10', 'SIN-PUBLICAR']) {
      const row = v[rowOf(v, sku) - 1];
      expect(row.slice(2).every((c) => c === '')).toBe(true);
    }
    // The seller's column is as it was.
    expect(v.slice(1).map((r) => r[1])).toEqual(['not selected', ...AWKWARD.map((s) => `note ${s}`), 'gone', 'not selected either']);
  });

  test('the refreshed rows are confirmed: push changes sends nothing, then only an edit', () => {
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(sentBodies(env, from)).toEqual([]);

    const v = values();
    env.rt.sheet(SHEET).type(a1(rowOf(v, 'TAZA,12'), col(v, 'Price [amazon]')), '5555');
    const again = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(sentBodies(env, again)).toEqual([
      { method: 'POST', path: '/api/stock/updatepriceV2', body: [{ sku: 'TAZA,12', price: 5555, channel: 'amazon' }] },
    ]);
  });

  test('a change made in the hub shows after a refresh; an unpushed edit is only replaced after a yes', () => {
    env.adminSync('POST', '/__admin/products', {
      products: [
        { sku: 'A.B,C', quantity: 3, price: 900, listings: { amazon: { status: 'paused', price: 990 }, walmart: { status: 'active' } } },
      ],
    });
    const v = values();
    const row = rowOf(v, 'A.B,C');
    env.rt.sheet(SHEET).type(a1(row, col(v, 'Price [walmart]')), '1234');
    env.rt.select(SHEET, `A${row}`);
    expect(env.call('refreshSelectedRows')).toMatchObject({ ok: true, value: { status: 'needsConfirmation', editedRows: 1 } });
    expect(values()[row - 1][col(v, 'Price [walmart]')]).toBe(1234);

    env.rt.answerNext('YES');
    env.call('refreshSelectedFromMenu');
    const after = values();
    expect(after[row - 1][col(v, 'Price [amazon]')]).toBe(990);
    expect(after[row - 1][col(v, 'Listing status [amazon]')]).toBe('paused');
    expect(after[row - 1][col(v, 'Price [walmart]')]).toBe(900);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Refresh from the hub: 1 row refreshed/);
  });

  test('a selection on another sheet is refused with what to do', () => {
    env.rt.addSheet('Other', [['x']]);
    env.rt.select('Other', 'A1');
    const result = loose(env.call('refreshSelectedRows'));
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/Select the rows to refresh from the hub in "Stock & Prices" first/);
  });
});

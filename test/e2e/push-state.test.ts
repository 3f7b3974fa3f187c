/**
 * What the add-on keeps between executions stays bounded and true: the document properties stay
 * under their budget with the largest selections of the longest SKUs and interrupted runs; rows
 * still waiting for an async job are not overwritten by another push; a job is finished only when
 * every SKU it was sent has a result; a SKU cell holding a number is the SKU the seller sees.
 */
import { useHub } from '../support/hub';
import { PROPERTY_BUDGET_BYTES, storeBytes } from '../../dev/testkit/invariant/check';
import { writeReliability } from '../../dev/testkit/reliability';
import { apiRequests, clearRequests, column, columnValues, hubProducts, seedProducts } from './helpers';
import { loose } from '../support/results';

describe('state that stays bounded and true', () => {
  const env = useHub({ runtime: { onDialog: () => 'OK' } });

  function fresh(rows: unknown[][]): void {
    clearRequests(env);
    env.adminSync('DELETE', '/__admin/faults');
    for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
    for (const key of Object.keys(env.rt.properties('document'))) if (key !== 'settings') env.rt.setProperty('document', key, null);
    env.rt.addSheet('Stock & Prices', rows);
  }

  test('5,000 selected rows of 200-character SKUs, cut five times: the properties never pass 250 KB, and nothing is left behind', () => {
    const prefix = `${'LONG-SKU-'.repeat(22)}`.slice(0, 194);
    const skus = seedProducts(env, 5000, ['amazon'], 'active', prefix);
    expect(skus[0].length).toBe(200);
    fresh([['SKU', 'Quantity'], ...skus.map((s, i) => [s, i % 90])]);
    let most = 0;
    env.rt.onServiceCall((info) => {
      if (info.service === 'Properties') most = Math.max(most, storeBytes(env.rt.properties('document')));
    });
    try {
      env.rt.select('Stock & Prices', 'A2:B5001');
      for (const cut of [40, 120, 260, 400, 520]) {
        env.rt.cutOffAfter(cut);
        try {
          env.call('pushStockSelected');
        } catch {
          // killed by the cut, as Apps Script kills an execution at its time limit
        }
      }
      env.call('pushStockSelected');
      // Checking 5,000 selected rows for hidden ones takes two Sheets calls a row (Apps Script has
      // no batch for it): at 30 ms a round trip that fills this execution, and the background
      // trigger sends the rows a minute later, as the toast says.
      for (let i = 0; i < 10 && Object.keys(env.rt.properties('document')).some((k) => k.startsWith('push')); i++)
        env.rt.advance(2 * 60_000);
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(PROPERTY_BUDGET_BYTES);
    writeReliability('property-budget', {
      rows: 5000,
      skuLength: skus[0].length,
      cuts: 5,
      maxDocumentPropertyBytes: most,
      budget: PROPERTY_BUDGET_BYTES,
    });
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
    const left = Object.keys(env.rt.properties('document')).filter((k) => /^push|lockHolder/.test(k));
    expect(left).toEqual([]);
    expect(
      env.rt
        .sheet('Hub Sync run')
        .values()
        .slice(1)
        .every((r) => r.every((c) => c === '')),
    ).toBe(true);
  });

  test('a row still Pending in an open async job is not sent by another push, and says why', () => {
    const skus = seedProducts(env, 3, ['amazon', 'walmart'], 'active', 'HELD-');
    env.adminSync('POST', '/__admin/settings', { jobStartDelayMs: 3_600_000 });
    try {
      fresh([
        ['SKU', 'Quantity'],
        [skus[0], 5],
        [skus[1], 6],
      ]);
      env.call('pushAsyncAll');
      let values = env.rt.sheet('Stock & Prices').values();
      expect(columnValues(values, 'Sync status')).toEqual(['Pending', 'Pending']);
      const jobId = values[1][column(values, 'Job id')];
      // Another push of the same rows waits for the job: the job would overwrite it when it runs.
      env.rt.sheet('Stock & Prices').setValues([[50]], 'B2');
      clearRequests(env);
      env.call('pushStockAll');
      values = env.rt.sheet('Stock & Prices').values();
      expect(apiRequests(env)).toHaveLength(0);
      expect(columnValues(values, 'Sync status')).toEqual(['Pending', 'Pending']);
      expect(values[1][column(values, 'Job id')]).toBe(jobId);
      expect(String(values[1][column(values, 'Sync message')])).toMatch(/async job .* is still open.*Refresh job results/);
      // Once the job ran and its results are in, the push goes out.
      env.adminSync('POST', '/__admin/settings', { jobStartDelayMs: 0 });
      env.rt.advance(60_000);
      env.call('refreshJobs');
      values = env.rt.sheet('Stock & Prices').values();
      expect(columnValues(values, 'Sync status')[1]).toBe('OK');
      expect(columnValues(values, 'Sync status')[0]).toBe('Unconfirmed'); // its Quantity was changed after it was sent
      clearRequests(env);
      env.call('pushStockChanged');
      expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toEqual([skus[0]]);
      expect(hubProducts(env).get(skus[0])!.quantity).toBe(50);
    } finally {
      env.adminSync('POST', '/__admin/settings', { jobStartDelayMs: 2000 });
    }
  });

  test('an async job is finished only when every SKU it was sent has a result', () => {
    const skus = seedProducts(env, 6, ['amazon'], 'active', 'PART-');
    fresh([['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])]);
    env.call('pushAsyncAll');
    env.adminSync('POST', '/__admin/clock', { advanceMs: 60_000 });
    // Every page of the job comes back short of some items: the job is read again (up to three
    // full reads, and once by page numbers) and the reads merged, and it is finished only if the
    // merged items reach the hub's own count of them — never with an item left out.
    env.adminSync('POST', '/__admin/faults', { answerFaults: { partialJob: 1 }, pathPattern: 'GetStockPriceJob', seed: 4 });
    clearRequests(env);
    const first = loose(env.call('refreshJobs'));
    // One plain read is two pages here (offsets 0 and 5, the offset moving by the items received).
    expect(apiRequests(env).filter((r) => r.path.toLowerCase() === '/api/stock/getstockpricejob').length).toBeGreaterThan(2);
    let values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(skus.map(() => (first.value!.open === 0 ? 'OK' : 'Pending')));
    env.adminSync('DELETE', '/__admin/faults');
    const second = loose(env.call('refreshJobs'));
    expect(second.value!.open).toBe(0);
    values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(skus.map(() => 'OK'));
    expect(
      env.rt.sheetNames().includes('Hub Sync job items')
        ? env.rt
            .sheet('Hub Sync job items')
            .values()
            .slice(1)
            .filter((r) => r[0] !== '')
        : [],
    ).toEqual([]);
  });

  test('a SKU cell holding 123 formatted 00000 is SKU 00123, and the row says the cell is a number', () => {
    env.adminSync('POST', '/__admin/products', { products: [{ sku: '00123', quantity: 1, listings: { amazon: {} } }] });
    fresh([
      ['SKU', 'Quantity'],
      [123, 9],
    ]);
    env.rt.sheet('Stock & Prices').setNumberFormat('A2', '00000');
    env.call('pushStockAll');
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toEqual(['00123']);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(values[1][column(values, 'Sync status')]).toBe('OK');
    expect(String(values[1][column(values, 'Sync message')])).toMatch(/holds the number 123 shown as '00123'/);
    expect(hubProducts(env).get('00123')!.quantity).toBe(9);
  });
});

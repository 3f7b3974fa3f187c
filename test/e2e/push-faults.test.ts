import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';

describe('push under hub faults', () => {
  let skus: string[];
  const env = useHub({ runtime: { fetchTimeoutMs: 1500 } }, (env) => {
    skus = seedProducts(env, 300);
  });

  beforeEach(() => {
    clearRequests(env);
    env.adminSync('DELETE', '/__admin/faults');
    for (const name of env.rt.sheetNames()) if (name === 'Stock & Prices' || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
  });

  function sheetOf(rows: unknown[][]): unknown[][] {
    const sheet = [['SKU', 'Quantity'], ...rows];
    env.rt.addSheet('Stock & Prices', sheet);
    return sheet;
  }

  test('partial failure: an unknown SKU and a channel error are told apart on their rows', () => {
    env.adminSync('POST', '/__admin/faults', { channelErrors: { walmart: 'Publicación pausada por el canal' } });
    const sheet = sheetOf([
      [skus[0], 5],
      ['NO-EXISTE-1', 6],
      [skus[1], 7],
    ]);
    env.call('pushStockAll');
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(['Warning', 'Error', 'Warning']);
    expect(String(values[2][column(values, 'Sync message')])).toMatch(
      /^SKU not found in the hub: .*The hub said: \u201CProducto no encontrado\u201D/,
    );
    expect(String(values[1][column(values, 'Sync message')])).toMatch(
      /refused by walmart\. The hub said: \u201CError - Publicación pausada por el canal\u201D \(walmart\)/,
    );
    // The hub's status for that SKU was "error": amazon's OK is reported, not confirmed.
    expect(values[1][column(values, 'Status [amazon]')]).toBe("Not confirmed (the hub's status was 'error')");
    expect(String(values[1][column(values, 'Status [walmart]')])).toMatch(/Publicación pausada/);
    // Neither a warning nor an error is confirmed: a changed-only push sends them again.
    env.adminSync('DELETE', '/__admin/faults');
    clearRequests(env);
    env.call('pushStockChanged');
    expect(
      apiRequests(env)
        .flatMap((r) => r.skus ?? [])
        .sort(),
    ).toEqual([skus[0], skus[1], 'NO-EXISTE-1'].sort());
    expectInputsUnchanged(env.rt.sheet('Stock & Prices').values(), sheet);
  });

  test('5xx and 429 answers are retried with backoff until every row is confirmed, and counted', () => {
    env.adminSync('POST', '/__admin/faults', { rates: { '503': 0.3, '500': 0.1, '429': 0.2 }, seed: 5 });
    const rows = skus.slice(0, 300).map((s, i) => [s, 1000 + i]);
    sheetOf(rows);
    env.call('pushStockAll');
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
    const after = hubProducts(env);
    rows.forEach(([sku, q]) => expect(after.get(sku as string)!.quantity).toBe(q));
    const requests = apiRequests(env);
    const faulted = requests.filter((r) => r.fault);
    expect(faulted.length).toBeGreaterThan(0);
    expect(requests.length).toBe(6 + faulted.length); // 6 batches, plus one resend per faulted answer
    const log = env.rt.sheet('Log').values();
    const last = log[log.length - 1];
    expect(last[column(log, 'Retries')]).toBe(faulted.length);
    expect(last[column(log, 'Requests')]).toBe(requests.length);
  });

  test('a request that times out is sent again (the whole fetchAll batch fails, as in Apps Script)', () => {
    env.adminSync('POST', '/__admin/faults', { timeoutRate: 0.25, seed: 3 });
    const rows = skus.slice(0, 200).map((s, i) => [s, 7 + i]);
    sheetOf(rows);
    env.call('pushStockAll');
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
    expect(apiRequests(env).some((r) => r.fault === 'timeout')).toBe(true);
    const after = hubProducts(env);
    rows.forEach(([sku, q]) => expect(after.get(sku as string)!.quantity).toBe(q));
  });

  test('when retries run out, every row of the failed request says why and the others are confirmed', () => {
    env.adminSync('POST', '/__admin/faults', { rates: { '502': 1 }, pathPattern: 'updatestock', seed: 1 });
    sheetOf(skus.slice(0, 3).map((s) => [s, 1]));
    env.call('pushStockAll');
    const values = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(values, 'Sync status')).toEqual(['Error', 'Error', 'Error']);
    expect(String(values[1][column(values, 'Sync message')])).toMatch(/HTTP 502.*Nothing was lost: try again/);
    expect(apiRequests(env)).toHaveLength(6);
  });

  test('an HTML page instead of JSON: the rows say to check the base URL', () => {
    env.adminSync('POST', '/__admin/faults', { htmlRate: 1, seed: 1 });
    sheetOf([[skus[0], 1]]);
    env.call('pushStockAll');
    const values = env.rt.sheet('Stock & Prices').values();
    expect(String(values[1][column(values, 'Sync message')])).toMatch(/web page instead of data\. Check the base URL/);
  });

  test('an expired token: the menu says to sign in again, and nothing is sent', () => {
    env.adminSync('POST', '/__admin/tokens/expire', { token: env.token });
    try {
      sheetOf([[skus[0], 1]]);
      env.rt.answerNext('OK');
      env.call('pushStockAll');
      const values = env.rt.sheet('Stock & Prices').values();
      expect(String(values[1][column(values, 'Sync message')])).toMatch(/invalid or has expired\. Sign in again/);
    } finally {
      env.adminSync('POST', '/__admin/tokens', { token: env.token });
    }
  });
});

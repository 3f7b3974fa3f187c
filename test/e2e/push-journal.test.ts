/**
 * The journal stays small and safe: long SKUs, scattered changed rows and async jobs of any size
 * never fill the document properties store; rows restored after an interruption keep their
 * per-channel status; rows moved during a push never get another row's result.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, hubProducts } from './helpers';

const PREFIX = 'A-RATHER-LONG-SKU-PREFIX-FOR-THE-JOURNAL-';

describe('the push journal under load', () => {
  const skus = Array.from({ length: 20_000 }, (_, i) => `${PREFIX}${String(i + 1).padStart(6, '0')}`);
  let maxDocChars = 0;
  const env = useHub({ startMs: 120_000 }, (env) => {
    env.adminSync('POST', '/__admin/products', {
      generate: { count: 20_000, prefix: PREFIX, channels: ['amazon', 'walmart'], status: 'active', seed: 5 },
    });
  });

  const docChars = (): number => Object.entries(env.rt.properties('document')).reduce((n, [k, v]) => n + k.length + v.length, 0);

  function watchStore(): void {
    maxDocChars = 0;
    env.rt.onServiceCall((info) => {
      if (info.service === 'Properties' && info.count % 5 === 0) maxDocChars = Math.max(maxDocChars, docChars());
    });
  }

  function fresh(rows: unknown[][]): void {
    for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
    for (const key of Object.keys(env.rt.properties('document'))) if (key !== 'settings') env.rt.setProperty('document', key, null);
    env.rt.addSheet('Stock & Prices', rows);
    clearRequests(env);
  }

  test('20,000 rows with 47-character SKUs in one menu push: the store stays small, every row confirmed', () => {
    fresh([['SKU', 'Quantity'], ...skus.map((s, i) => [s, 1 + (i % 50)])]);
    watchStore();
    try {
      env.call('pushStockAll');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status').every((s) => s === 'OK')).toBe(true);
    expect(maxDocChars).toBeLessThan(20_000);
  });

  test('10,000 scattered changed rows: the journal is written out before it grows past its bound', () => {
    const values = env.rt
      .sheet('Stock & Prices')
      .values()
      .map((r) => [...r]);
    for (let r = 1; r < values.length; r += 2) values[r][1] = 500 + r;
    env.rt.sheet('Stock & Prices').setValues(values);
    clearRequests(env);
    watchStore();
    try {
      env.call('pushStockChanged');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    const sent = apiRequests(env).flatMap((r) => r.skus ?? []);
    expect(sent).toHaveLength(10_000);
    expect(new Set(sent).size).toBe(10_000);
    expect(maxDocChars).toBeLessThan(120_000);
    const hub = hubProducts(env);
    expect(hub.get(skus[0])!.quantity).toBe(501);
  });

  test('an async job of 2,000 long-SKU rows is sent (its in-flight record fits the store)', () => {
    fresh([['SKU', 'Quantity'], ...skus.slice(0, 2000).map((s) => [s, 3])]);
    env.call('pushAsyncAll');
    const status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
    expect(status.every((s) => s === 'Pending')).toBe(true);
    expect(apiRequests(env).map((r) => r.path)).toEqual(['/api/stock/UpdatePriceAndStockAsync']);
  });

  test('rows restored from the journal after a cut claim nothing per channel (their Status [channel] is emptied, not left from the push before); none is sent twice', () => {
    const rows = [['SKU', 'Quantity'], ...skus.slice(0, 1200).map((s) => [s, 8])];
    fresh(rows);
    env.call('pushStockAll'); // the Status [channel] columns now say OK
    const before = env.rt.sheet('Stock & Prices').values();
    const edited = before.map((r, i) => (i === 0 ? r : [r[0], 9, ...r.slice(2)]));
    // Find the service call right after the first round's journal entry, on an identical run.
    const rehearse = (): number => {
      env.rt.sheet('Stock & Prices').setValues(edited);
      let seenFetch = false;
      let cut = -1;
      env.rt.onServiceCall((info) => {
        if (info.service === 'UrlFetchApp') seenFetch = true;
        if (seenFetch && cut < 0 && info.service === 'Properties' && info.method === 'setProperty') cut = info.count;
      });
      try {
        env.call('pushStockAll');
      } finally {
        env.rt.onServiceCall(undefined);
      }
      return cut;
    };
    const cutAt = rehearse();
    expect(cutAt).toBeGreaterThan(0);
    env.rt.sheet('Stock & Prices').setValues(edited);
    clearRequests(env);
    env.rt.cutOffAfter(cutAt); // dies right after the first round's journal entry, before the next round
    expect(() => env.call('pushStockAll')).toThrow(/Exceeded maximum execution time/);
    env.call('pushStockAll');
    const after = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(after, 'Sync status').every((s) => s === 'OK')).toBe(true);
    expect(columnValues(after, 'Sync message').some((m) => /before an interruption/.test(String(m)))).toBe(true);
    // The journal keeps that a row was confirmed, not what each channel said: the OK of the
    // earlier push (for quantity 8) must not stand next to this one's (for 9).
    const messages = columnValues(after, 'Sync message');
    const amazon = columnValues(after, 'Status [amazon]');
    const restored = messages.map((m) => /before an interruption/.test(String(m)));
    expect(amazon.filter((_, i) => restored[i]).every((s) => s === '')).toBe(true);
    expect(amazon.filter((_, i) => !restored[i]).every((s) => s === 'OK')).toBe(true);
    const sends = new Map<string, number>();
    for (const r of apiRequests(env)) for (const sku of r.skus ?? []) sends.set(sku, (sends.get(sku) ?? 0) + 1);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
  });

  test("rows sorted while a push runs: every result lands on its own SKU's row, found again by SKU", () => {
    // SKUs no async job of an earlier test still has queued in the hub (it would overwrite them when it runs).
    const rows = [['SKU', 'Quantity'], ...skus.slice(10_000, 11_000).map((s, i) => [s, 100 + i])];
    fresh(rows);
    let sorted = false;
    env.rt.onServiceCall((info) => {
      if (sorted || info.service !== 'UrlFetchApp') return;
      sorted = true;
      const v = env.rt.sheet('Stock & Prices').values();
      env.rt.sheet('Stock & Prices').setValues([v[0], ...v.slice(1).reverse()]);
    });
    try {
      env.call('pushStockAll');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(sorted).toBe(true);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(values[1][0]).toBe(skus[10_999]); // the sheet is reversed, and stays so
    expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
    const hub = hubProducts(env);
    for (const r of values.slice(1)) {
      expect(String(r[column(values, 'Sync message')])).toContain(`Quantity ${r[1]} `);
      expect(hub.get(r[0] as string)!.quantity).toBe(r[1]);
    }
    expect(apiRequests(env)).toHaveLength(20); // each SKU sent once
  });
});

/**
 * Apps Script's daily quotas stop a push at once, with a sentence naming the quota and when it
 * resets; the rows not sent stay as they were (no Error, nothing retried), and pushing again once
 * the quota is back sends exactly them.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, hubProducts, seedProducts } from './helpers';

describe('daily quotas during a push', () => {
  let skus: string[];
  const env = useHub({ runtime: { onDialog: () => 'OK' } }, (env) => {
    skus = seedProducts(env, 2000);
  });

  beforeEach(() => {
    clearRequests(env);
    for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
    for (const key of Object.keys(env.rt.properties('document'))) if (key !== 'settings') env.rt.setProperty('document', key, null);
  });

  test('UrlFetch: 20 calls of quota left for a 2,000-row push: two rounds of 8 requests confirmed, the third refused whole, the rest untouched', () => {
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 1000 + i])]);
    env.rt.setQuotaUsed('urlfetch', 20_000 - 20);
    env.call('pushStockAll');
    const alert = String(env.rt.dialogs().at(-1)?.message);
    expect(alert).toMatch(/daily quota of UrlFetch calls .* is used up/);
    expect(alert).toMatch(/resets by .* at the latest/);
    expect(alert).toMatch(/1,200 rows were not sent and stay as they are: push again then \(800 were done\)/);
    expect(apiRequests(env)).toHaveLength(16);
    const values = env.rt.sheet('Stock & Prices').values();
    const status = columnValues(values, 'Sync status');
    expect(status.filter((s) => s === 'OK')).toHaveLength(800);
    expect(status.filter((s) => s === '')).toHaveLength(1200); // not Error: never sent
    const log = env.rt.sheet('Log').values();
    expect(String(log.at(-1)?.[column(log, 'Message')])).toMatch(/Stopped: Apps Script's daily quota of UrlFetch calls/);
    // A day later the quota is back: pushing changed rows sends exactly the 1,200 not sent.
    env.rt.setQuotaUsed('urlfetch', 0);
    clearRequests(env);
    env.call('pushStockChanged');
    expect(apiRequests(env).flatMap((r) => r.skus ?? [])).toHaveLength(1200);
    const hub = hubProducts(env);
    skus.forEach((s, i) => expect(hub.get(s)!.quantity).toBe(1000 + i));
  });

  test('Properties: the daily quota ends the push with its own sentence, not "something went wrong"', () => {
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.slice(0, 100).map((s) => [s, 7])]);
    env.rt.setQuotaUsed('properties', 50_000 - 4);
    env.call('pushStockAll');
    const alert = String(env.rt.dialogs().at(-1)?.message);
    expect(alert).toMatch(/daily quota of property reads and writes .* is used up/);
    expect(alert).not.toMatch(/Something went wrong/);
    env.rt.setQuotaUsed('properties', 0);
  });
});

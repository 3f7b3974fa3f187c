import { type HubListing, type HubProduct, hubProducts } from '../support/hub';
/**
 * Issue 17: a preview of every push operation and scope on the built bundle. Each plans the rows
 * as its push would, sets every value beside the hub's, and sends nothing.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, seedProducts } from './helpers';

type Outcome = {
  rows: number;
  lines: number;
  totals: { changes: Record<string, number>; unchanged: number; refused: number; notInHub: number; notRead: number };
};

describe('preview: every operation and scope', () => {
  let skus: string[];
  let hub: Map<string, HubProduct>;
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 6, ['amazon', 'walmart'], 'active');
    hub = hubProducts(env);
  });

  const sheet = (header: string[], row: (sku: string, i: number) => unknown[]): void => {
    if (env.rt.sheetNames().includes('Stock & Prices')) env.rt.deleteSheet('Stock & Prices');
    env.rt.addSheet('Stock & Prices', [header, ...skus.map(row)]);
  };
  const preview = (operation: string, scope: string): Outcome => {
    clearRequests(env);
    const r = env.call('previewPush', operation, scope);
    if (!r.ok) throw new Error(r.error);
    // A preview sends nothing: reads only.
    expect(apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET')).toEqual([]);
    return r.value!;
  };
  const amazon = (sku: string): HubListing => hub.get(sku)!.listings.amazon!;
  /** The hub passes a general Quantity on to every channel: per channel, the rows where that changes the channel's quantity. */
  const overwritten = (rows: Array<[string, number]>): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const [sku, q] of rows)
      for (const [ch, l] of Object.entries(hub.get(sku)!.listings))
        if (l && l.quantity !== q) out[`Quantity [${ch}]`] = (out[`Quantity [${ch}]`] ?? 0) + 1;
    return out;
  };

  test.each(['all', 'selected'])("stock, %s rows: the general Quantity beside the hub's", (scope) => {
    const q = (sku: string, i: number): number => (i < 3 ? hub.get(sku)!.quantity : hub.get(sku)!.quantity + 1);
    sheet(['SKU', 'Quantity'], (sku, i) => [sku, q(sku, i)]);
    env.rt.select('Stock & Prices', 'A2:A5');
    const out = preview('stock', scope);
    const rows = scope === 'all' ? 6 : 4;
    expect(out.rows).toBe(rows);
    const pairs = skus.slice(0, rows).map((sku, i): [string, number] => [sku, q(sku, i)]);
    // A general Quantity the hub holds is still sent when a channel it reaches holds another.
    const sent = pairs.filter(([sku, n], i) => i >= 3 || Object.values(hub.get(sku)!.listings).some((l) => l && l.quantity !== n)).length;
    expect(sent).toBeGreaterThan(rows - 3);
    expect(out.totals.changes).toEqual({ Quantity: sent, ...overwritten(pairs) });
    expect(out.totals.unchanged).toBe(rows - sent);
  });

  test('prices, all rows: one value per channel', () => {
    sheet(['SKU', 'Price [amazon]', 'Price [walmart]'], (sku, i) => [
      sku,
      amazon(sku).price + (i % 2),
      hub.get(sku)!.listings.walmart!.price,
    ]);
    const out = preview('prices', 'all');
    expect(out.totals.changes).toEqual({ 'Price [amazon]': 3 });
    expect(out.totals.unchanged).toBe(9);
  });

  test('by channel, all rows: quantities and prices per channel', () => {
    sheet(['SKU', 'Quantity [amazon]', 'Price [walmart]'], (sku, i) => [
      sku,
      i === 0 ? amazon(sku).quantity + 5 : amazon(sku).quantity,
      hub.get(sku)!.listings.walmart!.price,
    ]);
    const out = preview('byChannel', 'all');
    expect(out.totals.changes).toEqual({ 'Quantity [amazon]': 1 });
    expect(out.totals.unchanged).toBe(11);
  });

  test('changed rows: only rows edited since their last confirmed push are in scope', () => {
    sheet(['SKU', 'Quantity'], (sku) => [sku, hub.get(sku)!.quantity]);
    env.call('pushStockAll');
    env.rt.sheet('Stock & Prices').setValues([[hub.get(skus[1])!.quantity + 7]], 'B3');
    const out = preview('changes', 'changed');
    expect(out.rows).toBe(1);
    // The push before passed the general quantities on to every channel: the hub's state now.
    hub = hubProducts(env);
    expect(out.totals.changes).toEqual({ Quantity: 1, ...overwritten([[skus[1], hub.get(skus[1])!.quantity + 7]]) });
  });

  test('prices by ERP id (a plain Price, sent to every channel): each row planned as the push would, nothing refused', () => {
    env.call('saveSettings', { plainChannels: ['*'] });
    sheet(['SKU', 'ERP id', 'Price'], (sku, i) => [sku, hub.get(sku)!.internalId ?? `ERP-${i}`, amazon(sku).price + (i < 2 ? 1 : 0)]);
    const out = preview('erp', 'all');
    expect(out.rows).toBe(6);
    expect(out.totals.refused).toBe(0);
    const actions = env.rt
      .sheet('Preview')
      .values()
      .slice(1)
      .filter((r) => r[0] !== '')
      .map((r) => r[8]);
    expect(actions.length).toBeGreaterThanOrEqual(6);
    for (const a of actions) expect(['send', 'unchanged', 'send (not checked)']).toContain(a);
    env.call('saveSettings', { plainChannels: [] });
  });

  test("async job: the values the job would carry, each beside the hub's", () => {
    const q = (sku: string, i: number): number => hub.get(sku)!.quantity + (i === 2 ? 1 : 0);
    sheet(['SKU', 'Quantity'], (sku, i) => [sku, q(sku, i)]);
    const out = preview('async', 'all');
    expect(out.totals.changes).toEqual({ Quantity: 1, ...overwritten(skus.map((sku, i) => [sku, q(sku, i)])) });
    expect(out.totals.unchanged).toBe(5);
  });
});

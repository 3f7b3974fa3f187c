import { type HubProduct, hubProducts } from '../support/hub';
/**
 * Issue 17, preview before push (first steps): the built bundle plans the rows as the push would,
 * reads the hub's current values the cheaper way, writes the Preview sheet and returns totals —
 * and sends nothing.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, seedProducts } from './helpers';
import { loose } from '../support/results';

describe('preview a push', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 20, ['amazon', 'walmart'], 'active');
  });

  const products = (): Map<string, HubProduct> => hubProducts(env);

  test("prices, all rows: each value beside the hub's, unchanged ones marked, a bad row and an unknown SKU refused; nothing sent", () => {
    const hub = products();
    // Rows 1–10 as the hub holds them; rows 11–20 with Price [amazon] halved; a bad value; a SKU the hub lacks.
    const rows = skus.map((sku, i) => {
      const l = hub.get(sku)!.listings;
      return [sku, i < 10 ? l.amazon!.price : Math.round(l.amazon!.price / 2), l.walmart!.price];
    });
    env.rt.addSheet('Stock & Prices', [['SKU', 'Price [amazon]', 'Price [walmart]'], ...rows, ['NOT-IN-HUB', 5, 6], ['ODD-1', 'abc', 1]]);
    clearRequests(env);
    const r = loose(env.call('previewPush', 'prices', 'all'));
    expect(r.ok).toBe(true);
    const out = r.value!;
    expect(out.totals.changes).toEqual({ 'Price [amazon]': 10 });
    expect(out.totals.unchanged).toBe(30);
    expect(out.totals.notInHub).toBe(1);
    expect(out.totals.refused).toBe(1);
    expect(
      env.rt
        .sheet('Preview')
        .values()
        .find((row) => row[0] === 'ODD-1')?.[9],
    ).toMatch(/Price \[amazon\]/);
    expect(out.totals.largestDecrease?.changePct).toBeLessThan(-0.4);
    // 21 SKUs of a 20-product catalogue: one page beats 21 GETs.
    expect(out.read).toMatchObject({ kind: 'catalogue', requests: 1 });
    const sent = apiRequests(env);
    expect(sent.filter((q) => q.method.toUpperCase() !== 'GET')).toEqual([]);
    expect(sent).toHaveLength(1);
    // The Preview sheet: a row per value, what the hub holds beside the sheet.
    const sheet = env.rt.sheet('Preview').values();
    expect(sheet[0]).toEqual(['SKU', 'Row', 'Channel', 'Field', 'Hub now', 'Sheet', 'Change', 'Change %', 'What happens', 'Why', 'Rule']);
    const eleventh = sheet.find((row) => row[0] === skus[10] && row[2] === 'amazon')!;
    expect(eleventh[4]).toBe(hub.get(skus[10])!.listings.amazon!.price);
    expect(eleventh[5]).toBe(Math.round(hub.get(skus[10])!.listings.amazon!.price / 2));
    expect(eleventh[8]).toBe('send');
    expect(sheet.some((row) => row[0] === 'NOT-IN-HUB' && row[8] === 'refused by the hub')).toBe(true);
    // The hub is as it was.
    expect(products().get(skus[10])!.listings.amazon!.price).toBe(hub.get(skus[10])!.listings.amazon!.price);
  });

  test('a later, shorter preview leaves no rows of the earlier one', () => {
    env.rt.deleteSheet('Stock & Prices');
    env.rt.addSheet('Stock & Prices', [
      ['SKU', 'Quantity'],
      [skus[0], 3],
    ]);
    const r = loose(env.call('previewPush', 'stock', 'all'));
    expect(r.ok).toBe(true);
    // A general Quantity: read from the catalogue (the per-SKU read does not return it).
    expect(r.value!.read.kind).toBe('catalogue');
    const values = env.rt
      .sheet('Preview')
      .values()
      .slice(1)
      .filter((row) => row.some((c) => c !== ''));
    // The general Quantity, and the channels it would overwrite: nothing of the earlier preview.
    expect(values[0].slice(0, 4)).toEqual([skus[0], 2, 'all channels', 'quantity']);
    expect(values.every((row) => row[0] === skus[0])).toBe(true);
  });

  test("a sheet named Preview that is not the add-on's is never written into", () => {
    env.rt.deleteSheet('Preview');
    env.rt.addSheet('Preview', [
      ['My notes', 'Owner'],
      ['keep me', 'Ana'],
    ]);
    const r = loose(env.call('previewPush', 'stock', 'all'));
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/The sheet "Preview" is not the add-on's .* rename that sheet, then preview again/);
    expect(env.rt.sheet('Preview').values()).toEqual([
      ['My notes', 'Owner'],
      ['keep me', 'Ana'],
    ]);
  });

  test('a general Quantity shows the channels it would overwrite', () => {
    env.rt.deleteSheet('Preview');
    const hub = products();
    const sku = skus[3];
    const general = hub.get(sku)!.listings.amazon!.quantity + 17;
    env.rt.deleteSheet('Stock & Prices');
    env.rt.addSheet('Stock & Prices', [
      ['SKU', 'Quantity'],
      [sku, general],
    ]);
    const r = loose(env.call('previewPush', 'stock', 'all'));
    expect(r.ok).toBe(true);
    expect(r.value!.totals.changes['Quantity [amazon]']).toBe(1);
    const line = env.rt
      .sheet('Preview')
      .values()
      .find((row) => row[0] === sku && row[2] === 'amazon')!;
    expect(line.slice(4, 6)).toEqual([hub.get(sku)!.listings.amazon!.quantity, general]);
    expect(line[9]).toMatch(/passes the general Quantity on to every channel/);
  });
});

/**
 * The Categories sheet with columns of the seller's own (one inserted at A, one in the middle):
 * loading categories again (rows updated in place) and another channel's (rows appended) writes
 * each value under its own header, and the seller's columns keep their values.
 */
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { expectSellerColumn, insertSellerColumn, rowsByHeader, type SellerColumn } from './seller-columns-helpers';

const SHEET = 'Categories';
const NOTES: SellerColumn = { header: 'Notes', values: ['main one', '', 'check the mapping', 'x'] };
const OWNER: SellerColumn = { header: 'Owner', values: ['Ana', 'Luis', 'Ana'] };

interface HubCategory {
  internalId: number;
  Title: string;
  CategorySource: string;
}

describe('Categories sheet: the seller\u2019s own columns', () => {
  const env = useHub({ hub: { seed: 'demo' } });
  const hubCategories = (source: string): HubCategory[] =>
    (env.adminSync('GET', '/__admin/state?only=categories') as { categories: HubCategory[] }).categories.filter(
      (c) => c.CategorySource === source,
    );

  test('a load updates rows in place and another appends rows under Path, Title, Internal id, …; Notes and Owner keep their values', () => {
    unwrap(env.call('loadCategories', 'mercadolibre'));
    const header = env.rt.sheet(SHEET).values()[0];
    expect(header.slice(0, 3)).toEqual(['Path', 'Level', 'Title']);

    insertSellerColumn(env, SHEET, 1, NOTES);
    // In the middle: before Title (now column D).
    insertSellerColumn(env, SHEET, 4, OWNER);
    const withSeller = env.rt.sheet(SHEET).values()[0];
    expect(withSeller.slice(0, 5)).toEqual(['Notes', 'Path', 'Level', 'Owner', 'Title']);

    unwrap(env.call('loadCategories', 'mercadolibre'));
    unwrap(env.call('loadCategories', 'magento'));
    const values = env.rt.sheet(SHEET).values();
    expect(values[0]).toEqual(withSeller);
    expectSellerColumn(values, 0, NOTES);
    expectSellerColumn(values, 3, OWNER);
    const rows = rowsByHeader(values);
    for (const source of ['mercadolibre', 'magento']) {
      const hub = hubCategories(source);
      expect(hub.length).toBeGreaterThan(0);
      const mine = rows.filter((r) => r.Source === source);
      expect(mine.map((r) => [r['Internal id'], r.Title]).sort()).toEqual(hub.map((c) => [c.internalId, c.Title]).sort());
      for (const r of mine) {
        expect(r['Sync status']).toBe('OK');
        expect(String(r.Path)).toContain(String(r.Title));
        expect(r['Synced at']).toBeInstanceOf(Date);
      }
    }
  });
});

/**
 * The Jobs sheet with columns of the seller's own (one inserted at A, one in the middle): an async
 * job sent and refreshed writes each value under its own header, other jobs' rows are kept by
 * header, and the seller's columns keep their values.
 */
import { useHub } from '../support/hub';
import { seedProducts } from './helpers';
import { expectSellerColumn, insertSellerColumn, rowsByHeader, type SellerColumn } from './seller-columns-helpers';

const STOCK = 'Stock & Prices';
const NOTES: SellerColumn = { header: 'Notes', values: ['call the carrier', 'checked', 'ask Ana', '', 'late'] };
const CHECKED: SellerColumn = { header: 'Checked by', values: ['Luis', 'Ana'] };

describe('Jobs sheet: the seller\u2019s own columns', () => {
  let skus: string[];
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    skus = seedProducts(env, 3, ['amazon', 'walmart']);
  });
  const fivePast = 6 * 60_000;

  test('a second job sent and refreshed lands under Job id, SKU, …; the first job\u2019s rows stay whole; Notes and Checked by keep their values', () => {
    env.rt.addSheet(STOCK, [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])]);
    env.call('pushAsyncAll');
    env.rt.advance(fivePast);
    const first = rowsByHeader(env.rt.sheet('Jobs').values());
    const firstJob = String(first[0]['Job id']);
    expect(first).toHaveLength(skus.length * 2);

    insertSellerColumn(env, 'Jobs', 1, NOTES);
    // In the middle: before Stock (now column E).
    insertSellerColumn(env, 'Jobs', 5, CHECKED);
    const header = env.rt.sheet('Jobs').values()[0];
    expect(header).toEqual(['Notes', 'Job id', 'SKU', 'Channel', 'Checked by', 'Stock', 'Price', 'Offer price', 'Status', 'Updated at']);

    env.rt.sheet(STOCK).setValues(
      skus.map((_, i) => [20 + i]),
      'B2',
    );
    env.call('pushAsyncAll');
    let values = env.rt.sheet('Jobs').values();
    expect(values[0]).toEqual(header);
    expectSellerColumn(values, 0, NOTES);
    expectSellerColumn(values, 4, CHECKED);
    let rows = rowsByHeader(values).filter((r) => r['Job id'] !== '');
    const secondJob = String(rows[rows.length - 1]['Job id']);
    expect(secondJob).toMatch(/^\d+$/);
    expect(secondJob).not.toBe(firstJob);
    expect(rows[rows.length - 1].Status).toMatch(/Queued: 3 rows/);
    // The first job's rows, read and written back by header: as they were.
    expect(rows.filter((r) => r['Job id'] === firstJob).map((r) => [r.SKU, r.Channel, r.Stock])).toEqual(
      first.map((r) => [r.SKU, r.Channel, r.Stock]),
    );

    env.rt.advance(fivePast);
    values = env.rt.sheet('Jobs').values();
    expect(values[0]).toEqual(header);
    expectSellerColumn(values, 0, NOTES);
    expectSellerColumn(values, 4, CHECKED);
    rows = rowsByHeader(values).filter((r) => r['Job id'] !== '');
    expect(rows).toHaveLength(skus.length * 2 * 2);
    for (const r of rows) {
      expect(String(r['Job id'])).toMatch(/^\d+$/);
      expect(skus).toContain(r.SKU);
      expect(['amazon', 'walmart']).toContain(r.Channel);
      expect(typeof r.Stock).toBe('number');
      expect(r['Updated at']).toBeInstanceOf(Date);
    }
    const second = rows.filter((r) => r['Job id'] === secondJob);
    expect(second.map((r) => r.Stock).sort()).toEqual([20, 20, 21, 21, 22, 22]);
  });
});

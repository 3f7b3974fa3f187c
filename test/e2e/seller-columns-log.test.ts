/**
 * The Log sheet with columns of the seller's own (one inserted at A, one in the middle): a new
 * line lands under the Log's headers, the old lines and the seller's columns stay as they were,
 * and the sidebar reads the lines by header.
 */
import { LOG_HEADER } from '../../src/core/log-header';
import { useHub } from '../support/hub';
import { seedProducts } from './helpers';
import { unwrap } from '../support/results';
import { expectSellerColumn, insertSellerColumn, rowsByHeader, type SellerColumn } from './seller-columns-helpers';

const STOCK = 'Stock & Prices';
const NOTES: SellerColumn = { header: 'Notes', values: ['first push', 'looked at it', 'ok'] };
const TICKET: SellerColumn = { header: 'Ticket', values: ['T-1'] };

describe('Log sheet: the seller\u2019s own columns', () => {
  let skus: string[];
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    skus = seedProducts(env, 2, ['amazon']);
  });

  test('a push\u2019s line lands under Time, User, Operation, …; Notes and Ticket keep their values; the sidebar reads the line by header', () => {
    env.rt.addSheet(STOCK, [['SKU', 'Quantity'], ...skus.map((s) => [s, 5])]);
    env.call('pushStockAll');
    const before = env.rt.sheet('Log').values();
    expect(before[0]).toEqual(LOG_HEADER);
    expect(before).toHaveLength(2);

    insertSellerColumn(env, 'Log', 1, NOTES);
    // In the middle: before Rows OK (now column E).
    insertSellerColumn(env, 'Log', 5, TICKET);
    const header = ['Notes', 'Time', 'User', 'Operation', 'Ticket', ...LOG_HEADER.slice(3)];
    const old = rowsByHeader(env.rt.sheet('Log').values())[0];
    const isLine = (r: Record<string, unknown>): boolean => r.Operation !== '';

    env.rt.sheet(STOCK).setValues([[7]], 'B2');
    env.call('pushStockAll');
    const values = env.rt.sheet('Log').values();
    expect(values[0]).toEqual(header);
    expectSellerColumn(values, 0, NOTES);
    expectSellerColumn(values, 4, TICKET);
    const lines = rowsByHeader(values).filter(isLine);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual(old);
    const line = lines[1];
    expect(line.Time).toBeInstanceOf(Date);
    expect(String(line.User)).toMatch(/@/);
    expect(String(line.Operation)).toMatch(/stock/i);
    expect(line['Rows OK']).toBe(2);
    expect(line['Rows failed']).toBe(0);
    expect(typeof line.Requests).toBe('number');
    expect(String(line.Message)).not.toBe('');

    // The sidebar's recent lines, newest first, by header.
    const state = unwrap(env.call('getSidebarState')) as { log: Array<Record<string, unknown>> };
    expect(state.log[0]).toMatchObject({ Operation: line.Operation, 'Rows OK': 2, Message: line.Message, User: line.User });
    expect(state.log[1]).toMatchObject({ Operation: old.Operation, Message: old.Message });
  });
});

/** A History line of a value a revert put back says it was a revert (source *revert*), not an undo. */
import { entryDetail } from '../../../src/client/views/history/text';
import type { HistoryEntry } from '../../../src/core/ledger/history';

const entry: HistoryEntry = {
  at: 0,
  push: 'p9',
  what: 'Revert of Push prices (all rows), 2026-11-24 14:02',
  by: 'ana@example.com',
  sku: 'SKU-1',
  channel: 'amazon',
  field: 'price',
  before: 200,
  from: 'read',
  sent: 100,
  answer: 'OK',
  source: 'revert',
  jobId: '',
};

describe('a History line of a revert', () => {
  test('says it was a revert, not an undo', () => {
    expect(entryDetail(entry)).toMatch(/revert/i);
    expect(entryDetail(entry)).not.toMatch(/an undo/);
  });
});

/**
 * The History search by SKU: the SKU is only inside the packed values, so a SKU pushed before a
 * few large pushes is found by reading on, and never called unpushed.
 */
import { pageSummary } from '../../../../src/client/views/history/text';
import { readHistory } from '../../../../src/core/ledger/history';
import { appendLedger } from '../../../../src/core/pipeline/ledger/store';
import type { LedgerPush, LedgerValue } from '../../../../src/core/pipeline/ledger/values';
import { memoryWorkbook, T0 } from '../../../support/ports';

const push = (id: string, at: number): LedgerPush => ({
  id,
  at,
  title: 'Push stock (all rows)',
  by: 'ana@example.com',
  byKey: 'ana',
  sheet: 'Stock',
  operation: 'stock',
});
const values = (n: number, prefix: string): LedgerValue[] =>
  Array.from({ length: n }, (_, i): LedgerValue => [`${prefix}${i}`, '', 'quantity', i, 'snapshot', i + 1, 'OK', 'cell']);

describe('History search by SKU', () => {
  test('a SKU pushed before three 10,000-value pushes is found (or the seller is told to narrow), never "no match"', () => {
    const wb = memoryWorkbook();
    appendLedger(wb, push('old', T0), [['OLD-SKU', '', 'quantity', 3, 'snapshot', 4, 'OK', 'cell']]);
    // Three whole-sheet pushes since (about 15 packed rows each): far fewer than the 50 pushes the ledger keeps.
    for (const id of ['big-1', 'big-2', 'big-3']) appendLedger(wb, push(id, T0 + 60_000), values(10_000, `${id}-`));
    const page = readHistory(wb, 'UTC', { sku: 'OLD-SKU' });
    expect(pageSummary(page)).not.toBe('No pushed value matches.');
    expect(page.entries.map((e) => [e.sku, e.push])).toEqual([['OLD-SKU', 'old']]);
  });
});

/**
 * A revert's source over in-memory ports: the ledger read back (a push's values, what the later
 * pushes set for its rows), a target's part of it, the undo's entries, and later values an undo
 * or a revert put back cancelling what they took back.
 */
import { memoryWorkbook, T0 } from '../../../support/ports';
import { appendLedger, rowsToDrop } from '../../../../src/core/pipeline/ledger/store';
import { readLedgerPush, type LedgerPushValues } from '../../../../src/core/pipeline/ledger/read';
import type { LedgerPush, LedgerValue } from '../../../../src/core/pipeline/ledger/values';
import { laterPushes, ledgerEntries, targetHas } from '../../../../src/core/undo/ledger-source';
import { changedLater, laterIndex } from '../../../../src/core/undo/later';

const push = (id: string): LedgerPush => ({
  id,
  at: T0,
  title: 'Push prices (all rows)',
  by: 'a@x',
  byKey: 'a',
  sheet: 'Stock',
  operation: 'prices',
});
const v = (
  sku: string,
  channel: string,
  before: number | null,
  sent: number,
  extra: Partial<{ answer: string; source: string; from: string }> = {},
): LedgerValue => [
  sku,
  channel,
  'price',
  before,
  (extra.from ?? 'snapshot') as LedgerValue[4],
  sent,
  (extra.answer ?? 'OK') as LedgerValue[6],
  (extra.source ?? 'cell') as LedgerValue[7],
];
const pushed = (id: string, values: LedgerValue[]): LedgerPushValues => ({ ...push(id), values });

describe("a revert's source", () => {
  test('a push is read back with only the later values of its own rows, however many pushes came after', () => {
    const wb = memoryWorkbook();
    appendLedger(wb, push('p1'), [v('A', 'amazon', 1, 2), v('B', 'amazon', 1, 2)]);
    appendLedger(wb, push('p2'), [v('A', 'amazon', 2, 3), v('C', 'amazon', 1, 2)]);
    appendLedger(wb, push('p3'), [v('B', 'walmart', 5, 6)]);
    const read = readLedgerPush(wb, 'p1', targetHas({ push: 'p1', sku: 'A' }));
    expect(read?.push.values).toEqual([v('A', 'amazon', 1, 2)]);
    expect(read?.later.map((p) => [p.id, p.values])).toEqual([
      ['p2', [v('A', 'amazon', 2, 3)]],
      ['p3', []],
    ]);
    expect(read?.newest).toBe('p3');
    expect(read?.push.operation).toBe('prices');
    expect(readLedgerPush(wb, 'gone', () => true)).toBeNull();
  });

  test('one value of one row: field and channel must both match', () => {
    const has = targetHas({ push: 'p', sku: 'A', field: 'price', channel: '' });
    expect(has(v('A', '', 1, 2))).toBe(true);
    expect(has(v('A', 'amazon', 1, 2))).toBe(false);
    expect(has(v('B', '', 1, 2))).toBe(false);
  });

  test('entries: a refused value changed nothing; an unconfirmed one is flagged; a value read before says so', () => {
    expect(
      ledgerEntries([
        v('A', 'amazon', 1, 2),
        v('B', 'amazon', 1, 2, { answer: 'refused' }),
        v('C', 'amazon', 1, 2, { answer: 'unconfirmed' }),
        v('D', 'amazon', 1, 2, { from: 'read' }),
      ]),
    ).toEqual([
      ['A', 'A', 'price:amazon', 1, 2],
      ['C', 'C', 'price:amazon', 1, 2, 'confirmed', 1],
      ['D', 'D', 'price:amazon', 1, 2, 'read'],
    ]);
  });

  test('a later push reverted since no longer counts as a change; the revert stands as what it set', () => {
    // p1 set A to 2; p2 set it to 3; a revert of p2 put 2 back.
    const later = laterPushes([pushed('p2', [v('A', 'amazon', 2, 3)]), pushed('r2', [v('A', 'amazon', 3, 2, { source: 'revert' })])]);
    expect(later.map((p) => p.entries.length)).toEqual([0, 1]);
    const index = laterIndex(later, (p) => p.id);
    expect(changedLater(index, ['A', 'A', 'price:amazon', 1, 2])).toBeNull();
    // Without the revert, p2's value is a change since.
    const plain = laterIndex(laterPushes([pushed('p2', [v('A', 'amazon', 2, 3)])]), (p) => p.id);
    expect(changedLater(plain, ['A', 'A', 'price:amazon', 1, 2])).toEqual({ push: 'p2', key: 'price:amazon', value: 3 });
  });

  test('the bound keeps the last 50 pushes whatever their size, and drops older ones beyond the values bound', () => {
    const index = Array.from({ length: 52 }, (_, i) => [T0, `p${i}`, '', '', '', 100]);
    // 52 pushes of 100 values against a bound of 10: with the one being recorded, the last 50 are the 49 newest; the 3 oldest go.
    expect(rowsToDrop(index, 'new', 1, 10)).toMatchObject({ rows: [0, 1, 2], pushes: 3 });
    expect(rowsToDrop(index, 'new', 1, 10, 3)).toMatchObject({ pushes: 50 });
    expect(rowsToDrop(index.slice(0, 10), 'new', 1, 10_000)).toMatchObject({ pushes: 0 });
  });
});

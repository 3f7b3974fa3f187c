import { UNDO_SHEET, appendUndo, markUndone, undoHistory, type UndoEntry } from '../../../../src/core/undo/history';
import { undoEntries } from '../../../../src/core/undo/record';
import type { PendingResult } from '../../../../src/core/pipeline/relocate';
import { memoryWorkbook } from '../../../support/ports';

const entry = (sku: string, after: number): UndoEntry => [sku, sku, 'price:amazon', 1, after];
const push = (id: string, byKey: string, at = 0) => ({
  id,
  at,
  sheet: 'Stock',
  operation: 'prices' as const,
  title: `Push prices (all rows)`,
  by: byKey ? `${byKey}@example.com` : '',
  byKey,
});

describe('the undo history: who made each push, and the pushes after it', () => {
  test('each push keeps who made it; withLater gives the push and every push after it, with their values, in order', () => {
    const wb = memoryWorkbook();
    appendUndo(wb, push('p1', 'a'), [entry('S1', 2)], true);
    appendUndo(wb, push('p2', 'b'), [entry('S1', 3), entry('S2', 4)], true);
    appendUndo(wb, push('p3', ''), [entry('S3', 5)], true);
    const history = undoHistory(wb);
    expect(history.pushes.map((p) => [p.id, p.by, p.byKey])).toEqual([
      ['p1', 'a@example.com', 'a'],
      ['p2', 'b@example.com', 'b'],
      ['p3', '', ''],
    ]);
    const [p2, p3, ...rest] = history.withLater(history.pushes[1]);
    expect(rest).toEqual([]);
    expect(p2.entries).toEqual([entry('S1', 3), entry('S2', 4)]);
    expect(p3.entries).toEqual([entry('S3', 5)]);
    markUndone(wb, 'p2', 77);
    expect(undoHistory(wb).pushes.map((p) => p.undoneAt)).toEqual([null, 77, null]);
  });

  test('a sheet of the layout before pushes said who made them is read as "another editor"\'s, and the next push moves it', () => {
    const wb = memoryWorkbook({
      [UNDO_SHEET]: [
        ['Push', 'Time', 'Stock sheet', 'Operation', 'Title', 'Undone', 'Values'],
        ['old', 5, 'Stock', 'prices', 'Push prices (previewed changes), 2026-11-24 14:02', '', JSON.stringify([entry('S1', 9)])],
      ],
    });
    const before = undoHistory(wb);
    expect(before.pushes).toEqual([
      {
        id: 'old',
        at: 5,
        sheet: 'Stock',
        operation: 'prices',
        title: 'Push prices (previewed changes)',
        by: '',
        byKey: '',
        undoneAt: null,
      },
    ]);
    expect(before.withLater(before.pushes[0])[0].entries).toEqual([entry('S1', 9)]);
    appendUndo(wb, push('new', 'a'), [entry('S2', 3)], true);
    expect(wb.grid(UNDO_SHEET)[0]).toEqual([
      'Push',
      'Time',
      'Stock sheet',
      'Operation',
      'Title',
      'Undone',
      'Pushed by',
      'User key',
      'Values',
    ]);
    const after = undoHistory(wb);
    expect(after.pushes.map((p) => [p.id, p.title, p.byKey])).toEqual([
      ['old', 'Push prices (previewed changes)', ''],
      ['new', 'Push prices (all rows)', 'a'],
    ]);
    expect(after.withLater(after.pushes[0]).map((p) => p.entries)).toEqual([[entry('S1', 9)], [entry('S2', 3)]]);
  });
});

describe('undoEntries: a row the hub took nothing of has nothing to undo', () => {
  const pending = (refused: boolean): PendingResult => ({
    rowNumber: 2,
    identity: 'S1',
    result: { status: 'Error', message: 'SKU not found in the hub', channels: {}, ...(refused ? { refused } : {}) },
    sent: { 'price:amazon': 5 },
  });
  test('refused: no entry; an error that may hide a value the hub took (a timeout): an entry marked unconfirmed', () => {
    const confirmed = new Map([['S1', { 'price:amazon': 4 }]]);
    expect(undoEntries([pending(true)], () => 'S1', { operation: 'prices' }, undefined, confirmed)).toEqual([]);
    expect(undoEntries([pending(false)], () => 'S1', { operation: 'prices' }, undefined, confirmed)).toEqual([
      // Unconfirmed (1): a later push setting the same 5 may be what set it, so it counts as a change since.
      ['S1', 'S1', 'price:amazon', 4, 5, 'confirmed', 1],
    ]);
  });
});

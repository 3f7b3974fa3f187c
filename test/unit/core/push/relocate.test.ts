/**
 * Results go where their rows are now, into the add-on's columns found by header at write time,
 * whatever a colleague did to the sheet after it was read.
 */
import { readTable } from '../../../../src/sheet';
import { placeResults, type PendingResult } from '../../../../src/core/pipeline/relocate';
import type { RowResult } from '../../../../src/core/pipeline/types';
import { writeResults } from '../../../../src/core/pipeline/writeback';
import type { CellValue } from '../../../../src/core/kernel/ports';
import { memorySheet } from '../../../support/ports';

const ok = (message: string): RowResult => ({ status: 'OK', message, channels: { amazon: 'OK' } });
const pending = (rowNumber: number, sku: string, quantity?: number): PendingResult => ({
  rowNumber,
  identity: sku,
  result: ok(`Quantity ${quantity ?? '?'} sent`),
  ...(quantity === undefined ? {} : { sent: { quantity } }),
});

describe('placeResults: by identity, never by position', () => {
  const read: CellValue[][] = [
    ['SKU', 'Quantity'],
    ['A', 1],
    ['B', 2],
    ['C', 3],
  ];

  test('rows in place get their results', () => {
    const p = placeResults(readTable(read), [pending(2, 'A', 1), pending(4, 'C', 3)], 'stock');
    expect([...p.results.keys()]).toEqual([2, 4]);
    expect(p.moved).toBe(0);
  });

  test('sorted: each result follows its SKU', () => {
    const now = readTable([
      ['SKU', 'Quantity'],
      ['C', 3],
      ['B', 2],
      ['A', 1],
    ]);
    const p = placeResults(now, [pending(2, 'A', 1), pending(4, 'C', 3)], 'stock');
    expect(p.results.get(4)?.message).toBe('Quantity 1 sent');
    expect(p.results.get(2)?.message).toBe('Quantity 3 sent');
    expect(p.moved).toBe(2);
  });

  test('a row inserted above: results shift with their rows', () => {
    const now = readTable([
      ['SKU', 'Quantity'],
      ['NEW', 9],
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    const p = placeResults(now, [pending(2, 'A', 1)], 'stock');
    expect([...p.results.keys()]).toEqual([3]);
  });

  test('a row deleted, or its SKU now repeated: a sent result is not written anywhere', () => {
    const deleted = placeResults(
      readTable([
        ['SKU', 'Quantity'],
        ['B', 2],
        ['C', 3],
      ]),
      [pending(2, 'A', 1)],
      'stock',
    );
    expect(deleted.unplaced).toHaveLength(1);
    const repeated = placeResults(
      readTable([
        ['SKU', 'Quantity'],
        ['A', 1],
        ['A', 1],
        ['C', 3],
      ]),
      [pending(2, 'A', 1)],
      'stock',
    );
    expect(repeated.unplaced).toHaveLength(1);
    expect(repeated.results.size).toBe(0);
  });

  test("a result of a row that sent nothing (a repeated SKU's error) stays on its own row", () => {
    const now = readTable([
      ['SKU', 'Quantity'],
      ['A', 1],
      ['A', 1],
    ]);
    const p = placeResults(now, [{ rowNumber: 2, identity: 'A', result: { status: 'Error', message: 'repeated', channels: {} } }], 'stock');
    expect([...p.results.keys()]).toEqual([2]);
  });

  test('a value edited after it was sent: not OK, the row says what was sent and what it holds now', () => {
    const now = readTable([
      ['SKU', 'Quantity'],
      ['A', 7],
    ]);
    const p = placeResults(now, [pending(2, 'A', 1)], 'stock');
    const r = p.results.get(2)!;
    expect(r.status).toBe('Unconfirmed');
    expect(r.message).toMatch(/Quantity: 1 then, now 7/);
    expect(r.channels.amazon).toBe('Changed after it was sent');
    const emptied = placeResults(
      readTable([
        ['SKU', 'Quantity'],
        ['A', ''],
      ]),
      [pending(2, 'A', 1)],
      'stock',
    );
    expect(emptied.results.get(2)!.message).toMatch(/now empty or unreadable/);
  });

  test('prices by ERP id on a sheet without SKUs: rows found by ERP id', () => {
    // A plain price goes by ERP id only when the seller chose every channel (the Price rule).
    const now = readTable(
      [
        ['ERP id', 'Price'],
        ['E2', 20],
        ['E1', 10],
      ],
      { plainChannels: ['*'] },
    );
    const p = placeResults(now, [{ rowNumber: 2, identity: 'erp:E1', result: ok('x'), sent: { price: 10 } }], 'erp');
    expect([...p.results.keys()]).toEqual([3]);
    expect(p.results.get(3)?.status).toBe('OK');
  });
});

describe("writeResults: the add-on's columns located by header when writing", () => {
  const results = (n: number): Map<number, RowResult> => new Map([[n, ok('done')]]);
  const write = (grid: CellValue[][], res = results(2)) => {
    const sheet = memorySheet('S', grid);
    writeResults({ sheet, values: sheet.readAll(), results: res, now: Date.UTC(2026, 0, 1), allChannels: false });
    return sheet.grid;
  };

  test('a column inserted before the result columns: they are found where they are now', () => {
    const grid = write([
      ['SKU', 'Notes', 'Sync status', 'Sync message', 'Job id', 'Synced at'],
      ['A', 'mine', '', '', '', ''],
    ]);
    expect(grid[1].slice(0, 4)).toEqual(['A', 'mine', 'OK', 'done']);
  });

  test("result columns moved to the left of the seller's: still found, the seller's untouched", () => {
    const grid = write([
      ['Sync message', 'SKU', 'Sync status', 'Quantity', 'Job id', 'Synced at'],
      ['', 'A', '', 5, '', ''],
    ]);
    expect(grid[1].slice(0, 4)).toEqual(['done', 'A', 'OK', 5]);
  });

  test('a result column deleted or renamed: recreated at the right, never written into the renamed one', () => {
    const grid = write([
      ['SKU', 'My status', 'Sync message', 'Job id', 'Synced at'],
      ['A', 'keep me', '', '', ''],
    ]);
    expect(grid[0]).toEqual(['SKU', 'My status', 'Sync message', 'Job id', 'Synced at', 'Sync status', 'Status [amazon]']);
    expect(grid[1][1]).toBe('keep me');
    expect(grid[1][5]).toBe('OK');
  });

  test('rows between results are written back as read just now; no other row changes', () => {
    const res = new Map<number, RowResult>([
      [2, ok('two')],
      [4, ok('four')],
    ]);
    const grid = write(
      [
        ['SKU', 'Sync status', 'Sync message'],
        ['A', '', ''],
        ['B', 'Error', '=not a formula'],
        ['C', '', ''],
        ['D', 'old', 'keep'],
      ],
      res,
    );
    expect(grid.map((r) => r.slice(0, 3))).toEqual([
      ['SKU', 'Sync status', 'Sync message'],
      ['A', 'OK', 'two'],
      ['B', 'Error', '=not a formula'],
      ['C', 'OK', 'four'],
      ['D', 'old', 'keep'],
    ]);
  });
});

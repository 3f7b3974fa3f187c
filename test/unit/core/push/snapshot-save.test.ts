import fc from 'fast-check';
import { SnapshotStore, writeSpans } from '../../../../src/core/pipeline/snapshot';
import type { CellValue, SheetPort } from '../../../../src/core/kernel/ports';
import { memoryWorkbook } from '../../../support/ports';

/** A workbook whose snapshot sheet counts its writes and the rows they span. */
function counted(rows: number) {
  const grid: CellValue[][] = [
    ['SKU', 'Confirmed values', 'Confirmed at'],
    ...Array.from({ length: rows }, (_, i) => [`S${i}`, JSON.stringify({ quantity: i }), '']),
  ];
  const wb = memoryWorkbook({ 'Hub Sync snapshot': grid });
  const sheet = wb.sheets.get('Hub Sync snapshot') as unknown as SheetPort;
  const writes: Array<{ row: number; rows: number }> = [];
  const write = sheet.write.bind(sheet);
  sheet.write = (row, column, values) => {
    writes.push({ row, rows: values.length });
    write(row, column, values);
  };
  return { wb, sheet, writes };
}

describe('snapshot save writes only what changed', () => {
  test('a change near the top of a long snapshot writes that row, not everything below it', () => {
    const { wb, sheet, writes } = counted(10_000);
    const store = new SnapshotStore(wb);
    const current = store.load();
    store.save(new Map([['S3', { quantity: 99 }]]), current, 0);
    expect(writes).toEqual([{ row: 5, rows: 1 }]);
    expect(JSON.parse(String(sheet.readAll()[4][1]))).toEqual({ quantity: 99 });
    expect(sheet.readAll()).toHaveLength(10_001);
  });

  test('changed rows far apart are written apart, appended rows in one block at the end', () => {
    const { wb, sheet, writes } = counted(5_000);
    const store = new SnapshotStore(wb);
    const current = store.load();
    store.save(
      new Map([
        ['S10', { quantity: 1 }],
        ['S4000', { quantity: 2 }],
        ['NEW-1', { quantity: 3 }],
        ['NEW-2', { quantity: 4 }],
      ]),
      current,
      0,
    );
    expect(writes).toEqual([
      { row: 12, rows: 1 },
      { row: 4002, rows: 1 },
      { row: 5002, rows: 2 },
    ]);
    const again = new SnapshotStore(wb).load();
    expect(again.get('NEW-2')).toEqual({ quantity: 4 });
    expect(again.get('S4000')).toEqual({ quantity: 2 });
    expect(again.get('S11')).toEqual({ quantity: 11 });
    expect(sheet.readAll()).toHaveLength(5_003);
  });

  test('spans cover every index, in order, apart by more than the gap', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(2000), { maxLength: 200 }), fc.nat(50), (indexes, gap) => {
        const spans = writeSpans(indexes, gap);
        for (const i of indexes) expect(spans.some(([a, b]) => a <= i && i <= b)).toBe(true);
        spans.forEach(([a, b], k) => {
          expect(indexes).toContain(a);
          expect(indexes).toContain(b);
          if (k > 0) expect(a - spans[k - 1][1] - 1).toBeGreaterThan(gap);
        });
      }),
    );
  });
});

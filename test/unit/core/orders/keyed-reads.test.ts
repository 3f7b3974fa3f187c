/**
 * Issue 16: the order import reads what the orders it writes need — the order id columns, then
 * those orders' rows — never a whole sheet; and a page that lists only orders already written,
 * unchanged, opens no sheet. A colleague's edits between runs (a sort, an inserted column, a
 * deleted row, an edited cell) are still seen, because each run reads the key column afresh.
 */
import * as fc from 'fast-check';
import type { Order } from '../../../../src/api/schemas/orders';
import { orderOf } from '../../../support/orders';
import { KeyedTable } from '../../../../src/core/orders/keyed-table';
import { OrderSnapshots, SEEN_MODIFIED } from '../../../../src/core/orders/order-snapshot';
import { placeLines } from '../../../../src/core/orders/order-lines';
import { noteWritten, onlySeenAgain, type PageOrder } from '../../../../src/core/orders/seen-again';
import { writeOrders } from '../../../../src/core/orders/write-orders';
import type { CellValue } from '../../../../src/core/ports';
import { fakeContext, memoryWorkbook, type MemorySheet } from '../../../support/ports';

const mk = (id: number, modified: string, extra: Record<string, unknown> = {}): Order => orderOf(id, modified, `SKU-${id}`, extra);
const col = (values: CellValue[][], header: string): number => (values[0] as string[]).indexOf(header);

/** Counts what a sheet is asked to read: whole reads, and cells read by block. */
function countReads(sheet: MemorySheet): { whole: number; cells: number } {
  const counts = { whole: 0, cells: 0 };
  const readAll = sheet.readAll.bind(sheet);
  const readBlock = sheet.readBlock.bind(sheet);
  sheet.readAll = () => {
    counts.whole++;
    return readAll();
  };
  sheet.readBlock = (row, column, rows, columns) => {
    counts.cells += Math.max(0, rows) * Math.max(0, columns);
    return readBlock(row, column, rows, columns);
  };
  return counts;
}

const sheets = (ctx: ReturnType<typeof fakeContext>) => (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets;

describe('KeyedTable.openByKey', () => {
  it('reads the key column, then only the rows loaded; a row not loaded cannot be read by mistake', () => {
    const grid: CellValue[][] = [['Mine', 'Order id', 'Comments']];
    for (let i = 1; i <= 500; i++) grid.push([`note ${i}`, i, `c${i}`]);
    const wb = memoryWorkbook({ Orders: grid });
    const counts = countReads(wb.sheets.get('Orders')!);
    const table = KeyedTable.openByKey(wb, 'Orders', ['Order id', 'Comments'], 'Order id');
    expect(counts).toEqual({ whole: 0, cells: 500 });
    expect(table.rowOf('250')).toBe(251);
    expect(() => table.read(251, 'Comments')).toThrow(/not read; load\(\) it first/);
    table.load([251]);
    expect(table.read(251, 'Comments')).toBe('c250');
    expect(counts.cells).toBe(500 + 3);
  });

  it('rows close together are read as one block; far apart, one block each', () => {
    const grid: CellValue[][] = [['Order id', 'Comments']];
    for (let i = 1; i <= 5000; i++) grid.push([i, '']);
    const wb = memoryWorkbook({ Orders: grid });
    const sheet = wb.sheets.get('Orders')!;
    const blocks: number[] = [];
    const readBlock = sheet.readBlock.bind(sheet);
    sheet.readBlock = (row, column, rows, columns) => {
      blocks.push(rows);
      return readBlock(row, column, rows, columns);
    };
    const table = KeyedTable.openByKey(wb, 'Orders', ['Order id', 'Comments'], 'Order id');
    blocks.length = 0;
    table.load([10, 12, 20, 4000]);
    expect(blocks).toEqual([11, 1]);
  });

  it('a block write rewrites the untouched rows between changed ones as read, reading them first when not loaded', () => {
    const grid: CellValue[][] = [['Order id', 'Comments']];
    for (let i = 1; i <= 30; i++) grid.push([i, `c${i}`]);
    const wb = memoryWorkbook({ Orders: grid });
    const table = KeyedTable.openByKey(wb, 'Orders', ['Order id', 'Comments'], 'Order id');
    // Rows 3 and 6 are set without being loaded: the rows between are read before the block is written.
    table.set(3, { Comments: 'new 2' });
    table.set(6, { Comments: 'new 5' });
    table.flush({ maxGap: 10 });
    expect(
      wb.sheets
        .get('Orders')!
        .grid.slice(1, 7)
        .map((r) => r[1]),
    ).toEqual(['c1', 'new 2', 'c3', 'c4', 'new 5', 'c6']);
  });

  it('a sheet without one of the add-on columns is read whole once, and the column goes right of the data', () => {
    const wb = memoryWorkbook({
      Orders: [
        ['Order id', '', ''],
        [1, 'x', 'y'],
      ],
    });
    const counts = countReads(wb.sheets.get('Orders')!);
    const table = KeyedTable.openByKey(wb, 'Orders', ['Order id', 'Comments'], 'Order id');
    expect(counts.whole).toBe(1);
    expect(table.column('Comments')).toBe(3);
  });

  it('a seller\u2019s column named like a stock-sheet alias (Stock, Canal) is the seller\u2019s: set() writes under Quantity and Channel', () => {
    const wb = memoryWorkbook({
      'Order Items': [
        ['Stock', 'Order id', 'Canal', 'Quantity', 'Channel'],
        [4, 1, 'tienda', 2, 'meli'],
      ],
    });
    const table = KeyedTable.openByKey(wb, 'Order Items', ['Order id', 'Quantity', 'Channel'], 'Order id');
    table.set(2, { Quantity: 3, Channel: 'amazon' });
    table.flush({ maxGap: 0 });
    expect(wb.grid('Order Items')).toEqual([
      ['Stock', 'Order id', 'Canal', 'Quantity', 'Channel'],
      [4, 1, 'tienda', 3, 'amazon'],
    ]);
  });
});

describe('OrderSnapshots', () => {
  it('reads the entries asked for and rewrites only the changed rows; an entry that would not change is not written', () => {
    const grid: CellValue[][] = [['Order id', 'Confirmed values', 'Confirmed at']];
    for (let i = 1; i <= 300; i++) grid.push([`${i}`, JSON.stringify({ [SEEN_MODIFIED]: 'd1', comments: `c${i}` }), new Date(0)]);
    const wb = memoryWorkbook({ 'Hub Sync order snapshot': grid });
    const sheet = wb.sheets.get('Hub Sync order snapshot')!;
    const store = new OrderSnapshots(wb);
    const got = store.load(['7', '299', '999']);
    expect([...got.keys()]).toEqual(['7', '299']);
    expect(got.get('7')).toEqual({ [SEEN_MODIFIED]: 'd1', comments: 'c7' });
    store.save(
      new Map([
        ['7', { [SEEN_MODIFIED]: 'd1' }],
        ['299', { [SEEN_MODIFIED]: 'd2' }],
        ['999', { [SEEN_MODIFIED]: 'd9' }],
      ]),
      5,
    );
    // 7 is unchanged (not written); 299 is rewritten in place and 999 appended, in one block with the row between as read.
    expect(sheet.writes.map((w) => [w.row, w.rows])).toEqual([[300, 3]]);
    expect(JSON.parse(String(sheet.grid[300][1]))).toEqual({ [SEEN_MODIFIED]: 'd1', comments: 'c300' });
    expect(JSON.parse(String(sheet.grid[299][1]))).toEqual({ [SEEN_MODIFIED]: 'd2', comments: 'c299' });
    expect(sheet.grid[301][0]).toBe(999);
    expect(new OrderSnapshots(wb).load(['999']).get('999')).toEqual({ [SEEN_MODIFIED]: 'd9' });
  });
});

describe('writeOrders reads what the orders it writes need', () => {
  it('the cells it reads do not grow with the sheet beyond its key columns', () => {
    const cellsFor = (size: number): number => {
      const ctx = fakeContext();
      writeOrders(
        ctx,
        Array.from({ length: size }, (_, i) => mk(i + 1, '2026-11-02T00:00:00Z')),
        { fromImport: true, now: 0 },
      );
      const all = [...sheets(ctx).values()].map((s) => ({ s, counts: countReads(s) }));
      writeOrders(ctx, [mk(size + 1, '2026-11-02T00:00:00Z'), mk(3, '2026-11-05T00:00:00Z', { orderStatus: 'shipped' })], {
        fromImport: true,
        now: 0,
      });
      expect(all.every(({ counts }) => counts.whole === 0)).toBe(true);
      // The key columns of Orders, the snapshot and Order Items: one cell per row each.
      return all.reduce((n, { counts }) => n + counts.cells, 0) - 3 * size;
    };
    expect(cellsFor(2000)).toBe(cellsFor(50));
  });

  it('a page of new orders is one block write per sheet (Label, blank in a new row, is written blank); an updated row keeps its Label as it is', () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z'), mk(2, '2026-11-02T00:00:00Z')], { fromImport: true, now: 0 });
    const orders = sheets(ctx).get('Orders')!;
    expect(orders.writes).toHaveLength(1);
    const v0 = orders.readAll();
    orders.grid[1][col(v0, 'Label')] = '=HYPERLINK("https://drive/x","label")';
    orders.writes.length = 0;
    writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', { orderStatus: 'shipped' })], { fromImport: true, now: 0 });
    // Two blocks, one each side of Label: a formula is never rewritten as its value.
    expect(orders.writes.map((w) => w.column <= col(v0, 'Label') + 1 && w.column + w.columns - 1 >= col(v0, 'Label') + 1)).toEqual([
      false,
      false,
    ]);
    expect(orders.grid[1][col(v0, 'Label')]).toBe('=HYPERLINK("https://drive/x","label")');
  });

  it('a colleague sorts Orders, inserts a column, deletes a row and edits a cell between runs: the next run follows each', () => {
    const ctx = fakeContext();
    writeOrders(
      ctx,
      [1, 2, 3, 4].map((id) => mk(id, '2026-11-02T00:00:00Z', { comments: `hub ${id}` })),
      { fromImport: true, now: 0 },
    );
    const orders = sheets(ctx).get('Orders')!;
    const [header, ...rows] = orders.grid;
    // Sorted by order id, descending; a column of the seller's inserted at B; order 3's row deleted; order 2's comment edited.
    rows.sort((a, b) => Number(b[0]) - Number(a[0]));
    orders.grid = [header, ...rows].map((r, i) => [r[0], i === 0 ? 'Notas' : `nota ${r[0]}`, ...r.slice(1)]);
    orders.grid = orders.grid.filter((r) => r[0] !== 3);
    const v0 = orders.readAll();
    orders.grid.find((r) => r[0] === 2)![col(v0, 'Comments')] = 'mine';
    writeOrders(
      ctx,
      [1, 2, 3].map((id) => mk(id, '2026-11-09T00:00:00Z', { comments: `hub ${id} again`, orderStatus: 'shipped' })),
      { fromImport: true, now: 0 },
    );
    const v = orders.readAll();
    const byId = new Map(v.slice(1).map((r) => [r[0], r]));
    expect(v.slice(1).map((r) => r[0])).toEqual([4, 2, 1, 3]);
    expect(v.slice(1).map((r) => r[col(v, 'Notas')])).toEqual(['nota 4', 'nota 2', 'nota 1', '']);
    expect(byId.get(1)![col(v, 'Comments')]).toBe('hub 1 again');
    expect(byId.get(2)![col(v, 'Comments')]).toBe('mine');
    expect(String(byId.get(2)![col(v, 'Sync message')])).toMatch(/Kept your unsent edit of Comments/);
    expect(byId.get(3)![col(v, 'Order status')]).toBe('shipped');
    expect(byId.get(4)![col(v, 'Order status')]).toBe('paid');
  });
});

describe('an idle page (seen-again.ts)', () => {
  const page = (o: Partial<PageOrder> = {}): PageOrder => ({ id: 7, date: 'a7', dateModified: 'm7', whole: true, ...o });

  it('is one whose every order the tail holds with the same date and the dateModified its row holds, read whole', () => {
    const tail = [
      { id: 6, date: 'a6', written: 'm6' },
      { id: 7, date: 'a7', written: 'm7' },
    ];
    expect(onlySeenAgain(tail, [page()])).toBe(true);
    expect(onlySeenAgain(tail, [page({ dateModified: 'm7b' })])).toBe(false);
    expect(onlySeenAgain(tail, [page({ whole: false })])).toBe(false);
    expect(onlySeenAgain(tail, [page(), page({ id: 8, date: 'a8', dateModified: 'm8' })])).toBe(false);
    expect(onlySeenAgain([{ id: 7, date: 'a7' }], [page()])).toBe(false);
    expect(onlySeenAgain(tail, [])).toBe(false);
  });

  it('the tail learns what the rows hold, and forgets it for an order not in the sheet or read in part', () => {
    const tail = [
      { id: 6, date: 'a6', written: 'm6' },
      { id: 7, date: 'a7' },
      { id: 8, date: 'a8', written: 'm8' },
    ];
    const after = noteWritten(
      tail,
      [page(), page({ id: 8, date: 'a8', dateModified: 'm8b', whole: false }), page({ id: 6, date: 'a6', dateModified: 'm6b' })],
      (id) => id !== 6,
    );
    expect(after).toEqual([
      { id: 6, date: 'a6' },
      { id: 7, date: 'a7', written: 'm7' },
      { id: 8, date: 'a8' },
    ]);
    // By order id alone: another list read order 7 (under its own date) in part — this tail forgets what 7's row holds.
    expect(noteWritten(after, [page({ date: 'other list', whole: false })], () => true)).toEqual([
      { id: 6, date: 'a6' },
      { id: 7, date: 'a7' },
      { id: 8, date: 'a8' },
    ]);
  });

  it('property: never idle when an order of the page is not in the tail as written with its dateModified', () => {
    const entry = fc.record({
      id: fc.integer({ min: 1, max: 6 }),
      date: fc.constantFrom('a', 'b'),
      written: fc.option(fc.constantFrom('m1', 'm2'), { nil: undefined }),
    });
    const order = fc.record({
      id: fc.integer({ min: 1, max: 6 }),
      date: fc.constantFrom('a', 'b'),
      dateModified: fc.constantFrom('m1', 'm2'),
      whole: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), fc.array(order, { maxLength: 4 }), (tail, listed) => {
        const idle = onlySeenAgain(tail, listed);
        const provable =
          listed.length > 0 &&
          listed.every(
            (o) =>
              o.whole && tail.some((t) => t.id === o.id && t.date === o.date && t.written !== undefined && t.written === o.dateModified),
          );
        expect(idle).toBe(provable);
        // After the page is written, its orders (in the sheet, whole) make the same page idle.
        const after = noteWritten(tail, listed, () => true);
        const inTail = listed.filter((o) => tail.some((t) => t.id === o.id && t.date === o.date));
        // (One order listed twice with two dateModified cannot be proven: the row holds one of them.)
        const oneEach = new Set(listed.map((o) => o.id)).size === listed.length;
        if (inTail.length === listed.length && listed.every((o) => o.whole) && oneEach)
          expect(onlySeenAgain(after, listed)).toBe(listed.length > 0);
      }),
    );
  });
});

describe('placeLines', () => {
  /** The placement as it was before the free list lost its shift() (the oracle). */
  function placedBefore(rows: number[], print: (row: number) => string, lines: string[]): { target: Array<number | null>; gone: number[] } {
    const free = [...rows];
    const target: Array<number | null> = lines.map(() => null);
    lines.forEach((want, i) => {
      const at = free.findIndex((row) => print(row) === want);
      if (at >= 0) target[i] = free.splice(at, 1)[0];
    });
    lines.forEach((_, i) => {
      if (target[i] === null && free.length > 0) target[i] = free.shift()!;
    });
    return { target, gone: free };
  }

  it('property: places the lines of one listing exactly as the former quadratic pass did', () => {
    const item = fc.record({ sku: fc.constantFrom('A', 'B'), itemQuantity: fc.integer({ min: 1, max: 3 }) });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.array(item, { maxLength: 30 }), (inSheet, inHub) => {
        const cells = new Map<number, Record<string, CellValue>>();
        const rows = inSheet.map((it, i) => {
          cells.set(i + 2, { SKU: it.sku, Quantity: it.itemQuantity, Variation: '', Price: 10, Title: 't' });
          return i + 2;
        });
        const hubItems = inHub.map((it) => ({
          itemExternalId: 'X',
          sku: it.sku,
          itemQuantity: it.itemQuantity,
          price: 10,
          title: 't',
          total: 10,
        }));
        const p = placeLines(1, hubItems, new Map(rows.length > 0 ? [['1|id:X|v:', rows]] : []), (row, h) => cells.get(row)?.[h]);
        const print = (sku: unknown, qty: unknown) => `${String(sku)}|${String(qty)}`;
        const want = placedBefore(
          rows,
          (row) => print(cells.get(row)!.SKU, cells.get(row)!.Quantity),
          inHub.map((it) => print(it.sku, it.itemQuantity)),
        );
        expect(p.placed.map((x) => x.row)).toEqual(want.target);
        expect(p.gone).toEqual(want.gone);
      }),
    );
  });
});

import type { Order } from '../../../../src/api/schemas/orders';
import { orderOf } from '../../../support/orders';
import { KeyedTable, rowClusters } from '../../../../src/core/orders/keyed-table';
import { printLabels } from '../../../../src/core/orders/labels';
import { editsOf } from '../../../../src/core/orders/update';
import { SEEN_MODIFIED } from '../../../../src/core/orders/order-snapshot';
import { readOrderRecord } from '../../../../src/api/order-records';
import { writeOrders } from '../../../../src/core/orders/write-orders';
import { UserError } from '../../../../src/core/errors';
import type { CellValue } from '../../../../src/core/ports';
import { fakeContext, memoryWorkbook } from '../../../support/ports';

const mk = (id: number, modified: string, extra: Record<string, unknown> = {}): Order => orderOf(id, modified, 'TAZA', extra);

const col = (values: CellValue[][], header: string): number => (values[0] as string[]).indexOf(header);

describe('rowClusters', () => {
  it('joins rows separated by at most maxGap untouched rows', () => {
    expect(rowClusters([2, 3, 5, 30, 31, 60], 2)).toEqual([
      { first: 2, last: 5 },
      { first: 30, last: 31 },
      { first: 60, last: 60 },
    ]);
    expect(rowClusters([4, 2, 3], 0)).toEqual([{ first: 2, last: 4 }]);
  });
});

describe('KeyedTable', () => {
  const open = (grid: CellValue[][]) => {
    const wb = memoryWorkbook({ Orders: grid });
    const table = KeyedTable.open(wb, 'Orders', ['Order id', 'Comments', 'Label', 'Sync status'], (row, column) =>
      String(row[column('Order id')] ?? ''),
    );
    return { table, sheet: wb.sheets.get('Orders')! };
  };

  it("adds missing add-on columns right of the seller's and finds rows by key", () => {
    const { table, sheet } = open([
      ['My notes', 'order ID', 'Comments'],
      ['keep me', 7, 'c7'],
      ['mine too', 8, 'c8'],
    ]);
    expect(sheet.grid[0]).toEqual(['My notes', 'order ID', 'Comments', 'Label', 'Sync status']);
    expect(table.column('Order id')).toBe(1);
    expect(table.rowOf('8')).toBe(3);
    expect(table.rowFor('9')).toEqual({ row: 4, appended: true });
  });

  it('never writes a seller column, and in exact mode never a cell that was not set', () => {
    const { table, sheet } = open([
      ['Order id', 'Mine', 'Label', 'Sync status'],
      [1, 'x', '=HYPERLINK("a","b")', ''],
      [2, 'y', 'old link', ''],
    ]);
    table.set(2, { Label: 'new', 'Sync status': 'ok' });
    table.set(3, { 'Sync status': 'Error' });
    table.flush({ maxGap: 0, exact: true });
    expect(sheet.grid.map((r) => r.slice(0, 4))).toEqual([
      ['Order id', 'Mine', 'Label', 'Sync status'],
      [1, 'x', 'new', 'ok'],
      [2, 'y', 'old link', 'Error'],
    ]);
    expect(sheet.writes.every((w) => w.column >= 3)).toBe(true);
  });
});

describe('writeOrders', () => {
  it('appends new orders, updates seen ones in place, keeps seller columns and their cells', () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z'), mk(2, '2026-11-02T00:00:00Z')], { fromImport: true, now: ctx.ports.clock.now() });
    const sheet = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Orders')!;
    // The seller adds a column of their own in the middle, with a note on order 2.
    sheet.grid.forEach((r, i) => r.splice(2, 0, i === 0 ? 'Notas' : i === 2 ? 'llamar' : ''));
    const r = writeOrders(ctx, [mk(2, '2026-11-03T00:00:00Z', { orderStatus: 'shipped' }), mk(3, '2026-11-03T00:00:00Z')], {
      fromImport: true,
      now: ctx.ports.clock.now(),
    });
    expect(r).toMatchObject({ added: 1, updated: 1, unchanged: 0 });
    const v = sheet.readAll();
    expect(v.map((row) => row[0])).toEqual(['Order id', 1, 2, 3]);
    expect(v[2][col(v, 'Notas')]).toBe('llamar');
    expect(v[2][col(v, 'Order status')]).toBe('shipped');
    expect(v.slice(1).every((row) => row[col(v, 'Sync status')] === 'Imported')).toBe(true);
  });

  it('keeps an unsent edit of an editable cell and says so; takes the hub value where the cell was not edited', () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { comments: 'hub 1' })], { fromImport: true, now: 0 });
    const sheet = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Orders')!;
    const v0 = sheet.readAll();
    sheet.grid[1][col(v0, 'Comments')] = 'mine';
    writeOrders(ctx, [mk(1, '2026-11-05T00:00:00Z', { comments: 'hub 2', orderStatus: 'shipped' })], { fromImport: true, now: 0 });
    const v = sheet.readAll();
    expect(v[1][col(v, 'Comments')]).toBe('mine');
    expect(v[1][col(v, 'Order status')]).toBe('shipped');
    expect(String(v[1][col(v, 'Sync message')])).toMatch(/Kept your unsent edit of Comments/);
    // Once the hub holds the seller's text, there is nothing left to keep.
    writeOrders(ctx, [mk(1, '2026-11-06T00:00:00Z', { comments: 'mine' })], { fromImport: true, now: 0 });
    expect(sheet.readAll()[1][col(v, 'Sync message')]).toBe('');
  });

  it('skips an order seen again unchanged (same dateModified); writes it when it changed', () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T08:00:00Z'), mk(2, '2026-11-03T00:00:00Z')], { fromImport: true, now: 0 });
    expect(writeOrders(ctx, [mk(2, '2026-11-03T00:00:00Z')], { fromImport: true, now: 0 })).toMatchObject({
      unchanged: 1,
      added: 0,
      updated: 0,
    });
    expect(writeOrders(ctx, [mk(1, '2026-11-20T00:00:00Z')], { fromImport: true, now: 0 })).toMatchObject({ unchanged: 0, updated: 1 });
  });

  it("Find Order leaves the import's seen marks alone", () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T08:00:00Z')], { fromImport: true, now: 0 });
    writeOrders(ctx, [mk(1, '2026-11-09T08:00:00Z')], { fromImport: false, now: 0 });
    const snap = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Hub Sync order snapshot')!.readAll();
    expect(JSON.parse(String(snap[1][1]))).toMatchObject({ [SEEN_MODIFIED]: '2026-11-02T08:00:00Z' });
  });

  it('a record that fails the schema is written with what could be read, marked with the field and value, its editable cells and lines left alone', () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { comments: 'hub' })], { fromImport: true, now: 0 });
    // The same order (same dateModified) read whole once, then malformed: it must not stay "seen".
    writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', { comments: 'hub' })], { fromImport: true, now: 0 });
    const raw = { ...mk(1, '2026-11-03T00:00:00Z', { comments: 'hub 2', orderStatus: 'shipped' }), total: 'abc', items: null };
    const record = readOrderRecord(raw);
    expect(record.problems).toEqual(['total = "abc" (expected a number)', 'items = null (expected a list)']);
    const r = writeOrders(ctx, [record.order!], { fromImport: true, now: 0, problems: new Map([[1, record]]) });
    expect(r.removedLines).toBe(0);
    const wb = ctx.ports.workbook as ReturnType<typeof memoryWorkbook>;
    const v = wb.sheets.get('Orders')!.readAll();
    expect(v[1][col(v, 'Sync status')]).toBe('Check');
    expect(String(v[1][col(v, 'Sync message')])).toMatch(/total = "abc" \(expected a number\); items = null \(expected a list\)/);
    expect(JSON.parse(String(v[1][col(v, 'Other fields (JSON)')]))).toMatchObject({ total: 'abc', items: null });
    expect(v[1][col(v, 'Comments')]).toBe('hub');
    expect(wb.sheets.get('Order Items')!.readAll()).toHaveLength(2);
    // Not remembered as seen: the same record read whole later is written again.
    expect(writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', { comments: 'hub' })], { fromImport: true, now: 0 })).toMatchObject({
      updated: 1,
      unchanged: 0,
    });
    expect(wb.sheets.get('Orders')!.readAll()[1][col(v, 'Sync status')]).toBe('Imported');
  });

  const line = (id: string, sku: string) => ({ itemExternalId: id, title: sku, price: 10, itemQuantity: 1, total: 10, sku });
  const twoLines = [line('A', 'TAZA'), line('B', 'PLATO')];

  it.each(['delete', 'mark'] as const)(
    "a line the hub no longer lists is removed from Order Items (%s); the seller's column stays with its line",
    (mode) => {
      const ctx = fakeContext();
      writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { items: twoLines }), mk(2, '2026-11-02T00:00:00Z')], { fromImport: true, now: 0 });
      const items = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Order Items')!;
      items.grid.forEach((r, i) => r.push(i === 0 ? 'Picked' : i === 2 ? 'yes (plato)' : ''));
      const r = writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', { items: [line('B', 'PLATO')] })], {
        fromImport: true,
        now: Date.UTC(2026, 10, 3),
        removedLines: mode,
      });
      expect(r.removedLines).toBe(1);
      const v = items.readAll();
      const rows = v
        .slice(1)
        .map((row) => [row[col(v, 'Order id')], row[col(v, 'SKU')], row[col(v, 'Picked')], row[col(v, 'Line status')]]);
      if (mode === 'delete')
        expect(rows).toEqual([
          [1, 'PLATO', 'yes (plato)', ''],
          [2, 'TAZA', '', ''],
        ]);
      else
        expect(rows).toEqual([
          [1, 'TAZA', '', 'Removed from the order on 2026-11-03'],
          [1, 'PLATO', 'yes (plato)', ''],
          [2, 'TAZA', '', ''],
        ]);
    },
  );

  it('lines without an item id are keyed by SKU: removing the first does not hand its row to the second', () => {
    const ctx = fakeContext();
    const noId = (sku: string) => ({ ...line('', sku), itemExternalId: null });
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { items: [noId('TAZA'), noId('PLATO')] })], { fromImport: true, now: 0 });
    const items = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Order Items')!;
    items.grid.forEach((r, i) => r.push(i === 0 ? 'Picked' : i === 1 ? 'taza picked' : ''));
    writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', { items: [noId('PLATO')] })], { fromImport: true, now: 0, removedLines: 'mark' });
    const v = items.readAll();
    expect(v.slice(1).map((row) => [row[col(v, 'SKU')], row[col(v, 'Picked')], row[col(v, 'Line status')] !== ''])).toEqual([
      ['TAZA', 'taza picked', true],
      ['PLATO', '', false],
    ]);
  });

  it('an order listed twice in one answer is written once, as its latest copy: one row, its lines once, counted once', () => {
    const ctx = fakeContext();
    const two = { items: [line('I-1', 'TAZA'), line('I-2', 'PLATO')] };
    const r = writeOrders(
      ctx,
      [
        mk(1, '2026-11-02T00:00:00Z', two),
        mk(2, '2026-11-02T00:00:00Z'),
        mk(1, '2026-11-03T00:00:00Z', { ...two, orderStatus: 'shipped' }),
      ],
      { fromImport: true, now: 0 },
    );
    expect(r).toMatchObject({ added: 2, updated: 0 });
    expect(r.written.map((w) => w.order.orderId)).toEqual([1, 2]);
    const sheets = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets;
    const orders = sheets.get('Orders')!.readAll();
    expect(orders.slice(1).map((row) => [row[0], row[col(orders, 'Order status')]])).toEqual([
      [1, 'shipped'],
      [2, 'paid'],
    ]);
    const items = sheets.get('Order Items')!.readAll();
    expect(items.slice(1).map((row) => [row[0], row[col(items, 'SKU')]])).toEqual([
      [1, 'TAZA'],
      [1, 'PLATO'],
      [2, 'TAZA'],
    ]);
    // Seen again on the next page, unchanged: nothing written.
    expect(writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', two)], { fromImport: true, now: 0 })).toMatchObject({ unchanged: 1 });
  });

  it('upserts items by (order id, item id) and one write per block', () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z'), mk(2, '2026-11-02T00:00:00Z')], { fromImport: true, now: 0 });
    writeOrders(
      ctx,
      [
        mk(1, '2026-11-04T00:00:00Z', {
          items: [{ itemExternalId: 'I-1', title: 'Taza grande', price: 12, itemQuantity: 1, total: 12, sku: 'TAZA' }],
        }),
      ],
      { fromImport: true, now: 0 },
    );
    const items = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Order Items')!;
    const v = items.readAll();
    expect(v).toHaveLength(3);
    expect(v[1][col(v, 'Title')]).toBe('Taza grande');
    const orders = (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Orders')!;
    // Order rows: two runs of add-on columns (Label, written by print only, splits them) — never a write per cell.
    expect(orders.writes.length).toBeLessThanOrEqual(4);
  });
});

describe('editsOf (Update Order sends exactly what changed)', () => {
  const snap = { comments: 'a', internalStatus: 'CREATED', orderStatus: 'paid', externalNumber: '' };
  const cells = (v: Record<string, CellValue>) => (h: string) => v[h] ?? '';

  it('sends only the edited cells', () => {
    const e = editsOf(cells({ Comments: 'b', Status: 'CREATED', 'Order status': 'paid', 'External number': '' }), snap);
    expect(e.fields).toEqual({ comments: 'b' });
    expect(e.headers).toEqual(['Comments']);
  });

  it('upper-cases a status and refuses one the hub does not know', () => {
    expect(editsOf(cells({ Comments: 'a', Status: ' shipped ', 'Order status': 'paid' }), snap).fields).toEqual({
      internalStatus: 'SHIPPED',
    });
    expect(editsOf(cells({ Comments: 'a', Status: 'LOST', 'Order status': 'paid' }), snap).problems[0]).toMatch(
      /Status 'LOST' is not a status the hub accepts/,
    );
  });

  it('a number typed in External number is sent as its digits; no snapshot means nothing to compare', () => {
    expect(editsOf(cells({ Comments: 'a', Status: 'CREATED', 'Order status': 'paid', 'External number': 4512 }), snap).fields).toEqual({
      externalNumber: '4512',
    });
    expect(editsOf(cells({ Comments: 'zzz' }), undefined).headers).toEqual([]);
  });
});

describe('printLabels', () => {
  it('refuses to run without a person at the keyboard (a trigger): nothing is asked or sent', () => {
    const ctx = fakeContext({ interactive: false });
    expect(() => printLabels(ctx, 'pdf')).toThrow(UserError);
    expect(() => printLabels(ctx, 'pdf')).toThrow(/only from the menu/);
  });
});

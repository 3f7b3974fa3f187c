/**
 * Review of issue 12 ("Order lines follow the hub"): ways a seller's column on Order Items ends
 * up next to another line, or a line's good values are wiped. Each test fails today.
 */
import type { Order } from '../../../../src/api/schemas/orders';
import { orderOf } from '../../../support/orders';
import { readOrderRecord } from '../../../../src/api/order-records';
import { writeOrders } from '../../../../src/core/orders/write-orders';
import type { CellValue } from '../../../../src/core/kernel/ports';
import { fakeContext, type memoryWorkbook } from '../../../support/ports';

const mk = (id: number, modified: string, extra: Record<string, unknown> = {}): Order => orderOf(id, modified, '', { items: [], ...extra });
const col = (values: CellValue[][], header: string): number => (values[0] as string[]).indexOf(header);
const itemsSheet = (ctx: ReturnType<typeof fakeContext>) =>
  (ctx.ports.workbook as ReturnType<typeof memoryWorkbook>).sheets.get('Order Items')!;

// Mercado Libre lists two variations of one listing with the same item id (MLM1) and different variation ids.
const variation = (vid: string, name: string, qty: number) => ({
  itemExternalId: 'MLM1',
  title: 'Playera',
  variationId: vid,
  variationName: name,
  price: 100,
  itemQuantity: qty,
  total: 100 * qty,
  sku: `PLAYERA-${name}`,
});

describe("order lines keep the seller's columns", () => {
  // FLAW: lines are keyed by (order id, item external id, n-th occurrence) ignoring variationId, so when the hub removes the
  // first variation of a listing the second variation takes over its row and the seller's mark. Correct: the mark stays with
  // the 'Azul' line (keyed by item id + variation id), and the removed 'Rojo' line is what is deleted.
  it("removing one variation of a listing does not hand its row (and the seller's mark) to the other variation", () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { items: [variation('V-R', 'Rojo', 1), variation('V-A', 'Azul', 2)] })], {
      fromImport: true,
      now: 0,
    });
    const items = itemsSheet(ctx);
    items.grid.forEach((r, i) => r.push(i === 0 ? 'Picked' : i === 1 ? 'rojo: packed' : ''));
    writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', { items: [variation('V-A', 'Azul', 2)] })], {
      fromImport: true,
      now: Date.UTC(2026, 10, 3),
    });
    const v = items.readAll();
    const rows = v.slice(1).map((row) => [row[col(v, 'Variation')], row[col(v, 'Picked')]]);
    // The 'rojo: packed' mark must not sit next to the Azul line.
    expect(rows).toEqual([['Azul', '']]);
  });

  // FLAW: the n-th-occurrence numbering of lines that share an item id follows the sheet's row order, so after a colleague
  // sorts Order Items (here Z→A by Variation) the next import of the order writes each line's values into the other line's
  // row, and the seller's marks swap lines. Correct: each mark stays next to its own variation whatever the row order.
  it("a colleague sorting Order Items between runs does not swap the seller's marks between two lines of one listing", () => {
    const ctx = fakeContext();
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { items: [variation('V-A', 'Azul', 1), variation('V-R', 'Rojo', 2)] })], {
      fromImport: true,
      now: 0,
    });
    const items = itemsSheet(ctx);
    const v0 = items.readAll();
    items.grid.forEach((r, i) => r.push(i === 0 ? 'Picked' : `${String(r[col(v0, 'Variation')]).toLowerCase()} picked`));
    // Colleague sorts the data rows by Variation, Z→A: Rojo first.
    const [header, ...data] = items.grid;
    data.sort((a, b) => String(b[col(v0, 'Variation')]).localeCompare(String(a[col(v0, 'Variation')])));
    items.grid = [header, ...data];
    // The order changes in the hub (status), so it is imported again, same lines.
    writeOrders(
      ctx,
      [mk(1, '2026-11-03T00:00:00Z', { orderStatus: 'shipped', items: [variation('V-A', 'Azul', 1), variation('V-R', 'Rojo', 2)] })],
      { fromImport: true, now: 0 },
    );
    const v = items.readAll();
    for (const row of v.slice(1)) expect(row[col(v, 'Picked')]).toBe(`${String(row[col(v, 'Variation')]).toLowerCase()} picked`);
  });

  // FLAW: the same for lines without an item id keyed by SKU + position: two lines of the same SKU (e.g. two prices) swap
  // the seller's marks after a sort. Correct: the marks stay with the line whose values they were typed next to.
  it('lines without an item id and the same SKU keep their marks after a sort of Order Items', () => {
    const ctx = fakeContext();
    const noId = (price: number) => ({ itemExternalId: null, title: 'Taza', price, itemQuantity: 1, total: price, sku: 'TAZA' });
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { items: [noId(10), noId(99)] })], { fromImport: true, now: 0 });
    const items = itemsSheet(ctx);
    const v0 = items.readAll();
    items.grid.forEach((r, i) => r.push(i === 0 ? 'Note' : `note for ${r[col(v0, 'Price')]}`));
    const [header, ...data] = items.grid;
    data.reverse(); // sorted by Price, descending
    items.grid = [header, ...data];
    writeOrders(ctx, [mk(1, '2026-11-03T00:00:00Z', { orderStatus: 'shipped', items: [noId(10), noId(99)] })], {
      fromImport: true,
      now: 0,
    });
    const v = items.readAll();
    for (const row of v.slice(1)) expect(row[col(v, 'Note')]).toBe(`note for ${row[col(v, 'Price')]}`);
  });

  // FLAW: a record with one malformed field inside a line (itemQuantity "2" as text) keeps itemsRead = true, so the line is
  // rewritten with that field blank: the Quantity the sheet held (2) is wiped. docs/user/orders.md: a record read in part leaves "its
  // lines ... as they were". Correct: the line's Quantity stays 2 (or the line is left untouched) and the row says Check.
  it('a malformed field in an order line does not wipe the value the line already held', () => {
    const ctx = fakeContext();
    const good = { itemExternalId: 'I-1', title: 'Taza', price: 10, itemQuantity: 2, total: 20, sku: 'TAZA' };
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { items: [good] })], { fromImport: true, now: 0 });
    const raw = { ...mk(1, '2026-11-03T00:00:00Z', { orderStatus: 'shipped' }), items: [{ ...good, itemQuantity: '2' }] };
    const record = readOrderRecord(raw);
    expect(record.problems).toEqual(['items[0].itemQuantity = "2" (expected a number)']);
    writeOrders(ctx, [record.order!], { fromImport: true, now: 0, problems: new Map([[1, record]]) });
    const v = itemsSheet(ctx).readAll();
    expect(v).toHaveLength(2);
    expect(v[1][col(v, 'Quantity')]).toBe(2);
  });

  // FLAW: a malformed item id (a number where text was expected) is dropped, so the line is re-keyed by SKU: its row (with
  // the seller's mark) is deleted as "removed from the order" and a new row appended. Correct: the line is not removed —
  // the record was read in part, its lines are left as they were.
  it('a line whose item id arrives as a number is not deleted as removed from the order', () => {
    const ctx = fakeContext();
    const good = { itemExternalId: '123456', title: 'Taza', price: 10, itemQuantity: 1, total: 10, sku: 'TAZA' };
    writeOrders(ctx, [mk(1, '2026-11-02T00:00:00Z', { items: [good] })], { fromImport: true, now: 0 });
    const items = itemsSheet(ctx);
    items.grid.forEach((r, i) => r.push(i === 0 ? 'Picked' : 'yes'));
    const raw = { ...mk(1, '2026-11-03T00:00:00Z', { orderStatus: 'shipped' }), items: [{ ...good, itemExternalId: 123456 }] };
    const record = readOrderRecord(raw);
    const r = writeOrders(ctx, [record.order!], { fromImport: true, now: 0, problems: new Map([[1, record]]) });
    expect(r.removedLines).toBe(0);
    const v = items.readAll();
    expect(v.slice(1).map((row) => row[col(v, 'Picked')])).toEqual(['yes']);
  });

  // FLAW: a record that carries no `items` key at all is read as "no lines", and every line of the order is deleted from
  // Order Items. The hub not sending lines is not the hub saying the order has none. Correct: lines are left as they were.
  it("an order record without an items field does not delete the order's lines", () => {
    const ctx = fakeContext();
    writeOrders(
      ctx,
      [
        mk(1, '2026-11-02T00:00:00Z', {
          items: [{ itemExternalId: 'I-1', title: 'Taza', price: 10, itemQuantity: 1, total: 10, sku: 'TAZA' }],
        }),
      ],
      { fromImport: true, now: 0 },
    );
    const raw: Record<string, unknown> = { ...mk(1, '2026-11-03T00:00:00Z', { orderStatus: 'shipped' }) };
    delete raw.items;
    const record = readOrderRecord(raw);
    const r = writeOrders(ctx, [record.order!], {
      fromImport: true,
      now: 0,
      problems: record.problems.length ? new Map([[1, record]]) : undefined,
    });
    expect(r.removedLines).toBe(0);
    expect(itemsSheet(ctx).readAll()).toHaveLength(2);
  });
});

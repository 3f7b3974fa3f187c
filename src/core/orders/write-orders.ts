import type { Order } from '../../api/schemas/orders';
import type { Context } from '../context';
import type { CellValue } from '../ports';
import { EDITABLE, ITEM_HEADERS, ITEM_HEADER_LIST, ORDER_DATE_HEADERS, ORDER_HEADERS, ORDER_HEADER_LIST } from './columns';
import { KeyedTable } from './keyed-table';
import { byHeader, cellText, itemCells, itemKeyMaker, orderCells, orderKey, shownText } from './order-rows';
import { SEEN_MODIFIED, SEEN_PASS, importedValues, orderSnapshotStore, snapshotText, type OrderSnapshot } from './order-snapshot';

/** Untouched rows between updated ones rewritten as read to save a block write (about the cost of one round trip). */
const MAX_GAP = 10;

export interface WriteOrdersOptions {
  /** The import pass that read these orders; null for Find Order (it does not take part in paging). */
  pass: number | null;
  now: number;
}

export interface WriteOrdersResult {
  /** Order id → its row in the Orders sheet. */
  rows: Map<number, number>;
  added: number;
  updated: number;
  /** Seen again by the import with the same dateModified: nothing to write. */
  unchanged: number;
  /** Rows where a seller's unsent edit was kept. */
  keptEdits: number;
  /**
   * The earliest earlier dateModified of an order this pass had already read and now read again
   * changed: it moved to the end of the modified_asc order, and the orders after its old place
   * shifted left by one, so one of them may have been skipped at a page boundary.
   */
  shiftFrom: number | null;
}

/** Opens the Orders sheet keyed by order id. */
export function openOrdersTable(ctx: Context): KeyedTable {
  return KeyedTable.open(ctx.ports.workbook, ctx.settings.sheetNames.orders, ORDER_HEADER_LIST, (row, column) => orderKey(row[column(ORDER_HEADERS.orderId)]));
}

/**
 * Upserts orders into Orders and their lines into Order Items: an order seen again is updated
 * in place, a new one appended. An editable cell holding a seller's unsent edit is kept (and the
 * row says so). Rows are written before the snapshot, so an execution killed in between can
 * only make the next import see its own values as edits, never lose a seller's.
 */
export function writeOrders(ctx: Context, orders: readonly Order[], options: WriteOrdersOptions): WriteOrdersResult {
  const result: WriteOrdersResult = { rows: new Map(), added: 0, updated: 0, unchanged: 0, keptEdits: 0, shiftFrom: null };
  if (orders.length === 0) return result;
  const table = openOrdersTable(ctx);
  const store = orderSnapshotStore(ctx.ports.workbook);
  const snapshots = store.load();
  const snapshotUpdates = new Map<string, OrderSnapshot>();
  const changed: Order[] = [];
  for (const order of orders) {
    const key = String(order.orderId);
    const before = snapshots.get(key);
    const existing = table.rowOf(key);
    const seen: OrderSnapshot = options.pass === null ? {} : { [SEEN_MODIFIED]: order.dateModified, [SEEN_PASS]: options.pass };
    if (options.pass !== null && before && before[SEEN_PASS] === options.pass && before[SEEN_MODIFIED] !== order.dateModified) {
      const old = Date.parse(String(before[SEEN_MODIFIED]));
      if (Number.isFinite(old)) result.shiftFrom = Math.min(result.shiftFrom ?? old, old);
    }
    if (options.pass !== null && existing !== null && before && before[SEEN_MODIFIED] === order.dateModified) {
      result.unchanged++;
      result.rows.set(order.orderId, existing);
      snapshotUpdates.set(key, seen);
      continue;
    }
    const { row, appended } = table.rowFor(key);
    const imported = importedValues(order);
    const cells = byHeader(orderCells(order), ORDER_HEADERS);
    const kept = appended ? [] : keptEdits(table, row, before, imported);
    for (const header of kept) delete cells[header]; // written back as read
    cells[ORDER_HEADERS.syncStatus] = 'Imported';
    cells[ORDER_HEADERS.syncMessage] = kept.length === 0 ? '' : `Kept your unsent edit of ${kept.join(', ')}: Hub Sync \u203a Orders \u203a Send edited orders sends it; clear the cell to take the hub's value.`;
    cells[ORDER_HEADERS.importedAt] = new Date(options.now);
    table.set(row, cells);
    snapshotUpdates.set(key, { ...imported, ...seen });
    result.rows.set(order.orderId, row);
    if (kept.length > 0) result.keptEdits++;
    if (appended) result.added++;
    else result.updated++;
    changed.push(order);
  }
  table.flush({ maxGap: MAX_GAP, dateHeaders: ORDER_DATE_HEADERS });
  writeItems(ctx, changed);
  store.save(snapshotUpdates, snapshots, options.now);
  return result;
}

/** Editable headers whose cell holds an edit that differs from both the last import and the hub's value now. */
function keptEdits(table: KeyedTable, row: number, before: OrderSnapshot | undefined, imported: OrderSnapshot): string[] {
  const kept: string[] = [];
  for (const { column, field } of EDITABLE) {
    const header = ORDER_HEADERS[column];
    const last = snapshotText(before, field);
    const cell = cellText(table.read(row, header));
    // Without a snapshot nothing tells an edit from an old import: the hub's value is taken.
    if (last !== null && cell !== last && cell !== imported[field]) kept.push(header);
  }
  return kept;
}

/** Upserts the lines of the given orders into Order Items, keyed by (order id, item external id or position). */
function writeItems(ctx: Context, orders: readonly Order[]): void {
  if (orders.length === 0) return;
  const sheetKey = itemKeyMaker();
  const table = KeyedTable.open(ctx.ports.workbook, ctx.settings.sheetNames.orderItems, ITEM_HEADER_LIST, (row, column) => {
    const orderId = orderKey(row[column(ITEM_HEADERS.orderId)]);
    return orderId === '' ? '' : sheetKey(orderId, cellText(row[column(ITEM_HEADERS.itemExternalId)]));
  });
  const hubKey = itemKeyMaker();
  for (const order of orders) {
    for (const item of order.items) {
      const key = hubKey(String(order.orderId), shownText(String(item.itemExternalId ?? '')));
      const { row } = table.rowFor(key);
      table.set(row, byHeader(itemCells(order.orderId, item), ITEM_HEADERS) as Record<string, CellValue>);
    }
  }
  table.flush({ maxGap: MAX_GAP });
}

import type { Order } from '../../api/schemas/orders';
import type { OrderRecord } from '../../api/order-records';
import type { Context } from '../context';
import type { CellValue } from '../ports';
import {
  EDITABLE,
  ITEM_HEADERS,
  ITEM_HEADER_LIST,
  ITEM_PRICE_HEADERS,
  ORDER_DATE_HEADERS,
  ORDER_HEADERS,
  ORDER_HEADER_LIST,
  ORDER_PRICE_HEADERS,
} from './columns';
import { KeyedTable, rowClusters } from './keyed-table';
import { byHeader, cellText, jsonCell, orderCells, orderKey } from './order-rows';
import { placeLines, sheetLineBase } from './order-lines';
import { OrderSnapshots, SEEN_MODIFIED, importedValues, snapshotText, type OrderSnapshot } from './order-snapshot';
import { oncePerOrder } from './once-per-order';

/** Untouched rows between updated ones rewritten as read to save a block write (about the cost of one round trip). */
const MAX_GAP = 10;

export interface WriteOrdersOptions {
  /** True for the import: an order seen again with the same dateModified is not written again. */
  fromImport: boolean;
  now: number;
  /** Records that failed the schema, by order id: written with what could be read and marked. */
  problems?: ReadonlyMap<number, OrderRecord>;
  /** What to do with lines the hub no longer lists for an order (default: delete their rows). */
  removedLines?: 'delete' | 'mark';
  /** The import's status filter: an order it does not take is not added — but one already in the sheet is kept current. */
  admit?: (order: Order) => boolean;
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
  /** Order lines the hub no longer lists, deleted or marked in Order Items. */
  removedLines: number;
  /** The orders written (added or changed), in the order given. */
  written: Array<{ order: Order; added: boolean }>;
}

/** Opens the Orders sheet keyed by order id, every row read (a pass over all orders). */
export function openOrdersTable(ctx: Context): KeyedTable {
  return KeyedTable.open(ctx.ports.workbook, ctx.settings.sheetNames.orders, ORDER_HEADER_LIST, (row, column) =>
    orderKey(row[column(ORDER_HEADERS.orderId)]),
  );
}

/**
 * Upserts orders into Orders and their lines into Order Items: an order seen again is updated
 * in place, a new one appended; an order listed twice in `listed` is written once (once-per-order.ts). An editable cell holding a seller's unsent edit is kept (and the
 * row says so). Rows are written before the snapshot, so an execution killed in between can
 * only make the next import see its own values as edits, never lose a seller's.
 *
 * What is read follows the orders given, not the size of the sheets: the order id columns of
 * Orders and of the snapshot, then the rows of these orders only. Each call reads them afresh
 * (under the document lock the caller holds), so a colleague's edits since the last run are
 * seen: a sort or deleted rows by the key column, inserted columns by the header, an edit of an
 * editable cell by the row read just before it is written.
 */
export function writeOrders(ctx: Context, listed: readonly Order[], options: WriteOrdersOptions): WriteOrdersResult {
  const orders = oncePerOrder(listed);
  const result: WriteOrdersResult = { rows: new Map(), added: 0, updated: 0, unchanged: 0, keptEdits: 0, removedLines: 0, written: [] };
  if (orders.length === 0) return result;
  const table = KeyedTable.openByKey(ctx.ports.workbook, ctx.settings.sheetNames.orders, ORDER_HEADER_LIST, ORDER_HEADERS.orderId);
  const store = new OrderSnapshots(ctx.ports.workbook);
  const snapshots = store.load(orders.map((o) => String(o.orderId)));
  const isUnchanged = (order: Order, existing: number | null): boolean =>
    options.fromImport &&
    !options.problems?.has(order.orderId) &&
    existing !== null &&
    snapshots.get(String(order.orderId))?.[SEEN_MODIFIED] === order.dateModified;
  // The rows about to be rewritten, read in one go: their editable cells tell an unsent edit.
  const rewritten: number[] = [];
  for (const order of orders) {
    const row = table.rowOf(String(order.orderId));
    if (row !== null && !isUnchanged(order, row)) rewritten.push(row);
  }
  table.load(rewritten);
  const snapshotUpdates = new Map<string, OrderSnapshot>();
  const changed: Order[] = [];
  for (const order of orders) {
    const key = String(order.orderId);
    const before = snapshots.get(key);
    const existing = table.rowOf(key);
    if (existing === null && options.admit && !options.admit(order)) continue;
    const problem = options.problems?.get(order.orderId);
    const seen: OrderSnapshot = options.fromImport ? { [SEEN_MODIFIED]: order.dateModified } : {};
    if (isUnchanged(order, existing)) {
      result.unchanged++;
      result.rows.set(order.orderId, existing!);
      continue;
    }
    const { row, appended } = table.rowFor(key);
    const imported = importedValues(order);
    const cells = byHeader(orderCells(order), ORDER_HEADERS);
    const kept = appended || problem ? [] : keptEdits(table, row, before, imported);
    for (const header of kept) delete cells[header]; // written back as read
    // A record read in part leaves the editable cells as they are: a field it lacks is not the hub's ''.
    if (problem && !appended) for (const { column } of EDITABLE) delete cells[ORDER_HEADERS[column]];
    cells[ORDER_HEADERS.syncStatus] = problem ? 'Check' : 'Imported';
    cells[ORDER_HEADERS.syncMessage] = problem
      ? recordMessage(problem)
      : kept.length === 0
        ? ''
        : `Kept your unsent edit of ${kept.join(', ')}: Hub Sync \u203a Orders \u203a Send edited orders sends it; clear the cell to take the hub's value.`;
    if (problem) cells[ORDER_HEADERS.other] = jsonCell(problem.raw);
    cells[ORDER_HEADERS.importedAt] = new Date(options.now);
    table.set(row, cells);
    // A record read in part is forgotten as seen (its editable values stay as they were): the next
    // read of this order — a page, the daily check — writes it again, even with the same dateModified.
    if (!problem) snapshotUpdates.set(key, { ...imported, ...seen });
    else if (before && SEEN_MODIFIED in before) snapshotUpdates.set(key, { [SEEN_MODIFIED]: '' }); // entries merge: '' matches no date
    result.rows.set(order.orderId, row);
    if (kept.length > 0) result.keptEdits++;
    if (appended) result.added++;
    else result.updated++;
    result.written.push({ order, added: appended });
    changed.push(order);
  }
  table.flush({ maxGap: MAX_GAP, dateHeaders: ORDER_DATE_HEADERS, priceHeaders: ORDER_PRICE_HEADERS });
  // A record read in part leaves its lines as they were: a line field that failed is not the hub's ''.
  const linesRead = changed.filter((o) => !options.problems?.has(o.orderId));
  result.removedLines = writeItems(ctx, linesRead, options.removedLines ?? 'delete', options.now);
  store.save(snapshotUpdates, options.now);
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

/** What a row of a record that failed the schema says. */
function recordMessage(record: OrderRecord): string {
  const shown = record.problems.slice(0, 3).join('; ');
  const more = record.problems.length > 3 ? ` and ${record.problems.length - 3} more` : '';
  return `The hub sent this order with ${shown}${more}: the rest was imported, the record as sent is in ${ORDER_HEADERS.other}. The next import or the daily check reads it again.`;
}

/**
 * Upserts the lines of the given orders into Order Items (order-lines.ts says which row holds
 * which line), and deletes (or marks) the rows of lines the hub no longer lists for them.
 * Returns the number of lines removed or marked.
 */
function writeItems(ctx: Context, orders: readonly Order[], removed: 'delete' | 'mark', now: number): number {
  if (orders.length === 0) return 0;
  // Keyed by order id: the rows of these orders are all that is read.
  const table = KeyedTable.openByKey(ctx.ports.workbook, ctx.settings.sheetNames.orderItems, ITEM_HEADER_LIST, ITEM_HEADERS.orderId);
  table.load(orders.flatMap((o) => table.rowsOf(String(o.orderId))));
  const read = (row: number, header: string): CellValue | undefined => table.read(row, header);
  const gone: number[] = [];
  let appended = 0;
  for (const order of orders) {
    const placement = placeLines(order.orderId, order.items, linesOf(table, order.orderId), read);
    for (const row of placement.gone) gone.push(row);
    for (const p of placement.placed) table.set(p.row ?? table.rowFor(`\u0000new ${appended++}`).row, p.cells);
  }
  const mark = `Removed from the order on ${new Date(now).toISOString().slice(0, 10)}`;
  if (removed === 'mark') {
    for (const row of gone)
      if (cellText(table.read(row, ITEM_HEADERS.lineStatus)) === '') table.set(row, { [ITEM_HEADERS.lineStatus]: mark });
  }
  table.flush({ maxGap: MAX_GAP, priceHeaders: ITEM_PRICE_HEADERS });
  if (removed === 'delete') {
    // Bottom up, a block at a time, so the row numbers read above stay right for the rows still to delete.
    for (const run of rowClusters(gone, 0).reverse()) table.sheet.deleteRows(run.first, run.last - run.first + 1);
  }
  return gone.length;
}

/** The rows of an order's lines in Order Items by line identity (order-lines.ts), top to bottom. */
function linesOf(table: KeyedTable, orderId: number): Map<string, number[]> {
  const key = String(orderId);
  const bases = new Map<string, number[]>();
  for (const row of table.rowsOf(key)) {
    const base = sheetLineBase(key, (h) => table.read(row, h));
    const rows = bases.get(base);
    if (rows) rows.push(row);
    else bases.set(base, [row]);
  }
  return bases;
}

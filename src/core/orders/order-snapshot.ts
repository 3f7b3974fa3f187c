/**
 * What the add-on last wrote into each order's editable cells, kept on a hidden sheet keyed by
 * order id. Comparing a cell with it tells a seller's unsent edit from the hub's own value: the
 * import keeps the first, Update Order sends exactly those. It also remembers, per order, the
 * dateModified with which the import last wrote it (an order read again unchanged is not rewritten).
 */
import type { Order } from '../../api/schemas/orders';
import { SnapshotStore } from '../push/snapshot';
import type { Workbook } from '../ports';
import { EDITABLE, ORDER_SNAPSHOT_SHEET } from './columns';
import { editableText, shownText } from './order-rows';

/** Editable field → the text the cell showed after import; `@modified` for the import. */
export type OrderSnapshot = Record<string, string | number>;

/** dateModified (ISO, as the hub sent it) when the scheduled import last saw the order. */
export const SEEN_MODIFIED = '@modified';

/** The order snapshot store (one read to load, one write to save). */
export function orderSnapshotStore(workbook: Workbook): SnapshotStore<OrderSnapshot> {
  return new SnapshotStore<OrderSnapshot>(workbook, ORDER_SNAPSHOT_SHEET, 'Order id');
}

/** The editable values of an order as the cells show them after import. */
export function importedValues(order: Order): OrderSnapshot {
  const out: OrderSnapshot = {};
  for (const { field } of EDITABLE) out[field] = shownText(editableText(order, field));
  return out;
}

/** The imported text of one editable field, or null when the snapshot has none. */
export function snapshotText(snapshot: OrderSnapshot | undefined, field: string): string | null {
  const v = snapshot?.[field];
  return v === undefined ? null : String(v);
}

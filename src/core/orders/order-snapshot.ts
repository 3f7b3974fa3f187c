/**
 * What the add-on last wrote into each order's editable cells, kept on a hidden sheet keyed by
 * order id. Comparing a cell with it tells a seller's unsent edit from the hub's own value: the
 * import keeps the first, Update Order sends exactly those. It also remembers, per order, the
 * dateModified with which the import last wrote it (an order read again unchanged is not rewritten).
 *
 * The sheet is the add-on's (hidden; its rows never move), so it is read like the Orders sheet: the
 * order id column, then only the rows of the orders asked for; a save writes only the rows it
 * changes and the ones it appends. Same layout as before (Order id · Confirmed values · Confirmed
 * at): a spreadsheet's existing snapshot is read as it is.
 */
import type { Order } from '../../api/schemas/orders';
import { escapeCellText } from '../../sheet';
import type { CellValue, Workbook } from '../kernel/ports';
import { EDITABLE, ORDER_SNAPSHOT_SHEET } from './columns';
import { KeyedTable } from './keyed-table';
import { editableText, shownText } from './order-rows';

/** Editable field → the text the cell showed after import; `@modified` for the import. */
export type OrderSnapshot = Record<string, string | number>;

/** dateModified (ISO, as the hub sent it) when the scheduled import last saw the order. */
export const SEEN_MODIFIED = '@modified';

const HEADERS = ['Order id', 'Confirmed values', 'Confirmed at'] as const;
/** Untouched rows between changed ones rewritten as read, to save a block write (a row is three cells). */
const MAX_GAP = 10;

/** The order snapshot: reads the entries of the orders named, writes back the changed ones. */
export class OrderSnapshots {
  private table: KeyedTable | null = null;
  private readonly entries = new Map<string, OrderSnapshot>();
  /** Orders whose entry was looked up (found or not). */
  private readonly looked = new Set<string>();

  constructor(private readonly workbook: Workbook) {}

  /** The entries of these orders (an order never imported has none). */
  load(keys: Iterable<string>): Map<string, OrderSnapshot> {
    const wanted = [...new Set(keys)];
    const fresh = wanted.filter((k) => !this.looked.has(k));
    const table = fresh.length > 0 ? this.open(false) : this.table;
    if (table) {
      const rowOf = new Map<string, number>();
      for (const key of fresh) {
        const row = table.rowOf(key);
        if (row !== null) rowOf.set(key, row);
      }
      table.load([...rowOf.values()]);
      rowOf.forEach((row, key) => {
        try {
          this.entries.set(key, JSON.parse(String(table.read(row, HEADERS[1]) || '{}')) as OrderSnapshot);
        } catch {
          // An unreadable entry counts as never imported: the hub's value is taken, which is safe.
        }
      });
    }
    for (const key of fresh) this.looked.add(key);
    const out = new Map<string, OrderSnapshot>();
    for (const key of wanted) {
      const entry = this.entries.get(key);
      if (entry) out.set(key, entry);
    }
    return out;
  }

  /** Merges the updates into the entries (later keys win) and writes the rows that changed. */
  save(updates: ReadonlyMap<string, OrderSnapshot>, now: number): void {
    if (updates.size === 0) return;
    this.load(updates.keys());
    let table: KeyedTable | null = null;
    updates.forEach((values, key) => {
      const before = this.entries.get(key);
      const merged: OrderSnapshot = { ...before, ...values };
      const text = JSON.stringify(merged);
      // An entry that would not change is not written (an order seen again unchanged).
      if (before && text === JSON.stringify(before)) return;
      this.entries.set(key, merged);
      table ??= this.open(true)!;
      const { row, appended } = table.rowFor(key);
      const cells: Record<string, CellValue> = { [HEADERS[1]]: escapeCellText(text), [HEADERS[2]]: new Date(now) };
      if (appended) cells[HEADERS[0]] = idCell(key);
      table.set(row, cells);
    });
    (table as KeyedTable | null)?.flush({ maxGap: MAX_GAP });
  }

  private open(create: boolean): KeyedTable | null {
    if (this.table) return this.table;
    if (!create && !this.workbook.sheet(ORDER_SNAPSHOT_SHEET)) return null;
    this.table = KeyedTable.openByKey(this.workbook, ORDER_SNAPSHOT_SHEET, HEADERS, HEADERS[0], { hidden: true });
    return this.table;
  }
}

/** An order id as its cell: the number it is. */
function idCell(key: string): CellValue {
  const n = Number(key);
  return Number.isSafeInteger(n) && String(n) === key ? n : escapeCellText(key);
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

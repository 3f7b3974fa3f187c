/**
 * Which row of Order Items holds which line of an order. Pure.
 *
 * A line is known by its order id, item id and variation id — or, when the hub gives no item id,
 * by its SKU and variation id (two variations of one listing share an item id; lines without an
 * id are told apart by SKU). Lines that still share all of that (the same listing twice, the
 * same SKU at two prices) are matched by their values first — SKU, variation, quantity, price —
 * and only then by position, so a colleague sorting Order Items never swaps two lines' rows, and
 * with them the seller's marks.
 */
import type { OrderItem } from '../../api/schemas/orders';
import type { CellValue } from '../kernel/ports';
import { ITEM_HEADERS } from './columns';
import { byHeader, cellText, itemCells, shownText } from './order-rows';

/** The identity of a line within its order (without position). */
export function lineBase(orderId: string, itemId: string, sku: string, variationId: string): string {
  return itemId !== '' ? `${orderId}|id:${itemId}|v:${variationId}` : `${orderId}|sku:${sku}|v:${variationId}`;
}

/** The base of a sheet row of Order Items, or '' for a row without an order id. */
export function sheetLineBase(orderId: string, read: (header: string) => CellValue | undefined): string {
  if (orderId === '') return '';
  return lineBase(
    orderId,
    cellText(read(ITEM_HEADERS.itemExternalId) ?? ''),
    cellText(read(ITEM_HEADERS.sku) ?? ''),
    cellText(read(ITEM_HEADERS.variationId) ?? ''),
  );
}

/** The base of a line the hub sent. */
export function hubLineBase(orderId: number, item: OrderItem): string {
  return lineBase(
    String(orderId),
    shownText(String(item.itemExternalId ?? '')),
    shownText(String(item.sku ?? '')),
    shownText(String(item.variationId ?? '')),
  );
}

/** The values two readings of one line share when it did not change. */
const FINGERPRINT = [ITEM_HEADERS.sku, ITEM_HEADERS.variation, ITEM_HEADERS.quantity, ITEM_HEADERS.price, ITEM_HEADERS.title] as const;

function fingerprint(read: (header: string) => CellValue | undefined): string {
  return FINGERPRINT.map((h) => cellText(read(h) ?? '')).join('\u0000');
}

/** The same values as the sheet will show them once written (text as shown, numbers as numbers). */
function hubFingerprint(item: OrderItem): string {
  const text = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : shownText(String(v)));
  const num = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? String(v) : text(v));
  return [text(item.sku), text(item.variationName), num(item.itemQuantity), num(item.price), text(item.title)].join('\u0000');
}

export interface LinePlacement {
  /** Each hub line with the sheet row it goes to (null: append a row). */
  placed: Array<{ item: OrderItem; row: number | null; cells: Record<string, CellValue> }>;
  /** Sheet rows of the order the hub no longer lists. */
  gone: number[];
}

/**
 * Places one order's lines on the sheet rows that hold its lines now (`rows`: base → rows, top
 * to bottom; `read` reads a cell of a row by header).
 */
export function placeLines(
  orderId: number,
  items: readonly OrderItem[],
  rows: ReadonlyMap<string, readonly number[]>,
  read: (row: number, header: string) => CellValue | undefined,
): LinePlacement {
  const byBase = new Map<string, OrderItem[]>();
  for (const item of items) {
    const base = hubLineBase(orderId, item);
    const lines = byBase.get(base);
    if (lines) lines.push(item);
    else byBase.set(base, [item]);
  }
  const placed: LinePlacement['placed'] = [];
  const gone: number[] = [];
  const prefix = `${orderId}|`;
  rows.forEach((list, base) => {
    if (base.startsWith(prefix) && !byBase.has(base)) for (const row of list) gone.push(row);
  });
  byBase.forEach((lines, base) => {
    const free = rows.get(base) ?? [];
    const taken = new Set<number>(); // indexes into free
    const cells = lines.map((item) => byHeader(itemCells(orderId, item), ITEM_HEADERS));
    const target: Array<number | null> = lines.map(() => null);
    // Same values first: a line that did not change keeps its row wherever the row went. Each
    // fingerprint's rows are handed out top to bottom, each row once.
    const byPrint = new Map<string, number[]>();
    free.forEach((row, k) => {
      const print = fingerprint((h) => read(row, h));
      const at = byPrint.get(print);
      if (at) at.push(k);
      else byPrint.set(print, [k]);
    });
    const handedOut = new Map<string, number>();
    lines.forEach((line, i) => {
      const want = hubFingerprint(line);
      const candidates = byPrint.get(want);
      const next = handedOut.get(want) ?? 0;
      if (!candidates || next >= candidates.length) return;
      handedOut.set(want, next + 1);
      target[i] = free[candidates[next]];
      taken.add(candidates[next]);
    });
    // Then by position, top to bottom: one pass over the rows left.
    let k = 0;
    lines.forEach((_, i) => {
      if (target[i] !== null) return;
      while (k < free.length && taken.has(k)) k++;
      if (k >= free.length) return;
      target[i] = free[k];
      taken.add(k++);
    });
    free.forEach((row, j) => {
      if (!taken.has(j)) gone.push(row);
    });
    lines.forEach((item, i) => placed.push({ item, row: target[i], cells: cells[i] }));
  });
  return { placed, gone };
}

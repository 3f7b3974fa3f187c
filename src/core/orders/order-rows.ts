/**
 * Orders and their items as sheet cells. Pure: no sheet access. Every string from the hub goes
 * through escapeCellText; dates become real Date values; fields the add-on does not know are kept
 * as compact JSON in `Other fields (JSON)` instead of being dropped.
 */
import { parseHubDate } from '../../api/query';
import { type Order, type OrderItem, orderItemShape, orderShape } from '../../api/schemas/orders';
import { escapeCellText, isDate } from '../../sheet';
import type { CellValue } from '../kernel/ports';
import type { EDITABLE, ItemColumn, OrderColumn } from './columns';

// Built at first use, not when the bundle loads (every execution loads it: the schemas are lazy too).
let known: { order: Set<string>; item: Set<string> } | undefined;
function knownFields(): { order: Set<string>; item: Set<string> } {
  known ??= { order: new Set(Object.keys(orderShape())), item: new Set(Object.keys(orderItemShape())) };
  return known;
}

/** A hub string as a cell: '' for nothing, escaped text otherwise. */
export function textCell(value: unknown): CellValue {
  if (value === null || value === undefined || value === '') return '';
  return escapeCellText(String(value));
}

/** A hub number as a cell ('' when absent). */
export function numberCell(value: unknown): CellValue {
  return typeof value === 'number' && Number.isFinite(value) ? value : value === null || value === undefined ? '' : textCell(value);
}

/** An ISO 8601 date from the hub as a real Date; unreadable text is kept as text. */
export function dateCell(value: unknown): CellValue {
  if (typeof value !== 'string' || value === '') return '';
  const ms = parseHubDate(value);
  return Number.isFinite(ms) ? new Date(ms) : textCell(value);
}

/** Compact JSON of a value as a cell ('' for nothing or an empty list/object). */
export function jsonCell(value: unknown): CellValue {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value) && value.length === 0) return '';
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0) return '';
  return escapeCellText(JSON.stringify(value));
}

/** The fields of a record that `known` does not list, as one object (what Other fields (JSON) holds). */
export function unknownFields(record: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!known.has(key) && record[key] !== undefined) out[key] = record[key];
  return out;
}

/** The text a cell shows after `escapeCellText(s)` was written to it (the leading marker apostrophe is not part of the value). */
export function shownText(s: string): string {
  const escaped = escapeCellText(s);
  // escapeCellText adds an apostrophe exactly when it must mark the text; a text starting with one gets another.
  return escaped.charAt(0) === "'" ? escaped.slice(1) : escaped;
}

/** How a cell reads as text, to compare what the seller left in it with what was imported. */
export function cellText(value: CellValue | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (isDate(value)) return value.toISOString();
  return String(value);
}

/** The hub's value of an editable field, as text ('' when absent). */
export function editableText(order: Order, field: (typeof EDITABLE)[number]['field']): string {
  const v = order[field];
  return v === null || v === undefined ? '' : String(v);
}

/** Cells the import writes for an order, by column (Label, Sync and Imported at are set by the caller). */
export function orderCells(order: Order): Record<Exclude<OrderColumn, 'label' | 'syncStatus' | 'syncMessage' | 'importedAt'>, CellValue> {
  return {
    orderId: order.orderId,
    externalId: textCell(order.externalId),
    cartId: textCell(order.cartId),
    channel: textCell(order.channel),
    status: textCell(order.internalStatus),
    orderStatus: textCell(order.orderStatus),
    created: dateCell(order.dateCreated),
    modified: dateCell(order.dateModified),
    added: dateCell(order.dateAdded),
    total: numberCell(order.total),
    currency: textCell(order.currency),
    tax: numberCell(order.tax),
    items: numberCell(order.itemsQuantity),
    title: textCell(order.title),
    comments: textCell(order.comments),
    externalNumber: textCell(order.externalNumber),
    fulfillment: textCell(order.amazonFulfillment),
    discounts: jsonCell(order.Discounts),
    other: jsonCell(unknownFields(order, knownFields().order)),
  };
}

/** Cells of one order line, by column. */
export function itemCells(orderId: number, item: OrderItem): Record<ItemColumn, CellValue> {
  return {
    orderId,
    itemExternalId: textCell(item.itemExternalId),
    sku: textCell(item.sku),
    title: textCell(item.title),
    variation: textCell(item.variationName),
    variationId: textCell(item.variationId),
    quantity: numberCell(item.itemQuantity),
    price: numberCell(item.price),
    total: numberCell(item.total),
    erpId: textCell(item.erpId),
    channelSku: textCell(item.channelSku),
    other: jsonCell(unknownFields(item, knownFields().item)),
    lineStatus: '',
  };
}

/** An order id cell as a key ('' when the cell holds none). */
export function orderKey(value: CellValue | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value.trim() : '';
}

/** Cells by column name → cells by header text. */
export function byHeader<C extends string>(
  cells: Partial<Record<C, CellValue>>,
  headers: Readonly<Record<C, string>>,
): Record<string, CellValue> {
  const out: Record<string, CellValue> = {};
  for (const [column, value] of Object.entries(cells) as Array<[C, CellValue]>) out[headers[column]] = value;
  return out;
}

/**
 * Undo: the request parts that put the hub's values back, for one row. The values come
 * from the undo history (history.ts), not from the row's cells: the seller's cells are left as
 * they are (a changed-rows push sends them again). Pure.
 */
import type { ChannelDataInput } from '../../api/schemas/stock';
import { splitValueKey, type ParsedRow, type PushedValues } from '../../sheet';
import type { Part, RowPlan } from './parts';
import type { Operation, RowResult } from './types';
import type { LimitedValue } from './limit';

const CHANNEL_FIELDS = ['quantity', 'price', 'salePrice', 'availableDays'] as const;
type ChannelField = (typeof CHANNEL_FIELDS)[number];

const decimal = (n: number): string => String(n);

/**
 * The parts restoring `values` (keys as the snapshot keys them) the way the push's operation
 * sends them: an async job as one job item (its quantity is mandatory: the undo gives it one),
 * prices by ERP id by the row's ERP id (the channels it reached by SKU), everything else by the
 * endpoint made for each value — a
 * general quantity through Update Stock, a lone channel price through Update Price, other channel
 * values through the by-channel update.
 */
export function undoParts(
  operation: Operation,
  row: Pick<ParsedRow, 'rowNumber' | 'sku' | 'erpId'>,
  values: Readonly<Record<string, number>>,
): Part[] {
  const rowNumber = row.rowNumber;
  const sku = row.sku ?? '';
  if (operation === 'erp') {
    // The ERP id's price, then the channels it was passed on to, by the row's SKU.
    const { price, ...channels } = values;
    const erp: Part[] =
      row.erpId && price !== undefined ? [{ kind: 'erp', rowNumber, item: { internalId: row.erpId, price }, values: { price } }] : [];
    return [...erp, ...(sku ? undoParts('prices', row, channels) : [])];
  }
  if (!sku) return [];
  if (operation === 'async') {
    if (values.quantity === undefined) return [];
    const item = {
      sku,
      quantity: decimal(values.quantity),
      ...(values.price !== undefined ? { price: decimal(values.price) } : {}),
      ...(values.publishingPrice !== undefined ? { publishingPrice: decimal(values.publishingPrice) } : {}),
    };
    return [{ kind: 'async', rowNumber, item, values: { ...values } as PushedValues }];
  }
  const parts: Part[] = [];
  if (values.quantity !== undefined)
    parts.push({ kind: 'stock', rowNumber, item: { sku, quantity: values.quantity }, values: { quantity: values.quantity } });
  const byChannel = new Map<string, ChannelDataInput>();
  for (const [key, value] of Object.entries(values)) {
    const { field, channel } = splitValueKey(key);
    if (!channel || !(CHANNEL_FIELDS as readonly string[]).includes(field)) continue;
    const entry = byChannel.get(channel) ?? { channel };
    entry[field as ChannelField] = value;
    byChannel.set(channel, entry);
  }
  const channelData: ChannelDataInput[] = [];
  for (const [channel, entry] of byChannel) {
    if (Object.keys(entry).length === 2 && entry.price !== undefined)
      parts.push({ kind: 'price', rowNumber, item: { sku, price: entry.price, channel }, values: { [`price:${channel}`]: entry.price } });
    else channelData.push(entry);
  }
  if (channelData.length > 0) {
    const sent: PushedValues = {};
    for (const entry of channelData)
      for (const f of CHANNEL_FIELDS) if (entry[f] !== undefined) sent[`${f}:${entry.channel}`] = entry[f] as number;
    parts.push({ kind: 'byChannel', rowNumber, item: { sku, channelData }, values: sent });
  }
  return parts;
}

/** The row's plan for an undo: its values restored, said in its Sync message; null when there is nothing to restore. */
export function undoPlan(
  operation: Operation,
  row: ParsedRow,
  values: Readonly<Record<string, LimitedValue>>,
  note: string,
): RowPlan | null {
  const known: Record<string, number> = {};
  for (const [key, { value }] of Object.entries(values)) if (typeof value === 'number') known[key] = value;
  const parts = undoParts(operation, row, known);
  if (parts.length === 0) return null;
  return { rowNumber: row.rowNumber, sku: row.sku, erpId: row.erpId, send: true, parts, notes: [note] };
}

/**
 * What a row says instead of OK when the hub confirmed values that are not its cells': an undo's
 * Undone, a revert's Reverted, a scheduled sale's On sale (its start) or Sale ended (its end).
 */
export type RestoreWord = 'Undone' | 'Reverted' | 'On sale' | 'Sale ended';

/**
 * An undo's result: what the hub confirmed is the value from before the push, so the row (and each
 * channel) says Undone (Reverted, for a revert from the History), not OK.
 */
export function undoneResult(result: RowResult, word: RestoreWord = 'Undone'): RowResult {
  if (result.status !== 'OK') return result;
  const channels: Record<string, string> = {};
  for (const [channel, text] of Object.entries(result.channels)) channels[channel] = text === 'OK' ? word : text;
  return { ...result, status: word, channels };
}

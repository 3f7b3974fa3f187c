/**
 * The two channel-based operations: Update Price (one item per channel, hub-api §4.2) and Update
 * Price Stock By Channel (one call per SKU with channel entries, §4.3). A row feeds them through
 * per-channel columns (`Price [amazon]`) and/or the Channel column with the general columns.
 */
import { AVAILABLE_DAYS_CHANNELS } from '../api/channels';
import type { ByChannelUpdate, ChannelDataInput, PriceItem } from '../api/schemas/stock';
import { valueKey, type PushedValues } from './changes';
import { CHANNEL_FIELDS, INPUT_HEADERS, type ChannelField, type InputField } from './header-names';
import type { ColumnMap } from './headers';
import type { NumberReading } from './numbers';
import { RowCheck, type RowVerdict } from './row-check';
import type { ParsedRow } from './table';

type Picked = { value: number; label: string };
type Entry = Partial<Record<ChannelField, Picked>>;

/** The seller's header of a general input column (canonical text when absent). */
export function generalLabel(columns: ColumnMap, field: InputField): string {
  const column = columns.input[field];
  return (column !== undefined && columns.headers[column]) || INPUT_HEADERS[field];
}

function channelLabel(columns: ColumnMap, field: ChannelField, channel: string): string {
  const column = columns.perChannel[channel]?.[field];
  return column !== undefined ? columns.headers[column] : `${INPUT_HEADERS[field]} [${channel}]`;
}

/**
 * The seller's header of a pushed value's column (`quantity` → `Variant Inventory Qty`), by the
 * column mapping. A channel's prices read from a compare-at pair come from one column or the
 * other depending on the row: they are named by field (`Price [shopify]`), never by a column that
 * may not be theirs.
 */
export function valueLabel(columns: ColumnMap, key: string): string {
  const [field, channel] = key.split(':');
  if (!(field in INPUT_HEADERS)) return key;
  if (channel === undefined) return generalLabel(columns, field as InputField);
  if (columns.compareAt?.[channel] && (field === 'price' || field === 'salePrice')) return `${INPUT_HEADERS[field]} [${channel}]`;
  return channelLabel(columns, field as ChannelField, channel);
}

/**
 * The row's Channel when the general columns take part: only when one of `fields` is filled and
 * Channel holds a known channel. A general value with no Channel is left to the operations that
 * need no channel (stock, async, ERP), so it is not an error here.
 */
function generalChannel(check: RowCheck, columns: ColumnMap, fields: readonly ChannelField[]): string | null {
  if (columns.input.channel === undefined) return null;
  const row = check.row;
  if (fields.every((f) => columns.input[f] === undefined || row.cells[f].kind === 'empty')) return null;
  return check.text(row.cells.channel);
}

/** True when the row fills a general field of `fields` but leaves Channel empty. */
function channelMissing(row: ParsedRow, columns: ColumnMap, fields: readonly ChannelField[]): boolean {
  return columns.input.channel !== undefined && row.cells.channel.kind === 'empty'
    && fields.some((f) => columns.input[f] !== undefined && row.cells[f].kind !== 'empty');
}

/** Reads one channel field by its rules: quantities clamp at 0, prices must be above 0, days are whole. */
function readField(check: RowCheck, field: ChannelField, cell: NumberReading | undefined, label: string): number | undefined {
  if (field === 'quantity') return check.quantity(cell, label);
  if (field === 'price' || field === 'salePrice') return check.positive(cell, label);
  return check.number(cell, label);
}

/** Keeps one value per channel and field; the same value twice is fine, two different ones are not. */
function put(check: RowCheck, entries: Map<string, Entry>, channel: string, field: ChannelField, picked: Picked): void {
  const entry = entries.get(channel) ?? {};
  entries.set(channel, entry);
  const before = entry[field];
  if (before && before.value !== picked.value) {
    check.fail(`${before.label} and ${picked.label} disagree (${before.value} vs ${picked.value}): keep one`);
    return;
  }
  entry[field] = before ?? picked;
}

/** Collects channel entries from the general columns (with Channel) and the per-channel columns. */
function collect(check: RowCheck, columns: ColumnMap, fields: readonly ChannelField[]): Map<string, Entry> {
  const row = check.row;
  const entries = new Map<string, Entry>();
  const general = generalChannel(check, columns, fields);
  if (general) {
    for (const field of fields) {
      if (columns.input[field] === undefined) continue;
      const label = `${generalLabel(columns, field)} (Channel ${general})`;
      const value = readField(check, field, row.cells[field], generalLabel(columns, field));
      if (value !== undefined) put(check, entries, general, field, { value, label });
    }
  }
  for (const channel of Object.keys(columns.perChannel)) {
    for (const field of fields) {
      if (columns.perChannel[channel][field] === undefined) continue;
      const label = channelLabel(columns, field, channel);
      const value = readField(check, field, row.perChannel[channel]?.[field], label);
      if (value !== undefined) put(check, entries, channel, field, { value, label });
    }
  }
  return entries;
}

/** Update Price items for a row: Channel + Price, and every filled Price [channel]. */
export function checkPrices(row: ParsedRow, columns: ColumnMap): RowVerdict<PriceItem[]> {
  const check = new RowCheck(row);
  const sku = check.sku();
  const entries = collect(check, columns, ['price']);
  const values: PushedValues = {};
  entries.forEach((entry, channel) => {
    if (entry.price) values[valueKey('price', channel)] = entry.price.value;
  });
  if (Object.keys(values).length === 0) {
    if (channelMissing(row, columns, ['price'])) check.fail(`Channel is empty: fill it to send ${generalLabel(columns, 'price')}, or use a Price [channel] column`);
    return check.nothing('no price to send: fill Price and Channel, or a Price [channel] column');
  }
  return check.done(
    () => Object.keys(values).map((key) => ({ sku: sku as string, price: values[key], channel: key.slice('price:'.length) })),
    values,
  );
}

/** Update Price Stock By Channel body for a row; entries holding only `channel` are left out. */
export function checkByChannel(
  row: ParsedRow,
  columns: ColumnMap,
  availableDaysChannels: readonly string[] = AVAILABLE_DAYS_CHANNELS,
): RowVerdict<ByChannelUpdate> {
  const check = new RowCheck(row);
  const sku = check.sku();
  const entries = collect(check, columns, CHANNEL_FIELDS);
  const channelData: ChannelDataInput[] = [];
  const values: PushedValues = {};
  entries.forEach((entry, channel) => {
    const days = entry.availableDays;
    if (days && availableDaysChannels.indexOf(channel) < 0) {
      check.fail(`${days.label}: available days apply only to ${availableDaysChannels.join(', ') || 'no channel'}, not ${channel}`);
    } else if (days && days.value < 0) {
      check.fail(`${days.label}: must be 0 or more`);
    }
    const { price, salePrice } = entry;
    if (price && salePrice && salePrice.value > price.value) {
      check.fail(`${salePrice.label} ${salePrice.value} is above ${price.label} ${price.value}: a sale price cannot exceed the price`);
    }
    const data: ChannelDataInput = { channel };
    for (const field of CHANNEL_FIELDS) {
      const picked = entry[field];
      if (!picked) continue;
      data[field] = picked.value;
      values[valueKey(field, channel)] = picked.value;
    }
    if (Object.keys(data).length > 1) channelData.push(data);
  });
  if (channelData.length === 0) {
    if (channelMissing(row, columns, CHANNEL_FIELDS)) check.fail('Channel is empty: fill it to send the row by channel, or use per-channel columns such as Price [amazon]');
    return check.nothing('nothing to send by channel: fill a per-channel column such as Quantity [amazon] or Price [amazon], or Channel with Quantity or Price');
  }
  return check.done(() => ({ sku: sku as string, channelData }), values);
}

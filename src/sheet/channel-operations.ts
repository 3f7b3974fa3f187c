/**
 * The two channel-based operations: Update Price (one item per channel, hub-api §4.2) and Update
 * Price Stock By Channel (one call per SKU with channel entries, §4.3). A row feeds them through
 * per-channel columns (`Price [amazon]`) and/or the plain columns, which go where the Price rule
 * says (plain-rule.ts): the row's Channel, else the default channels of the settings.
 */
import { AVAILABLE_DAYS_CHANNELS } from '../api/channels';
import type { ByChannelUpdate, ChannelDataInput, PriceItem } from '../api/schemas/stock';
import { valueKey, type PushedValues } from './changes';
import { CHANNEL_FIELDS, INPUT_HEADERS, type ChannelField, type InputField } from './header-names';
import type { ColumnMap } from './headers';
import type { NumberReading } from './numbers';
import { plainMeaning, type EditScope } from './meaning';
import { HOLDS_NOTHING, PlainRow, everyChannelNote, plainRefusal, type HubHolds } from './plain-rule';
import { RowCheck, type RowVerdict } from './row-check';
import type { ParsedRow } from './table';
import { ruledValue } from './value-rules';

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

/** How a channel operation is run: what the hub holds, and whether it is part of Push changes. */
export interface ChannelOptions {
  /** What the hub is known to hold: a plain value it holds is left out, not refused (default: nothing). */
  holds?: HubHolds;
  /** Push changes: cells read by its meanings (meaning.ts); a general Quantity goes through Update Stock there, not here. */
  forChanges?: boolean;
}

/**
 * The channels a plain value goes to in a per-channel operation (its meaning, meaning.ts): the
 * target's channels, else none — refused when it is an edit with nowhere to go, or said when it is
 * for every channel (which only the product-level pushes send; Push changes sends a general
 * quantity through Update Stock).
 */
function plainChannels(rule: PlainRow, scope: EditScope, field: ChannelField, value: number, label: string): readonly string[] {
  const where = rule.where;
  const meaning = plainMeaning(scope, field, where);
  if (meaning.kind === 'channels') return meaning.channels;
  if (where.kind === 'unreadable' || meaning.kind === 'notSent') return [];
  if (meaning.kind === 'general') {
    if (!(scope === 'changes' && field === 'quantity') && rule.isEdit(field, value))
      rule.check.unsent.push(everyChannelNote(label, field, value));
    return [];
  }
  rule.refuse(field, value, plainRefusal(label, field, value, { kind: 'noChannel', everyChosen: where.kind === 'every' }));
  return [];
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

/** Collects channel entries from the plain columns (by the Price rule) and the per-channel columns. */
function collect(rule: PlainRow, fields: readonly ChannelField[], scope: EditScope): Map<string, Entry> {
  const { check, columns } = rule;
  const row = check.row;
  const entries = new Map<string, Entry>();
  for (const field of fields) {
    if (columns.input[field] === undefined || row.cells[field].kind === 'empty') continue;
    const value = readField(check, field, row.cells[field], generalLabel(columns, field));
    if (value === undefined) continue;
    const where = rule.where;
    for (const channel of plainChannels(rule, scope, field, value, generalLabel(columns, field))) {
      const label = `${generalLabel(columns, field)} (${where.kind === 'channels' && where.from === 'setting' ? 'default channel' : 'Channel'} ${channel})`;
      const ruled = ruledValue(check, columns.valueRules, channel, field, value, true, generalLabel(columns, field));
      // A ruled value is not the cell's: a clash with another cell names the rule, not only the cell.
      if (ruled !== undefined)
        put(check, entries, channel, field, { value: ruled, label: ruled === value ? label : `${label} after the ${channel} rule` });
    }
  }
  for (const channel of Object.keys(columns.perChannel)) {
    for (const field of fields) {
      if (columns.perChannel[channel][field] === undefined) continue;
      const label = channelLabel(columns, field, channel);
      const value = readField(check, field, row.perChannel[channel]?.[field], label);
      const ruled = value === undefined ? undefined : ruledValue(check, columns.valueRules, channel, field, value, false, label);
      if (ruled !== undefined)
        put(check, entries, channel, field, { value: ruled, label: ruled === value ? label : `${label} after the ${channel} rule` });
    }
  }
  return entries;
}

/** Why a row sends nothing: a plain value it holds that cannot go (said), else `fallback`. */
function nothingReason(rule: PlainRow, fallback: string): string {
  return rule.check.unsent[0] ?? rule.leftOut[0] ?? fallback;
}

/** Update Price items for a row: a plain Price to its target channels, and every filled Price [channel]. */
export function checkPrices(row: ParsedRow, columns: ColumnMap, options: ChannelOptions = {}): RowVerdict<PriceItem[]> {
  const check = new RowCheck(row);
  const sku = check.sku();
  const rule = new PlainRow(check, columns, options.holds ?? HOLDS_NOTHING);
  const entries = collect(rule, ['price'], options.forChanges ? 'changes' : 'prices');
  const values: PushedValues = {};
  entries.forEach((entry, channel) => {
    if (entry.price) values[valueKey('price', channel)] = entry.price.value;
  });
  if (Object.keys(values).length === 0)
    return check.nothing(nothingReason(rule, 'no price to send: fill Price and Channel, or a Price [channel] column'));
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
  options: ChannelOptions = {},
): RowVerdict<ByChannelUpdate> {
  const check = new RowCheck(row);
  const sku = check.sku();
  const rule = new PlainRow(check, columns, options.holds ?? HOLDS_NOTHING);
  const entries = collect(rule, CHANNEL_FIELDS, options.forChanges ? 'changes' : 'byChannel');
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
    return check.nothing(
      nothingReason(
        rule,
        'nothing to send by channel: fill a per-channel column such as Quantity [amazon] or Price [amazon], or Channel with Quantity or Price',
      ),
    );
  }
  return check.done(() => ({ sku: sku as string, channelData }), values);
}

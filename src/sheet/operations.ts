/**
 * Per-operation validation: for each row, the payload an operation would send (hub-api §4.1–4.6)
 * or the reason it will not. A row whose used cells include a bad one is rejected whole, so a
 * push never sends half a row (e.g. Price [amazon] without the Price [walmart] the seller also
 * changed); cells the operation does not use never reject it.
 */
import { AVAILABLE_DAYS_CHANNELS, EVERY_CHANNEL } from '../api/channels';
import type { AsyncItem, ByChannelUpdate, ErpPriceItem, PriceItem, StockItem } from '../api/schemas/stock';
import { valueKey, type PushedValues } from './changes';
import { checkByChannel, checkPrices, generalLabel, type ChannelOptions } from './channel-operations';
import { PLAIN_CHANNELS_SETTING } from './setting-names';
import { CHANNEL_FIELDS } from './header-names';
import type { ColumnMap } from './headers';
import { plainDecimal } from './numbers';
import { plainMeaning } from './meaning';
import { HOLDS_NOTHING, PlainRow, everyChannelChosen, plainRefusal, plainTargetOf, targetWords } from './plain-rule';
import { RowCheck, type RowVerdict } from './row-check';
import { duplicateReason, type ParsedRow, type TableRead } from './table';
import { EVERY_CHANNEL_RULE, ruledForComparison, ruledValue } from './value-rules';

/** The push operations this module prepares rows for. */
export type PushOperation = 'stock' | 'prices' | 'byChannel' | 'erp' | 'async';

/** What one row sends, per operation. */
export interface PayloadOf {
  stock: StockItem;
  prices: PriceItem[];
  byChannel: ByChannelUpdate;
  erp: ErpPriceItem;
  async: AsyncItem;
}

export interface OperationOptions extends ChannelOptions {
  /** Channels that take availableDays (default AVAILABLE_DAYS_CHANNELS). */
  availableDaysChannels?: readonly string[];
}

export interface OperationRows<O extends PushOperation> {
  operation: O;
  /** Columns the operation needs but the sheet lacks; when set, every row is rejected with it. */
  problems: string[];
  /** One verdict per non-blank row, in sheet order. */
  rows: Array<RowVerdict<PayloadOf[O]>>;
}

/** Seller-facing names of the operations, as messages say them. */
export const OPERATION_NAMES: Readonly<Record<PushOperation, string>> = {
  stock: 'Push stock',
  prices: 'Push prices',
  byChannel: 'Push price & stock by channel',
  erp: 'Push prices by ERP id',
  async: 'Send as async job',
};

/** Why the sheet's columns cannot feed the operation at all, or null. */
export function operationColumnProblem(operation: PushOperation, columns: ColumnMap): string | null {
  const has = (field: keyof ColumnMap['input']): boolean => columns.input[field] !== undefined;
  const perChannel = (fields: readonly string[]): boolean =>
    Object.keys(columns.perChannel).some((ch) =>
      fields.some((f) => (columns.perChannel[ch] as Record<string, number | undefined>)[f] !== undefined),
    );
  const name = OPERATION_NAMES[operation];
  // Plain columns have somewhere to go with a Channel column, or with default channels named in the settings.
  const placeable = has('channel') || (columns.plainChannels ?? []).some((c) => c !== EVERY_CHANNEL);
  switch (operation) {
    case 'stock':
    case 'async':
      return has('quantity') ? null : `${name} needs a Quantity column (Quantity, Qty, Stock or Cantidad)`;
    case 'prices':
      return perChannel(['price']) || (has('price') && placeable)
        ? null
        : `${name} needs a per-channel price column such as Price [amazon], or a Price column with a Channel column (or default channels in ${PLAIN_CHANNELS_SETTING})`;
    case 'byChannel':
      return perChannel(CHANNEL_FIELDS) || (placeable && CHANNEL_FIELDS.some(has))
        ? null
        : `${name} needs per-channel columns such as Quantity [amazon] or Price [amazon], or Quantity or Price with a Channel column (or default channels in ${PLAIN_CHANNELS_SETTING})`;
    case 'erp':
      return has('erpId') && has('price') ? null : `${name} needs an ERP id column and a Price column`;
    default:
      return null;
  }
}

/** One row's verdict for one operation. */
export function validateRow<O extends PushOperation>(
  operation: O,
  row: ParsedRow,
  columns: ColumnMap,
  options: OperationOptions = {},
): RowVerdict<PayloadOf[O]> {
  // A row a mapping's row rule leaves out has nothing for any operation, whatever its cells hold.
  if (row.skipped !== null) {
    return {
      ok: false,
      rowNumber: row.rowNumber,
      sku: row.sku,
      reason: row.skipped,
      reasons: [row.skipped],
      nothingToSend: true,
      notes: [],
    };
  }
  const check = ROW_CHECKS[operation];
  if (!check) throw new Error(`unknown operation ${String(operation)}`);
  return check(row, columns, options);
}

/**
 * Each operation's row check, typed by the payload it builds: indexed by a generic operation, the
 * table gives that operation's payload type (no cast, unlike a switch over the operation).
 */
const ROW_CHECKS: { [O in PushOperation]: (row: ParsedRow, columns: ColumnMap, options: OperationOptions) => RowVerdict<PayloadOf[O]> } = {
  stock: (row, columns, options) => checkStock(row, columns, options),
  prices: (row, columns, options) => checkPrices(row, columns, options),
  byChannel: (row, columns, options) => checkByChannel(row, columns, options.availableDaysChannels ?? AVAILABLE_DAYS_CHANNELS, options),
  erp: (row, columns, options) => checkErp(row, columns, options),
  async: (row, columns, options) => checkAsync(row, columns, options),
};

/** Every non-blank row's verdict for the operation, with the sheet-level problems first. */
export function validateRows<O extends PushOperation>(operation: O, table: TableRead, options: OperationOptions = {}): OperationRows<O> {
  const problem = operationColumnProblem(operation, table.columns);
  const rows = table.rows.filter((row) => !row.blank);
  if (problem) {
    const verdicts = rows.map(
      (row): RowVerdict<PayloadOf[O]> => ({
        ok: false,
        rowNumber: row.rowNumber,
        sku: row.sku,
        reason: problem,
        reasons: [problem],
        nothingToSend: false,
        notes: [],
      }),
    );
    return { operation, problems: [problem], rows: verdicts };
  }
  const verdicts = rows.map((row) => validateRow(operation, row, table.columns, options));
  if (operation === 'erp') rejectDuplicateErpIds(rows, verdicts);
  return { operation, problems: [], rows: verdicts };
}

/**
 * A plain Quantity is the hub's one product-level stock (§4.1): it goes to every channel, whatever
 * the row's target, over the row's Quantity [channel] cells of other values. Only a row whose
 * seller changed both (the Quantity and such a cell, neither as the hub holds it) is refused: which
 * one they mean for that channel is theirs to say. A cell as the hub holds it (pulled, or confirmed
 * by a push, or as it read when an earlier general value passed over it) is no wish of the
 * seller's and never stops it; the row says the cell is out of date.
 * A changed cell beside an unchanged Quantity is said as not sent. Push changes re-sends the
 * per-channel quantities right after it, so there nothing is said. Where the row names channels,
 * the note says the quantity went further.
 */
function productQuantity(rule: PlainRow, label: string, value: number, operation: PushOperation, options: OperationOptions): boolean {
  const { check, columns } = rule;
  const { typed, held } = options.forChanges ? { typed: [], held: [] } : overChannelCells(rule, 'quantity', value);
  const every = everyChannelChosen(columns);
  if (typed.length > 0 && !every && rule.isEdit('quantity', value)) {
    const others = typed.map((cell) => cell.text);
    check.fail(plainRefusal(label, 'quantity', value, { kind: 'overwrites', operation: OPERATION_NAMES[operation], others }));
    return false;
  }
  if (typed.length > 0)
    check.unsent.push(
      overwrittenNote(
        label,
        value,
        typed.map((cell) => cell.text),
        every,
        OPERATION_NAMES.byChannel,
      ),
    );
  if (held.length > 0) check.outdatedBy(outdatedNote(label, value, held));
  const target = plainTargetOf(check.row, columns);
  if (target.kind === 'channels') {
    check.notes.push(
      `${label} ${plainDecimal(value)} goes to every channel with a listing (the hub's stock has no channel), not only ${targetWords(target)}: ${OPERATION_NAMES.byChannel} sends it per channel`,
    );
  }
  return true;
}

/** A per-channel cell of the row: its channel, its value, and how messages name it ("Quantity [amazon] 60"). */
interface ChannelCell {
  channel: string;
  value: number;
  text: string;
}

/** The row's numeric cell of `field` for `channel`, as messages name it; null where it has no number. */
function channelCell(row: ParsedRow, columns: ColumnMap, channel: string, field: 'quantity' | 'price'): ChannelCell | null {
  const column = columns.perChannel[channel][field];
  const cell = row.perChannel[channel]?.[field];
  if (column === undefined || !cell || cell.kind !== 'number') return null;
  return { channel, value: cell.value, text: `${columns.headers[column]} ${plainDecimal(cell.value)}` };
}

/** The row's per-channel cells of `field` holding another number than the plain `value`. */
function differingChannelCells(row: ParsedRow, columns: ColumnMap, field: 'quantity' | 'price', value: number): ChannelCell[] {
  return Object.keys(columns.perChannel).flatMap((channel) => {
    const cell = channelCell(row, columns, channel, field);
    if (!cell) return [];
    const same = field === 'quantity' ? Math.max(0, cell.value) === value : cell.value === value;
    return same ? [] : [cell];
  });
}

/** A cell's value as a push compares it with the snapshot: a quantity below 0 as 0, then ruled. */
function comparedValue(columns: ColumnMap, field: 'quantity' | 'price', cell: ChannelCell): number {
  const sent = field === 'quantity' ? Math.max(0, cell.value) : cell.value;
  return ruledForComparison(columns.valueRules, cell.channel, field, sent, false);
}

/** True when the hub holds the cell's value for its channel (pulled or confirmed): the seller did not type it since. */
function heldCell(rule: PlainRow, field: 'quantity' | 'price', cell: ChannelCell): boolean {
  return rule.holds(valueKey(field, cell.channel), comparedValue(rule.columns, field, cell));
}

/** "Quantity [amazon] 10 is out of date: <why>; type the new value there, …": every cell named (a few a row at most). */
function outOfDate(cells: readonly ChannelCell[], why: (one: boolean) => string): string {
  const one = cells.length === 1;
  return `${cells.map((cell) => cell.text).join(', ')} ${one ? 'is' : 'are'} out of date: ${why(one)}; type the new ${one ? 'value' : 'values'} there, clear ${one ? 'it' : 'them'}, or pull the catalogue`;
}

/**
 * The note of per-channel cells the seller did not type (the hub held them), that the plain value
 * sent over them leaves out of date. They stay no edit after it (the snapshot's marker, order.ts):
 * no push sends them back over it.
 */
function outdatedNote(label: string, value: number, cells: readonly ChannelCell[]): string {
  return outOfDate(cells, () => `this push passes ${label} ${plainDecimal(value)} on to every channel with a listing`);
}

/**
 * The note of a row's per-channel cells that still read what they held when an earlier general
 * value passed over their channel (`passedOver`, given the key and the cell's value as a push
 * would compare it: ruled, a quantity below 0 as 0). They are out of date, never sent back; a
 * push that writes the row says so, or its OK would read as the hub holding them. Named with the
 * cell's own value, every one of them (a row has two such cells a channel at most).
 */
export function outdatedCellsNote(row: ParsedRow, columns: ColumnMap, passedOver: (key: string, value: number) => boolean): string | null {
  const cells = Object.keys(columns.perChannel).flatMap((channel) =>
    (['quantity', 'price'] as const).flatMap((field) => {
      const cell = channelCell(row, columns, channel, field);
      return cell && passedOver(valueKey(field, channel), comparedValue(columns, field, cell)) ? [cell] : [];
    }),
  );
  return cells.length === 0
    ? null
    : outOfDate(cells, (one) => `a general value went over ${one ? 'it' : 'them'} to every channel with a listing`);
}

/**
 * The row's per-channel cells of `field` a plain value goes over: those the seller typed (not
 * sent, said as such) and those the hub held (out of date, said as such).
 */
function overChannelCells(rule: PlainRow, field: 'quantity' | 'price', value: number): { typed: ChannelCell[]; held: ChannelCell[] } {
  const differing = differingChannelCells(rule.check.row, rule.columns, field, value);
  const typed = differing.filter((cell) => !heldCell(rule, field, cell));
  return { typed, held: differing.filter((cell) => typed.indexOf(cell) < 0) };
}

/**
 * The plain value goes over the row's per-channel cells, which this push does not send (every
 * channel chosen, or cells changed beside a Quantity the hub holds). The hub no longer holds what
 * they say: said in the row, never a bare OK.
 */
function overwrittenNote(label: string, value: number, others: readonly string[], every: boolean, use: string): string {
  const why = every ? PLAIN_CHANNELS_SETTING : "the hub's stock has no channel";
  return `${others.join(', ')} not sent: ${label} ${plainDecimal(value)} goes to every channel (${why}), those included; send ${others.length === 1 ? 'it' : 'them'} after this push with ${use}`;
}

/** A plain price of a product-level operation reaches every channel: sent only when the seller chose every channel. */
function everyChannelPrice(
  rule: PlainRow,
  field: 'price' | 'publishingPrice',
  label: string,
  value: number,
  operation: PushOperation,
): boolean {
  const where = rule.where;
  if (where.kind === 'every') {
    const { typed, held } = field === 'price' ? overChannelCells(rule, 'price', value) : { typed: [], held: [] };
    if (typed.length > 0)
      rule.check.unsent.push(
        overwrittenNote(
          label,
          value,
          typed.map((cell) => cell.text),
          true,
          'Push prices',
        ),
      );
    if (held.length > 0) rule.check.outdatedBy(outdatedNote(label, value, held));
    return true;
  }
  if (where.kind === 'unreadable') return false;
  rule.refuse(
    field,
    value,
    plainRefusal(label, field, value, {
      kind: 'notEveryChannel',
      operation: OPERATION_NAMES[operation],
      target: where,
      wholeRow: operation === 'async',
    }),
  );
  return false;
}

/** A product-level value (one for every channel) through the `*` rule; undefined when a bad rule refuses it. */
function everyChannelRule(
  check: RowCheck,
  columns: ColumnMap,
  field: 'quantity' | 'price',
  value: number,
  label: string,
): number | undefined {
  return ruledValue(check, columns.valueRules, EVERY_CHANNEL_RULE, field, value, true, label);
}

/** Update Stock item: SKU and the general Quantity (in Push changes, only a Quantity that means the general one). */
function checkStock(row: ParsedRow, columns: ColumnMap, options: OperationOptions): RowVerdict<StockItem> {
  const check = new RowCheck(row);
  const sku = check.sku();
  const label = generalLabel(columns, 'quantity');
  const quantity = check.quantity(row.cells.quantity, label);
  if (quantity === undefined) return check.nothing(`no quantity to send: ${label} is empty`);
  const target = plainTargetOf(row, columns);
  if (options.forChanges && plainMeaning('changes', 'quantity', target).kind !== 'general')
    return check.nothing(
      target.kind === 'channels'
        ? `${label} ${plainDecimal(quantity)} is the quantity of ${targetWords(target)}: sent by channel`
        : `${label} ${plainDecimal(quantity)} has no channel it can be read for`,
    );
  const rule = new PlainRow(check, columns, options.holds ?? HOLDS_NOTHING);
  if (!productQuantity(rule, label, quantity, 'stock', options)) return check.nothing(rule.leftOut[0]);
  const sent = everyChannelRule(check, columns, 'quantity', quantity, label);
  if (sent === undefined) return check.done<StockItem>(unreachable, {});
  return check.done(() => ({ sku: sku as string, quantity: sent }), { [valueKey('quantity')]: sent });
}

/** Update Price By ErpId item: ERP id and the general Price; the SKU is not needed. */
function checkErp(row: ParsedRow, columns: ColumnMap, options: OperationOptions): RowVerdict<ErpPriceItem> {
  const check = new RowCheck(row);
  const internalId = check.text(row.cells.erpId);
  const price = check.positive(row.cells.price, generalLabel(columns, 'price'));
  if (row.cells.erpId.kind === 'empty') return check.nothing(`no ERP id to send a price with: ${generalLabel(columns, 'erpId')} is empty`);
  if (price === undefined) return check.nothing(`no price to send: ${generalLabel(columns, 'price')} is empty`);
  const rule = new PlainRow(check, columns, options.holds ?? HOLDS_NOTHING);
  if (!everyChannelPrice(rule, 'price', generalLabel(columns, 'price'), price, 'erp'))
    return check.nothing(rule.leftOut[0] ?? `no price to send`);
  // The hub answers by ERP id: which product it priced (the oldest of several sharing the id) is not said.
  if (row.sku)
    check.notes.push(`the hub updates the product with that ERP id (the oldest, if several share it), not necessarily this row's SKU`);
  const sent = everyChannelRule(check, columns, 'price', price, generalLabel(columns, 'price'));
  if (sent === undefined) return check.done<ErpPriceItem>(unreachable, {});
  return check.done(() => ({ internalId: internalId as string, price: sent }), { [valueKey('price')]: sent });
}

/**
 * Update Price And Stock Async item: numbers travel as plain decimal strings. The row goes whole or
 * not at all: a price the rule refuses keeps its quantity back too.
 */
function checkAsync(row: ParsedRow, columns: ColumnMap, options: OperationOptions): RowVerdict<AsyncItem> {
  const check = new RowCheck(row);
  const sku = check.sku();
  const label = generalLabel(columns, 'quantity');
  const quantity = check.quantity(row.cells.quantity, label);
  const priceLabel = generalLabel(columns, 'price');
  const publishingLabel = generalLabel(columns, 'publishingPrice');
  let price = check.positive(row.cells.price, priceLabel);
  let publishingPrice = check.positive(row.cells.publishingPrice, publishingLabel);
  if (row.cells.quantity.kind === 'empty') check.fail(`${label} is empty: an async job sends a quantity for every row`);
  const rule = new PlainRow(check, columns, options.holds ?? HOLDS_NOTHING);
  if (price !== undefined && !everyChannelPrice(rule, 'price', priceLabel, price, 'async')) price = undefined;
  if (publishingPrice !== undefined && !everyChannelPrice(rule, 'publishingPrice', publishingLabel, publishingPrice, 'async'))
    publishingPrice = undefined;
  if (quantity === undefined) return check.done<AsyncItem>(unreachable, {});
  if (!productQuantity(rule, label, quantity, 'async', options)) return check.nothing(rule.leftOut[rule.leftOut.length - 1]);
  const sent = everyChannelRule(check, columns, 'quantity', quantity, label);
  if (price !== undefined) price = everyChannelRule(check, columns, 'price', price, priceLabel);
  if (sent === undefined) return check.done<AsyncItem>(unreachable, {});
  const values: PushedValues = { [valueKey('quantity')]: sent };
  const item: AsyncItem = { sku: sku as string, quantity: plainDecimal(sent) };
  if (price !== undefined) {
    values[valueKey('price')] = price;
    item.price = plainDecimal(price);
  }
  if (publishingPrice !== undefined) {
    values[valueKey('publishingPrice')] = publishingPrice;
    item.publishingPrice = plainDecimal(publishingPrice);
  }
  return check.done(() => item, values);
}

// done() only builds the payload when no reason was recorded; callers reach this with a reason.
function unreachable(): never {
  throw new Error('unreachable: a rejected row has no payload');
}

/** Two rows with one ERP id would set one product twice: both are rejected. */
function rejectDuplicateErpIds(rows: readonly ParsedRow[], verdicts: Array<RowVerdict<unknown>>): void {
  const byId = new Map<string, number[]>();
  rows.forEach((row, i) => {
    if (row.erpId === null || row.erpId === '') return;
    const list = byId.get(row.erpId);
    if (list) list.push(i);
    else byId.set(row.erpId, [i]);
  });
  byId.forEach((indexes, id) => {
    if (indexes.length < 2) return;
    const first = indexes.slice(0, 6).map((i) => rows[i].rowNumber);
    for (const i of indexes) {
      const reason = duplicateReason(id, first.filter((n) => n !== rows[i].rowNumber).slice(0, 5), indexes.length - 1, 'ERP id');
      const v = verdicts[i];
      verdicts[i] = v.ok
        ? { ok: false, rowNumber: v.rowNumber, sku: v.sku, reason, reasons: [reason], nothingToSend: false, notes: v.notes }
        : { ...v, reasons: v.reasons.concat(reason), nothingToSend: false };
    }
  });
}

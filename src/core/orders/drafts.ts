/**
 * Reading and checking the Order Drafts sheet. Pure: values in, orders to send and a reason per
 * row out. Rows with the same External id form one order; its order-level cells (Channel,
 * Currency, Created, Cart id, Comments) may be repeated on every row or written once, but two
 * different values are an error. Everything is checked before anything is sent.
 */
import { ORDER_CHANNELS } from '../../api/channels';
import type { OrderCreate } from '../../api/schemas/orders';
import {
  cleanInvisible,
  formulaErrorReason,
  isBlankCell,
  isDate,
  readInteger,
  readNumber,
  readSku,
  type NumberConvention,
} from '../../sheet';
import type { CellValue } from '../kernel/ports';
import { DRAFT_HEADERS, type DraftColumn } from './columns';

/** Sync status words of the drafts sheet. */
export const DRAFT_STATUS = {
  created: 'Created',
  invalid: 'Invalid',
  refused: 'Refused',
  /** The hub may or may not have created the order: never resent until the seller clears the mark. */
  unknown: 'Check in hub',
  /** Written just before sending: found again, it means the execution died mid-send (outcome unknown). */
  sending: 'Sending',
} as const;

/** Written-side channel names sellers also use, mapped to order channel codes. */
const ORDER_CHANNEL_ALIASES: Readonly<Record<string, string>> = {
  mercadolibre: 'meli',
  'mercado libre': 'meli',
  mercadoshops: 'mshops',
  'mercado shops': 'mshops',
};

/** Draft input columns: required ones first. */
export const DRAFT_REQUIRED: readonly DraftColumn[] = ['externalId', 'channel', 'currency', 'sku', 'title', 'price', 'quantity'];
export const DRAFT_OPTIONAL: readonly DraftColumn[] = ['created', 'cartId', 'comments'];

/** An order ready to send and the rows it came from. */
export interface DraftOrder {
  externalId: string;
  rows: number[];
  body: OrderCreate;
}

export interface DraftCheck {
  orders: DraftOrder[];
  /** Row → reason it cannot be sent (the whole order waits), also for rows joining an order already sent. */
  invalid: Map<number, string>;
  /** Row → why it was left alone (already created, or an outcome to check in the hub). */
  skipped: Map<number, string>;
}

/** Where each draft column is (0-based); optional ones may be absent. */
export type DraftColumns = Partial<Record<DraftColumn, number>>;

type Level = 'channel' | 'currency' | 'created' | 'cartId' | 'comments';
const ORDER_LEVEL: readonly Level[] = ['channel', 'currency', 'created', 'cartId', 'comments'];

interface ParsedDraft {
  row: number;
  externalId: string | null;
  level: Partial<Record<Level, string>>;
  item: { sku: string; title: string; price: number; itemQuantity: number } | null;
  problems: string[];
}

function text(value: CellValue | undefined, label: string, problems: string[]): string | null {
  if (value === undefined || isBlankCell(value)) return null;
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return String(value);
    problems.push(`${label} is a number that may have lost digits: format the column as Plain text and retype it`);
    return null;
  }
  if (isDate(value)) {
    problems.push(`${label} is a date, not text`);
    return null;
  }
  const t = cleanInvisible(String(value)).trim();
  const formulaError = formulaErrorReason(t);
  if (formulaError) {
    problems.push(`${label}: ${formulaError}`);
    return null;
  }
  return t;
}

/** Created: a date cell, or ISO 8601 text with a time zone. */
function createdIso(value: CellValue | undefined, problems: string[]): string | null {
  if (value === undefined || isBlankCell(value)) return null;
  if (isDate(value)) return Number.isFinite(value.getTime()) ? value.toISOString() : null;
  const t = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(t) && Number.isFinite(Date.parse(t))) return t;
  problems.push(`Created '${t}' is not a date: type a date (e.g. 2026-11-20 10:30) or ISO 8601 with a zone (2026-11-20T10:30:00Z)`);
  return null;
}

function parseRow(values: readonly CellValue[], row: number, at: DraftColumns, numbers: NumberConvention): ParsedDraft {
  const problems: string[] = [];
  const cell = (c: DraftColumn): CellValue | undefined => (at[c] === undefined ? undefined : values[at[c]!]);
  const externalId = text(cell('externalId'), 'External id', problems);
  if (externalId === null && problems.length === 0) problems.push('External id is empty: rows with the same External id form one order');
  const level: Partial<Record<Level, string>> = {};
  const channelText = text(cell('channel'), 'Channel', problems);
  if (channelText !== null) {
    const code = ORDER_CHANNEL_ALIASES[channelText.toLowerCase()] ?? channelText.toLowerCase();
    if ((ORDER_CHANNELS as readonly string[]).includes(code)) level.channel = code;
    else problems.push(`Channel '${channelText}' is not an order channel (use one of ${ORDER_CHANNELS.join(', ')})`);
  }
  const currency = text(cell('currency'), 'Currency', problems);
  if (currency !== null) {
    if (/^[A-Za-z]{3}$/.test(currency)) level.currency = currency.toUpperCase();
    else problems.push(`Currency '${currency}' is not a 3-letter code such as MXN`);
  }
  const created = createdIso(cell('created'), problems);
  if (created !== null) level.created = created;
  const cartId = text(cell('cartId'), 'Cart id', problems);
  if (cartId !== null) level.cartId = cartId;
  const comments = cell('comments');
  if (comments !== undefined && !isBlankCell(comments)) level.comments = isDate(comments) ? comments.toISOString() : String(comments);

  const sku = readSku(cell('sku'));
  if (sku.kind !== 'text') problems.push(sku.kind === 'error' ? sku.reason : 'SKU is empty');
  const title = text(cell('title'), 'Title', problems);
  if (title === null && !problems.some((p) => p.startsWith('Title'))) problems.push('Title is empty');
  const price = readNumber(cell('price'), numbers.decimalSeparator, numbers.locale);
  if (price.kind === 'empty') problems.push('Price is empty');
  else if (price.kind === 'error') problems.push(`Price: ${price.reason}`);
  else if (price.value < 0) problems.push('Price cannot be negative');
  const quantity = readInteger(cell('quantity'), numbers.decimalSeparator, numbers.locale);
  if (quantity.kind === 'empty') problems.push('Quantity is empty');
  else if (quantity.kind === 'error') problems.push(`Quantity: ${quantity.reason}`);
  else if (quantity.value < 1) problems.push('Quantity must be at least 1');

  const item =
    problems.length === 0 && sku.kind === 'text' && title !== null && price.kind === 'number' && quantity.kind === 'number'
      ? { sku: sku.value, title, price: price.value, itemQuantity: quantity.value }
      : null;
  return { row, externalId, level, item, problems };
}

/** Lower-cased, trimmed Sync status text. */
function statusOf(values: readonly CellValue[], at: DraftColumns): string {
  const v = at.syncStatus === undefined ? '' : values[at.syncStatus];
  return typeof v === 'string' ? v.trim().toLowerCase() : '';
}

/**
 * Checks every draft row (row 1 is the header) and groups them into orders. A row with an Order
 * id was created already; an order with a row marked "Check in hub" or "Sending" is left alone
 * until the seller clears the mark: the hub may have created it.
 */
export function checkDrafts(values: readonly (readonly CellValue[])[], at: DraftColumns, numbers: NumberConvention = {}): DraftCheck {
  const check: DraftCheck = { orders: [], invalid: new Map(), skipped: new Map() };
  const groups = new Map<string, ParsedDraft[]>();
  const held = new Map<string, string>();
  const inputs = [...DRAFT_REQUIRED, ...DRAFT_OPTIONAL].map((c) => at[c]).filter((c): c is number => c !== undefined);
  for (let i = 1; i < values.length; i++) {
    const line = values[i];
    const row = i + 1;
    if (inputs.every((c) => isBlankCell(line[c]))) continue;
    const status = statusOf(line, at);
    const parsed = parseRow(line, row, at, numbers);
    const key = parsed.externalId ?? `\u0000row${row}`;
    if (at.orderId !== undefined && !isBlankCell(line[at.orderId])) {
      held.set(key, 'already created (it has an Order id)');
      check.skipped.set(row, 'already created (it has an Order id)');
      continue;
    }
    if (status === DRAFT_STATUS.unknown.toLowerCase() || status === DRAFT_STATUS.sending.toLowerCase()) {
      held.set(key, 'the hub may already have it: check in the hub, then clear Sync status to send it again');
      check.skipped.set(row, 'the hub may already have this order: check in the hub, then clear Sync status to send it again');
      continue;
    }
    const list = groups.get(key);
    if (list) list.push(parsed);
    else groups.set(key, [parsed]);
  }
  for (const [key, rows] of groups) {
    if (held.has(key)) {
      // Rows joining an order that was sent already cannot be added to it: the seller decides.
      for (const r of rows)
        check.invalid.set(
          r.row,
          `not sent: another row of order ${rows[0].externalId} is ${held.get(key)}. A new order needs a new External id.`,
        );
      continue;
    }
    const order = assemble(rows, check.invalid);
    if (order) check.orders.push(order);
  }
  return check;
}

/** One order from its rows, or null with a reason on each row. */
function assemble(rows: ParsedDraft[], invalid: Map<number, string>): DraftOrder | null {
  const shared: Partial<Record<Level, string>> = {};
  const conflicts: string[] = [];
  for (const level of ORDER_LEVEL) {
    const seen = rows.filter((r) => r.level[level] !== undefined);
    const distinct = [...new Set(seen.map((r) => r.level[level]!))];
    if (distinct.length > 1)
      conflicts.push(`${DRAFT_HEADERS[level]} differs between rows ${seen.map((r) => r.row).join(', ')} of this order`);
    else if (distinct.length === 1) shared[level] = distinct[0];
  }
  if (!shared.channel && rows.every((r) => !r.problems.some((p) => p.startsWith('Channel'))))
    conflicts.push('no row of this order names its Channel');
  if (!shared.currency && rows.every((r) => !r.problems.some((p) => p.startsWith('Currency'))))
    conflicts.push('no row of this order names its Currency');
  const bad = rows.filter((r) => r.problems.length > 0);
  if (bad.length > 0 || conflicts.length > 0) {
    for (const r of rows) {
      const own = [...r.problems, ...conflicts];
      const others = bad.filter((b) => b.row !== r.row).map((b) => b.row);
      if (own.length === 0)
        own.push(
          `not sent: row${others.length > 1 ? 's' : ''} ${others.join(', ')} of this order ${others.length > 1 ? 'have' : 'has'} a problem`,
        );
      invalid.set(r.row, `${own.join('; ')}.`);
    }
    return null;
  }
  const body: OrderCreate = {
    channel: shared.channel!,
    externalId: rows[0].externalId!,
    currency: shared.currency!,
    items: rows.map((r) => r.item!),
  };
  if (shared.created) body.dateCreated = shared.created;
  if (shared.cartId) body.cartId = shared.cartId;
  if (shared.comments) body.comments = shared.comments;
  return { externalId: body.externalId, rows: rows.map((r) => r.row), body };
}

/**
 * Get Orders records read one by one: one record of an unexpected type (a number where text was
 * expected, `items: null`) must not make the whole page — and every later run — fail. A record
 * that fails the schema keeps every field that can be read; the ones that cannot are named with
 * the value the hub sent, so the row can say what was wrong.
 */
import { parseHubDate } from './query';
import * as z from 'zod/mini';
import './schemas/messages';
import { Order, OrderItem, orderItemShape, orderShape } from './schemas/orders';

/** A page of Get Orders with its records still unread. */
export const OrdersPageEnvelope = z.lazy(() =>
  z.looseObject({
    paging: z.number(),
    offset: z.number(),
    total: z.number(),
    sort: z.optional(z.nullable(z.string())),
    results: z.array(z.unknown()),
  }),
);

export interface OrderRecord {
  /** The order as far as it could be read; null when not even its id could be. */
  order: Order | null;
  /** One line per field that failed, e.g. `total = "abc" (expected a number)`; [] for a valid record. */
  problems: string[];
  /** The record as the hub sent it (kept for the row when it had problems). */
  raw: unknown;
  /** False when `items` could not be read: the order's lines in the sheet are left alone. */
  itemsRead: boolean;
}

/** Text fields the add-on cannot do without: a number there is read as its text, and said. */
const REQUIRED_TEXT = ['channel', 'externalId', 'dateAdded', 'dateCreated', 'dateModified'] as const;
const DATE_FIELDS = new Set(['dateAdded', 'dateCreated', 'dateModified']);

function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function expected(schema: z.ZodMiniType): string {
  const issue = schema.safeParse(Symbol('x')).error?.issues[0];
  return issue && 'expected' in issue && typeof issue.expected === 'string' ? `a ${issue.expected}` : 'another type';
}

/**
 * Reads the fields of `shape` one by one; bad ones are left out and named. A number where text
 * was expected (an id sent as 123456) is read as its text — and still named, so the row says so.
 */
function readFields(
  raw: Record<string, unknown>,
  shape: Record<string, z.ZodMiniType>,
  prefix: string,
  problems: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!(key in shape)) out[key] = value; // unknown fields are kept
  for (const [key, schema] of Object.entries(shape)) {
    if (key === 'items') continue;
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success) {
      if (parsed.data !== undefined) out[key] = parsed.data;
      continue;
    }
    problems.push(`${prefix}${key} = ${shown(raw[key])} (expected ${expected(schema)})`);
    if (typeof raw[key] === 'number' && schema.safeParse(String(raw[key])).success) out[key] = String(raw[key]);
  }
  return out;
}

/** One Get Orders record, read field by field when the whole record does not pass. */
export function readOrderRecord(raw: unknown): OrderRecord {
  const whole = Order.safeParse(raw);
  const hasItems = raw !== null && typeof raw === 'object' && 'items' in raw;
  if (whole.success && hasItems && badDates(whole.data).length === 0) return { order: whole.data, problems: [], raw, itemsRead: true };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { order: null, problems: [`the record is ${shown(raw)}, not an order`], raw, itemsRead: false };
  const record = { ...(raw as Record<string, unknown>) };
  const problems: string[] = [];
  // An id sent as text ("77") is still that order: read it as its number rather than lose the order.
  if (typeof record.orderId === 'string' && /^\d{1,15}$/.test(record.orderId.trim())) record.orderId = Number(record.orderId.trim());
  const fields = readFields(record, orderShape() as unknown as Record<string, z.ZodMiniType>, '', problems);
  if (typeof fields.orderId !== 'number') return { order: null, problems, raw, itemsRead: false };
  for (const key of REQUIRED_TEXT) {
    if (typeof fields[key] === 'string') continue;
    const v = record[key];
    // A date that is not text cannot be trusted as one; other text fields keep what was sent.
    fields[key] = typeof v === 'number' && !DATE_FIELDS.has(key) ? String(v) : '';
  }
  for (const key of badDates(fields)) {
    problems.push(`${key} = ${shown(fields[key])} (expected a date)`);
    fields[key] = '';
  }
  let itemsRead = true;
  const items: OrderItem[] = [];
  if (record.items === undefined) {
    // The hub not sending lines is not the hub saying the order has none: its lines are left alone.
    problems.push('items = nothing (expected a list of order lines)');
    itemsRead = false;
  } else if (!Array.isArray(record.items)) {
    problems.push(`items = ${shown(record.items)} (expected a list)`);
    itemsRead = false;
  } else {
    record.items.forEach((item, i) => {
      const ok = OrderItem.safeParse(item);
      if (ok.success) items.push(ok.data);
      else if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        items.push(
          readFields(
            item as Record<string, unknown>,
            orderItemShape() as unknown as Record<string, z.ZodMiniType>,
            `items[${i}].`,
            problems,
          ) as OrderItem,
        );
      } else {
        problems.push(`items[${i}] = ${shown(item)} (expected an order line)`);
        itemsRead = false;
      }
    });
  }
  return { order: { ...(fields as Order), items }, problems, raw, itemsRead };
}

/** Date fields holding text that is not a date. */
function badDates(record: Record<string, unknown>): string[] {
  return [...DATE_FIELDS].filter(
    (k) => typeof record[k] === 'string' && record[k] !== '' && !Number.isFinite(parseHubDate(record[k] as string)),
  );
}

/**
 * The invariant of every push operation (issue 11), checked against the hub's own state:
 * - a row or channel that says OK: the hub holds exactly the value the row holds, for that SKU
 *   and that channel (unless the colleague changed the cell after the result was written);
 * - the snapshot of confirmed values: every entry is what the hub holds;
 * - no cell outside the add-on's result columns changed, but for the colleague's own edits;
 * - the add-on's document properties stay within their budget.
 * Pure: works on the sheet's values and the hub's products as the admin API returns them.
 */
import type { Listing, ProductRec } from '../../hub-emulator/types';
import { CELL_MEANINGS, mapHeaders, plainDecimal, roundToCents, type ColumnMap, type EditScope } from '../../../src/sheet';

/** The hub's product as the admin API shows it. */
/**
 * A product and its listings as the hub emulator keeps them (its own exported types, read over the
 * admin API: one shape for every test), its listings looked up by any channel name a sheet carries.
 */
export type HubListing = Listing;
export type HubProduct = Omit<ProductRec, 'listings'> & { listings: Partial<Record<string, Listing>> };

export type Cells = unknown[][];

/** The add-on's own columns, by header (DESIGN §4). */
export const RESULT_HEADER = /^(Sync status|Sync message|Job id|Synced at|Status \[[^\]]*\])$/;

/** Bytes of the document properties the add-on may use (issue 11: half the 500 KB store). */
export const PROPERTY_BUDGET_BYTES = 250 * 1024;

const comparable = (v: unknown): unknown =>
  v instanceof Date || Object.prototype.toString.call(v) === '[object Date]' ? `date:${(v as Date).getTime()}` : (v ?? '');

/** The sheet without the add-on's result columns, as comparable cells, header row included. */
export function userPart(values: Cells): unknown[][] {
  const header = (values[0] ?? []) as unknown[];
  const keep = header.map((h, c) => (RESULT_HEADER.test(String(h ?? '')) ? -1 : c)).filter((c) => c >= 0);
  return values.map((row) => keep.map((c) => comparable((row as unknown[])[c])));
}

/** Where two user parts differ (first few), or [] when equal. */
export function userPartDiff(expected: unknown[][], actual: unknown[][]): string[] {
  const out: string[] = [];
  const rows = Math.max(expected.length, actual.length);
  for (let r = 0; r < rows && out.length < 5; r++) {
    const a = expected[r] ?? [];
    const b = actual[r] ?? [];
    const cols = Math.max(a.length, b.length);
    for (let c = 0; c < cols && out.length < 5; c++) {
      if ((a[c] ?? '') !== (b[c] ?? '')) out.push(`R${r + 1}C${c + 1}: ${JSON.stringify(a[c] ?? '')} → ${JSON.stringify(b[c] ?? '')}`);
    }
  }
  return out;
}

/** The fields an operation's OK speaks for. */
export type Covered = { general: Array<'quantity' | 'price'>; perChannel: boolean };
export const COVERED: Record<string, Covered> = {
  stock: { general: ['quantity'], perChannel: false },
  prices: { general: [], perChannel: true },
  byChannel: { general: [], perChannel: true },
  erp: { general: ['price'], perChannel: false },
  async: { general: ['quantity', 'price'], perChannel: false },
  changes: { general: ['quantity'], perChannel: true },
};

/** The per-channel cells an operation sends (src/sheet/meaning.ts): Push prices sends no sale price. */
const sendsPerChannel = (operation: string, field: string): boolean =>
  operation in CELL_MEANINGS && (CELL_MEANINGS[operation as EditScope].perChannel as readonly string[]).includes(field);

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** What the hub stores for a sheet value: quantities below 0 as 0, prices in cents. */
const stored = (field: string, v: number): number =>
  field === 'quantity' ? Math.max(0, v) : field === 'availableDays' ? v : roundToCents(v);

function fieldOfListing(l: HubListing, field: string): number | null {
  if (field === 'quantity') return l.quantity;
  if (field === 'price') return l.price;
  if (field === 'salePrice') return l.salePrice;
  if (field === 'availableDays') return l.availableDays;
  return null;
}

export interface CheckContext {
  operation: string;
  /** Virtual time the execution started: rows with a Synced at from then on were written by it. */
  since: number;
  products: Map<string, HubProduct>;
  /** SKU → virtual time of the colleague's last edit of a value in that row. */
  editedAt: Map<string, number>;
  /**
   * Whether the push sent the row's general `field` (by the row's key); absent: every general value
   * covered was sent. Push changes sends a Quantity only when it changed: a channel's OK then speaks
   * of that channel's own values, not of a general one the channel never got from this push.
   */
  generalSent?: (key: string, field: string) => boolean;
}

/** The row's SKU (or ERP id) as the seller typed it. */
function rowKey(cols: ColumnMap, row: unknown[], operation: string): string | null {
  const c = operation === 'erp' ? cols.input.erpId : cols.input.sku;
  if (c === undefined) return null;
  const v = row[c];
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null;
}

/**
 * True when the row's Sync message says the per-channel cell in column `c` is out of date (an
 * earlier general value went over its channel, the snapshot's marker): the row's OK and its
 * channel's OK are then not about that cell, and the message says so.
 */
export function saidOutOfDate(header: unknown[], row: unknown[], message: number | undefined, c: number, v: unknown): boolean {
  if (message === undefined || typeof v !== 'number') return false;
  const cell = `${String(header[c])} ${plainDecimal(v)}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The cell by its exact text, inside the list right before "is/are out of date" (never a longer value, never another
  // note); the list starts the message, a sentence, or a detail after the first sentence (" · ").
  return new RegExp(`(?:^|\\. |, | \u00b7 )${cell}(?:, (?:(?!\\. )[^:])*?)? (?:is|are) out of date`).test(String(row[message] ?? ''));
}

/** Violations of "OK means the hub holds it" in rows written since `since`; `checked` counts what was verified. */
export function checkOkRows(values: Cells, ctx: CheckContext): { violations: string[]; checked: number } {
  const violations: string[] = [];
  let checked = 0;
  const covered = COVERED[ctx.operation];
  if (!covered || values.length < 2) return { violations, checked };
  const cols = mapHeaders(values[0] as never, { knownChannels: null }).columns;
  const status = cols.result.status;
  const syncedAt = cols.result.syncedAt;
  if (status === undefined || syncedAt === undefined) return { violations, checked };
  const byErp = new Map([...ctx.products.values()].map((p) => [p.internalId, p]));
  for (let r = 1; r < values.length; r++) {
    const row = values[r] as unknown[];
    const at = row[syncedAt];
    if (!(at instanceof Date || Object.prototype.toString.call(at) === '[object Date]') || (at as Date).getTime() < ctx.since) continue;
    const key = rowKey(cols, row, ctx.operation);
    if (key === null) continue;
    const edited = ctx.editedAt.get(key);
    if (edited !== undefined && edited >= (at as Date).getTime()) continue; // changed by the colleague after the result
    const product = ctx.operation === 'erp' ? byErp.get(key) : ctx.products.get(key);
    const where = `row ${r + 1} (${key})`;
    const rowOk = row[status] === 'OK';
    // The row's OK: every covered general field, and every per-channel field present.
    if (rowOk) {
      if (!product) {
        violations.push(`${where} says OK but the hub has no such product`);
        continue;
      }
      for (const field of covered.general) {
        const c = cols.input[field];
        if (c === undefined || row[c] === '' || row[c] === undefined) continue;
        if (!isNumber(row[c])) {
          violations.push(`${where} says OK with ${field} '${String(row[c])}', which is not a number`);
          continue;
        }
        const want = stored(field, row[c]);
        const have = field === 'quantity' ? product.quantity : product.price;
        checked++;
        if (want !== have) violations.push(`${where} says OK with ${field} ${want}, but the hub holds ${have}`);
      }
      if (covered.perChannel) {
        for (const [channel, fields] of Object.entries(cols.perChannel)) {
          for (const [field, c] of Object.entries(fields)) {
            if (!sendsPerChannel(ctx.operation, field)) continue;
            const v = row[c as number];
            if (v === '' || v === undefined) continue;
            if (saidOutOfDate(values[0] as unknown[], row, cols.result.message, c as number, v)) continue;
            const listing = product.listings[channel];
            if (!isNumber(v)) {
              violations.push(`${where} says OK with ${field} [${channel}] '${String(v)}', which is not a number`);
              continue;
            }
            checked++;
            const have = listing ? fieldOfListing(listing, field) : null;
            if (have !== stored(field, v))
              violations.push(`${where} says OK with ${field} [${channel}] ${stored(field, v)}, but the hub holds ${have}`);
          }
        }
      }
    }
    // Each channel's OK: that channel's listing holds the row's values the operation sends.
    for (const [channel, c] of Object.entries(cols.channelStatus)) {
      if (row[c] !== 'OK') continue;
      const listing = product?.listings[channel];
      if (!listing) {
        violations.push(`${where} Status [${channel}] says OK but the hub has no such listing`);
        continue;
      }
      // A per-channel column is what the channel holds (it goes after the general value); else the general one.
      const sent = new Map<string, unknown>();
      for (const field of covered.general) {
        const gc = cols.input[field];
        if (gc !== undefined && (!ctx.generalSent || ctx.generalSent(key, field))) sent.set(field, row[gc]);
      }
      if (covered.perChannel)
        for (const [field, pc] of Object.entries(cols.perChannel[channel] ?? {}))
          if (
            sendsPerChannel(ctx.operation, field) &&
            !saidOutOfDate(values[0] as unknown[], row, cols.result.message, pc as number, row[pc as number])
          )
            sent.set(field, row[pc as number]);
      for (const [field, v] of sent) {
        if (!isNumber(v)) continue;
        checked++;
        const have = fieldOfListing(listing, field);
        if (have !== stored(field, v))
          violations.push(`${where} Status [${channel}] says OK with ${field} ${stored(field, v)}, but the listing holds ${have}`);
      }
    }
  }
  return { violations, checked };
}

/** Violations of "recorded as confirmed only when stored": every snapshot entry against the hub. */
export function checkSnapshot(snapshot: Cells, products: Map<string, HubProduct>): { violations: string[]; checked: number } {
  const violations: string[] = [];
  let checked = 0;
  for (const row of snapshot.slice(1)) {
    const sku = String(row[0] ?? '');
    if (!sku) continue;
    let entry: Record<string, number>;
    try {
      entry = JSON.parse(String(row[1] ?? '{}')) as Record<string, number>;
    } catch {
      continue;
    }
    const product = products.get(sku);
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'publishingPrice') continue; // no field of its own in the hub: it is the listings' price
      if (key.startsWith('~')) continue; // a cell's marker (what it held as a general value passed over it), not the hub's
      const [field, channel] = key.split(':');
      const have = !product
        ? undefined
        : channel === undefined
          ? field === 'quantity'
            ? product.quantity
            : field === 'price'
              ? product.price
              : undefined
          : product.listings[channel]
            ? fieldOfListing(product.listings[channel] as HubListing, field)
            : undefined;
      checked++;
      if (have !== value)
        violations.push(`snapshot says ${sku} ${key} = ${value} was confirmed, but the hub holds ${have === undefined ? 'nothing' : have}`);
    }
  }
  return { violations, checked };
}

/** Bytes of a property store (keys and values, UTF-8), as Apps Script counts them. */
export function storeBytes(store: Record<string, string>): number {
  return Object.entries(store).reduce((n, [k, v]) => n + Buffer.byteLength(k, 'utf8') + Buffer.byteLength(v, 'utf8'), 0);
}

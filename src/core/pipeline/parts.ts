import type { AsyncItem, ByChannelUpdate, ErpPriceItem, PriceItem, StockItem } from '../../api/schemas/stock';
import {
  changedFields,
  endedSales,
  hasSendableEdit,
  outdatedCellsNote,
  holdsConfirmed,
  sinceSnapshot,
  unsentEdits,
  validateRow,
  type ColumnMap,
  type EditScope,
  type ParsedRow,
  type PayloadOf,
  type PushOperation,
  type PushedValues,
  type RowVerdict,
} from '../../sheet';
import type { ConfirmedValues } from './snapshot';
import type { Operation } from './types';

/** One request item a row contributes, with the values it confirms when the hub accepts it. */
export type Part =
  | { kind: 'stock'; rowNumber: number; item: StockItem; values: PushedValues }
  | { kind: 'price'; rowNumber: number; item: PriceItem; values: PushedValues }
  | {
      kind: 'byChannel';
      rowNumber: number;
      item: ByChannelUpdate;
      values: PushedValues;
      /** Channels whose quantity rides along only to be re-applied after the row's general quantity (see pruneReapplied). */
      reapplied?: string[];
    }
  | { kind: 'erp'; rowNumber: number; item: ErpPriceItem; values: PushedValues }
  | { kind: 'async'; rowNumber: number; item: AsyncItem; values: PushedValues };

/** A row of a push: the parts to send, or why nothing is sent. */
export type RowPlan =
  | {
      rowNumber: number;
      sku: string | null;
      erpId?: string | null;
      send: true;
      parts: Part[];
      notes: string[];
      /** Edits of the row this push does not send (also among the notes): counted for the summary. */
      unsent?: string[];
      /** What a per-channel rule did to a value sent, by value key: the preview's Rule column. */
      ruled?: Record<string, string>;
      /** Values of the row a guard rail held back (push/guard-run.ts); the others are sent. */
      guarded?: number;
    }
  | {
      rowNumber: number;
      sku: string | null;
      erpId?: string | null;
      send: false;
      reason: string;
      nothingToSend: boolean;
      notes: string[];
      unsent?: string[];
      /** The open async job this row waits for (it is left Pending in that job). */
      heldByJob?: string;
      /** Values of the row a guard rail held back (push/guard-run.ts): nothing else was left to send. */
      guarded?: number;
    };

/** The parts each operation's payload makes, typed by operation (indexed by a generic operation: no cast). */
const PARTS: { [O in PushOperation]: (rowNumber: number, payload: PayloadOf[O], values: PushedValues) => Part[] } = {
  stock: (rowNumber, item, values) => [{ kind: 'stock', rowNumber, item, values }],
  prices: (rowNumber, items) =>
    items.map((item) => ({ kind: 'price', rowNumber, item, values: { [`price:${item.channel}`]: item.price } })),
  byChannel: (rowNumber, item, values) => [{ kind: 'byChannel', rowNumber, item, values }],
  erp: (rowNumber, item, values) => [{ kind: 'erp', rowNumber, item, values }],
  async: (rowNumber, item, values) => [{ kind: 'async', rowNumber, item, values }],
};

function partsOf<O extends PushOperation>(operation: O, verdict: Extract<RowVerdict<PayloadOf[O]>, { ok: true }>): Part[] {
  return PARTS[operation](verdict.rowNumber, verdict.payload, verdict.values);
}

/** Each text once, in order, leaving out `except` (the reason already shown). */
function unique(texts: readonly string[], except?: string): string[] {
  return [...new Set(texts)].filter((t) => t !== except);
}

function rejected(verdict: Extract<RowVerdict<unknown>, { ok: false }>, row: ParsedRow, unsent: readonly string[] = []): RowPlan {
  return {
    rowNumber: verdict.rowNumber,
    sku: verdict.sku,
    erpId: row.erpId,
    send: false,
    reason: verdict.reason,
    nothingToSend: verdict.nothingToSend,
    notes: unique([...verdict.notes, ...unsent], verdict.reason),
    ...(unsent.length > 0 ? { unsent: [...unsent] } : {}),
  };
}

/** A row with nothing to send but edits this push leaves out: it says so rather than being passed over. */
function unsentOnly(row: ParsedRow, unsent: readonly string[]): RowPlan {
  return {
    rowNumber: row.rowNumber,
    sku: row.sku,
    erpId: row.erpId,
    send: false,
    reason: unsent[0],
    nothingToSend: true,
    notes: unsent.slice(1),
    unsent: [...unsent],
  };
}

/**
 * The edits a push leaves out: those its verdicts noted, a sale ended in a compare-at pair that
 * the hub still holds (no push can remove it), and — when it sends only changes — those of fields
 * it does not carry.
 */
function unsentOf(
  scope: EditScope,
  verdicts: ReadonlyArray<RowVerdict<unknown> | null>,
  row: ParsedRow,
  columns: ColumnMap,
  confirmed: ConfirmedValues | undefined,
  changedOnly: boolean,
): string[] {
  // A scheduled sale price is the sale schedule's: a push of every channel value says why it leaves it.
  const scheduled = row.scheduled?.held && scope === 'byChannel' ? [row.scheduled.held] : [];
  const noted = [...verdicts.flatMap((v) => v?.unsent ?? []), ...endedSales(row, columns, confirmed), ...scheduled];
  return unique(changedOnly ? noted.concat(unsentEdits(scope, row, columns, holdsConfirmed(confirmed))) : noted);
}

/**
 * Plans one row for a single-endpoint operation; `changedOnly` keeps only rows with a changed
 * value, or with an edit the operation does not send (said in the row, never passed over).
 */
export function planRow<O extends PushOperation>(
  operation: O,
  row: ParsedRow,
  columns: ColumnMap,
  confirmed: ConfirmedValues | undefined,
  changedOnly: boolean,
): RowPlan | null {
  const holds = holdsConfirmed(confirmed);
  const verdict = validateRow(operation, row, columns, { holds });
  const unsent = unsentOf(operation, [verdict], row, columns, confirmed, changedOnly);
  if (!verdict.ok) {
    // An edit of a kind this push sends, that it still cannot send (a price without its ERP id), is said too.
    if (changedOnly && verdict.nothingToSend && !hasSendableEdit(operation, row, columns, holds))
      return unsent.length > 0 ? unsentOnly(row, unsent) : null;
    return rejected(verdict, row, unsent);
  }
  if (changedOnly && changedFields(verdict.values, confirmed).length === 0) return unsent.length > 0 ? unsentOnly(row, unsent) : null;
  return {
    rowNumber: row.rowNumber,
    sku: row.sku,
    erpId: row.erpId,
    send: true,
    parts: partsOf(operation, verdict),
    notes: unique([...verdict.notes, ...unsent]),
    ...(unsent.length > 0 ? { unsent } : {}),
    ...(verdict.ruled ? { ruled: verdict.ruled } : {}),
  };
}

/**
 * What the rules did to the values the parts send: a value Push changes leaves out (unchanged) is
 * not said, so a row speaks of a rule only where it shaped something sent.
 */
function sentRules(ruled: Readonly<Record<string, string>>, parts: readonly Part[]): Record<string, string> {
  const sent = new Set(parts.flatMap((p) => Object.keys(p.values)));
  return Object.fromEntries(Object.entries(ruled).filter(([key]) => sent.has(key)));
}

/**
 * Plans one row for "push changes": every value edited since the last confirmed one goes through
 * the endpoint made for it — the general quantity through Update Stock, a per-channel price
 * through Update Price, and per-channel quantity, sale price or available days through the
 * by-channel update (which then also carries that channel's changed price). Nothing unchanged
 * is sent. Returns null for a row with no change.
 */
export function planChangesRow(row: ParsedRow, columns: ColumnMap, confirmed: ConfirmedValues | undefined): RowPlan | null {
  const parts: Part[] = [];
  const notes = new Set<string>();
  const holds = holdsConfirmed(confirmed);
  // The general quantity goes through Update Stock here, its per-channel quantities re-sent after it.
  const options = { holds, forChanges: true };
  const verdicts = {
    stock: columns.input.quantity !== undefined ? validateRow('stock', row, columns, options) : null,
    prices: validateRow('prices', row, columns, options),
    byChannel: validateRow('byChannel', row, columns, options),
  };
  const unsent = unsentOf('changes', Object.values(verdicts), row, columns, confirmed, true);
  for (const v of Object.values(verdicts)) {
    if (v && !v.ok && !v.nothingToSend) return rejected(v, row, unsent);
    if (v && v !== verdicts.stock) v.notes.forEach((n) => notes.add(n));
  }
  const stock = verdicts.stock;
  const generalQuantity = Boolean(stock?.ok && changedFields(stock.values, confirmed).includes('quantity'));
  if (generalQuantity && stock?.ok) {
    parts.push(...partsOf('stock', stock));
    stock.notes.forEach((n) => notes.add(n));
  }
  const byChannelChannels = new Set<string>();
  if (verdicts.byChannel.ok) {
    const changed = new Set(changedFields(verdicts.byChannel.values, confirmed));
    // The hub passes the general quantity on to every channel: the row's own per-channel
    // quantities go after it (order.ts), or the sheet and the hub would disagree — but for a cell
    // an earlier general value left out of date (its marker): no wish of the seller's, never sent.
    const cells = verdicts.byChannel.values;
    const reapplied = generalQuantity
      ? Object.keys(cells).filter(
          (k) => k.startsWith('quantity:') && !changed.has(k) && sinceSnapshot(confirmed, k, cells[k]) !== 'passedOver',
        )
      : [];
    reapplied.forEach((k) => changed.add(k));
    const payload = verdicts.byChannel.payload;
    const channelData = payload.channelData
      .filter((entry) => ['quantity', 'salePrice', 'availableDays'].some((f) => changed.has(`${f}:${entry.channel}`)))
      .map((entry) => {
        byChannelChannels.add(entry.channel);
        const kept: typeof entry = { channel: entry.channel };
        for (const f of ['quantity', 'price', 'salePrice', 'availableDays'] as const) {
          if (entry[f] !== undefined && changed.has(`${f}:${entry.channel}`)) kept[f] = entry[f];
        }
        return kept;
      });
    if (channelData.length > 0) {
      const values: PushedValues = {};
      for (const entry of channelData) {
        for (const f of ['quantity', 'price', 'salePrice', 'availableDays'] as const)
          if (entry[f] !== undefined) values[`${f}:${entry.channel}`] = entry[f] as number;
      }
      const part: Part = { kind: 'byChannel', rowNumber: row.rowNumber, item: { sku: payload.sku, channelData }, values };
      if (reapplied.length > 0) part.reapplied = reapplied.map((k) => k.slice('quantity:'.length));
      parts.push(part);
    }
  }
  if (verdicts.prices.ok) {
    const changed = new Set(changedFields(verdicts.prices.values, confirmed));
    for (const part of partsOf('prices', verdicts.prices)) {
      if (part.kind !== 'price') continue;
      const item = part.item;
      if (changed.has(`price:${item.channel}`) && !byChannelChannels.has(item.channel)) parts.push(part);
    }
  }
  if (parts.length === 0) return unsent.length > 0 ? unsentOnly(row, unsent) : null;
  // Out of date: a cell this push neither sends nor makes current (the general Quantity it sends
  // reaches every channel: a Quantity [channel] cell reading the same is current after it).
  const sent = new Set(parts.flatMap((p) => Object.keys(p.values)));
  const general = generalQuantity && stock?.ok ? stock.values.quantity : undefined;
  const outdated = outdatedCellsNote(
    row,
    columns,
    (k, v) => !sent.has(k) && !(k.startsWith('quantity:') && v === general) && sinceSnapshot(confirmed, k, v) === 'passedOver',
  );
  if (outdated) notes.add(outdated);
  const all = Object.assign({}, ...Object.values(verdicts).map((v) => (v?.ok ? v.ruled : undefined))) as Record<string, string>;
  const ruled = sentRules(all, parts);
  const unsaid = new Set(Object.values(all).filter((m) => !Object.values(ruled).includes(m)));
  return {
    rowNumber: row.rowNumber,
    sku: row.sku,
    erpId: row.erpId,
    send: true,
    parts,
    notes: unique([...notes, ...unsent]).filter((n) => !unsaid.has(n)),
    ...(unsent.length > 0 ? { unsent } : {}),
    ...(Object.keys(ruled).length > 0 ? { ruled } : {}),
  };
}

/**
 * A by-channel part that re-applies per-channel quantities, just before it is sent: keeps only
 * those the hub really overwrote with the general quantity (the channels it reported OK for it)
 * and that differ from it; the other fields of the part stay. `general` is the general quantity's
 * result, null when it was not confirmed: then the hub may or may not have passed it on, so every
 * per-channel quantity goes, and the hub ends as the sheet reads either way. Returns the part to
 * send, or null for nothing.
 */
export function pruneReapplied(
  part: Part,
  general: { quantity: number; channels: Readonly<Record<string, string>> } | null,
): { part: Part | null; reapplied: string[] } {
  if (part.kind !== 'byChannel' || !part.reapplied) return { part, reapplied: [] };
  const again = new Set(part.reapplied);
  const kept = new Set<string>();
  const channelData = part.item.channelData
    .map((entry) => {
      if (!again.has(entry.channel)) return entry;
      const overwritten = general === null || (general.channels[entry.channel] === 'OK' && entry.quantity !== general.quantity);
      if (overwritten) {
        kept.add(entry.channel);
        return entry;
      }
      const { quantity: _dropped, ...rest } = entry;
      return rest;
    })
    .filter((entry) => Object.keys(entry).length > 1);
  if (channelData.length === 0) return { part: null, reapplied: [] };
  const values: PushedValues = {};
  for (const [key, value] of Object.entries(part.values)) {
    const [field, channel] = key.split(':');
    if (field !== 'quantity' || !again.has(channel) || kept.has(channel)) values[key] = value;
  }
  return {
    part: { kind: 'byChannel', rowNumber: part.rowNumber, item: { sku: part.item.sku, channelData }, values },
    reapplied: [...kept],
  };
}

/** The plan of a row for an operation, or null when the row is not part of this push. */
export function planFor(
  operation: Operation,
  row: ParsedRow,
  columns: ColumnMap,
  confirmed: ConfirmedValues | undefined,
  changedOnly: boolean,
): RowPlan | null {
  return operation === 'changes' ? planChangesRow(row, columns, confirmed) : planRow(operation, row, columns, confirmed, changedOnly);
}

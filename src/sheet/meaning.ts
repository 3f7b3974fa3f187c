/**
 * What a cell means to each operation, written once: which value in the hub it stands for — the
 * field, and the channel set (the hub's general, product-level value, or the channels of the Price
 * rule's target). The row checks, Changed rows, Push changes and the snapshot of confirmed values
 * all read a cell through this table, so a value confirmed under one meaning is compared under
 * the same one. The user manual's table of cell meanings says the same.
 */
import type { ChannelField, NumericField } from './header-names';
import { CHANNEL_FIELDS } from './header-names';
import type { PlainTarget } from './plain-rule';

/** A single push operation, or Push changes (each edit through the endpoint made for it). */
export type EditScope = 'stock' | 'prices' | 'byChannel' | 'erp' | 'async' | 'changes';

/**
 * How an operation reads a plain (whole-row) cell: `general` — the hub's one value for every
 * channel; `target` — the channels the row's Channel cell (else the default channels) names, or
 * every channel when that setting is every channel; `target-or-general` — the target's channels
 * when it names some, else the general value.
 */
export type PlainReading = 'general' | 'target' | 'target-or-general';

export interface CellMeanings {
  /** The plain cells the operation sends (or refuses by the Price rule), and how it reads each. */
  plain: Readonly<Partial<Record<NumericField, PlainReading>>>;
  /** The per-channel cells it sends: always that channel's value. */
  perChannel: readonly ChannelField[];
}

/** The table: what each operation's cells mean. */
export const CELL_MEANINGS: Readonly<Record<EditScope, CellMeanings>> = {
  stock: { plain: { quantity: 'general' }, perChannel: [] },
  prices: { plain: { price: 'target' }, perChannel: ['price'] },
  byChannel: {
    plain: { quantity: 'target', price: 'target', salePrice: 'target', availableDays: 'target' },
    perChannel: CHANNEL_FIELDS,
  },
  erp: { plain: { price: 'general' }, perChannel: [] },
  async: { plain: { quantity: 'general', price: 'general', publishingPrice: 'general' }, perChannel: [] },
  // A general Quantity (a pulled sheet, no Channel) goes through Update Stock; one the row gives a
  // channel means that channel's quantity, as Push price & stock by channel reads it.
  changes: {
    plain: { quantity: 'target-or-general', price: 'target', salePrice: 'target', availableDays: 'target' },
    perChannel: CHANNEL_FIELDS,
  },
};

/** Fields the hub keeps one general value of (the others exist per channel only). */
const GENERAL_FIELDS: ReadonlySet<NumericField> = new Set<NumericField>(['quantity', 'price', 'publishingPrice']);

/** What one plain cell stands for in the hub, for one operation. */
export type Meaning =
  | { kind: 'general' }
  | { kind: 'channels'; channels: readonly string[] }
  /** Nowhere: no channel to put it on (or an unreadable Channel cell). */
  | { kind: 'unplaced' }
  /** The operation does not send this field. */
  | { kind: 'notSent' };

/** The meaning of a plain cell of `field` for `scope`, given where the row's plain values go. */
export function plainMeaning(scope: EditScope, field: NumericField, target: PlainTarget): Meaning {
  const reading = CELL_MEANINGS[scope].plain[field];
  if (reading === undefined) return { kind: 'notSent' };
  if (target.kind === 'unreadable') return { kind: 'unplaced' };
  const general: Meaning = GENERAL_FIELDS.has(field) ? { kind: 'general' } : { kind: 'unplaced' };
  if (reading === 'general') return general;
  if (target.kind === 'channels') return { kind: 'channels', channels: target.channels };
  if (target.kind === 'every' || reading === 'target-or-general') return general;
  return { kind: 'unplaced' };
}

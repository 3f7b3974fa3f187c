/**
 * A column mapping: which header each field is read from, saved per sheet in document
 * properties (JSON, well under the 9 KB a property value may hold). Headers, not positions: a
 * colleague inserting or moving columns does not break it.
 */
import * as z from 'zod/mini';
import '../../api/schemas/messages';

/** The fields a mapping may name: the input fields, and a compare-at price (Shopify's). */
export const MAPPED_FIELDS = [
  'sku',
  'quantity',
  'price',
  'salePrice',
  'publishingPrice',
  'channel',
  'erpId',
  'availableDays',
  'saleStart',
  'saleEnd',
  'compareAtPrice',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/** Fields that may be mapped per channel ("this column is the Price for woocommerce"). */
export const PER_CHANNEL_MAPPED: readonly MappedField[] = ['quantity', 'price', 'salePrice', 'availableDays', 'compareAtPrice'];

export const MappingEntry = z.lazy(() =>
  z.object({
    field: z.enum(MAPPED_FIELDS),
    /** Absent: the whole-row field. Set: the field for that channel only. */
    channel: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9_.-]*$/, 'a channel code such as amazon'))),
    header: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
);
export type MappingEntry = z.infer<typeof MappingEntry>;

/** A row rule: rows whose `header` cell is empty, or holds one of `values`, are skipped with `reason`. */
export const SkipRule = z.lazy(() =>
  z.object({
    header: z.string().check(z.minLength(1), z.maxLength(200)),
    when: z.union([z.literal('empty'), z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.minLength(1), z.maxLength(20))]),
    reason: z.string().check(z.minLength(1), z.maxLength(300)),
  }),
);
export type SkipRule = z.infer<typeof SkipRule>;

export const ColumnMapping = z.lazy(() =>
  z.object({
    version: z.literal(1),
    /** The export preset it came from (its seller columns stay the seller's), or null for a hand mapping. */
    preset: z.nullable(z.string().check(z.maxLength(40))),
    entries: z.array(MappingEntry).check(z.maxLength(120)),
    skip: z._default(z.array(SkipRule).check(z.maxLength(10)), []),
  }),
);
export type ColumnMapping = z.infer<typeof ColumnMapping>;

/** "price" or "price:amazon": one key per mapped slot. */
export function slotKey(entry: Pick<MappingEntry, 'field' | 'channel'>): string {
  return entry.channel ? `${entry.field}:${entry.channel}` : entry.field;
}

/**
 * The mapping with `entries` added, each replacing what mapped its slot before (a compare-at
 * price holds the Sale price slot): what a pull that added columns saves, so the mapping names them.
 */
export function withEntries(mapping: ColumnMapping, entries: readonly MappingEntry[]): ColumnMapping {
  const slotOf = (e: MappingEntry): string => slotKey(e.field === 'compareAtPrice' ? { ...e, field: 'salePrice' } : e);
  const replaced = new Set(entries.map(slotOf));
  return { ...mapping, entries: [...mapping.entries.filter((e) => !replaced.has(slotOf(e))), ...entries.map((e) => ({ ...e }))] };
}

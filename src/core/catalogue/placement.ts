/**
 * Where a pull or a refresh writes, decided by the same column mapping the push reads with
 * (sheet/mapping/resolve.ts): a field the mapping gives a column is written there, whatever its
 * header (`Variant Inventory Qty` is the Quantity of a Shopify export); a field it does not map
 * gets a new column with the add-on's own header, at the right; and a column the mapping leaves
 * to the seller is never written, even when its header is one the add-on uses (Shopify's `Title`).
 */
import { INPUT_HEADERS, type ColumnMap, type MappingEntry } from '../../sheet';
import type { CellValue } from '../kernel/ports';
import type { PullColumn } from '../pipeline/hub-reads/columns';
import { planColumns, type ColumnPlan } from '../kernel/sheet-blocks';

export interface PullPlacement extends Pick<ColumnPlan, 'missing' | 'width'> {
  /** The SKU column (0-based), existing or about to be added. */
  skuColumn: number;
  /** Every column the operation writes, with what it writes there (0-based). */
  placed: Array<{ column: number; spec: PullColumn }>;
  /** Headers of the operation's columns that are in row 1 but are the seller's: not written. */
  left: string[];
  /** The input columns about to be added, as mapping entries (a saved mapping must name them to read them). */
  added: MappingEntry[];
}

/** The column the mapping gives the spec's field, if any. */
function mappedColumn(columns: ColumnMap, spec: PullColumn): number | undefined {
  switch (spec.kind) {
    case 'title':
      return columns.catalogueGeneral.title;
    case 'inHub':
      return columns.catalogueGeneral.inHub;
    case 'quantity':
      return columns.input.quantity;
    case 'channelValue':
      return columns.perChannel[spec.channel]?.[spec.field];
    case 'listing':
      return columns.catalogue[spec.channel]?.[spec.field];
    default:
      return undefined;
  }
}

/** The spec as the mapping reads its column: a channel with a compare-at price swaps its two prices. */
function asMapped(columns: ColumnMap, spec: PullColumn): PullColumn {
  if (spec.kind !== 'channelValue' || (spec.field !== 'price' && spec.field !== 'salePrice')) return spec;
  return columns.compareAt?.[spec.channel] ? { ...spec, compareAt: true } : spec;
}

/** The mapping entry of an added input column, or null for the add-on's own columns. */
function entryOf(spec: PullColumn): MappingEntry | null {
  if (spec.kind === 'quantity') return { field: 'quantity', header: spec.header };
  if (spec.kind === 'channelValue') return { field: spec.field, channel: spec.channel, header: spec.header };
  return null;
}

/**
 * Places the SKU and `specs` on the sheet whose row 1 is `header` and whose columns the mapping
 * resolved as `columns`. Nothing here writes: the caller adds `missing` and writes `placed`.
 */
export function placePullColumns(
  header: readonly CellValue[],
  columns: ColumnMap,
  specs: readonly PullColumn[],
  aliases: Readonly<Record<string, string>>,
): PullPlacement {
  const placed: PullPlacement['placed'] = [];
  const taken = new Set<number>();
  if (columns.input.sku !== undefined) taken.add(columns.input.sku);
  const unmapped: PullColumn[] = [];
  for (const spec of specs) {
    const column = mappedColumn(columns, spec);
    if (column === undefined) unmapped.push(spec);
    // One column mapped to two fields is written once, with the first (a mapping may say so; the push reads it twice).
    else if (!taken.has(column)) {
      taken.add(column);
      placed.push({ column, spec: asMapped(columns, spec) });
    }
  }
  const wanted = unmapped.filter((s) => !s.ifPresent);
  const needed = [...(columns.input.sku === undefined ? [INPUT_HEADERS.sku] : []), ...wanted.map((s) => s.header)];
  // Found by meaning, so `Price [meli]` is `Price [mercadolibre]`: such a header that the mapping
  // did not give to the field is the seller's, and adding a second one would make two.
  const plan = planColumns(header, needed, aliases);
  const adding = new Set(plan.missing.map((m) => m.header));
  // A column written only where present, that is in row 1 but not mapped to its field, is the seller's too.
  const optional = unmapped.filter((s) => s.ifPresent);
  const absent = new Set(
    planColumns(
      header,
      optional.map((s) => s.header),
      aliases,
    ).missing.map((m) => m.header),
  );
  const left: string[] = [];
  const added: MappingEntry[] = [];
  for (const spec of unmapped) {
    if (spec.ifPresent ? !absent.has(spec.header) : !adding.has(spec.header)) left.push(spec.header);
    if (spec.ifPresent || !adding.has(spec.header)) continue;
    placed.push({ column: plan.where[spec.header], spec: asMapped(columns, spec) });
    const entry = entryOf(spec);
    if (entry) added.push(entry);
  }
  // A sheet without a SKU column has no product rows (guards.ts): its SKU column is `SKU`, added
  // or taken as it is, and a saved mapping is told so.
  const skuColumn = columns.input.sku ?? plan.where[INPUT_HEADERS.sku];
  if (columns.input.sku === undefined) added.unshift({ field: 'sku', header: INPUT_HEADERS.sku });
  return { skuColumn, placed, left, added, missing: plan.missing, width: plan.width };
}

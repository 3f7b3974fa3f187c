/**
 * Row rules of a column mapping, applied while the table is read so that every operation sees
 * the same rows: rows an export holds for another purpose are skipped with a reason, and a
 * compare-at price turns the price column into the offer.
 */
import { isBlankCell } from './cells';
import type { ColumnMap, ResolvedSkipRule } from './headers';
import { EMPTY, type NumberReading } from './numbers';
import { plainDecimal } from './numbers';
import type { ParsedRow } from './table';

/** Why the row is skipped, or null. A cell like "variable, virtual" matches "variable". */
export function skipReason(rules: readonly ResolvedSkipRule[] | undefined, cells: readonly unknown[]): string | null {
  for (const rule of rules ?? []) {
    const cell = cells[rule.column];
    if (rule.when === 'empty') {
      if (isBlankCell(cell)) return rule.reason;
      continue;
    }
    if (typeof cell !== 'string') continue;
    const tokens = cell
      .toLowerCase()
      .split(',')
      .map((t) => t.trim());
    if (tokens.some((t) => rule.when.indexOf(t) >= 0)) return rule.reason;
  }
  return null;
}

type PriceSlot = { price?: NumberReading; salePrice?: NumberReading };

/**
 * Shopify's rule: a compare-at price (read into the Sale price slot) that is filled and above
 * the price is the regular price, and the price is the offer. Not above it, it is not a sale
 * (Shopify shows no discount then either) and is left out.
 */
export function applyCompareAt(row: ParsedRow, columns: ColumnMap): void {
  for (const channel of Object.keys(columns.compareAt ?? {})) {
    const slot: PriceSlot = channel === '' ? row.cells : row.perChannel[channel];
    const where = channel === '' ? columns.input : (columns.perChannel[channel] ?? {});
    if (!slot) continue;
    const compare = slot.salePrice ?? EMPTY;
    const price = slot.price ?? EMPTY;
    if (compare.kind === 'empty') continue;
    if (compare.kind === 'error') {
      // The price depends on it: no price is sent from a row whose compare-at cannot be read.
      slot.price = compare;
      continue;
    }
    const compareLabel = where.salePrice !== undefined ? columns.headers[where.salePrice] : 'Compare-at price';
    const priceLabel = where.price !== undefined ? columns.headers[where.price] : 'Price';
    if (price.kind === 'number' && compare.value > price.value) {
      slot.price = {
        kind: 'number',
        value: compare.value,
        note: `${compareLabel} ${plainDecimal(compare.value)} sent as the price, ${priceLabel} ${plainDecimal(price.value)} as the sale price`,
      };
      slot.salePrice = { kind: 'number', value: price.value };
    } else {
      slot.salePrice = EMPTY;
    }
  }
}

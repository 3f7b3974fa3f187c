/**
 * A sale the seller ended in an export with a compare-at pair (Shopify): the compare-at cell
 * emptied, or no longer above the price. The row then has no sale price to send — and the hub's
 * interface has no way to remove one (hub-api §2.2: `salePrice` is a number or absent), so the
 * sale an earlier push put in the hub would stay there without a word. This says it in the row.
 */
import { plainDecimal } from './numbers';
import { valueKey } from './changes';
import type { ColumnMap } from './headers';
import type { ParsedRow } from './table';

/** One note per compare-at pair of the row that holds no sale while the hub was confirmed to hold one. */
export function endedSales(row: ParsedRow, columns: ColumnMap, confirmed: Readonly<Record<string, number>> | undefined): string[] {
  if (!confirmed || row.skipped !== null || row.blank) return [];
  const out: string[] = [];
  for (const channel of Object.keys(columns.compareAt ?? {})) {
    const slot = channel === '' ? row.cells : row.perChannel[channel];
    const held = confirmed[valueKey('salePrice', channel === '' ? undefined : channel)];
    // Filled (a sale) or unreadable (the row is refused for it): nothing ended here.
    if (typeof held !== 'number' || (slot?.salePrice !== undefined && slot.salePrice.kind !== 'empty')) continue;
    const where = channel === '' ? columns.input : (columns.perChannel[channel] ?? {});
    const label = where.salePrice !== undefined ? columns.headers[where.salePrice] : 'Compare-at price';
    const on = channel === '' ? '' : ` on ${channel}`;
    out.push(
      `${label} holds no sale now, but the hub still holds the sale price ${plainDecimal(held)}${on} from an earlier push: the hub cannot remove a sale price, so end the sale${on ? ` in ${channel}` : ''} itself`,
    );
  }
  return out;
}

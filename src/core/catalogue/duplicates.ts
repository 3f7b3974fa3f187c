/**
 * SKUs the hub lists more than once. The hub updates only the oldest of them (hub-api-notes), and
 * its default list is in creation order, so the first listed is the oldest and the row shows its
 * values. Found only in a consistent listing: in one that changed while it was read, a product
 * read twice looks the same as a duplicate.
 */
import type { Product } from '../../api/schemas/stock';
import { productId, type ListedProduct } from './listing';
import { skuKey } from './sku-match';
import type { PullSort } from './types';

/** Entries by SKU key, for SKUs listed at least twice; each list in the hub's order. */
export function findDuplicates(entries: readonly ListedProduct[]): Map<string, ListedProduct[]> {
  const bySku = new Map<string, ListedProduct[]>();
  for (const e of entries) {
    const key = skuKey(e.product.sku);
    const list = bySku.get(key);
    if (list) list.push(e);
    else bySku.set(key, [e]);
  }
  return new Map([...bySku].filter(([, list]) => list.length > 1));
}

const titleOf = (p: Product): string | null => {
  const t = (p as Record<string, unknown>).title;
  return typeof t === 'string' && t.trim() !== '' ? t.trim() : null;
};

/** "#3 (ERP id 17, 'Taza roja')": the place in the hub's list, and what the hub says the product is. */
export function describeEntry(e: ListedProduct): string {
  const id = productId(e.product);
  const title = titleOf(e.product);
  const details = [id === null ? '' : `ERP id ${id}`, title === null ? '' : `'${title.slice(0, 40)}'`].filter(Boolean);
  return `#${e.position + 1}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/** The In hub text of a duplicated SKU's row: Yes, which entries, and which one the row shows. */
export function duplicateNote(entries: readonly ListedProduct[], sort: PullSort | undefined): string {
  const places = entries.map(describeEntry);
  const list = places.length === 2 ? places.join(' and ') : `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
  const first = `#${entries[0].position + 1}`;
  if (sort === undefined) {
    return `Yes \u2014 the hub lists this SKU ${entries.length} times: ${list} in its list (oldest first). The hub updates only the oldest, ${first}: this row shows its values. Remove or rename the others in the hub.`;
  }
  const order = sort === 'alph_asc' ? 'A\u2192Z' : 'Z\u2192A';
  return `Yes \u2014 the hub lists this SKU ${entries.length} times: ${list} in its ${order} list. The hub updates only the oldest, which a sorted list does not tell (pull without a sort order to see it): this row shows ${first}. Remove or rename the others in the hub.`;
}

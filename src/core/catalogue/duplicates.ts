/**
 * SKUs the hub lists more than once. The hub updates only the oldest of them (hub-api-notes), and
 * its own list is in creation order, so the first listed is the oldest and the row shows its
 * values (products.ts readProducts). Found only in a consistent listing: in one that changed while
 * it was read, a product read twice looks the same as a duplicate.
 */
import type { Product } from '../../api/schemas/stock';
import { productId, type ListedProduct } from './listing';
import { skuKey } from './sku-match';

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

/** How the In hub text of a duplicated SKU starts. */
const NOTE_START = 'Yes \u2014 the hub lists this SKU ';

/**
 * The In hub text of a duplicated SKU's row (`entries` in the hub's own order, oldest first): Yes,
 * which product the row shows — the oldest, the one pushes update — and the others.
 */
export function duplicateNote(entries: readonly ListedProduct[], when: string): string {
  const others = entries.slice(1).map(describeEntry);
  const list = others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others[others.length - 1]}`;
  const rest = others.length === 1 ? `the other: ${list}. Remove or rename it` : `the others: ${list}. Remove or rename them`;
  return `${NOTE_START}${entries.length} times (pull of ${when}); shown: ${describeEntry(entries[0])}, the oldest \u2014 the one pushes update; ${rest} in the hub.`;
}

/**
 * True for an In hub text duplicateNote wrote. A refresh, which reads one SKU at a time and so
 * never sees a duplicate, keeps it: the hub's answer for the SKU is the product the note says is
 * shown, and the pull that found the others is dated in it.
 */
export function isDuplicateNote(text: unknown): boolean {
  return typeof text === 'string' && text.startsWith(NOTE_START);
}

/**
 * The hub's values as flat keys, the way the snapshot of confirmed values names them: `SKU|quantity`
 * (the general value), `SKU|price:amazon` (a listing's). The checks compare the hub before and after
 * a step, and a value that left with what the hub holds, by these keys. Pure.
 */
import type { HubProduct } from '../invariant/check';

export type HubValues = Map<string, number>;

const LISTING_FIELDS = ['quantity', 'price', 'salePrice', 'availableDays'] as const;
/** Fields the hub passes on from its general value to every active listing. */
export const PASSED_ON_FIELDS: ReadonlySet<string> = new Set(['quantity', 'price']);

export const keyOf = (sku: string, field: string, channel: string | null): string =>
  channel ? `${sku}|${field}:${channel}` : `${sku}|${field}`;

/** The parts of a key. */
export function partsOf(key: string): { sku: string; field: string; channel: string | null } {
  const bar = key.lastIndexOf('|');
  const [field, channel] = key.slice(bar + 1).split(':');
  return { sku: key.slice(0, bar), field, channel: channel ?? null };
}

/** Every value the hub holds, by key. */
export function hubValues(products: Iterable<HubProduct>): HubValues {
  const out: HubValues = new Map();
  for (const p of products) {
    out.set(keyOf(p.sku, 'quantity', null), p.quantity);
    out.set(keyOf(p.sku, 'price', null), p.price);
    for (const [channel, l] of Object.entries(p.listings)) {
      if (!l) continue;
      for (const field of LISTING_FIELDS) {
        const v = l[field];
        if (typeof v === 'number') out.set(keyOf(p.sku, field, channel), v);
      }
    }
  }
  return out;
}

/** Keys whose value differs between two states (a key present in one only counts). */
export function changedKeys(before: HubValues, after: HubValues): string[] {
  const out: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) if (before.get(key) !== after.get(key)) out.push(key);
  return out;
}

/** The keys a value sent under `key` sets in the hub: itself, and for a general quantity or price every listing's. */
export function reachedBy(key: string, hub: HubValues): string[] {
  const { sku, field, channel } = partsOf(key);
  if (channel !== null || !PASSED_ON_FIELDS.has(field)) return [key];
  const prefix = `${sku}|${field}:`;
  return [key, ...[...hub.keys()].filter((k) => k.startsWith(prefix))];
}

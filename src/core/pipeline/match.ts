/**
 * Ties a request's results to its items by identity (the SKU or ERP id as sent), never by
 * position: the hub promises neither order nor count. Each request carries a key at most once
 * (api/packing.ts), so a key named by exactly one result identifies its item; a key named by no
 * result, or by several, identifies nothing, and a result naming a key not sent belongs to no item.
 */
export type Found<R> = { found: 'one'; result: R } | { found: 'none' } | { found: 'many'; count: number };

export interface Matched<R> {
  /** One entry per sent key, in the order of `keys`. */
  byItem: Array<Found<R>>;
  /** Results naming a key that was not sent (or naming none): logged, never applied. */
  extras: R[];
}

export function matchResults<R>(keys: readonly string[], results: readonly R[], keyOf: (result: R) => string | null): Matched<R> {
  const sent = new Set(keys);
  const named = new Map<string, R[]>();
  const extras: R[] = [];
  for (const result of results) {
    const key = keyOf(result);
    if (key === null || !sent.has(key)) {
      extras.push(result);
      continue;
    }
    const list = named.get(key);
    if (list) list.push(result);
    else named.set(key, [result]);
  }
  const byItem = keys.map((key): Found<R> => {
    const list = named.get(key);
    if (!list) return { found: 'none' };
    return list.length === 1 ? { found: 'one', result: list[0] } : { found: 'many', count: list.length };
  });
  return { byItem, extras };
}

import { chunk } from './query';

/**
 * Splits items into requests of at most `max` items in which no key (a SKU) appears twice, so
 * that every result of a request can be tied to exactly one item by its key: the hub's answer
 * names the SKU but not always the channel, and promises neither order nor count.
 *
 * As few requests as possible: max(ceil(items / max), the most items one key has). When every
 * key is distinct the slices are the plain consecutive ones; otherwise each key's items are laid
 * out one after the other and dealt round-robin over the requests, which puts a key's items in
 * different requests (there are at least as many requests as it has items) and fills no request
 * beyond ceil(items / requests) <= max.
 */
export function packDistinct<T>(items: readonly T[], keyOf: (item: T) => string, max: number): T[][] {
  if (items.length === 0) return [];
  const groups = new Map<string, T[]>();
  let most = 0;
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? [];
    if (group.length === 0) groups.set(key, group);
    group.push(item);
    most = Math.max(most, group.length);
  }
  if (most <= 1) return chunk(items, max);
  const count = Math.max(Math.ceil(items.length / max), most);
  const requests: T[][] = Array.from({ length: count }, () => []);
  let at = 0;
  for (const group of groups.values()) for (const item of group) requests[at++ % count].push(item);
  return requests;
}

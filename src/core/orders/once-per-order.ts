/**
 * One copy of each order of an answer. A list that moves while the hub reads it (an order added
 * or changed between the reads of a page's rows) lists an order twice on one page; written twice,
 * its lines would be appended twice. The copy kept is the latest (dateModified; the later listed
 * when equal), at the place of the first, so new rows keep the hub's order. Pure.
 */
import { parseHubDate } from '../../api/query';

const modifiedAt = (order: { dateModified: string }): number => {
  const ms = parseHubDate(order.dateModified);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
};

export function oncePerOrder<T extends { orderId: number; dateModified: string }>(orders: readonly T[]): T[] {
  const at = new Map<number, number>();
  const out: T[] = [];
  for (const order of orders) {
    const i = at.get(order.orderId);
    if (i === undefined) {
      at.set(order.orderId, out.length);
      out.push(order);
    } else if (modifiedAt(order) >= modifiedAt(out[i])) out[i] = order;
  }
  return out;
}

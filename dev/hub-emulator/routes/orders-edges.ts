/**
 * Read edges of Get Orders (read-faults.ts; README "Read edges").
 *
 * Answer-only — the stored orders stay as they are, the next call answers them right:
 *   `shortPage` (fewer orders than asked although more remain), `malformedOrder` (one record with
 *   a field of the wrong type), `totalDrift` (`total` off by −3..+3), `listShift` (the list moved
 *   one place while the page was read: an order listed twice).
 * State changes — made AFTER the answer was built, as the hub's own life goes on between two
 * page reads: `lateOrder` (an old purchase synced now), `stateChange` (an order moves on, its
 * lines may change), `deleteOrder` (an order disappears; later offsets shift).
 */
import { ORDER_STATUS_TEXT, generateOrders, orderTotals, statusByAge } from '../generate';
import type { Hub } from '../hub';
import { wholeSecond, type ReadPlan } from '../read-faults';
import { Rng } from '../rng';
import type { OrderRow } from '../state';
import type { OrderRec } from '../types';
import type { OrderItem, OrdersPage } from '../../../src/api/schemas/orders';

const DAY = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** What an order can become next (`stateChange`); CANCELED and RETURNED are final. */
export const NEXT_STATUS: Readonly<Record<string, readonly string[]>> = {
  CREATED: ['SHIPPED', 'CANCELED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: ['RETURNED'],
};

/**
 * The page as the answer-only edges make it; `page` is the true page (its records are not
 * touched), `before` the order listed just before it (null at offset 0).
 */
export function shapeOrdersPage(plan: ReadPlan, page: OrdersPage, before: OrderRec | null): OrdersPage {
  let results = page.results;
  if (results.length >= 2 && plan.chance('shortPage')) {
    const keep = plan.shortCount(results.length);
    plan.note('shortPage', keep);
    results = results.slice(0, keep);
  }
  if (results.length > 0 && plan.chance('malformedOrder')) {
    const at = plan.int(0, results.length - 1);
    const { record, field } = malformed(plan, results[at]);
    plan.note('malformedOrder', `${results[at].orderId}:${field}`);
    results = results.map((r, i) => (i === at ? record : r));
  }
  let total = page.total;
  if (plan.chance('totalDrift')) {
    total = plan.drift(total);
    plan.note('totalDrift', total - page.total);
  }
  if (results.length > 0 && (before !== null || results.length >= 2) && plan.chance('listShift')) {
    results = shifted(plan, results, before);
  }
  return { ...page, total, results };
}

/**
 * The page of a list that moved one place while the hub read it (an order added before the
 * cursor between two reads of its rows, then gone again; a sort with ties read two ways): from a
 * random place k on, every order comes one place late, so the order before k is listed again at
 * k, and the page's last order moves to the next page. At k = 0 the repeated order is the one
 * listed just before the page — the last one the page before it held. The page keeps its size.
 */
function shifted(plan: ReadPlan, results: readonly OrderRec[], before: OrderRec | null): OrderRec[] {
  const k = plan.int(before === null ? 1 : 0, results.length - 1);
  const again = k === 0 ? (before as OrderRec) : results[k - 1];
  plan.note('listShift', again.orderId);
  return [...results.slice(0, k), again, ...results.slice(k, results.length - 1)];
}

/**
 * A copy of the order with ONE field of the wrong type — what a hub that serialises a broken row
 * sends. The stored order is not touched (structuredClone), so the next read answers it right.
 */
function malformed(plan: ReadPlan, rec: OrderRec): { record: OrderRec; field: string } {
  const copy = structuredClone(rec) as Record<string, unknown>;
  const items = Array.isArray(rec.items) ? rec.items : [];
  const field = plan.choose(['total', 'externalId', 'items', 'dateModified', ...(items.length > 0 ? ['itemQuantity'] : [])]);
  switch (field) {
    case 'total': // a non-numeric string: a formatted amount
      copy.total = `$${(rec.total ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      return { record: copy as OrderRec, field };
    case 'externalId': {
      // a number where a string belongs
      const digits = Number(String(rec.externalId).replace(/\D/g, ''));
      copy.externalId = Number.isSafeInteger(digits) && digits > 0 ? digits : rec.orderId;
      return { record: copy as OrderRec, field };
    }
    case 'items':
      copy.items = null;
      return { record: copy as OrderRec, field };
    case 'dateModified': // the zero date of a database that lost the value
      copy.dateModified = '0000-00-00 00:00:00';
      return { record: copy as OrderRec, field };
    default: {
      const k = plan.int(0, items.length - 1);
      const lines = copy.items as Record<string, unknown>[];
      lines[k].itemQuantity = String(items[k].itemQuantity ?? 1);
      return { record: copy as OrderRec, field: `items[${k}].itemQuantity` };
    }
  }
}

/** The state-changing edges of one Get Orders call; run after the answer was serialised. */
export function orderStateEdges(plan: ReadPlan, hub: Hub): void {
  const st = hub.state;
  let changed = false;
  if (plan.chance('lateOrder')) {
    plan.note('lateOrder', lateOrder(plan, hub).orderId);
    changed = true;
  }
  const movable = st.orders.filter((r) => NEXT_STATUS[r.data.internalStatus ?? ''] !== undefined);
  if (movable.length > 0 && plan.chance('stateChange')) {
    plan.note('stateChange', changeOrder(plan, hub, plan.choose(movable)));
    changed = true;
  }
  if (st.orders.length > 0 && plan.chance('deleteOrder')) {
    const row = plan.choose(st.orders);
    st.removeOrder(row.data.orderId);
    plan.note('deleteOrder', row.data.orderId);
    changed = true;
  }
  if (changed) st.changed();
}

/**
 * A channel re-syncing an old purchase: dateCreated 1–20 days ago (dateModified between it and
 * half its age), dateAdded now. A client that reads by `created` or `modified` since its last
 * run never sees it; one that reads by `added` does.
 */
function lateOrder(plan: ReadPlan, hub: Hub): OrderRec {
  const st = hub.state;
  const rng = new Rng(plan.seed());
  const now = wholeSecond(hub.clock.now());
  const age = wholeSecond(rng.int(DAY, 20 * DAY));
  const created = now - age;
  const [rec] = generateOrders(rng, {
    count: 1,
    now: created,
    days: 0,
    cartRate: 0,
    status: statusByAge(rng, age / DAY),
    products: st.products,
    firstOrderId: st.seq.order,
  });
  rec.dateAdded = new Date(now).toISOString();
  rec.dateModified = new Date(created + wholeSecond(rng.int(0, age / 2))).toISOString();
  if (st.orderByExternal(rec.channel, rec.externalId)) rec.externalId += `-${rec.orderId}`;
  st.addOrder(rec);
  return rec;
}

/**
 * The order moves on (CREATED → SHIPPED or CANCELED, SHIPPED → DELIVERED, DELIVERED → RETURNED),
 * dateModified = now; on half of the draws a line is also removed (when it has two or more) or
 * added, and the totals follow. Returns the log key `orderId:FROM>TO[:+SKU|:-SKU]`.
 */
function changeOrder(plan: ReadPlan, hub: Hub, row: OrderRow): string {
  const o = row.data;
  const from = o.internalStatus ?? '';
  const to = plan.choose(NEXT_STATUS[from]);
  o.internalStatus = to;
  o.orderStatus = ORDER_STATUS_TEXT[to] ?? o.orderStatus;
  let lines = '';
  if (plan.coin()) {
    const items = [...o.items];
    if (items.length >= 2 && plan.coin()) {
      const [gone] = items.splice(plan.int(0, items.length - 1), 1);
      lines = `:-${gone.sku}`;
    } else {
      const line = newLine(plan, hub);
      items.push(line);
      lines = `:+${line.sku}`;
    }
    o.items = items;
    Object.assign(o, orderTotals(items));
  }
  o.dateModified = new Date(wholeSecond(hub.clock.now())).toISOString();
  hub.state.refreshOrderDates(row);
  return `${o.orderId}:${from}>${to}${lines}`;
}

/** A line for a product of the hub (or a made-up SKU when it has none). */
function newLine(plan: ReadPlan, hub: Hub): OrderItem {
  const products = hub.state.products;
  const p = products.length > 0 ? plan.choose(products) : null;
  const qty = plan.int(1, 3);
  const price = p ? p.price : plan.int(49, 999);
  return {
    itemExternalId: String(plan.int(100_000_000, 999_999_999)),
    title: p ? p.title : 'Artículo agregado',
    price,
    variationId: null,
    variationName: null,
    itemQuantity: qty,
    total: round2(price * qty),
    sku: p ? p.sku : `SKU-${plan.int(1, 9999)}`,
    erpId: p ? p.internalId : null,
    channelSku: p ? p.sku : null,
  };
}

/**
 * Orders (§4.16–4.19): Get Orders with its filters, sorts, paging and rate limit; Find Order
 * by external id or cart id; Create Order; Update Order. Get Orders' read edges: orders-edges.ts.
 */
import { ORDER_CHANNELS, isOrderChannel } from '../channels';
import type { Hub } from '../hub';
import { fail, intParam, invalid, query, readJson, readPlan, validate, type Ctx, type Result } from '../http';
import { orderTotals } from '../generate';
import { ORDER_STATUSES, ORDER_UPDATE_FIELDS, OrderCreateIn, OrderUpdateIn } from '../schemas';
import type { OrderRow } from '../state';
import type { OrderRec } from '../types';
import type { Api } from './api';
import { orderStateEdges, shapeOrdersPage } from './orders-edges';
import { ORDER_READ_FAULTS } from '../read-faults';
import { MAX_BATCH } from './stock-write';
import type { OrderCreateResult, OrderItem, OrdersPage, OrderSort } from '../../../src/api/schemas/orders';

export const ORDER_SORTS: readonly OrderSort[] = [
  'added_desc',
  'added_asc',
  'created_desc',
  'created_asc',
  'modified_desc',
  'modified_asc',
];
/** §4.16: "Default order: creation date, newest first." */
export const DEFAULT_ORDER_SORT: OrderSort = 'created_desc';
export const DEFAULT_SEARCH_DATE_BY = 'created';
const DAY = 86_400_000;

/** MM/DD/YYYY as whole UTC days: [start of day, end of day]. */
function parseDay(c: Ctx, name: string, raw: string | undefined): Result<[number, number] | null> {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: null };
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw.trim());
  const d = m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : NaN;
  const back = new Date(d);
  if (!m || back.getUTCMonth() !== Number(m[1]) - 1 || back.getUTCDate() !== Number(m[2])) {
    return { ok: false, res: invalid(c, name, `'${raw}' is not a valid date; expected MM/DD/YYYY.`) };
  }
  return { ok: true, value: [d, d + DAY - 1] };
}

const dateOf = (row: OrderRow, by: string) => (by === 'added' ? row.added : by === 'modified' ? row.modified : row.created);

function sortRows(rows: OrderRow[], sort: OrderSort): OrderRow[] {
  const [field, dir] = sort.split('_') as [string, 'asc' | 'desc'];
  const sign = dir === 'asc' ? 1 : -1;
  // Ties are broken by orderId (same direction) so that paging is stable.
  return rows.sort((a, b) => sign * (dateOf(a, field) - dateOf(b, field) || a.data.orderId - b.data.orderId));
}

/** isGrouped: one result per cart (its first order in sort order, with `orders` = all of them). */
function groupByCart(rows: OrderRow[]): OrderRec[] {
  const groups = new Map<string, OrderRec[]>();
  const out: (OrderRec | string)[] = [];
  for (const r of rows) {
    const cart = r.data.cartId;
    if (!cart) {
      out.push(r.data);
      continue;
    }
    const g = groups.get(cart);
    if (g) g.push(r.data);
    else {
      groups.set(cart, [r.data]);
      out.push(cart);
    }
  }
  return out.map((o) => {
    if (typeof o !== 'string') return o;
    const members = groups.get(o)!;
    return { ...members[0], orders: members };
  });
}

export function orderRoutes(api: Api, hub: Hub): void {
  api.on('GET', '/api/orders/orders', (c) => {
    const { calls, windowMs } = hub.settings.ordersRateLimit;
    const wait = hub.rate.take(c.get('token'), hub.clock.now(), calls, windowMs);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return fail(
        c,
        429,
        `Too many requests: Get Orders allows ${calls} call(s) per ${windowMs / 1000} seconds. Retry after ${wait} seconds.`,
      );
    }
    const q = query(c);
    const channel = q.get('channel') || null;
    if (channel !== null && !isOrderChannel(channel))
      return invalid(c, 'channel', `'${channel}' is not valid; use one of ${ORDER_CHANNELS.join(', ')}.`);
    const from = parseDay(c, 'date', q.get('date'));
    if (!from.ok) return from.res;
    const to = parseDay(c, 'to', q.get('to'));
    if (!to.ok) return to.res;
    if (from.value && to.value && from.value[0] > to.value[0]) return invalid(c, 'date', 'must not be after to.');
    const by = (q.get('searchdateby') || DEFAULT_SEARCH_DATE_BY).toLowerCase();
    if (!['added', 'created', 'modified'].includes(by)) return invalid(c, 'searchDateBy', 'must be added, created or modified.');
    const status = q.get('status') ? q.get('status')!.toUpperCase() : null;
    if (status !== null && !(ORDER_STATUSES as readonly string[]).includes(status))
      return invalid(c, 'status', `must be one of ${ORDER_STATUSES.join(', ')}.`);
    const groupedRaw = (q.get('isgrouped') ?? '').toLowerCase();
    if (!['', 'true', 'false', '1', '0'].includes(groupedRaw)) return invalid(c, 'isGrouped', 'must be true or false.');
    const sort = (q.get('sort') || DEFAULT_ORDER_SORT) as OrderSort;
    if (!ORDER_SORTS.includes(sort)) return invalid(c, 'sort', `must be one of ${ORDER_SORTS.join(', ')}.`);
    const offset = intParam(c, q, 'offset', 0, 0);
    if (!offset.ok) return offset.res;
    const paging = intParam(c, q, 'paging', MAX_BATCH, 1);
    if (!paging.ok) return paging.res;
    if (paging.value! > MAX_BATCH) return invalid(c, 'paging', `must be at most ${MAX_BATCH}.`);

    const lo = from.value?.[0] ?? -Infinity;
    const hi = to.value?.[1] ?? Infinity;
    const rows = sortRows(
      hub.state.orders.filter((r) => {
        const d = dateOf(r, by);
        return (
          d >= lo && d <= hi && (channel === null || r.data.channel === channel) && (status === null || r.data.internalStatus === status)
        );
      }),
      sort,
    );
    const all = groupedRaw === 'true' || groupedRaw === '1' ? groupByCart(rows) : rows.map((r) => r.data);
    const page: OrdersPage = {
      paging: paging.value!,
      offset: offset.value!,
      total: all.length,
      sort,
      results: all.slice(offset.value!, offset.value! + paging.value!),
    };
    const plan = readPlan(c, hub, ORDER_READ_FAULTS);
    if (!plan) return c.json(page);
    const before = all[offset.value! - 1] ?? null;
    const res = c.json(shapeOrdersPage(plan, page, before)); // serialised now: the state edges below do not show in it
    orderStateEdges(plan, hub);
    return res;
  });

  api.on('GET', '/api/orders/findorder', (c) => {
    const id = query(c).get('orderid')?.trim();
    if (!id) return invalid(c, 'orderid', 'is required.');
    const row = hub.state.orderByExternalAny(id);
    if (row) return c.json(row.data);
    const cart = hub.state.ordersInCart(id);
    if (cart.length > 0) return c.json({ cartId: id, orders: cart.map((r) => r.data) });
    return fail(c, 404, `No se encontró la orden ${id}`);
  });

  api.on('POST', '/api/orders/createorder', async (c) => {
    const raw = await readJson(c);
    if (!raw.ok) return raw.res;
    const b = validate(c, OrderCreateIn, raw.value);
    if (!b.ok) return b.res;
    const v = b.value;
    if (!isOrderChannel(v.channel)) return invalid(c, 'channel', `'${v.channel}' is not valid; use one of ${ORDER_CHANNELS.join(', ')}.`);
    const st = hub.state;
    if (st.orderByExternal(v.channel, v.externalId))
      return fail(c, 400, `Ya existe una orden con externalId '${v.externalId}' en el canal ${v.channel}.`);
    const now = hub.clock.iso();
    const items: OrderItem[] = v.items.map((it) => ({
      itemExternalId: null,
      title: it.title,
      price: it.price,
      variationId: null,
      variationName: null,
      itemQuantity: it.itemQuantity,
      total: Math.round(it.price * it.itemQuantity * 100) / 100,
      sku: it.sku,
      erpId: st.product(it.sku)?.internalId ?? null,
      channelSku: it.sku,
    }));
    const rec: OrderRec = {
      orderId: st.nextOrderId(),
      channel: v.channel,
      dateAdded: now,
      dateCreated: v.dateCreated ? new Date(Date.parse(v.dateCreated)).toISOString() : now,
      dateModified: now,
      externalId: v.externalId,
      ...orderTotals(items),
      currency: v.currency.toUpperCase(),
      comments: v.comments ?? '',
      internalStatus: 'CREATED',
      amazonFulfillment: v.channel === 'amazon' ? 'MFN' : null,
      cartId: v.cartId ?? null,
      externalNumber: null,
      orderStatus: 'paid',
      Discounts: [],
      items,
    };
    st.addOrder(rec);
    st.changed();
    return c.json({ orderId: rec.orderId, externalId: rec.externalId, message: 'Orden creada' } satisfies OrderCreateResult);
  });

  api.on('PUT', '/api/orders/updateorder', async (c) => {
    const id = query(c).get('orderid')?.trim();
    if (!id) return invalid(c, 'orderId', 'is required.');
    if (!/^\d+$/.test(id)) return invalid(c, 'orderId', `'${id}' is not a valid order id.`);
    const row = hub.state.orderById(Number(id));
    if (!row) return fail(c, 404, `No se encontró la orden ${id}`);
    const raw = await readJson(c);
    if (!raw.ok) return raw.res;
    if (!raw.value || typeof raw.value !== 'object' || Array.isArray(raw.value)) return invalid(c, 'body', 'must be a JSON object.');
    const unknown = Object.keys(raw.value).find((k) => !ORDER_UPDATE_FIELDS.includes(k));
    if (unknown) return invalid(c, unknown, `is not a field Update Order accepts (${ORDER_UPDATE_FIELDS.join(', ')}).`);
    const b = validate(c, OrderUpdateIn, raw.value);
    if (!b.ok) return b.res;
    const changes = Object.entries(b.value).filter(([, v]) => v !== undefined);
    if (changes.length > 0) {
      Object.assign(row.data, Object.fromEntries(changes));
      row.data.dateModified = hub.clock.iso();
      hub.state.refreshOrderDates(row);
      hub.state.changed();
    }
    return c.json(row.data);
  });
}

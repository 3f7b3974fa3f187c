import { HubError } from '../../api/errors';
import type { Order } from '../../api/schemas/orders';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { writeOrders } from './write-orders';

/** An order line for the sidebar. */
export interface FoundItem {
  sku: string | null;
  title: string | null;
  quantity: number | null;
  price: number | null;
  total: number | null;
  variation: string | null;
}

/**
 * An order for the sidebar: plain values only, because google.script.run carries no Date and
 * turns undefined inside arrays into null. Dates are the hub's ISO 8601 strings (UTC).
 */
export interface FoundOrder {
  orderId: number;
  externalId: string;
  cartId: string | null;
  channel: string;
  status: string | null;
  orderStatus: string | null;
  created: string;
  modified: string;
  total: number | null;
  currency: string | null;
  title: string | null;
  itemsQuantity: number | null;
  comments: string | null;
  externalNumber: string | null;
  items: FoundItem[];
  /** Its row in the Orders sheet when it was written there, else null. */
  row: number | null;
}

export interface FindResult {
  query: string;
  /** Set when the id was a cart id: every order of the cart is listed. */
  cartId: string | null;
  orders: FoundOrder[];
  message: string;
}

const LOCK_WAIT_MS = 10_000;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** An order as plain values. */
export function plainOrder(order: Order, row: number | null): FoundOrder {
  return {
    orderId: order.orderId,
    externalId: order.externalId,
    cartId: str(order.cartId),
    channel: order.channel,
    status: str(order.internalStatus),
    orderStatus: str(order.orderStatus),
    created: order.dateCreated,
    modified: order.dateModified,
    total: num(order.total),
    currency: str(order.currency),
    title: str(order.title),
    itemsQuantity: num(order.itemsQuantity),
    comments: str(order.comments),
    externalNumber: str(order.externalNumber),
    items: order.items.map((i) => ({
      sku: str(i.sku),
      title: str(i.title),
      quantity: num(i.itemQuantity),
      price: num(i.price),
      total: num(i.total),
      variation: str(i.variationName),
    })),
    row,
  };
}

function rowsText(rows: number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  return `rows ${rows.slice(0, -1).join(', ')} and ${rows[rows.length - 1]}`;
}

/**
 * Find Order by external id or cart id (a cart lists all its orders). With `toSheet`, the orders
 * are upserted into Orders and Order Items like an import (same rows, seller's unsent edits kept).
 */
export function findOrders(ctx: Context, rawId: unknown, toSheet: boolean): FindResult {
  const id = String(rawId ?? '').trim();
  if (!id) throw new UserError("Enter an order's external id (the channel's sale id) or a cart id.");
  const client = hubClient(ctx);
  let found: { cartId: string | null; orders: Order[] };
  try {
    found = client.findOrder(id);
  } catch (e) {
    if (e instanceof HubError && e.kind === 'not-found')
      throw new UserError(
        `The hub has no order with the external id or cart id '${id}'. Check the id (it is the channel's sale id, not the hub's order id).`,
      );
    if (e instanceof HubError) throw new UserError(e.message);
    throw e;
  }
  let rows = new Map<number, number>();
  if (toSheet) {
    rows = withDocumentLock(
      ctx,
      'Find order',
      LOCK_WAIT_MS,
      () =>
        writeOrders(ctx, found.orders, { fromImport: false, now: ctx.ports.clock.now(), removedLines: ctx.settings.orders.removedLines })
          .rows,
    );
  }
  const orders = found.orders.map((o) => plainOrder(o, rows.get(o.orderId) ?? null));
  const what =
    found.cartId !== null
      ? `Cart ${found.cartId}: ${orders.length} order${orders.length === 1 ? '' : 's'}`
      : `Order ${orders[0]?.orderId} (external id ${orders[0]?.externalId})`;
  const where =
    toSheet && rows.size > 0
      ? ` ${found.cartId !== null ? 'are in' : 'is in'} ${rowsText([...rows.values()].sort((a, b) => a - b))} of "${ctx.settings.sheetNames.orders}".`
      : '.';
  return { query: id, cartId: found.cartId, orders, message: `${what}${where}` };
}

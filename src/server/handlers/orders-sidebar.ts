import { createOrdersFromDrafts, type CreateSummary } from '../../core/orders/create';
import { findOrders, type FindResult } from '../../core/orders/find';
import { importOrders, type ImportOutcome } from '../../core/orders/import';
import { setOrderSchedule } from '../../core/orders/schedule';
import { ordersStatusView, type OrdersStatusView } from '../../core/orders/status-view';
import { sendEditedOrders, type UpdateSummary } from '../../core/orders/update';
import { sidebarCall, type Result } from '../serve';

/** Sidebar: the order import's status (schedule, last and next run, counts, last error). */
export function getOrdersStatus(): Result<OrdersStatusView> {
  return sidebarCall(ordersStatusView);
}

/** Sidebar: schedule switch. `minutes` 0 switches it off; otherwise one of status.allowedMinutes, run by the caller's trigger. */
export function setOrdersSchedule(minutes: number): Result<OrdersStatusView> {
  return sidebarCall((ctx) => {
    setOrderSchedule(ctx, minutes);
    return ordersStatusView(ctx);
  });
}

/** Sidebar: one import step now, and the status after it. */
export function runOrderImport(): Result<{ outcome: ImportOutcome; status: OrdersStatusView }> {
  return sidebarCall((ctx) => ({ outcome: importOrders(ctx), status: ordersStatusView(ctx) }));
}

/** Sidebar: Find Order by external id or cart id; with `toSheet`, also written into Orders. Plain values only (dates as ISO strings). */
export function findOrder(id: string, toSheet?: boolean): Result<FindResult> {
  return sidebarCall((ctx) => findOrders(ctx, id, toSheet === true));
}

/** Sidebar: Create orders from the Order Drafts sheet. */
export function createDraftOrders(): Result<CreateSummary> {
  return sidebarCall(createOrdersFromDrafts);
}

/** Sidebar: send the edited cells of Orders. */
export function sendOrderEdits(): Result<UpdateSummary> {
  return sidebarCall(sendEditedOrders);
}

/**
 * The order import's part of the low-stock alert. An order says what was sold, not what is left:
 * what is left is estimated as the quantity the hub last confirmed for the SKU (the snapshot a
 * push or catalogue pull keeps) less the units of the orders this import added. Read only when
 * the alert is on and new orders came in, so an idle import run opens no sheet.
 */
import type { Order } from '../../api/schemas/orders';
import { quantitiesKnown } from '../kernel/due';
import type { Context } from '../kernel/context';
import { SnapshotStore } from '../pipeline/snapshot';

/** Adds the units of these newly added orders' lines to `sold`, by SKU. */
export function countSold(sold: Map<string, number>, orders: ReadonlyArray<{ order: Pick<Order, 'items'>; added: boolean }>): void {
  for (const { order, added } of orders) {
    if (!added) continue; // a changed order was counted when it was new
    for (const item of order.items) {
      const sku = String(item.sku ?? '').trim();
      const units = Number(item.itemQuantity ?? 0);
      if (sku && Number.isFinite(units) && units > 0) sold.set(sku, (sold.get(sku) ?? 0) + units);
    }
  }
}

/** Notes the sold SKUs whose estimated quantity is now at or below the threshold. Never throws: an alert must not fail the import. */
export function noteLowStockAfterImport(ctx: Context, sold: ReadonlyMap<string, number>): void {
  if (!(ctx.settings.alerts.lowStock > 0) || sold.size === 0) return;
  try {
    const confirmed = new SnapshotStore(ctx.ports.workbook).load();
    const left: Array<{ sku: string; quantity: number }> = [];
    for (const [sku, units] of sold) {
      const quantity = confirmed.get(sku)?.quantity;
      // A SKU whose general quantity the hub never confirmed here has no known stock to go by.
      if (typeof quantity === 'number') left.push({ sku, quantity: Math.max(0, quantity - units) });
    }
    quantitiesKnown.emit(ctx, { quantities: () => left });
  } catch (e) {
    console.warn(`Low-stock check after the order import skipped: ${String(e)}`);
  }
}

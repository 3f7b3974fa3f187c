/**
 * The optional low-stock alert: SKUs whose quantity after a push or an order import is at or below
 * Settings › Alerts › Low stock, listed in the day's alert mail and in the sidebar.
 */
import { liveChanged } from '../kernel/live';
import type { Context } from '../kernel/context';
import { noteLow, readAlerts, writeAlerts } from './record';
import type { LowSku } from './schema';

/** The SKUs at or below `threshold` (0 or less: the alert is off, none). */
export function lowStockSkus(values: ReadonlyArray<{ sku: string; quantity: number }>, threshold: number): LowSku[] {
  if (!(threshold > 0)) return [];
  return values
    .filter((v) => v.sku !== '' && Number.isFinite(v.quantity) && v.quantity <= threshold)
    .map((v) => ({ sku: v.sku, quantity: v.quantity }));
}

/**
 * Records SKUs found low (whatever found them: the order import, a push) for the day's mail and
 * the sidebar; nothing when the threshold is off. The caller passes the quantities it knows.
 */
export function noteLowStock(ctx: Context, skus: ReadonlyArray<{ sku: string; quantity: number }>): void {
  const threshold = ctx.settings.alerts.lowStock;
  const low = lowStockSkus(skus, threshold);
  // Found above the threshold now: off the alert (else the next day's mail says it is still low).
  const restocked = new Set(threshold > 0 ? skus.filter((s) => s.quantity > threshold).map((s) => s.sku) : []);
  if (low.length === 0 && restocked.size === 0) return;
  const store = ctx.ports.documentStore;
  const record = readAlerts(store);
  if (low.length === 0 && !record.alerts.some((a) => a.kind === 'lowStock')) return;
  const next = noteLow(record, low, ctx.ports.clock.now(), restocked);
  if (next) writeAlerts(store, next, record);
  if (next) liveChanged(ctx, 'alerts');
}

/**
 * noteLowStock where the caller's own work must go on whatever happens (a push writing its
 * results): an alert that cannot be recorded (the properties service's quota) is left out.
 * `skus` is asked for only when the alert is on: a push's write-back builds nothing for it otherwise.
 */
export function noteLowStockQuietly(ctx: Context, skus: () => ReadonlyArray<{ sku: string; quantity: number }>): void {
  if (!(ctx.settings.alerts.lowStock > 0)) return;
  try {
    noteLowStock(ctx, skus());
  } catch {
    // The push's results and snapshot are already written; the alert is optional.
  }
}

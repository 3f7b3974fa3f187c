/** The low-stock alert on the quantities the hub is known to hold: after a push, a job's results or an order import. */
import type { Context } from '../kernel/context';
import { quantitiesKnown } from '../kernel/due';
import { noteLowStockQuietly } from './low-stock';

function noteLow(ctx: Context, e: { quantities: () => ReadonlyArray<{ sku: string; quantity: number }> }): void {
  noteLowStockQuietly(ctx, e.quantities);
}

export function subscribeAlerts(): void {
  quantitiesKnown.subscribe(noteLow);
}

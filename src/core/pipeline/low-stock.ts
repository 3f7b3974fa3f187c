/**
 * The low-stock alert after a push: the quantities the hub confirmed in a batch of results,
 * by SKU — the general quantity when it was confirmed, else the lowest channel quantity confirmed
 * (the channel nearest to selling out is the one to warn about). Only confirmed values count: a
 * value sent and not confirmed says nothing of the hub's stock. Pure.
 */
import { splitValueKey } from '../../sheet';
import type { SnapshotStep } from './relocate';

export function confirmedQuantities(
  results: ReadonlyArray<{ sku: string | null; snapshot?: readonly SnapshotStep[] }>,
): Array<{ sku: string; quantity: number }> {
  const out = new Map<string, { general?: number; lowest?: number }>();
  for (const r of results) {
    if (!r.sku) continue;
    for (const step of r.snapshot ?? []) {
      if (!('confirm' in step)) continue;
      for (const [key, value] of Object.entries(step.confirm)) {
        const { field, channel } = splitValueKey(key);
        if (field !== 'quantity') continue;
        const seen = out.get(r.sku) ?? {};
        if (channel === '') seen.general = value;
        else seen.lowest = Math.min(seen.lowest ?? value, value);
        out.set(r.sku, seen);
      }
    }
  }
  return [...out].map(([sku, q]) => ({ sku, quantity: (q.general ?? q.lowest) as number }));
}

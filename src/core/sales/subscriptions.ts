/**
 * The sale schedule on the push engine's hook: the results of a sale run's batch confirm the sales
 * it started (their sale price, as the hub answered for that SKU and channel) and end the sales
 * whose price from before the hub confirmed back. A value the hub did not confirm keeps its sale as
 * it was, tried again at the next run.
 */
import type { Context } from '../kernel/context';
import { confirmedValues } from '../pipeline/held-before';
import { resultsWritten, type ResultsWritten } from '../push/hooks';
import { splitValueKey } from '../../sheet';
import { readRunning, writeRunning, type KeptSale } from './store';

/** The running sales after the hub's confirmations `answered` (sku → value key → value). */
export function afterAnswers(kept: readonly KeptSale[], answered: ReadonlyMap<string, Readonly<Record<string, number>>>): KeptSale[] {
  return kept.flatMap((k): KeptSale[] => {
    const value = answered.get(k.sku)?.[`salePrice:${k.channel}`];
    if (value === undefined) return [k];
    if (k.ending) return value === k.ending.restore ? [] : [k];
    return value === k.salePrice ? [{ ...k, confirmed: true }] : [k];
  });
}

function confirmSales(ctx: Context, e: ResultsWritten): void {
  if (e.run.limited?.kind !== 'sale') return;
  const answered = new Map<string, Record<string, number>>();
  for (const p of e.results) {
    const sku = e.skuOf(p.rowNumber);
    if (!sku) continue;
    const values = Object.entries(confirmedValues(p)).filter(([key]) => splitValueKey(key).field === 'salePrice');
    if (values.length > 0) answered.set(sku, { ...answered.get(sku), ...Object.fromEntries(values) });
  }
  if (answered.size === 0) return;
  const kept = readRunning(ctx.ports.workbook);
  const next = afterAnswers(kept, answered);
  writeRunning(ctx.ports.workbook, next, kept);
}

export function subscribeSales(): void {
  resultsWritten.subscribe(confirmSales);
}

/**
 * The price guard rail on a scheduled sale price, as on any value a push sends (pipeline/guards.ts):
 * a sale price moving the hub's sale price beyond ±X % is held until someone checks it — the
 * Schedule sale prices question lists it, and Yes is "I checked these" — or, when the price guard
 * rail needs a second editor's approval, until two different editors chose Schedule sale prices
 * with it listed (the first asks, the other approves). A value the hub holds no sale price for has
 * no change to measure, as in a push. Pure.
 */
import { plainDecimal } from '../../sheet';
import { pct } from '../pipeline/guards';
import type { SaleWindow } from './events';

/** Who checked each value beyond the guard rail, by checkKey. */
export type Checked = ReadonlyMap<string, readonly string[]>;

export interface SaleGuard {
  pricePct: number;
  needsApproval: boolean;
  checked: Checked;
}

/** A value's identity for the checks: its SKU, channel and sale price (a changed sale price is checked anew). */
export const checkKey = (w: Pick<SaleWindow, 'sku' | 'channel' | 'salePrice'>): string => `${w.sku}|${w.channel}|${w.salePrice}`;

/** Why the sale price is beyond the guard rail against the hub's sale price now, or null. */
export function beyondGuard(w: Pick<SaleWindow, 'salePrice'>, hubSale: number | null, pricePct: number): string | null {
  if (pricePct <= 0 || hubSale === null || hubSale === 0) return null;
  const change = (w.salePrice - hubSale) / Math.abs(hubSale);
  if (Math.abs(change) * 100 <= pricePct) return null;
  return `sale price ${plainDecimal(hubSale)} \u2192 ${plainDecimal(w.salePrice)} (${pct(change)}) is beyond the \u00b1${pricePct} % guard rail`;
}

/** Why the guard rail holds the value now (null: it goes). */
export function heldByGuard(w: SaleWindow, hubSale: number | null, guard: SaleGuard): string | null {
  const why = beyondGuard(w, hubSale, guard.pricePct);
  if (why === null) return null;
  const by = guard.checked.get(checkKey(w)) ?? [];
  if (by.length >= (guard.needsApproval ? 2 : 1)) return null;
  if (!guard.needsApproval) return `${why}: choose Schedule sale prices to check it`;
  return by.length === 0
    ? `${why}, which needs a second editor's approval: choose Schedule sale prices to ask for it`
    : `${why}, which needs a second editor's approval: another editor chooses Schedule sale prices to approve it`;
}

/** The checks after `user` said Yes to a question listing `keys`: their name added to each (bounded to the values still scheduled). */
export function withChecks(checked: Checked, keys: readonly string[], user: string, scheduled: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, by] of checked) if (scheduled.has(key)) out.set(key, [...by]);
  for (const key of keys) {
    const by = out.get(key) ?? [];
    if (!by.includes(user)) out.set(key, [...by, user]);
  }
  return out;
}

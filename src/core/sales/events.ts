/**
 * What a background run does about scheduled sales at `now`, from the windows the sheet holds now
 * and the sales it started earlier. One SKU and channel has at most one window in force at a time
 * (overlaps are refused, overlap.ts), so a running sale is matched to its window by SKU and
 * channel, whatever the seller edited since:
 *
 * - a window in force with no sale running starts it (its sale price is sent);
 * - a running sale whose window is still in force goes on: a changed sale price is sent again, a
 *   moved end is followed;
 * - a running sale with no window in force any more — it ended, its end was moved before now, its
 *   start after now, or its row was deleted or emptied — ends (what the hub held before comes back);
 * - a window that began and ended between two runs is missed, and said so (never started late).
 *
 * Pure: the caller reads the sheet and the store, sends, records and writes back.
 */
import type { PlacedWindow } from './overlap';

/** A window of the sheet with the sale price it sends. */
export interface SaleWindow extends PlacedWindow {
  salePrice: number;
}

/** A sale a run started: what it sent, and what the hub held before (what its end puts back). */
export interface RunningSale {
  sku: string;
  channel: string;
  salePrice: number;
  start: number;
  end: number;
  /** What the hub held before the sale started (null: it held no sale price). */
  before: number | null;
}

export interface SaleEvents<R extends RunningSale = RunningSale> {
  start: SaleWindow[];
  /** A running sale whose window now sends another sale price. */
  reprice: Array<{ running: R; window: SaleWindow }>;
  /** A running sale whose window's end moved (no request: the sale goes on to its new end). */
  moved: Array<{ running: R; window: SaleWindow }>;
  end: R[];
  /** Windows over before any run could start them (since `lastRun`). */
  missed: SaleWindow[];
}

/** A SKU and channel as one key: one sale at a time each. */
export const saleKeyOf = (w: { sku: string; channel: string }): string => `${w.sku}\u0000${w.channel}`;

/** The events at `now`; `lastRun`: when the previous run looked (a window over since then was missed). */
export function saleEvents<R extends RunningSale>(
  windows: readonly SaleWindow[],
  running: readonly R[],
  now: number,
  lastRun: number | null,
): SaleEvents<R> {
  const inForce = new Map<string, SaleWindow>();
  for (const w of windows) if (w.window.start <= now && now < w.window.end) inForce.set(saleKeyOf(w), w);
  const out: SaleEvents<R> = { start: [], reprice: [], moved: [], end: [], missed: [] };
  const runningKeys = new Set<string>();
  for (const r of running) {
    runningKeys.add(saleKeyOf(r));
    const w = inForce.get(saleKeyOf(r));
    if (!w) out.end.push(r);
    else if (w.salePrice !== r.salePrice) out.reprice.push({ running: r, window: w });
    else if (w.window.end !== r.end || w.window.start !== r.start) out.moved.push({ running: r, window: w });
  }
  for (const w of inForce.values()) if (!runningKeys.has(saleKeyOf(w))) out.start.push(w);
  for (const w of windows) if (lastRun !== null && w.window.start > lastRun && w.window.end <= now) out.missed.push(w);
  return out;
}

/** When the next start or end is due after `now` (null: none): the time to run next. */
export function nextSaleChange(windows: readonly SaleWindow[], running: readonly RunningSale[], now: number): number | null {
  const times = [...windows.flatMap((w) => [w.window.start, w.window.end]), ...running.map((r) => r.end)].filter((t) => t > now);
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * Which sent SKU each job item speaks of. A result belongs to what was sent by identity, never by
 * position: an item's SKU must be a SKU the job was sent, exactly. A hub that changes the case or
 * pads the SKU ('abc' for 'ABC') is still understood, but only where that cannot be a guess:
 * exactly one sent SKU matches it ignoring case and spaces. Such an item is applied also when the
 * hub named the same SKU exactly on another channel: a failure it echoes lower-cased must not be
 * dropped while the exact success is taken (a channel listed twice leaves the SKU unconfirmed).
 * Anything else is an extra: reported, never applied. Pure.
 */
import type { JobItem } from '../../api/schemas/stock';

/** The job's items, grouped by the sent SKU they are applied to. */
export interface MatchedItems {
  /** Sent SKU → its items (only SKUs with at least one item). */
  bySku: Map<string, JobItem[]>;
  /** Sent SKU → the name the hub gave it, where that was not the SKU as sent. */
  renamed: Map<string, string>;
  /** Items that name no sent SKU, or could name several. */
  extras: JobItem[];
}

/** How a SKU is compared loosely: case and surrounding spaces aside. */
export function looseSku(sku: string): string {
  return sku.trim().toLowerCase();
}

/** Groups items by sent SKU; `sent` null for a job whose SKUs were not recorded (each item is its own SKU). */
export function matchJobItems(items: readonly JobItem[], sent: ReadonlySet<string> | null): MatchedItems {
  const bySku = new Map<string, JobItem[]>();
  const renamed = new Map<string, string>();
  const extras: JobItem[] = [];
  const add = (sku: string, item: JobItem): void => {
    const list = bySku.get(sku);
    if (list) list.push(item);
    else bySku.set(sku, [item]);
  };
  if (sent === null) {
    for (const item of items) add(item.sku, item);
    return { bySku, renamed, extras };
  }
  const sentByLoose = new Map<string, string[]>();
  sent.forEach((sku) => sentByLoose.set(looseSku(sku), [...(sentByLoose.get(looseSku(sku)) ?? []), sku]));
  for (const item of items) {
    if (sent.has(item.sku)) {
      add(item.sku, item);
      continue;
    }
    const candidates = sentByLoose.get(looseSku(item.sku)) ?? [];
    if (candidates.length === 1) {
      add(candidates[0], item);
      if (!renamed.has(candidates[0])) renamed.set(candidates[0], item.sku);
    } else extras.push(item);
  }
  return { bySku, renamed, extras };
}

/** True when the item names a sent SKU exactly or loosely (counted against the hub's total of the job's items). */
export function belongsTo(sent: ReadonlySet<string> | null): (item: JobItem) => boolean {
  if (sent === null) return () => true;
  const loose = new Set([...sent].map(looseSku));
  return (item) => sent.has(item.sku) || loose.has(looseSku(item.sku));
}

/**
 * (a) What is recorded as confirmed is what the hub holds: every entry of the snapshot of
 * confirmed values against the hub (invariant/check.ts checkSnapshot), but for a value changed on
 * the hub behind the add-on's back since the add-on last sent it, reached it (a general value
 * passed on) or read it (a catalogue pull): the add-on cannot know of that change.
 */
import { checkSnapshot, type HubProduct } from '../invariant/check';
import { keyOf } from './hub-values';
import type { Snapshot } from './ledger';

/** When each key was last sent or read by the add-on, and last changed behind its back (step indexes). */
export interface KeyTimes {
  confirmed: Map<string, number>;
  external: Map<string, number>;
}

/** The snapshot sheet's entries: SKU → value key → value (entries that do not parse are left out). */
export function readSnapshot(values: readonly unknown[][] | null): Snapshot {
  const out: Snapshot = new Map();
  for (const row of (values ?? []).slice(1)) {
    const sku = String(row[0] ?? '');
    if (!sku) continue;
    try {
      out.set(sku, JSON.parse(String(row[1] ?? '{}')) as Record<string, number>);
    } catch {
      // not an entry the add-on wrote: nothing to check
    }
  }
  return out;
}

/** True when the hub changed `key` behind the add-on's back after the add-on last sent or read it. */
export function staleKnowingly(times: KeyTimes, key: string): boolean {
  const external = times.external.get(key);
  return external !== undefined && external >= (times.confirmed.get(key) ?? -1);
}

export function checkSnapshotNow(
  snapshot: Snapshot,
  products: Map<string, HubProduct>,
  times: KeyTimes,
): { violations: string[]; checked: number } {
  const cells: unknown[][] = [['SKU', 'Values']];
  for (const [sku, entry] of snapshot) {
    const kept = Object.fromEntries(
      Object.entries(entry).filter(([k]) => {
        const [field, channel] = k.split(':');
        return !staleKnowingly(times, keyOf(sku, field, channel ?? null));
      }),
    );
    cells.push([sku, JSON.stringify(kept)]);
  }
  return checkSnapshot(cells, products);
}

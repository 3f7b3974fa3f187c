/**
 * Changed-only pushes: a row is sent again only when a value it pushes differs from the last one
 * the hub confirmed. Values are compared as numbers, so retyping "10" as "10.00" is not a change.
 * The confirmed record itself lives elsewhere (the snapshot, keyed by SKU).
 */
import { plainDecimal } from './numbers';

/**
 * Exactly the numeric fields a push sends, by key: `quantity`, `price`, `publishingPrice` for
 * whole-row fields and `price:amazon`, `salePrice:walmart`, … per channel. One key means one
 * value in the hub, whichever operation sent it, so one snapshot serves every operation.
 */
export type PushedValues = Record<string, number>;

/** The key of a pushed value: `price` or `price:amazon`. */
export function valueKey(field: string, channel?: string): string {
  return channel === undefined ? field : `${field}:${channel}`;
}

/** A pushed value's key taken apart: `price:amazon` → price, amazon; `quantity` → quantity, '' (the whole row). */
export function splitValueKey(key: string): { field: string; channel: string } {
  const at = key.indexOf(':');
  return at < 0 ? { field: key, channel: '' } : { field: key.slice(0, at), channel: key.slice(at + 1) };
}

/** Stable JSON of pushed values: keys sorted, numbers as plain decimals (same values → same string). */
export function canonicalValues(values: Readonly<PushedValues>): string {
  const keys = Object.keys(values).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${plainDecimal(values[k] === 0 ? 0 : values[k])}`).join(',')}}`;
}

/** Reads a stored confirmed record; null when it is missing or unreadable (the row then counts as changed). */
export function parseConfirmed(text: string | null | undefined): Record<string, number> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const out: Record<string, number> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const n = asNumber(value);
      if (n !== null) out[key] = n;
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * The marker of a per-channel key in a snapshot entry: `~quantity:amazon` = 10 says the cell held
 * 10, as the hub did, when a general value passed over that channel (the hub passes a general
 * quantity or price on to every channel with a listing). The cell still reading 10 is out of date,
 * not an edit: never sent back over the general value. Not a value the hub holds.
 */
export function markerKey(key: string): string {
  return `~${key}`;
}

/** True for a marker's key: no value of the hub's (undo, low stock and checks of what the hub holds skip it). */
export function isMarkerKey(key: string): boolean {
  return key.charAt(0) === '~';
}

/**
 * How `value` under `key` stands against a snapshot entry — the one answer to "did the seller
 * change this cell since?": `held` when the hub was confirmed to hold it, `passedOver` when it is
 * what the cell held as a general value passed over its channel (its marker), else `changed`.
 */
export function sinceSnapshot(
  confirmed: Readonly<Record<string, unknown>> | null | undefined,
  key: string,
  value: number,
): 'held' | 'passedOver' | 'changed' {
  if (!confirmed) return 'changed';
  if (asNumber(confirmed[key]) === value) return 'held';
  return asNumber(confirmed[markerKey(key)]) === value ? 'passedOver' : 'changed';
}

/**
 * Keys of `current` the seller changed since the snapshot (sinceSnapshot), sorted. Keys only in
 * `confirmed` are ignored: they belong to other operations sharing the snapshot.
 */
export function changedFields(current: Readonly<PushedValues>, confirmed: Readonly<Record<string, unknown>> | null | undefined): string[] {
  return Object.keys(current)
    .sort()
    .filter((key) => sinceSnapshot(confirmed, key, current[key]) === 'changed');
}

/** The confirmed record after a push the hub confirmed: pushed keys replace older ones. */
export function mergeConfirmed(
  confirmed: Readonly<Record<string, number>> | null | undefined,
  pushed: Readonly<PushedValues>,
): Record<string, number> {
  return { ...(confirmed ?? {}), ...pushed };
}

// Older snapshots or other writers may have stored "10.00": read it as the number it is.
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/.test(value)) return Number(value);
  return null;
}

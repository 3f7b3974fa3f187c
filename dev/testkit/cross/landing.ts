/**
 * Where the values a step sent land in the hub, in the order they were sent: a value under its
 * own key, and a general quantity or price also on every listing of the SKU (Update Stock, an ERP
 * id's price, an async job's item pass them on; an async item's publishing price is the listings'
 * price). Negative quantities are stored as 0. Pure: the hub's documented behaviour (hub-api §4).
 */
import { PASSED_ON_FIELDS, keyOf, reachedBy, type HubValues } from './hub-values';
import type { Sent } from './ledger';

export interface Landed {
  value: number;
  requestId: number;
}

const stored = (field: string, value: number): number => (field === 'quantity' ? Math.max(0, value) : value);

/** Paths whose general values the hub passes on to the listings. */
const PASSING_ON = new Set(['/api/stock/updatestock', '/api/stock/updatepricebyerpid', '/api/stock/updatepriceandstockasync']);

/** Key → the value the hub holds after `sent` (sent in request order), when nothing else wrote. */
export function landing(sent: readonly Sent[], hub: HubValues): Map<string, Landed> {
  const out = new Map<string, Landed>();
  const ordered = [...sent].sort((a, b) => a.requestId - b.requestId);
  const set = (key: string, value: number, requestId: number): void => {
    const was = out.get(key);
    if (!was || was.requestId <= requestId) out.set(key, { value, requestId });
  };
  for (const s of ordered) {
    if (typeof s.value !== 'number') continue;
    const value = stored(s.field, s.value);
    if (s.field === 'publishingPrice') {
      // The listings' price in an async job; no general field of its own.
      for (const k of reachedBy(keyOf(s.sku, 'price', null), hub)) if (k !== keyOf(s.sku, 'price', null)) set(k, value, s.requestId);
      continue;
    }
    const passes = s.channel === null && PASSED_ON_FIELDS.has(s.field) && PASSING_ON.has(s.path);
    const publishing = ordered.some(
      (o) => o.requestId === s.requestId && o.sku === s.sku && o.field === 'publishingPrice' && typeof o.value === 'number',
    );
    for (const k of passes ? reachedBy(s.key, hub) : [s.key]) {
      // An async item's publishing price, not its price, is what the listings get.
      if (k !== s.key && s.field === 'price' && publishing) continue;
      set(k, value, s.requestId);
    }
  }
  return out;
}

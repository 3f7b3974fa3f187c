/** Shared bits of the review's attack tests. */
import type { AddonEnv } from '../../../dev/testkit/env';

export const SHEET = 'Stock & Prices';

/** A clean hub (seed empty) with these explicit products, and a clean workbook (settings kept). */
export function freshWorld(env: AddonEnv, products: unknown[]): void {
  env.adminSync('DELETE', '/__admin/faults');
  env.adminSync('POST', '/__admin/reset', { seed: 'empty' });
  if (products.length) env.adminSync('POST', '/__admin/products', { products });
  for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
  for (const key of Object.keys(env.rt.properties('document'))) if (key !== 'settings') env.rt.setProperty('document', key, null);
  env.rt.world.triggers = [];
  env.adminSync('DELETE', '/__admin/requests');
}

/** The snapshot sheet as SKU → confirmed values. */
export function snapshot(env: AddonEnv): Map<string, Record<string, number>> {
  if (!env.rt.sheetNames().includes('Hub Sync snapshot')) return new Map();
  const rows = env.rt.sheet('Hub Sync snapshot').values().slice(1);
  return new Map(rows.filter((r) => r[0] !== '').map((r) => [String(r[0]), JSON.parse(String(r[1] || '{}'))]));
}

export interface Listing {
  quantity: number;
  price: number;
  salePrice: number | null;
  status: string;
}
export interface Product {
  sku: string;
  internalId: string;
  quantity: number;
  price: number;
  listings: Record<string, Listing | undefined>;
}

export function products(env: AddonEnv): Map<string, Product> {
  const state = env.adminSync('GET', '/__admin/state?only=products') as { products: Product[] };
  return new Map(state.products.map((p) => [p.sku, p]));
}

/** Rows of the sheet as objects keyed by header. */
export function rows(env: AddonEnv, sheet = SHEET): Array<Record<string, unknown>> {
  const v = env.rt.sheet(sheet).values();
  const h = v[0] as string[];
  return v.slice(1).map((r) => Object.fromEntries(h.map((k, i) => [k, r[i]])));
}

/** Service-call number right after the first journal write following a fetch, in a rehearsal run of `fn`. */
export function rehearseCut(env: AddonEnv, fn: () => void): number {
  let seenFetch = false;
  let cut = -1;
  env.rt.onServiceCall((info) => {
    if (info.service === 'UrlFetchApp') seenFetch = true;
    if (seenFetch && cut < 0 && info.service === 'Properties' && info.method === 'setProperty') {
      const keys = Object.keys(env.rt.properties('document'));
      // the hook runs before the call: the call announced is the journal write when no journal round exists yet
      if (!keys.some((k) => /^pushJournal\.\d/.test(k))) cut = info.count;
    }
  });
  try {
    fn();
  } finally {
    env.rt.onServiceCall(undefined);
  }
  return cut;
}

/** Shared reads of the hub emulator's admin API for end-to-end tests. */
import type { AddonEnv } from '../../dev/testkit/env';

import { hubProducts, type HubProduct } from '../support/hub';

export { type HubListing, type HubProduct, hubProducts } from '../support/hub';

/** Sets a listing's value in the hub behind the add-on's back, as a colleague or a channel would. */
export function changeOnHub(env: AddonEnv, sku: string, channel: string, field: 'price' | 'quantity', value: number): void {
  const p = hubProducts(env).get(sku) as HubProduct;
  (p.listings[channel] as NonNullable<HubProduct['listings'][string]>)[field] = value;
  env.adminSync('POST', '/__admin/products', { products: [p] });
}

export interface HubRequest {
  id: number;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number | null;
  fault: string | null;
  skus?: string[];
}

/** The hub's /api requests since the log was last cleared. */
export function apiRequests(env: AddonEnv): HubRequest[] {
  const log = env.adminSync<{ requests: HubRequest[] }>('GET', '/__admin/requests');
  return log.requests.filter((r) => r.path.toLowerCase().startsWith('/api/'));
}

export function clearRequests(env: AddonEnv): void {
  env.adminSync('DELETE', '/__admin/requests');
}

/** Generates `count` products SKU-000001… with listings on `channels`. */
export function seedProducts(
  env: AddonEnv,
  count: number,
  channels = ['mercadolibre', 'amazon', 'walmart'],
  status = 'active',
  prefix = 'SKU-',
): string[] {
  env.adminSync('POST', '/__admin/products', { generate: { count, prefix, channels, status, seed: 11 } });
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`);
}

/** Column index of a header in the sheet's first row (throws when missing). */
export function column(values: unknown[][], header: string): number {
  const i = (values[0] as string[]).indexOf(header);
  if (i < 0) throw new Error(`no column "${header}" in ${JSON.stringify(values[0])}`);
  return i;
}

/** The cells of a column below the header. */
export function columnValues(values: unknown[][], header: string): unknown[] {
  const c = column(values, header);
  return values.slice(1).map((r) => r[c]);
}

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';
const same = (a: unknown, b: unknown): boolean => (isDate(a) && isDate(b) ? a.getTime() === b.getTime() : a === b);

/** Checks that every input cell (the first `width` columns) is still what the test wrote. */
export function expectInputsUnchanged(values: unknown[][], original: unknown[][], width = original[0].length): void {
  for (let r = 0; r < original.length; r++) {
    for (let c = 0; c < width; c++) {
      const now = values[r]?.[c] ?? '';
      if (!same(now, original[r][c])) {
        throw new Error(`input cell R${r + 1}C${c + 1} changed: ${JSON.stringify(original[r][c])} → ${JSON.stringify(now)}`);
      }
    }
  }
}

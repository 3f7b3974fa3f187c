/** Small helpers shared by the catalogue and category end-to-end tests. */
import type { AddonEnv } from '../../dev/testkit/env';

/** "A", "Z", "AA" for a 0-based column. */
export function letter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The A1 address of a 1-based row and a 0-based column. */
export const a1 = (row: number, column: number): string => `${letter(column)}${row}`;

/** The 0-based column of a header (exact text), or a failed expectation. */
export function col(values: unknown[][], header: string): number {
  const at = (values[0] as unknown[]).indexOf(header);
  if (at < 0) throw new Error(`no column '${header}' in ${JSON.stringify(values[0])}`);
  return at;
}

/** The 1-based sheet row holding `sku` in column `skuColumn`. */
export function rowOf(values: unknown[][], sku: string, skuColumn = 0): number {
  const at = values.findIndex((r, i) => i > 0 && r[skuColumn] === sku);
  if (at < 0) throw new Error(`no row for SKU '${sku}'`);
  return at + 1;
}

export interface HubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number | null;
  skus?: string[];
}

/** The hub's request log (API calls only), oldest first. */
export function hubRequests(env: AddonEnv): HubRequest[] {
  return env.adminSync<{ requests: HubRequest[] }>('GET', '/__admin/requests').requests;
}

export { type HubListing, type HubProduct, hubProducts } from '../support/hub';

/** Bodies the bundle sent to the hub since fetch log entry `from`, by path. */
export function sentBodies(env: AddonEnv, from: number): Array<{ method: string; path: string; body: unknown }> {
  return env.rt
    .fetchLog()
    .slice(from)
    .map((f) => ({
      method: f.method.toUpperCase(),
      path: new URL(f.url).pathname,
      body: f.payload === undefined ? undefined : JSON.parse(f.payload),
    }));
}

/** A small async client for the admin API, for tests, benchmarks and the playground. */
import type { FaultConfig, FaultInput } from './faults';
import type { LogEntry } from './reqlog';
import type { SeedName } from './seed';
import type { StateSnapshot } from './state';
import type { JobRec, OrderRec, ProductRec, Settings, TokenRec } from './types';

export type { FaultInput } from './faults';

export interface ProductGenerate {
  count: number;
  prefix?: string;
  channels?: string[];
  status?: string;
  start?: number;
  seed?: number;
}

export interface OrderGenerate {
  count: number;
  days?: number;
  channels?: string[];
  status?: string;
  cartRate?: number;
  seed?: number;
}

/** A job as stored, with what Get Status Request says of it. */
export type AdminJob = JobRec & { summary: { jobId: string; status: string; total: number; processed: number } };

export class HubAdmin {
  constructor(readonly url: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`admin ${method} ${path} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  state(only?: (keyof StateSnapshot)[]): Promise<StateSnapshot & { seed: SeedName; now: string }> {
    return this.call('GET', `/__admin/state${only ? `?only=${only.join(',')}` : ''}`);
  }

  reset(seed?: SeedName): Promise<{ seed: SeedName; products: number; orders: number }> {
    return this.call('POST', '/__admin/reset', seed ? { seed } : {});
  }

  clock(): Promise<{ now: number; iso: string; offsetMs: number; frozen: boolean }> {
    return this.call('GET', '/__admin/clock');
  }

  /** Moves the clock; `frozen` stops it (it then moves only when set or advanced) or lets it run again. */
  setClock(arg: {
    advanceMs?: number;
    now?: number;
    frozen?: boolean;
  }): Promise<{ now: number; iso: string; offsetMs: number; frozen: boolean }> {
    return this.call('POST', '/__admin/clock', arg);
  }

  advance(ms: number): Promise<{ now: number; iso: string; offsetMs: number }> {
    return this.setClock({ advanceMs: ms });
  }

  faults(): Promise<FaultConfig & { injected: Record<string, number> }> {
    return this.call('GET', '/__admin/faults');
  }

  /** Replaces the whole fault config (fields left out are off). */
  setFaults(cfg: FaultInput): Promise<FaultConfig & { injected: Record<string, number> }> {
    return this.call('POST', '/__admin/faults', cfg);
  }

  clearFaults(): Promise<FaultConfig> {
    return this.call('DELETE', '/__admin/faults');
  }

  async requests(since?: number): Promise<LogEntry[]> {
    const r = await this.call<{ requests: LogEntry[] }>('GET', `/__admin/requests${since ? `?since=${since}` : ''}`);
    return r.requests;
  }

  clearRequests(): Promise<{ lastId: number }> {
    return this.call('DELETE', '/__admin/requests');
  }

  /** Adds (or replaces, by SKU) explicit products, or generates `{count, prefix, channels, status}`. */
  seedProducts(arg: unknown[] | { generate: ProductGenerate }): Promise<{ added: number; updated: number; total: number }> {
    return this.call('POST', '/__admin/products', Array.isArray(arg) ? { products: arg } : arg);
  }

  /**
   * Adds each product as a NEWER duplicate of the existing product with its SKU (kept beside it;
   * only the oldest is read and written by SKU). 400 when a SKU has no product yet.
   */
  addDuplicateProducts(products: unknown[]): Promise<{ added: number; updated: number; total: number }> {
    return this.call('POST', '/__admin/products', { products, duplicate: true });
  }

  /** Every product with exactly that SKU (after NFC), oldest first; all products without `sku`. */
  async products(sku?: string): Promise<ProductRec[]> {
    const r = await this.call<{ products: ProductRec[] }>(
      'GET',
      `/__admin/products${sku === undefined ? '' : `?sku=${encodeURIComponent(sku)}`}`,
    );
    return r.products;
  }

  /** The hub's true orders now (after read edges added, changed or deleted some), in the order they were added. */
  async orders(): Promise<OrderRec[]> {
    const r = await this.call<{ total: number; orders: OrderRec[] }>('GET', '/__admin/orders');
    return r.orders;
  }

  /** One order as stored; throws (404) when the hub has no such order, e.g. after `deleteOrder`. */
  order(orderId: number): Promise<OrderRec> {
    return this.call('GET', `/__admin/orders/${orderId}`);
  }

  /** A job as stored (its items with their true SKUs and statuses, its per-job read edges) plus its summary. */
  job(jobId: number | string): Promise<AdminJob> {
    return this.call('GET', `/__admin/jobs/${encodeURIComponent(String(jobId))}`);
  }

  addOrders(arg: unknown[] | { generate: OrderGenerate }): Promise<{ added: number; orderIds?: number[]; total: number }> {
    return this.call('POST', '/__admin/orders', Array.isArray(arg) ? { orders: arg } : arg);
  }

  settings(patch?: Partial<Settings>): Promise<Settings> {
    return patch ? this.call('POST', '/__admin/settings', patch) : this.call('GET', '/__admin/settings');
  }

  tokens(): Promise<Record<string, TokenRec>> {
    return this.call('GET', '/__admin/tokens');
  }

  addToken(token?: string, expiresInSec?: number): Promise<{ token: string; expiresAt: number | null }> {
    return this.call('POST', '/__admin/tokens', { token, expiresInSec });
  }

  expireToken(token: string): Promise<{ token: string; expired: boolean }> {
    return this.call('POST', '/__admin/tokens/expire', { token });
  }
}

import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';

/**
 * CacheService: script, document and per-user caches. Entries expire on the virtual clock
 * (default 600 s, at most 21600 s, as Apps Script). Keys up to 250 characters, values up to
 * 100 KB. Eviction before expiry, which Google allows at any time, happens when a test asks for it
 * (Runtime.evictUserCache); not emulated: the 1000-item limit of putAll.
 */

export interface CacheEntry {
  value: string;
  expiresAt: number;
}
export type CacheStore = Map<string, CacheEntry>;

const MAX_TTL_S = 21600;
const DEFAULT_TTL_S = 600;
const KEY_LIMIT = 250;
const VALUE_LIMIT = 100 * 1024;

/** A Cache object over one store. */
export function cacheFacade(ctx: Ctx, store: CacheStore): object {
  // Reads are an order of magnitude cheaper than writes (costs.ts: cacheGetMs, cachePutMs).
  const op = (method: string) => {
    ctx.enter('Cache', method);
    ctx.world.counters.cacheOps++;
    ctx.charge(method === 'get' || method === 'getAll' ? ctx.costs.cacheGetMs : ctx.costs.cachePutMs);
  };
  const live = (key: string): string | null => {
    const e = store.get(key);
    if (!e) return null;
    if (e.expiresAt <= ctx.now()) {
      store.delete(key);
      return null;
    }
    return e.value;
  };
  const check = (key: string, value: string) => {
    if (key.length > KEY_LIMIT) ctx.fail(MSG.argumentTooLarge('key'));
    if (Buffer.byteLength(value, 'utf8') > VALUE_LIMIT) ctx.fail(MSG.argumentTooLarge('value'));
  };
  const ttl = (seconds: unknown) => {
    const s = seconds === undefined ? DEFAULT_TTL_S : Math.min(Number(seconds), MAX_TTL_S);
    return ctx.now() + Math.max(1, s) * 1000;
  };
  return facade('Cache', {
    get(key: unknown): string | null {
      op('get');
      return live(String(key));
    },
    getAll(keys: unknown[]): Record<string, string> {
      op('getAll');
      const out: Record<string, string> = {};
      for (const k of keys ?? []) {
        const v = live(String(k));
        if (v !== null) out[String(k)] = v;
      }
      return ctx.toRealm(out);
    },
    put(key: unknown, value: unknown, expirationInSeconds?: unknown): void {
      op('put');
      const k = String(key);
      const v = String(value);
      check(k, v);
      store.set(k, { value: v, expiresAt: ttl(expirationInSeconds) });
    },
    putAll(values: Record<string, unknown>, expirationInSeconds?: unknown): void {
      op('putAll');
      const entries = Object.keys(values ?? {}).map((k) => [k, String(values[k])] as const);
      for (const [k, v] of entries) check(k, v);
      const expiresAt = ttl(expirationInSeconds);
      for (const [k, v] of entries) store.set(k, { value: v, expiresAt });
    },
    remove(key: unknown): void {
      op('remove');
      store.delete(String(key));
    },
    removeAll(keys: unknown[]): void {
      op('removeAll');
      for (const k of keys ?? []) store.delete(String(k));
    },
  });
}

/** The CacheService global. */
export function cacheService(ctx: Ctx): object {
  const w = ctx.world;
  return facade('CacheService', {
    getScriptCache() {
      ctx.cheap('CacheService', 'getScriptCache');
      return cacheFacade(ctx, w.caches.script);
    },
    getDocumentCache() {
      ctx.cheap('CacheService', 'getDocumentCache');
      return ctx.exec.documentContext ? cacheFacade(ctx, w.caches.document) : null;
    },
    getUserCache() {
      ctx.cheap('CacheService', 'getUserCache');
      return cacheFacade(ctx, w.userCache(ctx.exec.user));
    },
  });
}

import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import { useQuota } from './quota';

/**
 * PropertiesService: user (per user), document and script stores, values kept as strings.
 * Limits as Apps Script documents them: 9 KB per value, 500 KB per store (keys + values, UTF-8
 * bytes); a write that would break them throws and leaves the store unchanged. Every call also
 * counts against the user's daily "Properties read/write" quota (quota.ts).
 */

export type PropertyStore = Map<string, string>;

export const PROPERTY_VALUE_LIMIT = 9 * 1024;
export const PROPERTY_STORE_LIMIT = 500 * 1024;

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function storeSize(store: PropertyStore): number {
  let n = 0;
  for (const [k, v] of store) n += bytes(k) + bytes(v);
  return n;
}

/** Applies `changes` (null = delete) to a copy, checks the limits, then commits. */
function commit(ctx: Ctx, store: PropertyStore, changes: Array<[string, string | null]>, clearOthers = false): void {
  const next: PropertyStore = clearOthers ? new Map() : new Map(store);
  for (const [k, v] of changes) {
    if (v === null) next.delete(k);
    else {
      if (bytes(v) > PROPERTY_VALUE_LIMIT) ctx.fail(MSG.argumentTooLarge('value'));
      next.set(k, v);
    }
  }
  if (storeSize(next) > PROPERTY_STORE_LIMIT) ctx.fail(MSG.propertyQuota);
  store.clear();
  for (const [k, v] of next) store.set(k, v);
}

/** A Properties object over one store. */
export function propertiesFacade(ctx: Ctx, store: PropertyStore): object {
  const c = ctx.world.counters;
  // Reads and writes share one daily quota per user ("Properties read/write"), whatever the store.
  const read = (method: string) => {
    ctx.enter('Properties', method);
    useQuota(ctx, 'properties');
    c.propertyReads++;
    c.propertiesMs += ctx.costs.propertyReadMs;
    ctx.charge(ctx.costs.propertyReadMs);
  };
  const write = (method: string) => {
    ctx.enter('Properties', method);
    useQuota(ctx, 'properties');
    c.propertyWrites++;
    c.propertiesMs += ctx.costs.propertyWriteMs;
    ctx.charge(ctx.costs.propertyWriteMs);
  };
  const self = facade('Properties', {
    getProperty(key: unknown): string | null {
      read('getProperty');
      return store.get(String(key)) ?? null;
    },
    getProperties(): Record<string, string> {
      read('getProperties');
      return ctx.toRealm(Object.fromEntries(store));
    },
    getKeys(): string[] {
      read('getKeys');
      return ctx.toRealm([...store.keys()]);
    },
    setProperty(key: unknown, value: unknown) {
      write('setProperty');
      commit(ctx, store, [[String(key), String(value)]]);
      return self;
    },
    setProperties(props: Record<string, unknown>, deleteAllOthers?: boolean) {
      write('setProperties');
      const changes = Object.keys(props ?? {}).map((k): [string, string] => [k, String(props[k])]);
      commit(ctx, store, changes, deleteAllOthers === true);
      return self;
    },
    deleteProperty(key: unknown) {
      write('deleteProperty');
      store.delete(String(key));
      return self;
    },
    deleteAllProperties() {
      write('deleteAllProperties');
      store.clear();
      return self;
    },
  });
  return self;
}

/** The PropertiesService global. */
export function propertiesService(ctx: Ctx): object {
  const w = ctx.world;
  return facade('PropertiesService', {
    getUserProperties() {
      ctx.cheap('PropertiesService', 'getUserProperties');
      return propertiesFacade(ctx, w.userProperties(ctx.exec.user));
    },
    getDocumentProperties() {
      ctx.cheap('PropertiesService', 'getDocumentProperties');
      // Without a containing document (a trigger with no document context) Apps Script returns null.
      return ctx.exec.documentContext ? propertiesFacade(ctx, w.documentProperties) : null;
    },
    getScriptProperties() {
      ctx.cheap('PropertiesService', 'getScriptProperties');
      return propertiesFacade(ctx, w.scriptProperties);
    },
  });
}

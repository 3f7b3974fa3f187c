/**
 * The admin API (`--admin` only; no bearer token): inspect and reset the state, move the clock,
 * inject faults, read the request log, add bulk data (also duplicate SKUs), read the true orders,
 * products and jobs, change settings and expire tokens.
 */
import type { Context, Hono } from 'hono';
import { generateOrderBatch, generateProducts, orderFrom, productFrom } from './admin-data';
import { parseFaults } from './faults';
import type { Hub } from './hub';
import type { AppEnv } from './http';
import { SEED_NAMES, type SeedName } from './seed';
import { mergeSettings } from './settings';
import type { StateSnapshot } from './state';

const bad = (c: Context<AppEnv>, message: string) => c.json({ error: message }, 400);

async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  const v: unknown = JSON.parse(text);
  if (Array.isArray(v)) return { items: v };
  if (!v || typeof v !== 'object') throw new Error('the body must be a JSON object');
  return v as Record<string, unknown>;
}

/** Wraps a handler so that a thrown Error becomes a 400 with its message. */
const safe = (h: (c: Context<AppEnv>) => Promise<Response> | Response) => async (c: Context<AppEnv>) => {
  try {
    return await h(c);
  } catch (e) {
    return bad(c, (e as Error).message);
  }
};

export function adminRoutes(app: Hono<AppEnv>, hub: Hub): void {
  app.get('/__admin', (c) =>
    c.json({
      seed: hub.seedName,
      now: hub.clock.iso(),
      products: hub.state.products.length,
      orders: hub.state.orders.length,
      jobs: hub.state.jobs.length,
    }),
  );

  app.get('/__admin/state', (c) => {
    const snap = hub.state.snapshot();
    const only = c.req
      .query('only')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const picked = only ? Object.fromEntries(only.filter((k) => k in snap).map((k) => [k, snap[k as keyof StateSnapshot]])) : snap;
    return c.json({ seed: hub.seedName, now: hub.clock.iso(), ...picked });
  });

  app.post(
    '/__admin/reset',
    safe(async (c) => {
      const b = await jsonBody(c);
      const seed = (b.seed ?? hub.seedName) as SeedName;
      if (!SEED_NAMES.includes(seed)) return bad(c, `seed must be one of ${SEED_NAMES.join(', ')}`);
      hub.reset(seed);
      return c.json({ seed, products: hub.state.products.length, orders: hub.state.orders.length });
    }),
  );

  const clockView = () => ({ now: hub.clock.now(), iso: hub.clock.iso(), offsetMs: hub.clock.offsetMs, frozen: hub.clock.frozen });
  app.get('/__admin/clock', (c) => c.json(clockView()));
  app.post(
    '/__admin/clock',
    safe(async (c) => {
      const b = await jsonBody(c);
      if (b.frozen !== undefined && typeof b.frozen !== 'boolean') return bad(c, 'frozen must be true or false');
      if (typeof b.frozen === 'boolean') hub.clock.freeze(b.frozen);
      if (typeof b.now === 'number') hub.clock.set(b.now);
      else if (typeof b.advanceMs === 'number') hub.clock.advance(b.advanceMs);
      else if (typeof b.frozen !== 'boolean')
        return bad(c, 'send {advanceMs: number} or {now: epochMs}, optionally with {frozen: true|false}');
      hub.jobs.tick(); // jobs due at the new time are processed at once
      hub.changed();
      return c.json(clockView());
    }),
  );

  const faultView = () => ({ ...hub.faults.config, injected: hub.faults.injected });
  app.get('/__admin/faults', (c) => c.json(faultView()));
  app.post(
    '/__admin/faults',
    safe(async (c) => {
      hub.faults.set(parseFaults(await jsonBody(c))); // replaces the whole fault config
      return c.json(faultView());
    }),
  );
  app.delete('/__admin/faults', (c) => {
    hub.faults.set(parseFaults({}));
    return c.json(faultView());
  });

  app.get('/__admin/requests', (c) => {
    const since = Number(c.req.query('since') ?? 0) || 0;
    return c.json({ lastId: hub.log.lastId(), requests: hub.log.since(since) });
  });
  app.delete('/__admin/requests', (c) => {
    hub.log.clear();
    return c.json({ lastId: hub.log.lastId() });
  });

  /**
   * `{products}` adds or replaces (by SKU) products; `{products, duplicate: true}` adds each as a
   * NEWER product beside the existing one with its SKU (the hub's duplicates: only the oldest is
   * read and written by SKU); `{generate}` generates them.
   */
  app.post(
    '/__admin/products',
    safe(async (c) => {
      const b = await jsonBody(c);
      const list = b.generate
        ? generateProducts(b.generate as Record<string, unknown>, hub)
        : ((b.products ?? b.items) as unknown[] | undefined);
      if (!Array.isArray(list))
        return bad(
          c,
          'send {products: [...]} (add duplicate: true to keep them beside existing SKUs) or {generate: {count, prefix, channels, status}}',
        );
      const products = b.generate ? (list as ReturnType<typeof generateProducts>) : list.map((p, i) => productFrom(p, i, hub));
      const st = hub.state;
      if (b.duplicate === true) {
        // All or nothing: check first, so a bad body adds none of them.
        const missing = products.findIndex((p) => !st.product(p.sku));
        if (missing >= 0)
          return bad(
            c,
            `products[${missing}]: no product has SKU '${products[missing].sku}' to duplicate; add it first without duplicate: true`,
          );
        for (const p of products) st.addDuplicate(p);
        st.changed();
        return c.json({ added: products.length, updated: 0, total: st.products.length });
      }
      let added = 0;
      for (const p of products) if (st.upsertProduct(p) === 'added') added++;
      st.changed();
      return c.json({ added, updated: products.length - added, total: st.products.length });
    }),
  );

  /** `?sku=X`: every product with exactly that SKU (after NFC), oldest first; without it, all products. */
  app.get('/__admin/products', (c) => {
    const sku = c.req.query('sku');
    return c.json({ products: sku === undefined ? hub.state.products : hub.state.productsWithSku(sku) });
  });

  /** The hub's true orders now (after any read edge added, changed or deleted some), in the order they were added. */
  app.get('/__admin/orders', (c) => c.json({ total: hub.state.orders.length, orders: hub.state.orders.map((r) => r.data) }));
  app.get('/__admin/orders/:orderId', (c) => {
    const id = Number(c.req.param('orderId'));
    const row = Number.isInteger(id) ? hub.state.orderById(id) : undefined;
    if (!row)
      return c.json(
        { error: `no order ${c.req.param('orderId')} in the hub (deleted, or never added); GET /__admin/orders lists them` },
        404,
      );
    return c.json(row.data);
  });

  /** A job as stored (items with their internal fields, per-job read edges) and what Get Status Request would say. */
  app.get('/__admin/jobs/:jobId', (c) => {
    const id = Number(c.req.param('jobId'));
    const job = Number.isInteger(id) ? hub.state.job(id) : undefined;
    if (!job) return c.json({ error: `no job ${c.req.param('jobId')} (unknown, or dropped after jobLimit finished jobs)` }, 404);
    return c.json({ ...job, summary: hub.jobs.summary(job) });
  });

  app.post(
    '/__admin/orders',
    safe(async (c) => {
      const b = await jsonBody(c);
      const st = hub.state;
      let orders: ReturnType<typeof generateOrderBatch>;
      if (b.generate) orders = generateOrderBatch(b.generate as Record<string, unknown>, hub);
      else {
        const list = (b.orders ?? b.items) as unknown[] | undefined;
        if (!Array.isArray(list)) return bad(c, 'send {orders: [...]} or {generate: {count, days, channels, status, cartRate}}');
        orders = list.map((o, i) => {
          const rec = orderFrom(o, i, hub);
          if (st.orderByExternal(rec.channel, rec.externalId))
            throw new Error(`orders[${i}]: externalId '${rec.externalId}' already exists on ${rec.channel}`);
          return rec;
        });
      }
      for (const o of orders) st.addOrder(o);
      st.changed();
      return c.json({
        added: orders.length,
        orderIds: orders.length <= 100 ? orders.map((o) => o.orderId) : undefined,
        total: st.orders.length,
      });
    }),
  );

  app.get('/__admin/settings', (c) => c.json(hub.settings));
  app.post(
    '/__admin/settings',
    safe(async (c) => {
      hub.settings = mergeSettings(hub.settings, await jsonBody(c));
      hub.changed();
      return c.json(hub.settings);
    }),
  );

  app.get('/__admin/tokens', (c) => c.json(hub.tokens.snapshot()));
  /** `{token?, expiresInSec?, user?}`: adds a token (expiresInSec null or absent = never expires). */
  app.post(
    '/__admin/tokens',
    safe(async (c) => {
      const b = await jsonBody(c);
      const token = typeof b.token === 'string' && b.token ? b.token : hub.tokens.issue('admin', 0, 0);
      const expiresAt = typeof b.expiresInSec === 'number' ? hub.clock.now() + b.expiresInSec * 1000 : null;
      hub.tokens.add(token, expiresAt, typeof b.user === 'string' ? b.user : 'admin');
      hub.changed();
      return c.json({ token, expiresAt });
    }),
  );
  app.post(
    '/__admin/tokens/expire',
    safe(async (c) => {
      const b = await jsonBody(c);
      if (typeof b.token !== 'string') return bad(c, 'send {token}');
      if (!hub.tokens.expire(b.token, hub.clock.now())) return c.json({ error: 'unknown token' }, 404);
      hub.changed();
      return c.json({ token: b.token, expired: true });
    }),
  );
}

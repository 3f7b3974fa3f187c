import { DEMO_SPECIALS, buildSeed } from '../../dev/hub-emulator/seed';
import { LISTING_STATUSES } from '../../dev/hub-emulator/types';
import { Order } from '../../src/api/schemas/orders';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

describe('seeds', () => {
  const demo = buildSeed('demo', NOW);

  it('demo is deterministic: two generations with the same clock are identical', () => {
    expect(JSON.stringify(buildSeed('demo', NOW))).toBe(JSON.stringify(demo));
  });

  it('only order dates depend on the clock', () => {
    const later = buildSeed('demo', NOW + 7 * 86_400_000);
    expect(later.products).toEqual(demo.products);
    expect(later.categories).toEqual(demo.categories);
    expect(later.orders.map((o) => o.externalId)).toEqual(demo.orders.map((o) => o.externalId));
    expect(Date.parse(later.orders[0].dateCreated) - Date.parse(demo.orders[0].dateCreated)).toBe(7 * 86_400_000);
  });

  it('has about 2,000 unique SKUs, with awkward characters', () => {
    const skus = demo.products.map((p) => p.sku);
    expect(skus).toHaveLength(2000);
    expect(new Set(skus).size).toBe(2000);
    for (const s of ['CAM-ROJA.M', 'TAZA,12', 'BOLSA/GRANDE', 'LÁMPARA 40W', 'A.B,C']) expect(skus).toContain(s);
    for (const ch of ['.', ',', '/', ' ', 'Á', 'Ñ']) expect(skus.filter((s) => s.includes(ch)).length).toBeGreaterThan(3);
    expect(DEMO_SPECIALS.map((s) => s.sku)).toEqual(skus.slice(0, DEMO_SPECIALS.length));
  });

  it('spreads listings over the 8 channels with every status, and some products unlisted somewhere', () => {
    expect(demo.channels).toEqual(['mercadolibre', 'amazon', 'walmart', 'linio', 'claroshop', 'shopify', 'prestashop', 'woocommerce']);
    const counts: Record<string, number> = {};
    for (const p of demo.products) for (const l of Object.values(p.listings)) counts[l!.status] = (counts[l!.status] ?? 0) + 1;
    for (const s of LISTING_STATUSES) expect(counts[s]).toBeGreaterThan(100);
    expect(counts.active).toBeGreaterThan(counts.paused);
    const unlisted = demo.products.filter((p) => Object.keys(p.listings).length < 8).length;
    expect(unlisted).toBeGreaterThan(1000);
    expect(demo.products.some((p) => Object.keys(p.listings).length === 0)).toBe(true);
  });

  it('has about 500 orders over the last 90 days, across channels, statuses and carts', () => {
    expect(demo.orders).toHaveLength(500);
    const skus = new Set(demo.products.map((p) => p.sku));
    for (const o of demo.orders) {
      Order.parse(o);
      const created = Date.parse(o.dateCreated);
      expect(created).toBeLessThanOrEqual(NOW);
      expect(created).toBeGreaterThanOrEqual(NOW - 90 * 86_400_000);
      expect(Date.parse(o.dateAdded)).toBeGreaterThanOrEqual(created);
      expect(Date.parse(o.dateModified)).toBeGreaterThanOrEqual(Date.parse(o.dateAdded));
      for (const it of o.items) expect(skus.has(it.sku!)).toBe(true);
    }
    expect(new Set(demo.orders.map((o) => o.channel)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(demo.orders.map((o) => o.internalStatus))).toEqual(new Set(['CREATED', 'SHIPPED', 'CANCELED', 'RETURNED', 'DELIVERED']));
    const carts = new Map<string, number>();
    for (const o of demo.orders) if (o.cartId) carts.set(o.cartId, (carts.get(o.cartId) ?? 0) + 1);
    expect(carts.size).toBeGreaterThan(5);
    expect([...carts.values()].every((n) => n >= 2)).toBe(true);
    expect(demo.orders.filter((o) => o.shipping).length).toBeGreaterThan(50);
    expect(demo.orders.filter((o) => o.buyer).length).toBeGreaterThan(50);
    expect(new Set(demo.orders.map((o) => `${o.channel}|${o.externalId}`)).size).toBe(500);
    const ids = demo.orders.map((o) => o.orderId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('has a category tree for mercadolibre and magento', () => {
    const sources = new Set(demo.categories.map((c) => c.CategorySource));
    expect(sources).toEqual(new Set(['mercadolibre', 'magento']));
    expect(demo.categories.some((c) => c.CategorySourceParentId !== null)).toBe(true);
  });

  it('empty has nothing', () => {
    const e = buildSeed('empty', NOW);
    expect([e.products, e.orders, e.categories, e.jobs, e.channels]).toEqual([[], [], [], [], []]);
  });
});

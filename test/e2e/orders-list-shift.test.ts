/**
 * Get Orders under a list that moves while it is paged (the hub emulator's `listShift` read
 * edge): an order comes back twice on one page, and again on the next page or in a later run.
 * Each order is one row of Orders and each of its lines one row of Order Items, however often
 * it is listed, and the cursor never passes an order it did not write.
 */
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { clearRequests, column } from './helpers';
import { getOrdersCalls, hubOrders, ordersSettings, ordersSheet } from './orders-helpers';
import type { AddonEnv } from '../../dev/testkit/env';

interface ImportRun {
  outcome: { calls: number; added: number; updated: number };
  status: { backlog: boolean };
}

/** Order id → how many rows a sheet holds for it. */
function rowsPerOrder(env: AddonEnv, sheet: string): Map<number, number> {
  const values = ordersSheet(env, sheet);
  const out = new Map<number, number>();
  if (values.length === 0) return out;
  const c = column(values, 'Order id');
  for (const r of values.slice(1)) if (r[c] !== '') out.set(Number(r[c]), (out.get(Number(r[c])) ?? 0) + 1);
  return out;
}

/** The Order Items rows of one order as (item id, SKU) pairs, sorted. */
function linesOf(env: AddonEnv, orderId: number): string[] {
  const values = ordersSheet(env, 'Order Items');
  const id = column(values, 'Order id');
  const item = column(values, 'Item external id');
  const sku = column(values, 'SKU');
  return values
    .slice(1)
    .filter((r) => Number(r[id]) === orderId)
    .map((r) => `${r[item]}|${r[sku]}`)
    .sort();
}

const hubLines = (o: { items: unknown[] }): string[] =>
  (o.items as Array<{ itemExternalId: string | null; sku: string | null }>).map((i) => `${i.itemExternalId ?? ''}|${i.sku ?? ''}`).sort();

/** The listShift labels of the Get Orders calls since the log was cleared: the orders listed twice. */
const shiftedOrders = (env: AddonEnv): number[] =>
  getOrdersCalls(env).flatMap((c) =>
    ((c as { readFaults?: string[] }).readFaults ?? []).filter((l) => l.startsWith('listShift:')).map((l) => Number(l.slice(10))),
  );

describe('orders listed twice while the list moves between and within page requests', () => {
  const env = useHub({ settings: { orders: ordersSettings({ backfillDays: 30, callsPerMinute: 60 }) } }, (env) => {
    env.adminSync('POST', '/__admin/settings', { ordersRateLimit: { calls: 1000, windowMs: 1000 } });
    env.adminSync('POST', '/__admin/orders', { generate: { count: 140, days: 6, seed: 13 } });
  });

  const run = (): ImportRun => {
    env.rt.advance(1_100);
    return unwrap<ImportRun>(env.call('runOrderImport'));
  };

  test('an order on a page twice is one row in Orders and its lines are one row each in Order Items', () => {
    clearRequests(env);
    env.adminSync('POST', '/__admin/faults', { seed: 3, pathPattern: 'orders/orders', readFaults: { listShift: 1 } });
    const first = run().outcome;
    env.adminSync('DELETE', '/__admin/faults');
    // The first page starts at offset 0: the order listed twice is one of its own.
    const [twice] = shiftedOrders(env);
    expect(twice).toBeDefined();
    const listed = getOrdersCalls(env).length;
    expect(listed).toBe(first.calls);

    const orders = rowsPerOrder(env, 'Orders');
    expect(orders.get(twice)).toBe(1);
    expect([...orders.values()].every((n) => n === 1)).toBe(true);
    // Counted once: a new order, not a new one and then an updated one.
    expect(first.updated).toBe(0);
    expect(first.added).toBe(orders.size);
    const hub = new Map(hubOrders(env).map((o) => [o.orderId, o]));
    for (const id of orders.keys()) expect(linesOf(env, id)).toEqual(hubLines(hub.get(id)!));
  });

  test('listed again on later pages and in later runs, every order ends once in Orders with its lines once: none skipped', () => {
    env.adminSync('POST', '/__admin/faults', { seed: 8, pathPattern: 'orders/orders', readFaults: { listShift: 0.5 } });
    clearRequests(env);
    for (let i = 0; i < 12; i++) run();
    expect(shiftedOrders(env).length).toBeGreaterThan(2);
    env.adminSync('DELETE', '/__admin/faults');
    // The list holds still again: the import reads on to the end (and twice more to be sure).
    let quiet = 0;
    for (let i = 0; i < 40 && quiet < 2; i++) quiet = run().status.backlog ? 0 : quiet + 1;
    expect(quiet).toBe(2);

    const hub = hubOrders(env);
    const orders = rowsPerOrder(env, 'Orders');
    const items = rowsPerOrder(env, 'Order Items');
    expect([...orders.keys()].sort()).toEqual(hub.map((o) => o.orderId).sort());
    expect([...orders.values()].every((n) => n === 1)).toBe(true);
    for (const o of hub) {
      expect(items.get(o.orderId) ?? 0).toBe(o.items.length);
      expect(linesOf(env, o.orderId)).toEqual(hubLines(o));
    }
  });
});

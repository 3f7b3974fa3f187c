/** Shared pieces of the orders end-to-end tests. */
import type { AddonEnv } from '../../dev/testkit/env';
import { apiRequests, column, type HubRequest } from './helpers';

/** The hub's Get Orders requests since the log was last cleared. */
export function getOrdersCalls(env: AddonEnv): HubRequest[] {
  return apiRequests(env).filter((r) => r.path.toLowerCase().replace(/\/$/, '') === '/api/orders/orders');
}

export interface HubOrder {
  orderId: number;
  externalId: string;
  channel: string;
  cartId: string | null;
  comments: string;
  internalStatus: string;
  orderStatus: string;
  externalNumber: string | null;
  dateModified: string;
  dateAdded: string;
  items: unknown[];
}

export function hubOrders(env: AddonEnv): HubOrder[] {
  return (env.adminSync('GET', '/__admin/state?only=orders') as { orders: HubOrder[] }).orders;
}

/** Update Order through the hub's own API, as another tool of the seller would (the hub's clock set to the runtime's first). */
export async function changeInHub(env: AddonEnv, orderId: number, body: Record<string, unknown>): Promise<void> {
  env.adminSync('POST', '/__admin/clock', { now: env.rt.now() });
  const res = await fetch(`${env.hub.url}/api/orders/updateorder?orderId=${orderId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`updateorder ${orderId} → ${res.status} ${await res.text()}`);
}

/** The Orders sheet's values ([] when missing). */
export function ordersSheet(env: AddonEnv, name = 'Orders'): unknown[][] {
  return env.rt.sheetNames().includes(name) ? env.rt.sheet(name).values() : [];
}

/** Order id → row number (1-based) in the Orders sheet. */
export function orderRows(env: AddonEnv): Map<number, number> {
  const values = ordersSheet(env);
  if (values.length === 0) return new Map();
  const c = column(values, 'Order id');
  const out = new Map<number, number>();
  values.slice(1).forEach((r, i) => {
    if (r[c] !== '') out.set(Number(r[c]), i + 2);
  });
  return out;
}

/** Advances the clock minute by minute until `done()` or `maxMinutes`; returns the minutes spent. */
export function advanceUntil(env: AddonEnv, done: () => boolean, maxMinutes: number): number {
  let minutes = 0;
  while (!done() && minutes < maxMinutes) {
    env.rt.advance(60_000);
    minutes++;
  }
  return minutes;
}

/** Orders settings with defaults (the settings form sends the whole orders object). */
export function ordersSettings(change: Record<string, unknown> = {}): Record<string, unknown> {
  return { scheduleMinutes: 0, scheduleOwner: '', channel: '', status: '', backfillDays: 30, callsPerMinute: 1, ...change };
}

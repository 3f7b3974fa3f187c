/**
 * A trigger run reads the user's token and user key from a copy in the user's cache (~3 ms)
 * instead of the user's properties (~30 ms). The copy must never outlive what it copies: a token
 * removed or saved in the sidebar is what the next run uses, and a copy Google drops before its
 * expiry is read again from the properties and put back.
 */
import { useHub } from '../support/hub';
import { getOrdersCalls, ordersSettings } from './orders-helpers';
import { unwrap } from '../support/results';

const COPY = 'userStore.pinned';

describe("the user's token and key, copied into the user's cache for trigger runs", () => {
  const env = useHub({
    runtime: { virtualFetchLatencyMs: 100, measuredFetchLatency: false },
    settings: { orders: ordersSettings({ callsPerMinute: 1, backfillDays: 60 }) },
  });

  const callsDuring = (minutes: number): number => {
    const before = getOrdersCalls(env).length;
    for (let i = 0; i < minutes; i++) env.rt.advance(60_000);
    return getOrdersCalls(env).length - before;
  };

  test('a trigger run puts the copy; signing out removes it and the next runs make no call; a token saved again is used at once', () => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 20, days: 5, seed: 3 } });
    expect(unwrap(env.call('setOrdersSchedule', 1))).toBeTruthy();
    expect(callsDuring(3)).toBeGreaterThan(0);
    const copy = JSON.parse(env.rt.userCache()[COPY] ?? 'null') as Record<string, string | null> | null;
    expect(copy).toEqual({ userKey: env.rt.properties('user').userKey, hubToken: env.rt.properties('user').hubToken });

    unwrap(env.call('signOut'));
    expect(env.rt.userCache()[COPY]).toBeUndefined();
    // A stale copy would still carry the token, which the hub still accepts: the runs would call.
    expect(callsDuring(4)).toBe(0);

    unwrap(env.call('saveToken', env.token));
    expect(env.rt.userCache()[COPY]).toBeUndefined();
    expect(callsDuring(3)).toBeGreaterThan(0);
    expect(JSON.parse(env.rt.userCache()[COPY] ?? 'null')).toMatchObject({ hubToken: env.rt.properties('user').hubToken });
  });

  test('a copy Google drops early is read again from the properties by the next run and put back; with it, a run reads no user property', () => {
    env.rt.evictUserCache();
    env.rt.resetCounters();
    const start = env.rt.executions().length;
    env.rt.advance(60_000);
    const first = env.rt.counters();
    expect(env.rt.executions().length).toBeGreaterThan(start);
    // The document's store and the user's: two reads, and the copy put back.
    expect(first.propertyReads).toBe(2);
    expect(env.rt.userCache()[COPY]).toBeDefined();
    env.rt.resetCounters();
    env.rt.advance(60_000);
    expect(env.rt.counters().propertyReads).toBe(1);
  });
});

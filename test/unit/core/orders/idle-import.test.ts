/**
 * The import's lock-free start: once both streams are caught up, a call that lists only the last
 * order read, unchanged, takes no document lock and saves what moved in one write; a page that
 * brings orders is written under the lock, from the call already made.
 */
import { DAY, OrdersHub, importEnv } from '../../../support/fake-orders-hub';

const T0 = Date.UTC(2026, 10, 20, 15);

/** A hub of five orders and an import that has read them all. */
function caughtUp() {
  const hub = new OrdersHub();
  for (let i = 1; i <= 5; i++) hub.order(i, T0 - 2 * DAY + i * 60_000);
  const env = importEnv(hub, {}, T0);
  for (let i = 0; i < 10; i++) env.run();
  expect(env.orderIds()).toEqual([1, 2, 3, 4, 5]);
  const writes: string[][] = [];
  const { set, setMany } = env.documentStore;
  env.documentStore.set = (key, value) => {
    writes.push([key]);
    set(key, value);
  };
  env.documentStore.setMany = (entries) => {
    writes.push(Object.keys(entries).sort());
    setMany(entries);
  };
  return { hub, env, writes };
}

describe('an import run that finds nothing new', () => {
  it('takes no lock and writes the rate before its call, then the streams, the status and the stamp in one write', () => {
    const { env, writes } = caughtUp();
    let calls = 0;
    for (let i = 0; i < 4; i++) {
      writes.length = 0;
      const out = env.run();
      calls += out.calls;
      if (out.calls === 0) continue;
      expect(out).toMatchObject({ added: 0, updated: 0, pending: false });
      expect(writes).toEqual([['orders.rate'], ['live.orders', 'orders.status', 'orders.streams']]);
    }
    expect(calls).toBe(2);
  });

  it('a new order found by that call is written under the lock, once, without a second call', () => {
    const { hub, env, writes } = caughtUp();
    hub.order(6, env.now());
    const outcomes = [];
    for (let i = 0; i < 6; i++) {
      writes.length = 0;
      const out = env.run();
      outcomes.push(out);
      if (out.added > 0) expect(writes.flat()).toContain('lockHolder');
    }
    expect(env.orderIds()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(outcomes.reduce((n, o) => n + o.added, 0)).toBe(1);
    expect(outcomes.every((o) => o.calls <= 1)).toBe(true);
  });
});

/**
 * The import's lock-free start: once both streams are caught up, a call that lists only the last
 * order read, unchanged, takes no document lock and saves what moved in one write, never the
 * streams or the status (which a locked import or a restart may rewrite meanwhile); a page that
 * brings orders is written under the lock, from the call already made.
 */
import { caughtUpImport } from '../../../support/fake-orders-hub';
import { readImportStatus } from '../../../../src/core/orders/import-status';
import { readStreams } from '../../../../src/core/orders/streams-store';
import { restartOrderImport } from '../../../../src/core/orders/import';
import { holdableStore } from '../../../../src/core/kernel/write-batch';
import { fakeContext } from '../../../support/ports';

const T0 = Date.UTC(2026, 10, 20, 15);

/** A hub of five orders and an import that has read them all, its document writes recorded. */
function caughtUp() {
  const { hub, env } = caughtUpImport(T0);
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
  it('takes no lock and writes the rate, whose turn it is, the call counted and the stamp in one write after its call', () => {
    const { env, writes } = caughtUp();
    const before = readImportStatus(env.documentStore);
    const streams = env.documentStore.get('orders.streams');
    let calls = 0;
    for (let i = 0; i < 4; i++) {
      writes.length = 0;
      const out = env.run();
      calls += out.calls;
      if (out.calls === 0) continue;
      expect(out).toMatchObject({ added: 0, updated: 0, pending: false });
      expect(writes).toEqual([['live.orders', 'orders.checks', 'orders.turn', 'orders.unlockedCall']]);
    }
    expect(calls).toBe(2);
    // The streams as the last locked import left them; the status as the sidebar reads it counts the calls.
    expect(env.documentStore.get('orders.streams')).toBe(streams);
    const after = readImportStatus(env.documentStore);
    expect(after.totalCalls).toBe(before.totalCalls + 2);
    expect(after.lastRunAt).toBeGreaterThan(before.lastRunAt ?? 0);
    expect(after.lastRunAdded).toBe(0);
    // The turns alternate as under the lock: the next idle call reads the other stream.
    const kinds = env.hub.calls.slice(-2).map((q) => q.searchDateBy);
    expect(new Set(kinds).size).toBe(2);
  });

  it('a restart made while the idle call is out is not undone by it', () => {
    const { hub, env } = caughtUp();
    const totalBefore = readImportStatus(env.documentStore).totalCalls;
    let restarted = false;
    env.advance(60_000);
    hub.beforeAnswer = () => {
      if (restarted) return;
      restarted = true;
      restartOrderImport({
        ...fakeContext({ documentStore: env.documentStore, clock: { now: env.now, sleep: () => undefined } }),
        interactive: true,
      });
    };
    const out = env.run();
    expect(restarted).toBe(true);
    expect(out.calls).toBe(1);
    const status = readImportStatus(env.documentStore);
    // The restart stands: a backlog to read from the backfill again, the call not counted over its status.
    expect(status.pending).toBe(true);
    expect(status.totalCalls).toBe(totalBefore);
    expect(env.documentStore.get('orders.streams')).toBeNull();
    hub.beforeAnswer = null;
    for (let i = 0; i < 4; i++) env.run();
    expect(env.hub.calls.some((q, i) => i > 0 && q.offset === '0' && q.searchDateBy === 'added')).toBe(true);
    expect(env.orderIds()).toEqual([1, 2, 3, 4, 5]);
  });

  it('a locked import that moves the streams while the idle call is out keeps its streams and whose turn it is', () => {
    const { hub, env } = caughtUp();
    env.advance(60_000);
    const moved = { ...JSON.parse(env.documentStore.get('orders.streams') ?? '{}'), lastTurn: 'added', addedInARow: 7 };
    hub.beforeAnswer = () => {
      env.documentStore.set('orders.streams', JSON.stringify(moved));
    };
    env.run();
    hub.beforeAnswer = null;
    const streams = readStreams(env.documentStore, env.now(), { backfillDays: 30, channel: '', status: '' } as never);
    expect(streams).toMatchObject({ lastTurn: 'added', addedInARow: 7 });
  });

  it('in a trigger run that holds its writes, writes nothing until the run commits', () => {
    const { env, writes } = caughtUp();
    const held = holdableStore(env.documentStore);
    let committed = 0;
    for (let i = 0; i < 2; i++) {
      writes.length = 0;
      const out = env.runWith({ documentStore: held, holdWrites: held.hold });
      if (out.calls === 0) continue;
      expect(writes).toEqual([]);
      held.commit({ extra: '1' });
      expect(writes).toEqual([['extra', 'live.orders', 'orders.checks', 'orders.turn', 'orders.unlockedCall']]);
      committed++;
    }
    expect(committed).toBe(1);
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

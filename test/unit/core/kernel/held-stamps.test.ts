/**
 * In the bound script's trigger run, once the idle import calls holdWrites, every later document
 * write waits for the run's commit, and so do the sidebar's stamps (kernel/live.ts stampsThrough):
 * a stamp that moved before its change is stored would let an open sidebar fetch the old state and
 * keep it (it fetches again only when a stamp moves).
 */
import { alertsAfterBackground } from '../../../../src/core/background/alerts';
import { readAlerts } from '../../../../src/core/alerts/record';
import { stampsThrough, storeStamps } from '../../../../src/core/kernel/live';
import { holdableStore } from '../../../../src/core/kernel/write-batch';
import { fakeContext, memoryStore } from '../../../support/ports';

describe('a trigger run holding its writes and the sidebar stamps', () => {
  it('moves the alerts stamp only once the alert it announces is stored', () => {
    const base = memoryStore();
    const held = holdableStore(base);
    const seenAtStamp: number[] = [];
    const { set, setMany } = base;
    const watch = (key: string) => {
      if (key === 'live.alerts') seenAtStamp.push(readAlerts(base).alerts.length);
    };
    base.set = (key, value) => {
      set(key, value);
      watch(key);
    };
    base.setMany = (entries) => {
      setMany(entries);
      for (const key of Object.keys(entries)) watch(key);
    };
    const ctx = {
      ...fakeContext({ documentStore: held, mailer: { sendToSelf: () => undefined }, interactive: false }),
      holdWrites: held.hold,
    };
    // As the bound run's ports: the stamps live in the same document properties, marked through the held store.
    ctx.ports.live = stampsThrough(storeStamps(base), held);
    ctx.holdWrites(); // the idle import of this run asked to hold
    expect(alertsAfterBackground(ctx, [{ work: 'push', ran: true, failure: 'Push failed: the hub answered 500.' }], {})).toBeNull();
    held.commit({});
    expect(readAlerts(base).alerts.length).toBeGreaterThan(0);
    // What an open sidebar polling at the stamp would have read.
    expect(seenAtStamp.length).toBeGreaterThan(0);
    expect(seenAtStamp.every((n) => n > 0)).toBe(true);
  });
});

/**
 * Two users push and the import trigger fires at the same moment. The document lock serialises
 * them: whoever cannot get it is told what runs and since when (the trigger puts its import off),
 * and the result columns are never interleaved or overwritten by a stale run.
 */
import { useHub } from '../support/hub';
import { typedCall } from '../../dev/testkit/env';
import { writeReliability } from '../../dev/testkit/reliability';
import { TARGETS } from '../../dev/tools/targets';
import { apiRequests, clearRequests, column, columnValues, seedProducts } from './helpers';

type R<T> = { ok: true; value: T } | { ok: false; error: string };

// The bound script locks with the document lock; the add-on with a lease in its state sheet taken
// under the script lock (its hourly run has no document lock): the same guarantees either way.
describe.each(TARGETS)('concurrency (%s): the lock serialises two pushes and the import trigger', (target) => {
  let skus: string[];
  const schedule = target === 'addon' ? 60 : 1;

  const env = useHub({ target }, (env) => {
    skus = seedProducts(env, 600, ['amazon']);
    env.adminSync('POST', '/__admin/orders', { generate: { count: 40, days: 5, seed: 4 } });
  });

  test('one runs, the others wait their turn and are told; results stay whole', () => {
    const a = env.rt;
    const b = env.rt.forUser('colleague@example.com');
    const asB = typedCall(b);
    expect(asB('saveToken', env.token).ok).toBe(true);
    expect(env.call('setOrdersSchedule', schedule).ok).toBe(true);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])]);
    clearRequests(env);

    let colleague: R<{ runId: string }> | null = null;
    let triggerRan = false;
    a.onServiceCall((info) => {
      // The moment A is sending its first requests (it holds the document lock), B clicks Push in
      // the sidebar and the import trigger fires.
      if (colleague || info.service !== 'UrlFetchApp' || info.functionName !== 'pushStockAll') return;
      colleague = asB('startPush', 'stock', 'all');
      a.callRaw('onBackgroundWork');
      triggerRan = true;
    });
    try {
      env.call('pushStockAll');
    } finally {
      a.onServiceCall(undefined);
    }
    expect(triggerRan).toBe(true);
    const busy = colleague as R<unknown> | null;
    expect(busy?.ok).toBe(false);
    expect(busy && !busy.ok && busy.error).toMatch(
      /did not start: Push stock by user@example\.com has been running for \d+ s\. Nothing was changed; try again when it finishes\./,
    );
    // While A held the lock, the import made no call and will try again at its next run.
    expect(apiRequests(env).filter((r) => r.path === '/api/orders/orders')).toHaveLength(0);
    const afterA = env.rt.sheet('Stock & Prices').values();
    expect(columnValues(afterA, 'Sync status').every((s) => s === 'OK')).toBe(true);
    const aSyncedAt = columnValues(afterA, 'Synced at') as Date[];

    // B tries again: its push runs whole, after A's.
    const start = asB('startPush', 'stock', 'all');
    expect(start.ok).toBe(true);
    let p = start.ok ? start.value : null;
    for (let i = 0; i < 10 && p && !p.finished; i++) {
      const next = asB('continuePush', p.runId);
      p = next.ok ? next.value : null;
    }
    expect(p?.finished).toBe(true);
    const afterB = env.rt.sheet('Stock & Prices').values();
    const bSyncedAt = columnValues(afterB, 'Synced at') as Date[];
    // Every row carries B's result, none a mix: each row's time is from B's run, after all of A's.
    const lastA = Math.max(...aSyncedAt.map((d) => d.getTime()));
    expect(bSyncedAt.every((d) => d.getTime() >= lastA)).toBe(true);
    expect(columnValues(afterB, 'Sync status').every((s) => s === 'OK')).toBe(true);
    const log = env.rt.sheet('Log').values();
    const pushes = log.slice(1).filter((r) => String(r[column(log, 'Operation')]).startsWith('Push stock'));
    expect(pushes.map((r) => [r[column(log, 'User')], r[column(log, 'Rows OK')]])).toEqual([
      ['user@example.com', 600],
      ['colleague@example.com', 600],
    ]);

    // The import's next run goes ahead.
    env.rt.advance((schedule + 1) * 60_000);
    expect(apiRequests(env).filter((r) => r.path === '/api/orders/orders').length).toBeGreaterThan(0);
    if (target === 'bound')
      writeReliability('concurrency', {
        scenario: 'two users push + the import trigger fires while the first push holds the lock',
        serialised: true,
        waitingUserTold: true,
        importPutOff: true,
        interleavedRows: 0,
      });
  });
});

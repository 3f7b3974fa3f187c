/**
 * Hostile review of the add-on's menu push continuation (it goes on only at the next hourly
 * run): the seller presses Resume in the sidebar before that run, or while that run waits for
 * the document lock. Every row must be sent once, and a finished push must stay finished.
 */
import { useHub } from '../../support/hub';
import { apiRequests, clearRequests, seedProducts } from '../helpers';

const HOUR = 3_600_000;
const ROWS = 8000;

describe('add-on: Resume in the sidebar while a menu push waits for its hourly continuation', () => {
  // ~5,200 of 8,000 rows fit in the menu's execution (20 s per fetchAll round of 400 rows).
  const env = useHub(
    {
      target: 'addon',
      runtime: { virtualFetchLatencyMs: 20_000, measuredFetchLatency: false },
      settings: { chunkRows: 5000 },
      startMs: 120_000,
    },
    (env) => {
      const skus = seedProducts(env, ROWS, ['amazon'], 'active');
      env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 1 + (i % 100)])]);
    },
  );

  const sentTwice = (): string[] => {
    const counts = new Map<string, number>();
    for (const r of apiRequests(env)) for (const sku of r.skus ?? []) counts.set(sku, (counts.get(sku) ?? 0) + 1);
    expect(counts.size).toBe(ROWS);
    return [...counts.entries()].filter(([, c]) => c > 1).map(([s]) => s);
  };
  const menuPushStopsPartWay = (): void => {
    clearRequests(env);
    env.call('pushStockAll');
    const first = apiRequests(env).reduce((n, r) => n + (r.skus?.length ?? 0), 0);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(ROWS);
  };
  const resumeToTheEnd = () => {
    let p = env.call('startPush', 'stock', 'all');
    while (p.ok && !p.value.finished) p = env.call('continuePush', p.value.runId);
    return p;
  };

  test('Resume 40 minutes after the menu push goes on with its run (a run waiting for the hourly trigger is not abandoned)', () => {
    menuPushStopsPartWay();
    env.rt.advance(40 * 60_000);
    expect(resumeToTheEnd()).toMatchObject({ ok: true, value: { finished: true, total: ROWS } });
    expect(sentTwice()).toEqual([]);
    env.rt.advance(HOUR);
    expect(sentTwice()).toEqual([]);
  });

  test('Resume while the hourly run waits for the lock: that run does not go on with the run it read before (every row once)', () => {
    menuPushStopsPartWay();
    // The hourly run, at its first lock call (it has read the run already): the seller resumes and finishes.
    let resumed: ReturnType<typeof resumeToTheEnd> | null = null;
    env.rt.onServiceCall((info) => {
      if (resumed === null && info.service === 'LockService') resumed = resumeToTheEnd();
    });
    try {
      expect(env.rt.advance(HOUR).map((r) => r.ok)).toEqual([true]);
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(resumed).toMatchObject({ ok: true, value: { finished: true } });
    expect(sentTwice()).toEqual([]);
    // Nothing comes back at the next hour: the finished push stays finished.
    env.rt.advance(HOUR);
    expect(sentTwice()).toEqual([]);
    expect(
      env.rt
        .sheet('Hub Sync data (do not edit)')
        .values()
        .find((r) => r[0] === 'pushRun')?.[1],
    ).toBe('');
  });
});

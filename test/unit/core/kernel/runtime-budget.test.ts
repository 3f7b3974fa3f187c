import {
  addRun,
  affordablePeriod,
  affordableSchedules,
  budgetOf,
  currentDay,
  emptyDay,
  FIRST_GUESS_RUN_MS,
  planDay,
  runCost,
  runsLeft,
  RUNS_TO_TRUST,
  scheduleDayMs,
  startTally,
  addToTally,
  STARTUP_MS,
  usedMs,
  type RuntimeDay,
} from '../../../../src/core/kernel/runtime-budget';
import { readRuntimeDay, recordRun, runtimePlace, userRuntimePlace } from '../../../../src/core/kernel/runtime-store';
import { memoryStore } from '../../../support/ports';

const DAY = 86_400_000;
const MIN = 60_000;
/** 2026-11-20 00:00 UTC. */
const MIDNIGHT = Date.UTC(2026, 10, 20);

/** A day of `runs` runs of `ms` each (orders), `catchUp` of it catch-up. */
function dayOf(runs: number, ms: number, catchUp = 0, now = MIDNIGHT): RuntimeDay {
  return { ...emptyDay(now), runs, ms: { orders: runs * ms, jobs: 0, push: 0, sales: 0, walk: 0 }, catchUpMs: catchUp };
}

describe('trigger runtime arithmetic', () => {
  it('a run counts its wall time plus the start-up, the measured pieces by kind and the rest as the walk', () => {
    const tally = startTally(1_000);
    addToTally(tally, 'orders', 2_000);
    addToTally(tally, 'jobs', 500);
    tally.catchUpMs = 1_200;
    const day = addRun(emptyDay(MIDNIGHT), tally, 4_000);
    expect(day.ms).toEqual({ orders: 2_000, jobs: 500, push: 0, sales: 0, walk: 500 + STARTUP_MS });
    expect(usedMs(day)).toBe(3_000 + STARTUP_MS);
    expect(day).toMatchObject({ runs: 1, catchUpMs: 1_200 });
  });

  it("a run's cost is today's average without catch-up once enough runs are measured, else the day before's, else the first guess", () => {
    expect(runCost(emptyDay(MIDNIGHT))).toBe(FIRST_GUESS_RUN_MS);
    expect(runCost(dayOf(RUNS_TO_TRUST - 1, 10_000))).toBe(FIRST_GUESS_RUN_MS);
    expect(runCost(dayOf(RUNS_TO_TRUST, 2_000, RUNS_TO_TRUST * 1_000))).toBe(1_000);
    // A new day carries the old day's cost until it has its own.
    const next = currentDay(dayOf(20, 1_200), MIDNIGHT + DAY);
    expect(next).toMatchObject({ day: Math.floor((MIDNIGHT + DAY) / DAY), runs: 0, carriedRunMs: 1_200 });
    expect(runCost(next)).toBe(1_200);
    expect(currentDay(dayOf(3, 1_000), MIDNIGHT + 5 * MIN).runs).toBe(3);
  });

  it('projects the day: used so far plus the runs left at the schedule, against the budget', () => {
    expect(runsLeft(MIDNIGHT, 60)).toBe(24);
    expect(runsLeft(MIDNIGHT + 23.5 * 60 * MIN, 60)).toBe(0);
    expect(runsLeft(MIDNIGHT + 12 * 60 * MIN, 1)).toBe(720);
    const day = dayOf(RUNS_TO_TRUST, 2_000, 0);
    const plan = planDay(day, MIDNIGHT + 12 * 60 * MIN, 60, 45 * MIN);
    expect(plan).toEqual({
      usedMs: 20_000,
      projectedMs: 20_000 + 12 * 2_000,
      runMs: 2_000,
      budgetMs: 45 * MIN,
      spareMs: 45 * MIN - 44_000,
    });
  });

  it('offers only the schedules the budget carries, and slows down to the shortest that fits the rest of the day', () => {
    expect(scheduleDayMs(1, 1_500)).toBe(36 * MIN);
    expect(affordableSchedules([1, 5, 10, 60], 2_000, 45 * MIN)).toEqual([5, 10, 60]);
    expect(affordableSchedules([1, 5], 1_875, 45 * MIN)).toEqual([1, 5]);
    const noon = MIDNIGHT + 12 * 60 * MIN;
    // 40 min used by noon at 1 s a run: every minute (720 more runs, 12 min) no longer fits; every 5 (144 runs) does.
    const busy = {
      ...dayOf(RUNS_TO_TRUST, 1_000),
      ms: { orders: 40 * MIN, jobs: 0, push: 0, sales: 0, walk: 0 },
      catchUpMs: 40 * MIN - RUNS_TO_TRUST * 1_000,
    };
    expect(affordablePeriod(busy, noon, 1, [1, 5, 10], 45 * MIN)).toBe(5);
    expect(affordablePeriod(dayOf(RUNS_TO_TRUST, 1_000), noon, 1, [1, 5, 10], 45 * MIN)).toBe(1);
    const spent = { ...busy, ms: { ...busy.ms, orders: 46 * MIN } };
    expect(affordablePeriod(spent, noon, 1, [1, 5, 10], 45 * MIN)).toBeNull();
  });

  it('the budget never exceeds the quota of the account type', () => {
    expect(budgetOf({ runtime: { account: 'consumer', budgetMinutes: 45 } })).toEqual({ budgetMs: 45 * MIN, quotaMs: 90 * MIN });
    expect(budgetOf({ runtime: { account: 'consumer', budgetMinutes: 200 } })).toEqual({ budgetMs: 45 * MIN, quotaMs: 90 * MIN });
    expect(budgetOf({ runtime: { account: 'workspace', budgetMinutes: 200 } })).toEqual({ budgetMs: 180 * MIN, quotaMs: 360 * MIN });
  });

  it('is stored per user and UTC day: runs add up, a damaged record starts the day afresh', () => {
    const store = memoryStore();
    const place = userRuntimePlace(store);
    const t1 = startTally(MIDNIGHT + MIN);
    addToTally(t1, 'orders', 1_000);
    recordRun(place, t1, MIDNIGHT + MIN + 1_500);
    recordRun(place, startTally(MIDNIGHT + 2 * MIN), MIDNIGHT + 2 * MIN + 300);
    const day = readRuntimeDay(place, MIDNIGHT + 3 * MIN);
    expect(day).toMatchObject({ runs: 2, ms: { orders: 1_000, jobs: 0, push: 0, walk: 500 + 300 + 2 * STARTUP_MS } });
    expect(readRuntimeDay(place, MIDNIGHT + DAY).runs).toBe(0);
    store.set('runtime.day', '{"day": "x"');
    expect(readRuntimeDay(place, MIDNIGHT).runs).toBe(0);
  });

  it("is the user's in the add-on, and in the bound script the document's under the user's key", () => {
    const users = memoryStore();
    const documents = memoryStore();
    const session = { userKey: () => 'u1' } as unknown as Parameters<typeof runtimePlace>[0]['session'];
    const ports = { userStore: users, documentStore: documents, session };
    recordRun(runtimePlace(ports, 'addon'), startTally(MIDNIGHT), MIDNIGHT + 100);
    recordRun(runtimePlace(ports, 'container'), startTally(MIDNIGHT), MIDNIGHT + 100);
    recordRun(runtimePlace(ports, 'container'), startTally(MIDNIGHT), MIDNIGHT + 100);
    expect(JSON.parse(users.get('runtime.day') ?? '{}').runs).toBe(1);
    // The bound script's first record of the day carries what the user properties hold for it (an earlier version's runs).
    expect(JSON.parse(documents.get('runtime.day:u1') ?? '{}').runs).toBe(3);
    expect(documents.get('runtime.day')).toBeNull();
  });
});

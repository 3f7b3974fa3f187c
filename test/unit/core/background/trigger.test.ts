/**
 * The one background trigger (src/core/background/trigger.ts, dispatch.ts) over in-memory ports:
 * armed for what is due next, left alone when it already matches, one hourly trigger for the
 * add-on with the spreadsheet in the user's list, and a run in which one failing piece of work
 * does not stop the others.
 */
import { runBackgroundWork } from '../../../../src/core/background/dispatch';
import { readDocuments } from '../../../../src/core/background/documents';
import { readBackground, updateBackground } from '../../../../src/core/kernel/due';
import { BACKGROUND_HANDLER, dueWork, rearmBackground } from '../../../../src/core/background/trigger';
import type { Context } from '../../../../src/core/kernel/context';
import type { OpenJob } from '../../../../src/core/pipeline/jobs/open-jobs';
import { Settings } from '../../../../src/core/kernel/settings-schema';
import { FakeClock, MIN, T0, fakeContext, fakeScheduler, memoryStore, memoryWorkbook } from '../../../support/ports';

function world(deployment: 'addon' | 'container', options: { orders?: number; jobs?: number } = {}) {
  const clock = new FakeClock(T0);
  const scheduler = fakeScheduler();
  const documentStore = memoryStore();
  const userStore = memoryStore();
  const workbook = memoryWorkbook();
  if (options.jobs) {
    const jobs: OpenJob[] = Array.from({ length: options.jobs }, (_, i) => ({
      jobId: `J${i}`,
      createdAt: T0,
      rows: 1,
      user: 'seller@example.com',
      owner: 'seller@example.com',
      items: 0,
      finalItems: 0,
      lastCheckedAt: null,
      tracked: true,
    }));
    documentStore.set('openJobs.0', JSON.stringify(jobs));
  }
  const defaults = Settings.parse({});
  const ctx = (): Context =>
    fakeContext({
      clock,
      now: clock.now(),
      scheduler,
      documentStore,
      userStore,
      workbook,
      settings: {
        deployment,
        orders: {
          ...defaults.orders,
          scheduleMinutes: options.orders ?? 0,
          ...(options.orders ? { scheduleOwner: 'seller@example.com' } : {}),
        },
      },
    });
  return { clock, scheduler, documentStore, userStore, ctx };
}

describe('the bound script: one trigger, re-armed for what is due next', () => {
  test('a push to continue: a one-off at its time; re-arming again changes nothing; done, the trigger goes', () => {
    const w = world('container');
    updateBackground(w.ctx(), { pushAt: T0 + 3 * MIN });
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toEqual([{ id: 't1', handler: BACKGROUND_HANDLER, ms: 3 * MIN }]);
    expect(readBackground(w.ctx()).trigger).toMatchObject({ id: 't1', kind: 'once', dueAt: T0 + 3 * MIN });
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers.map((t) => t.id)).toEqual(['t1']);
    updateBackground(w.ctx(), { pushAt: null });
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toEqual([]);
    expect(readBackground(w.ctx()).trigger).toBeNull();
  });

  test('a push due in the past still waits a minute (Apps Script runs no trigger sooner)', () => {
    const w = world('container');
    updateBackground(w.ctx(), { pushAt: T0 - 10 * MIN });
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toEqual([expect.objectContaining({ ms: MIN })]);
  });

  test('scheduled imports every 15 min and open jobs (polled every 5 at first): a repeating trigger at the shorter period', () => {
    const w = world('container', { orders: 15, jobs: 1 });
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toEqual([expect.objectContaining({ handler: BACKGROUND_HANDLER, minutes: 5 })]);
    expect(dueWork(w.ctx(), readBackground(w.ctx()))).toEqual(['order import every 15 min', '1 async job to follow']);
  });

  test('a trigger removed by hand (or by Google) is installed again, and a stray one of ours is removed', () => {
    const w = world('container', { orders: 30 });
    rearmBackground(w.ctx());
    w.scheduler.remove('t1');
    w.scheduler.every(BACKGROUND_HANDLER, 10);
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toEqual([expect.objectContaining({ minutes: 30 })]);
  });

  test('Google refuses a trigger more often than hourly (the script is really an add-on): an hourly one instead', () => {
    const w = world('container', { orders: 5 });
    const every = w.scheduler.every;
    w.scheduler.every = (handler, minutes) => {
      if (minutes < 60) throw new Error('Add-ons may not create time-based triggers that run more often than hourly.');
      return every(handler, minutes);
    };
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toEqual([expect.objectContaining({ minutes: 60 })]);
    expect(readBackground(w.ctx()).trigger).toMatchObject({ minutes: 60, wantedMinutes: 5 });
  });

  test('a run of the armed repeating trigger lists the triggers once an hour, not at every run; a stray one goes then', () => {
    const w = world('container', { orders: 1 });
    rearmBackground(w.ctx());
    const armed = w.scheduler.triggers[0];
    let lists = 0;
    const list = w.scheduler.list;
    w.scheduler.list = (handler) => {
      lists++;
      return list(handler);
    };
    const fired = (): Context => ({ ...w.ctx(), firedBy: armed.id });
    rearmBackground(fired());
    expect(lists).toBe(1);
    expect(readBackground(w.ctx()).trigger?.checkedAt).toBe(T0);
    // A stray trigger (a copy, a colleague's script version): unseen within the hour...
    w.scheduler.every(BACKGROUND_HANDLER, 5);
    for (let i = 1; i < 60; i++) {
      w.clock.advance(MIN);
      rearmBackground(fired());
    }
    expect(lists).toBe(1);
    // ...removed at the hour's check: one trigger left.
    w.clock.advance(MIN);
    rearmBackground(fired());
    expect(lists).toBe(2);
    expect(w.scheduler.triggers.map((t) => t.id)).toEqual([expect.any(String)]);
    // A run not started by the armed trigger (a one-off, a menu) always lists.
    rearmBackground(w.ctx());
    expect(lists).toBe(3);
  });
});

describe('the add-on: one hourly trigger per user, and the spreadsheet in their list', () => {
  test('work due: the spreadsheet is listed with what is due and one hourly trigger serves it; nothing due: listed no more, the trigger goes', () => {
    const w = world('addon', { orders: 60 });
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toEqual([expect.objectContaining({ handler: BACKGROUND_HANDLER, minutes: 60 })]);
    expect(readDocuments(w.userStore)).toEqual([
      expect.objectContaining({ id: 'memory-workbook', name: 'Memory workbook', due: ['order import every 60 min'] }),
    ]);
    // A push to finish in an add-on waits for the hourly run: no one-off trigger.
    updateBackground(w.ctx(), { pushAt: T0 + MIN });
    rearmBackground(w.ctx());
    expect(w.scheduler.triggers).toHaveLength(1);
    expect(w.scheduler.triggers[0].minutes).toBe(60);

    const off = world('addon');
    for (const [key, value] of Object.entries(w.userStore.entries())) off.userStore.set(key, value);
    off.scheduler.every(BACKGROUND_HANDLER, 60);
    expect(readDocuments(off.userStore)).toHaveLength(1);
    rearmBackground(off.ctx());
    expect(readDocuments(off.userStore)).toEqual([]);
    expect(off.scheduler.triggers).toEqual([]);
  });
});

describe('a background run', () => {
  test('a failing import is reported as its step; the jobs still run and the trigger is re-armed', () => {
    const w = world('container', { orders: 15 });
    const steps = runBackgroundWork(w.ctx(), {
      orders: () => {
        throw new Error('Order import: HTTP 500.');
      },
    });
    expect(steps).toEqual([expect.objectContaining({ work: 'orders', ran: true, message: 'Order import: HTTP 500.' })]);
    expect(w.scheduler.triggers).toEqual([expect.objectContaining({ minutes: 15 })]);
  });

  test('too little of the 6 minutes left after a long push: the import waits for the next run', () => {
    const w = world('container', { orders: 15 });
    const ctx = w.ctx();
    w.clock.advance(4 * MIN);
    let imported = false;
    runBackgroundWork(ctx, {
      orders: () => {
        imported = true;
        return { work: 'orders', ran: true, message: 'ok' };
      },
    });
    expect(imported).toBe(false);
  });

  test('nothing due: no step, no trigger, no request', () => {
    const w = world('container');
    expect(runBackgroundWork(w.ctx())).toEqual([]);
    expect(w.scheduler.triggers).toEqual([]);
  });
});

/**
 * refreshJobs and the background poll over in-memory ports and a scripted hub: results belong to
 * the send that made them, status words, the deadline, backoff and the daily budget.
 */
import { readAlerts } from '../../../../src/core/alerts/record';
import { runBackgroundWork } from '../../../../src/core/background/dispatch';
import { runOneDocument } from '../../../../src/core/background/run-document';
import { readOpenJobs } from '../../../../src/core/pipeline/jobs/open-jobs';
import { refreshJobs } from '../../../../src/core/jobs/refresh';
import { takeNotices } from '../../../../src/core/kernel/notices';
import { HOUR, MIN, T0, jobsWorld, type JobsWorld } from './fixture';
import { item } from './scripted-hub';

const DEADLINE_MESSAGE = "No result from the hub's job after 24 h \u2014 push again";

/** Runs `fn` as an execution starting at `at`. */
function at<T>(world: JobsWorld, time: number, fn: () => T): T {
  world.clock.set(time);
  world.ctx.startedAt = time;
  return fn();
}

const logLines = (world: JobsWorld) =>
  world
    .sheet('Log')
    .slice(1)
    .map((r) => ({ operation: String(r[2]), message: String(r[9]) }));
const snapshotOf = (world: JobsWorld, sku: string) => {
  const row = world
    .sheet('Hub Sync snapshot')
    .slice(1)
    .find((r) => r[0] === sku);
  return row ? JSON.parse(String(row[1])) : undefined;
};

describe('results belong to the send that made them', () => {
  test("an older job's result for a SKU whose row now carries a newer Job id is shown in Jobs, never written into the row nor confirmed", () => {
    const world = jobsWorld({
      rows: [
        ['A', 9, 'Pending', 'Queued in async job 2', '2'],
        ['B', 6, 'Pending', 'Queued in async job 1', '1'],
      ],
      sent: { '1': { A: { quantity: 5 }, B: { quantity: 6 } }, '2': { A: { quantity: 9 } } },
      jobs: [{ jobId: '1' }, { jobId: '2' }],
    });
    world.hub.jobs.set('1', [item('A', 'Finalizado', 'Amazon', { stock: 5 }), item('B', 'Finalizado', 'Amazon', { stock: 6 })]);
    world.hub.jobs.set('2', [item('A', 'Pendiente', 'Amazon', { stock: 9 })]);
    const summary = refreshJobs(world.ctx);
    expect(summary.open).toBe(1);
    const [a, b] = world.stockRows();
    expect(a).toMatchObject({ 'Sync status': 'Pending', 'Sync message': 'Queued in async job 2', 'Job id': '2' });
    expect(b).toMatchObject({ 'Sync status': 'OK', 'Job id': '1' });
    // Shown in the Jobs sheet all the same.
    expect(
      world
        .sheet('Jobs')
        .slice(1)
        .filter((r) => r[0] === '1')
        .map((r) => [r[1], r[6]]),
    ).toEqual([
      ['A', 'Finalizado'],
      ['B', 'Finalizado'],
    ]);
    // Nothing the old job set is recorded as confirmed for A; B's value is.
    expect(snapshotOf(world, 'A')?.quantity).toBeUndefined();
    expect(snapshotOf(world, 'B')).toMatchObject({ quantity: 6 });
  });

  test('a cell edited after the send: "sent X, the cell now holds Y — push again", not OK', () => {
    const world = jobsWorld({
      rows: [['B', 7, 'Pending', '', '1']],
      sent: { '1': { B: { quantity: 6 } } },
      jobs: [{ jobId: '1' }],
    });
    world.hub.jobs.set('1', [item('B', 'Finalizado', 'Amazon', { stock: 6 })]);
    refreshJobs(world.ctx);
    const [b] = world.stockRows();
    expect(b['Sync status']).toBe('Unconfirmed');
    expect(b['Sync message']).toBe('Sent Quantity 6, the cell now holds 7 \u2014 push again. Async job finished: 1 channel update done');
    expect(b['Status [amazon]']).toBe('Changed after it was sent');
  });

  test('a SKU the hub lower-cased is applied when unambiguous, and the row says how the hub named it', () => {
    const world = jobsWorld({
      rows: [['ABC-1', 5, 'Pending', '', '1']],
      sent: { '1': { 'ABC-1': { quantity: 5 } } },
      jobs: [{ jobId: '1' }],
    });
    world.hub.jobs.set('1', [item('abc-1', 'Finalizado', 'Amazon', { stock: 5 })]);
    refreshJobs(world.ctx);
    expect(world.stockRows()[0]).toMatchObject({
      'Sync status': 'OK',
      'Sync message': "Async job finished: 1 channel update done (the hub named it 'abc-1')",
    });
  });
});

describe('status words', () => {
  test("a status not known to be final keeps the job open; the row stays Pending with the hub's word", () => {
    const world = jobsWorld({
      rows: [
        ['A', 5, 'Pending', 'Queued', '1'],
        ['B', 6, 'Pending', 'Queued', '1'],
      ],
      sent: { '1': { A: { quantity: 5 }, B: { quantity: 6 } } },
      jobs: [{ jobId: '1' }],
    });
    world.hub.jobs.set('1', [item('A', 'Pendiente'), item('B', 'Procesado con observaciones')]);
    expect(refreshJobs(world.ctx).open).toBe(1);
    const [a, b] = world.stockRows();
    expect(a).toMatchObject({ 'Sync status': 'Pending', 'Sync message': 'Queued' });
    expect(b).toMatchObject({
      'Sync status': 'Pending',
      'Job id': '1',
      'Sync message': "The hub's job says 'Procesado con observaciones' \u2014 waiting for a final status",
    });
  });

  test("Finalizado with 'Producto no encontrado' is an error in the hub's words", () => {
    const world = jobsWorld({ rows: [['A', 5, 'Pending', '', '1']], sent: { '1': { A: { quantity: 5 } } }, jobs: [{ jobId: '1' }] });
    world.hub.jobs.set('1', [item('A', 'Finalizado', 'General', { message: 'Producto no encontrado' })]);
    refreshJobs(world.ctx);
    expect(world.stockRows()[0]['Sync status']).toBe('Error');
    expect(String(world.stockRows()[0]['Sync message'])).toContain('Producto no encontrado');
  });
});

describe('completeness', () => {
  test('a job whose items all look final is not finished while the hub counts more items than were read', () => {
    const world = jobsWorld({ rows: [['A', 5, 'Pending', '', '1']], sent: { '1': { A: { quantity: 5 } } }, jobs: [{ jobId: '1' }] });
    world.hub.jobs.set('1', [item('A', 'Finalizado', 'Amazon', { stock: 5 })]);
    world.hub.totals.set('1', 2); // a failed item the pages leave out
    expect(refreshJobs(world.ctx).open).toBe(1);
    expect(world.stockRows()[0]['Sync status']).toBe('Pending');
    world.hub.jobs.set('1', [
      item('A', 'Finalizado', 'Amazon', { stock: 5 }),
      item('A', 'Error', 'Walmart', { message: 'Publicación pausada' }),
    ]);
    expect(refreshJobs(world.ctx).open).toBe(0);
    expect(world.stockRows()[0]['Sync status']).toBe('Warning');
  });
});

describe('the deadline', () => {
  const deadlineWorld = (interactive: boolean) => {
    const world = jobsWorld({
      rows: [
        ['A', 5, 'Pending', '', '1'],
        ['B', 6, 'Pending', '', '1'],
        ['C', 7, 'Pending', '', '9'],
      ],
      sent: { '1': { A: { quantity: 5 }, B: { quantity: 6 }, C: { quantity: 7 } }, '9': { C: { quantity: 7 } } },
      jobs: [
        { jobId: '1', rows: 3 },
        { jobId: '9', createdAt: T0 + 20 * HOUR },
      ],
      interactive,
    });
    world.hub.jobs.set('1', [item('A', 'Finalizado', 'Amazon', { stock: 5 }), item('B', 'Pendiente')]);
    world.hub.jobs.set('9', [item('C', 'Pendiente')]);
    return world;
  };

  test('at the deadline the job is read once more and closed: final results written, rows still waiting for it marked Error, never confirmed', () => {
    const world = deadlineWorld(false);
    const before = at(world, T0 + 23 * HOUR, () => refreshJobs(world.ctx, { background: true }));
    expect(before.open).toBe(2);
    const summary = at(world, T0 + 24 * HOUR, () => refreshJobs(world.ctx, { background: true }));
    expect(summary.jobs.find((j) => j.jobId === '1')).toMatchObject({ final: true, expired: true });
    expect(readOpenJobs(world.doc).map((j) => j.jobId)).toEqual(['9']);
    const [a, b, c] = world.stockRows();
    expect(a).toMatchObject({ 'Sync status': 'OK', 'Job id': '1' });
    expect(b).toMatchObject({ 'Sync status': 'Error', 'Sync message': DEADLINE_MESSAGE, 'Job id': '1' });
    // C's row belongs to job 9 now: job 1's deadline does not touch it.
    expect(c).toMatchObject({ 'Sync status': 'Pending', 'Job id': '9' });
    expect(snapshotOf(world, 'B')?.quantity).toBeUndefined();
    // The job's items are no longer kept (its SKUs can be sent again); job 9's are.
    expect(
      world
        .sheet('Hub Sync job items')
        .slice(1)
        .filter((r) => r[0] !== '')
        .map((r) => r[0]),
    ).toEqual(['9']);
    const line = logLines(world).find((l) => l.operation === 'Async job deadline');
    expect(line?.message).toMatch(
      /^Async job 1 gave no result after 24 h: it is no longer polled, and 1 row still waiting for it is marked Error/,
    );
    // A trigger has nobody to show a toast to: the notice waits for the next open.
    expect(takeNotices(world.doc)).toEqual([line?.message]);
    expect(world.toasts).toEqual([]);
  });

  test('from the menu or sidebar the seller is told at once', () => {
    const world = deadlineWorld(true);
    at(world, T0 + 25 * HOUR, () => refreshJobs(world.ctx));
    expect(world.toasts).toHaveLength(1);
    expect(world.toasts[0]).toMatch(/Async job 1 gave no result after 24 h/);
  });

  test('a job the hub no longer knows is closed at the deadline all the same', () => {
    const world = deadlineWorld(false);
    world.hub.jobs.delete('1');
    at(world, T0 + 24 * HOUR, () => refreshJobs(world.ctx, { background: true }));
    expect(
      world
        .stockRows()
        .slice(0, 2)
        .map((r) => r['Sync status']),
    ).toEqual(['Error', 'Error']);
    expect(logLines(world).find((l) => l.operation === 'Async job deadline')?.message).toMatch(
      /2 rows .* are marked Error .* Its last read failed/,
    );
    expect(
      world
        .sheet('Jobs')
        .slice(1)
        .find((r) => r[0] === '1')?.[6],
    ).toBe('No result after 24 h: no longer polled');
  });

  test('the hours come from the setting', () => {
    const world = jobsWorld({
      rows: [['A', 5, 'Pending', '', '1']],
      sent: { '1': { A: { quantity: 5 } } },
      jobs: [{ jobId: '1' }],
      settings: { jobs: { deadlineHours: 3, dailyRequestBudget: 2000 } },
    });
    world.hub.jobs.set('1', [item('A', 'Pendiente')]);
    at(world, T0 + 3 * HOUR, () => refreshJobs(world.ctx));
    expect(world.stockRows()[0]['Sync message']).toBe("No result from the hub's job after 3 h \u2014 push again");
  });
});

describe('background polling: backoff and the daily budget', () => {
  const pendingWorld = (budget = 2000) => {
    const world = jobsWorld({
      rows: [['A', 5, 'Pending', '', '1']],
      sent: { '1': { A: { quantity: 5 } } },
      jobs: [{ jobId: '1' }],
      interactive: false,
      settings: { jobs: { dailyRequestBudget: budget, deadlineHours: 24 } },
    });
    world.hub.jobs.set('1', [item('A', 'Pendiente')]);
    return world;
  };
  const pollsAt = (world: JobsWorld, minutes: number[]): number[] =>
    minutes.map((m) => {
      const before = world.requests('getstockpricejob').length;
      at(world, T0 + m * MIN, () => runBackgroundWork(world.ctx));
      return world.requests('getstockpricejob').length - before;
    });

  test('a job is polled only when due: 5, then 15, then 60 minutes apart; the trigger follows', () => {
    const world = pendingWorld();
    // Each poll of a pending one-page job: the page and the empty page after it.
    expect(pollsAt(world, [1, 5, 10, 19.8, 30, 79, 80, 140])).toEqual([0, 2, 0, 2, 0, 0, 2, 2]);
    expect(readOpenJobs(world.doc)[0]).toMatchObject({ polls: 4, nextPollAt: T0 + 200 * MIN });
    expect(world.triggers).toEqual([expect.objectContaining({ handler: 'onBackgroundWork', minutes: 60 })]);
  });

  test("when the day's budget is spent no job is polled until the next UTC day, and the Log says so once", () => {
    const world = pendingWorld(10);
    // 2 requests a poll: the fifth poll spends the budget of 10.
    expect(pollsAt(world, [5, 20, 80, 140, 200])).toEqual([2, 2, 2, 2, 2]);
    expect(pollsAt(world, [260, 320, 380])).toEqual([0, 0, 0]);
    const spent = logLines(world).filter((l) => /budget .* is spent/.test(l.message));
    expect(spent).toHaveLength(1);
    expect(spent[0].message).toMatch(
      /daily budget of 10 requests for polling async jobs is spent: no job is polled in the background until the next UTC day \(00:00 UTC\)/,
    );
    // A poll that read nothing did not run: it is neither a success (which would clear a jobs alert) nor a failure.
    expect(at(world, T0 + 385 * MIN, () => runBackgroundWork(world.ctx))).toEqual([
      expect.objectContaining({ work: 'jobs', ran: false, failed: false }),
    ]);
    // The seller may still ask: Refresh job results reads (and counts) anyway.
    const asked = at(world, T0 + 390 * MIN, () => refreshJobs(world.ctx));
    expect(asked.message).toMatch(/still open/);
    expect(world.doc.data['jobs.budget']).toMatch(/"used":12/);
    // 00:00 UTC is 9 hours after T0 (15:00 UTC): polling resumes, counted from 0.
    expect(pollsAt(world, [9 * 60 + 1])).toEqual([2]);
    expect(JSON.parse(world.doc.data['jobs.budget'])).toEqual({ day: '2026-11-21', used: 2, spentLogged: false });
  });

  test('a poll never makes more requests than the budget has left', () => {
    const world = pendingWorld(3);
    world.hub.jobs.set(
      '1',
      Array.from({ length: 120 }, (_, i) => item('A', 'Pendiente', `Channel ${i}`)),
    );
    expect(pollsAt(world, [5])).toEqual([3]);
    expect(logLines(world).filter((l) => l.operation === 'Poll async jobs')).toHaveLength(1);
    expect(readOpenJobs(world.doc)[0]).toMatchObject({ polls: 1 });
  });

  test('a last read at the deadline that the budget cuts short waits for the next day rather than closing on half a read', () => {
    const world = pendingWorld(3);
    world.hub.jobs.set(
      '1',
      Array.from({ length: 120 }, (_, i) => item('A', i === 119 ? 'Pendiente' : 'Finalizado', `Channel ${i}`)),
    );
    at(world, T0 + 24 * HOUR, () => refreshJobs(world.ctx, { background: true }));
    expect(readOpenJobs(world.doc).map((j) => j.jobId)).toEqual(['1']);
    expect(world.stockRows()[0]['Sync status']).toBe('Pending');
    // Later that day the budget is spent: still waiting…
    at(world, T0 + 24 * HOUR + 5 * MIN, () => refreshJobs(world.ctx, { background: true }));
    expect(readOpenJobs(world.doc).map((j) => j.jobId)).toEqual(['1']);
    // …but only for a day: a day later, the budget again too small for one read, it is closed on what could be read.
    at(world, T0 + 48 * HOUR, () => refreshJobs(world.ctx, { background: true }));
    expect(readOpenJobs(world.doc)).toEqual([]);
    expect(world.stockRows()[0]).toMatchObject({ 'Sync status': 'Error', 'Sync message': DEADLINE_MESSAGE });
  });

  test('a last read cut short, with budget again the next day: read in full, then closed with its results', () => {
    const world = pendingWorld(3);
    world.hub.jobs.set(
      '1',
      Array.from({ length: 120 }, (_, i) => item('A', 'Finalizado', `Channel ${i}`, { stock: 5 })),
    );
    at(world, T0 + 24 * HOUR, () => refreshJobs(world.ctx, { background: true }));
    expect(readOpenJobs(world.doc).map((j) => j.jobId)).toEqual(['1']);
    world.ctx.settings = { ...world.ctx.settings, jobs: { dailyRequestBudget: 2000, deadlineHours: 24 } };
    at(world, T0 + 24 * HOUR + 60 * MIN, () => refreshJobs(world.ctx, { background: true }));
    expect(readOpenJobs(world.doc)).toEqual([]);
    expect(world.stockRows()[0]['Sync status']).toBe('OK');
  });
});

describe('a poll that cannot reach the hub', () => {
  test('without a token the error is reported, the job still backs off and still reaches its deadline', () => {
    const world = jobsWorld({
      rows: [['A', 5, 'Pending', '', '1']],
      sent: { '1': { A: { quantity: 5 } } },
      jobs: [{ jobId: '1' }],
      interactive: false,
    });
    world.hub.jobs.set('1', [item('A', 'Pendiente')]);
    world.ctx.ports.userStore.delete('hubToken');
    expect(() => at(world, T0 + 5 * MIN, () => refreshJobs(world.ctx, { background: true }))).toThrow(/No API token is set/);
    expect(readOpenJobs(world.doc)[0]).toMatchObject({ polls: 1, nextPollAt: T0 + 20 * MIN });
    at(world, T0 + 24 * HOUR, () => refreshJobs(world.ctx, { background: true }));
    expect(readOpenJobs(world.doc)).toEqual([]);
    expect(world.stockRows()[0]).toMatchObject({ 'Sync status': 'Error', 'Sync message': DEADLINE_MESSAGE });
    expect(world.requests()).toEqual([]);
  });
});

describe('a poll whose read fails is a failed background run, never a success', () => {
  const twoJobs = () => {
    const world = jobsWorld({
      rows: [
        ['A', 5, 'Pending', '', '1'],
        ['B', 6, 'Pending', '', '2'],
      ],
      sent: { '1': { A: { quantity: 5 } }, '2': { B: { quantity: 6 } } },
      jobs: [{ jobId: '1' }, { jobId: '2' }],
      interactive: false,
    });
    world.hub.jobs.set('1', [item('A', 'Pendiente')]);
    world.hub.jobs.set('2', [item('B', 'Pendiente')]);
    return world;
  };

  test('the summary names every job whose read failed; none when every read worked', () => {
    const world = twoJobs();
    expect(at(world, T0 + 5 * MIN, () => refreshJobs(world.ctx, { background: true })).failures).toEqual([]);
    world.hub.jobs.delete('2'); // the hub answers 404 for it
    const summary = at(world, T0 + 20 * MIN, () => refreshJobs(world.ctx, { background: true }));
    expect(summary.failures).toEqual([expect.stringMatching(/^job 2: Get Job Status: not found \(HTTP 404\)/)]);
  });

  test('the trigger run fails, even when another job was read', () => {
    const world = twoJobs();
    world.hub.jobs.delete('2');
    const steps = at(world, T0 + 5 * MIN, () => runBackgroundWork(world.ctx));
    expect(steps).toEqual([
      {
        work: 'jobs',
        ran: true,
        failed: true,
        message: expect.stringMatching(/^0 jobs finished, 2 still open\. Not read: job 2: Get Job Status: not found/),
      },
    ]);
  });

  test('so the alert is kept (and the next good poll clears it)', () => {
    const world = twoJobs();
    world.hub.jobs.delete('2');
    at(world, T0 + 5 * MIN, () => runOneDocument(world.ctx));
    expect(readAlerts(world.doc).alerts).toMatchObject([{ kind: 'jobs', cause: 'failed', message: expect.stringMatching(/job 2/) }]);
    world.hub.jobs.set('2', [item('B', 'Pendiente')]);
    at(world, T0 + 20 * MIN, () => runOneDocument(world.ctx));
    expect(readAlerts(world.doc).alerts).toEqual([]);
  });
});

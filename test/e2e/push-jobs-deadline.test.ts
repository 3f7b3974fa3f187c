/**
 * Async jobs that never finish are not polled forever: polls back off (5, 15, then 60 minutes), stay
 * within the day's request budget, and stop at the deadline, when the rows still waiting say to
 * push again. And a job's result belongs to the send that made it. The built bundle in the runtime
 * emulator against the hub emulator; the hub holds a job pending by starting it only after 30 days
 * (`jobStartDelayMs`), and runs it at once when that is set back to 0.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { SHEET, freshWorld, rows, snapshot } from './contrary/attack-helpers';
import { SyncHttp } from '../../dev/gas-runtime/sync-http';
import { apiRequests, clearRequests, type HubRequest } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const HOLD_JOBS = { jobStartDelayMs: 30 * 24 * HOUR };
const RUN_JOBS = { jobStartDelayMs: 0, jobItemsPerSecond: 0 };

const jobPages = (requests: HubRequest[]) => requests.filter((r) => r.path.toLowerCase() === '/api/stock/getstockpricejob');
const logLines = (env: AddonEnv) => rows(env, 'Log').map((r) => ({ operation: String(r.Operation), message: String(r.Message) }));

describe('async jobs that never finish, and results that belong to their send', () => {
  const env = useHub({ target: 'bound' });
  const http = new SyncHttp();
  afterAll(async () => http.close());

  /** A call to the hub's API from outside the add-on (another tool of the seller's), with the same token. */
  const hubApi = (method: string, path: string, body: unknown): unknown => {
    const { results } = http.requestAll([
      {
        url: `${env.hub.url}${path}`,
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${env.token}` },
        body: JSON.stringify(body),
      },
    ]);
    const res = results[0];
    if (!res.ok || res.status >= 400) throw new Error(`${method} ${path}: ${res.ok ? res.status : res.message}`);
    return JSON.parse(Buffer.from(res.body).toString('utf8'));
  };

  const world = (skus: string[], jobs: Record<string, unknown> = { dailyRequestBudget: 2000, deadlineHours: 24 }) => {
    freshWorld(
      env,
      skus.map((sku) => ({ sku, quantity: 1, price: 10, listings: { amazon: {} } })),
    );
    env.adminSync('POST', '/__admin/settings', HOLD_JOBS);
    const saved = env.call('saveSettings', { jobs });
    expect(saved).toMatchObject({ ok: true, value: { saved: true } });
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 5 + i])]);
    env.call('pushAsyncAll');
    const sent = rows(env);
    expect(sent.map((r) => r['Sync status'])).toEqual(skus.map(() => 'Pending'));
    return String(sent[0]['Job id']);
  };

  test('a job that never finishes is polled less and less, then stopped at the deadline: its rows say to push again, the seller is told', () => {
    const jobId = world(['D-1', 'D-2', 'D-3']);
    const start = env.rt.now();
    env.rt.advanceTo(start + 23 * HOUR);
    expect(rows(env).map((r) => r['Sync status'])).toEqual(['Pending', 'Pending', 'Pending']);
    // Polled at 5 and 20 minutes, then hourly: 24 polls of two requests (the page, and the empty page after it), not 276.
    const polls = jobPages(apiRequests(env)).filter((r) => r.query.offset === '0');
    expect(polls.length).toBeGreaterThanOrEqual(20);
    expect(polls.length).toBeLessThanOrEqual(25);
    expect(env.rt.triggers()).toMatchObject([{ handler: 'onBackgroundWork', type: 'everyHours', interval: 1 }]);

    // The hourly trigger's first run at or after the deadline closes the job.
    env.rt.advanceTo(start + 25 * HOUR);
    const after = rows(env);
    expect(after.map((r) => [r['Sync status'], r['Sync message'], String(r['Job id'])])).toEqual(
      ['D-1', 'D-2', 'D-3'].map(() => ['Error', "No result from the hub's job after 24 h \u2014 push again", jobId]),
    );
    // Never confirmed: the hub may still run the job.
    expect(['D-1', 'D-2', 'D-3'].map((s) => snapshot(env).get(s)?.quantity)).toEqual([undefined, undefined, undefined]);
    const line = logLines(env).find((l) => l.operation === 'Async job deadline');
    expect(line?.message).toMatch(
      new RegExp(`^Async job ${jobId} gave no result after 24 h: it is no longer polled, and 3 rows still waiting for it are marked Error`),
    );
    expect(JSON.parse(env.rt.properties('document').pendingNotices)).toEqual([line?.message]);
    // No longer polled, no trigger left for it.
    expect(env.rt.triggers()).toEqual([]);
    clearRequests(env);
    env.rt.advance(5 * HOUR);
    expect(jobPages(apiRequests(env))).toEqual([]);
    // Pushing again is allowed: the job no longer holds its SKUs.
    env.call('pushAsyncAll');
    expect(rows(env).map((r) => r['Sync status'])).toEqual(['Pending', 'Pending', 'Pending']);
  });

  test("when the day's polling budget is spent, no job is polled until the next UTC day, and the Log says so once", () => {
    // Start at 10:00 UTC, leaving the day room to spend the budget first.
    freshWorld(env, []);
    const today = new Date(env.rt.now());
    env.rt.advanceTo(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 10));
    world(['B-1', 'B-2'], { dailyRequestBudget: 10, deadlineHours: 24 });
    const start = env.rt.now();
    const midnight = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), new Date(start).getUTCDate() + 1);
    env.rt.advanceTo(midnight - MIN);
    // Five polls of two requests spend the 10.
    expect(jobPages(apiRequests(env))).toHaveLength(10);
    const spent = logLines(env).filter((l) => l.operation === 'Poll async jobs');
    expect(spent).toHaveLength(1);
    expect(spent[0].message).toMatch(
      /^The daily budget of 10 requests for polling async jobs is spent: no job is polled in the background until the next UTC day \(00:00 UTC\)\./,
    );
    expect(rows(env).map((r) => r['Sync status'])).toEqual(['Pending', 'Pending']);
    clearRequests(env);
    env.rt.advanceTo(midnight + 61 * MIN);
    expect(jobPages(apiRequests(env)).length).toBeGreaterThan(0);
    expect(logLines(env).filter((l) => l.operation === 'Poll async jobs')).toHaveLength(1);
  });

  test("an older job's result for a row that now carries a newer Job id is shown in Jobs but never written into the row nor confirmed; a cell edited since the send is not OK", () => {
    const older = world(['N-1', 'N-2']);
    // A colleague sends N-1 = 9 from another tool: the hub makes a newer job, and the row shows that
    // send (its value and the newer Job id), as that tool's write-back would.
    const made = hubApi('POST', '/api/stock/UpdatePriceAndStockAsync', [{ sku: 'N-1', quantity: '9' }]) as { jobId: string };
    const newer = String(made.jobId);
    expect(Number(newer)).toBeGreaterThan(Number(older));
    const jobIdColumn = String.fromCharCode(65 + (env.rt.sheet(SHEET).values()[0] as string[]).indexOf('Job id'));
    env.rt.sheet(SHEET).setValues([[9]], 'B2');
    env.rt.sheet(SHEET).setValues([[newer]], `${jobIdColumn}2`);
    // And the seller changes N-2 after it was sent (6 → 7).
    env.rt.sheet(SHEET).setValues([[7]], 'B3');
    const n1Before = rows(env)[0];

    env.adminSync('POST', '/__admin/settings', RUN_JOBS);
    env.rt.advance(6 * MIN);
    const r = env.call('refreshJobs');
    expect(r).toMatchObject({ ok: true, value: { open: 0 } });

    // The older job's items are in the Jobs sheet…
    const jobs = rows(env, 'Jobs').filter((j) => String(j['Job id']) === older);
    expect(jobs.map((j) => [j.SKU, j.Status])).toEqual([
      ['N-1', 'Finalizado'],
      ['N-2', 'Finalizado'],
    ]);
    // …but N-1's row belongs to the newer send: untouched, and nothing of the old job confirmed for it.
    const [n1, n2] = rows(env);
    expect(n1).toEqual({ ...n1Before, 'Status [amazon]': '' }); // the column N-2's result added
    expect(snapshot(env).get('N-1')?.quantity).toBeUndefined();
    // N-2: the hub holds what was sent, the cell holds something else.
    expect(n2['Sync status']).toBe('Unconfirmed');
    expect(String(n2['Sync message'])).toMatch(/^Sent Quantity 6, the cell now holds 7 \u2014 push again\. Async job finished/);
    expect(n2['Status [amazon]']).toBe('Changed after it was sent');
    // What the snapshot records is what the hub holds (6), so Changed rows sends the 7.
    expect(snapshot(env).get('N-2')?.quantity).toBe(6);
  });
});

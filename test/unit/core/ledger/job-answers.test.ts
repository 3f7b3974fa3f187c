/**
 * A job's final answers in the change ledger: each value an async job carried, recorded `queued`
 * when it left, is recorded again with the answer its results give — matched by SKU, never by the
 * order the hub lists them; OK only when the result confirms exactly the value sent — and the
 * queued record is never changed. The same results written back twice add nothing.
 */
import { refreshJobs } from '../../../../src/core/jobs/refresh';
import { jobAnswer, jobAnswerValues } from '../../../../src/core/ledger/job-answers';
import { readHistory } from '../../../../src/core/ledger/history';
import { jobResultsKnown, type JobResults } from '../../../../src/core/pipeline/jobs/results-known';
import { readLedgerPush } from '../../../../src/core/pipeline/ledger/read';
import { LEDGER_SHEET, appendLedger } from '../../../../src/core/pipeline/ledger/store';
import { latestAnswers, type LedgerPush, type LedgerValue } from '../../../../src/core/pipeline/ledger/values';
import type { RowResult } from '../../../../src/core/pipeline/types';
import { wireFeatures } from '../../../../src/core/wiring';
import { MIN, T0, jobsWorld, type JobsWorld } from '../jobs/fixture';
import { item } from '../jobs/scripted-hub';

const ok = (confirmed: Record<string, number>): RowResult => ({ status: 'OK', message: '', channels: {}, confirmed });
const failed: RowResult = { status: 'Error', message: 'failed', channels: {} };

const queued = (sku: string, sent: number, jobId = '7', source: LedgerValue[7] = 'cell'): LedgerValue => [
  sku,
  '',
  'quantity',
  sent - 1,
  'snapshot',
  sent,
  'queued',
  source,
  jobId,
];

const job = (results: Record<string, RowResult>, unresolved: string[] = []): JobResults => ({
  jobId: '7',
  runId: 'run-1',
  results: new Map(Object.entries(results)),
  unresolved: new Set(unresolved),
});

describe("a job's answer for one value", () => {
  test('OK only when the result confirms exactly the value sent; refused when every update failed; unconfirmed otherwise', () => {
    expect(jobAnswer(ok({ quantity: 5 }), false, 'quantity', 5)).toBe('OK');
    expect(jobAnswer(ok({ quantity: 6 }), false, 'quantity', 5)).toBe('unconfirmed');
    expect(jobAnswer(ok({ price: 5 }), false, 'quantity', 5)).toBe('unconfirmed');
    expect(jobAnswer({ status: 'Warning', message: '', channels: {} }, false, 'quantity', 5)).toBe('unconfirmed');
    expect(jobAnswer(failed, false, 'quantity', 5)).toBe('refused');
    // No result by the deadline: the hub may still run it.
    expect(jobAnswer(failed, true, 'quantity', 5)).toBe('unconfirmed');
    expect(jobAnswer(undefined, false, 'quantity', 5)).toBe('unconfirmed');
  });

  test('one final record per queued value of the job, with its source, before and sent, matched by SKU; none when answered already', () => {
    const recorded = [
      queued('A', 5, '7', 'undo'),
      queued('B', 6),
      queued('C', 7, '8'),
      ['D', '', 'quantity', 1, 'read', 2, 'OK', 'cell'] as LedgerValue,
    ];
    const finals = jobAnswerValues(recorded, job({ B: failed, A: ok({ quantity: 5 }) }));
    expect(finals).toEqual([
      ['A', '', 'quantity', 4, 'snapshot', 5, 'OK', 'undo', '7'],
      ['B', '', 'quantity', 5, 'snapshot', 6, 'refused', 'cell', '7'],
    ]);
    // The queued records are not touched.
    expect(recorded[0][6]).toBe('queued');
    expect(jobAnswerValues([...recorded, ...finals], job({ B: failed, A: ok({ quantity: 5 }) }))).toEqual([]);
  });

  test('read back, the later answer stands in the place of the queued record', () => {
    const values = [queued('A', 5), queued('B', 6), ['C', '', 'quantity', 1, 'read', 2, 'OK', 'cell'] as LedgerValue];
    const finals = jobAnswerValues(values, job({ A: ok({ quantity: 5 }), B: failed }));
    expect(latestAnswers([...values, ...finals]).map((v) => [v[0], v[6]])).toEqual([
      ['A', 'OK'],
      ['B', 'refused'],
      ['C', 'OK'],
    ]);
  });
});

describe('refreshing job results adds their answers to the ledger', () => {
  const push: LedgerPush = {
    id: 'run-1',
    at: T0,
    title: 'Push stock and prices, async (all rows)',
    by: 'seller@example.com',
    byKey: 'seller@example.com',
    sheet: 'Stock & Prices',
    operation: 'async',
  };

  function world(): JobsWorld {
    wireFeatures();
    const w = jobsWorld({
      rows: [
        ['A', 5, 'Pending', 'Queued in async job 7', '7'],
        ['B', 6, 'Pending', 'Queued in async job 7', '7'],
      ],
      sent: { '7': { A: { quantity: 5 }, B: { quantity: 6 } } },
      jobs: [{ jobId: '7', runId: 'run-1', rows: 2 }],
    });
    appendLedger(w.ctx.ports.workbook, push, [queued('A', 5), queued('B', 6)]);
    // Another push after it, which its job's answers must not make older.
    appendLedger(w.ctx.ports.workbook, { ...push, id: 'run-2', at: T0 + MIN }, [['Z', '', 'quantity', 1, 'read', 2, 'OK', 'cell']]);
    return w;
  }
  const records = (w: JobsWorld) =>
    w
      .sheet(LEDGER_SHEET)
      .slice(1)
      .flatMap((r) => (JSON.parse(String(r[9])) as LedgerValue[]).map((v) => [r[1], v[0], v[5], v[6], v[8]]));

  test('one SKU refused, one confirmed, listed in the other order: each gets its own answer, once', () => {
    const w = world();
    w.clock.set(T0 + 10 * MIN);
    w.hub.jobs.set('7', [item('B', 'Fallido', 'Amazon', { stock: 6 }), item('A', 'Finalizado', 'Amazon', { stock: 5 })]);
    expect(refreshJobs(w.ctx).open).toBe(0);
    expect(records(w)).toEqual([
      ['run-1', 'A', 5, 'queued', '7'],
      ['run-1', 'B', 6, 'queued', '7'],
      ['run-2', 'Z', 2, 'OK', undefined],
      ['run-1', 'A', 5, 'OK', '7'],
      ['run-1', 'B', 6, 'refused', '7'],
    ]);
    const row = w.sheet(LEDGER_SHEET)[3];
    expect(row.slice(1, 9)).toEqual(['run-1', push.title, push.by, push.sheet, 2, '1 OK, 1 refused', push.byKey, 'async']);
    expect((row[0] as Date).getTime()).toBe(T0 + 10 * MIN);

    // Refreshed again, and the same results said again: nothing more.
    refreshJobs(w.ctx);
    jobResultsKnown.emit(w.ctx, { jobs: [job({ A: ok({ quantity: 5 }), B: failed })] });
    expect(records(w)).toHaveLength(5);

    // A revert reads the final answers; the newest push is still the one made last.
    const read = readLedgerPush(w.ctx.ports.workbook, 'run-1', () => true);
    expect(read?.push.values.map((v) => [v[0], v[6]])).toEqual([
      ['A', 'OK'],
      ['B', 'refused'],
    ]);
    expect(read?.newest).toBe('run-2');
    // The History shows both records, the queued ones saying their final answer.
    const history = readHistory(w.ctx.ports.workbook, 'UTC', { push: 'run-1' });
    expect(history.entries.map((e) => [e.sku, e.answer, e.answeredLater])).toEqual([
      ['B', 'refused', undefined],
      ['A', 'OK', undefined],
      ['B', 'queued', 'refused'],
      ['A', 'queued', 'OK'],
    ]);
  });

  test('a job whose push the ledger no longer keeps, or followed without its push, adds nothing', () => {
    const w = world();
    jobResultsKnown.emit(w.ctx, {
      jobs: [
        { ...job({ A: ok({ quantity: 5 }) }), runId: 'gone' },
        { ...job({}), runId: undefined },
      ],
    });
    expect(records(w)).toHaveLength(3);
  });
});

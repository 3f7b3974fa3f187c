/**
 * The async jobs' write-back (src/core/jobs/write-back.ts) called directly over in-memory ports:
 * a job's result goes to the row that still carries its Job id and SKU, wherever that row is
 * now; a row that moved on to a newer job is left alone (or loses its OK when an older job
 * finished only now); the snapshot records what the job confirmed.
 */
import fc from 'fast-check';
import type { PushedValues } from '../../../../src/sheet';
import type { CellValue } from '../../../../src/core/kernel/ports';
import type { RowResult } from '../../../../src/core/pipeline/types';
import { SnapshotStore } from '../../../../src/core/pipeline/snapshot';
import { type JobWriteBack, writeBackJobs } from '../../../../src/core/jobs/write-back';
import { jobsWorld } from './fixture';

const ok = (quantity: number): RowResult => ({
  status: 'OK',
  message: `Quantity ${quantity} set by the job`,
  channels: {},
  confirmed: { quantity },
});

type Given = Omit<Partial<JobWriteBack>, 'finals' | 'sent'> & {
  finals?: Record<string, Record<string, RowResult>>;
  sent?: Record<string, Record<string, PushedValues>>;
};

/** The write-back's input from plain objects: job id → SKU → result / values sent. */
function input(given: Given): JobWriteBack {
  const nested = <T>(o: Record<string, Record<string, T>> = {}) =>
    new Map(Object.entries(o).map(([k, v]) => [k, new Map(Object.entries(v))]));
  return {
    finals: nested(given.finals),
    notes: given.notes ?? new Map(),
    unresolved: given.unresolved ?? new Map(),
    sent: nested(given.sent),
    aliases: {},
    undoJobs: given.undoJobs,
  };
}

describe('writeBackJobs', () => {
  test('property: each final result lands on the row with its SKU and Job id (found by SKU, never by position), and is confirmed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }), (quantities) => {
        const rows: CellValue[][] = quantities.map((q, i) => [`S${i}`, q, 'Pending', 'Queued in async job 7', '7']);
        const world = jobsWorld({ rows, sent: {}, jobs: [] });
        const finals = Object.fromEntries(quantities.map((q, i) => [`S${i}`, ok(q)]));
        const sent = Object.fromEntries(quantities.map((q, i) => [`S${i}`, { quantity: q }]));
        writeBackJobs(world.ctx, input({ finals: { '7': finals }, sent: { '7': sent } }));
        for (const row of world.stockRows()) {
          expect(row).toMatchObject({ 'Sync status': 'OK', 'Job id': '7' });
          expect(row['Sync message']).toBe(`Quantity ${row.Quantity} set by the job`);
        }
        const confirmed = new SnapshotStore(world.ctx.ports.workbook).load();
        quantities.forEach((q, i) => expect(confirmed.get(`S${i}`)?.quantity).toBe(q));
      }),
      { numRuns: 50 },
    );
  });

  test("a row now carrying another push's Job id is not written; an OK row an older job finished over says Unconfirmed", () => {
    const world = jobsWorld({
      rows: [
        ['A', 9, 'Pending', 'Queued in async job 2', '2'],
        ['B', 6, 'OK', 'Quantity 6 sent', '3'],
      ],
      sent: {},
      jobs: [],
    });
    writeBackJobs(world.ctx, input({ finals: { '1': { A: ok(5), B: ok(4) } }, sent: { '1': { A: { quantity: 5 }, B: { quantity: 4 } } } }));
    const [a, b] = world.stockRows();
    expect(a).toMatchObject({ 'Sync status': 'Pending', 'Job id': '2' });
    expect(b).toMatchObject({ 'Sync status': 'Unconfirmed', 'Job id': '3' });
    expect(String(b['Sync message'])).toMatch(/Async job 1, sent before this row's last push, finished only now/);
    // Neither old value is recorded as confirmed.
    const confirmed = new SnapshotStore(world.ctx.ports.workbook).load();
    expect(confirmed.get('A')?.quantity).toBeUndefined();
    expect(confirmed.get('B')?.quantity).toBeUndefined();
  });

  test('an open job: the row stays Pending with the hub’s word, and nothing is confirmed', () => {
    const world = jobsWorld({ rows: [['A', 9, 'Pending', 'Queued in async job 2', '2']], sent: {}, jobs: [] });
    writeBackJobs(world.ctx, input({ notes: new Map([['2', new Map([['A', 'The hub says: En proceso']])]]) }));
    expect(world.stockRows()[0]).toMatchObject({ 'Sync status': 'Pending', 'Sync message': 'The hub says: En proceso' });
    expect(new SnapshotStore(world.ctx.ports.workbook).load().get('A')).toBeUndefined();
  });

  test('rows with no result by the deadline are counted per job, and their SKU keeps nothing the job may have set', () => {
    const world = jobsWorld({
      rows: [
        ['A', 9, 'Pending', '', '4'],
        ['B', 3, 'Pending', '', '4'],
      ],
      sent: {},
      jobs: [],
    });
    const late: RowResult = { status: 'Error', message: 'No result', channels: {} };
    const marked = writeBackJobs(
      world.ctx,
      input({
        finals: { '4': { A: late, B: ok(3) } },
        sent: { '4': { A: { quantity: 9 }, B: { quantity: 3 } } },
        unresolved: new Map([['4', new Set(['A'])]]),
      }),
    );
    expect(marked).toEqual(new Map([['4', 1]]));
    expect(world.stockRows().map((r) => r['Sync status'])).toEqual(['Error', 'OK']);
  });

  test('nothing to write: the sheet is not even read', () => {
    const world = jobsWorld({ rows: [['A', 9]], sent: {}, jobs: [] });
    const sheet = world.ctx.ports.workbook.sheet('Stock & Prices')!;
    let reads = 0;
    const readAll = sheet.readAll.bind(sheet);
    sheet.readAll = () => {
      reads++;
      return readAll();
    };
    expect(writeBackJobs(world.ctx, input({}))).toEqual(new Map());
    expect(reads).toBe(0);
  });
});

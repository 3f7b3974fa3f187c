/**
 * The push as a use case (src/core/push/run.ts) over in-memory ports: a menu push, its
 * continuation by the background trigger, the sidebar's chunks, and — above all — resuming an
 * execution Google killed: rows the journal recorded as confirmed are never sent again.
 */
import fc from 'fast-check';
import { runBackgroundWork } from '../../../../src/core/background/dispatch';
import { BACKGROUND_HANDLER } from '../../../../src/core/background/trigger';
import { BusyError } from '../../../../src/core/kernel/errors';
import { journalCadence, readJournal } from '../../../../src/core/push/journal';
import { readRun } from '../../../../src/core/push/run-store';
import { cancelPush, continueInBackground, continuePush, pushFromMenu, startPush } from '../../../../src/core/push/run';
import { type PushWorld, STOCK, killed, pushWorld } from './world';

const skusOf = (w: PushWorld): string[] => w.rows().map((r) => String(r.SKU));
const sentTwice = (w: PushWorld): string[] => [...w.sends].filter(([, n]) => n > 1).map(([sku]) => sku);

/** Every row OK, and the hub holds each row's quantity. */
function expectAllConfirmed(w: PushWorld): void {
  for (const row of w.rows()) {
    expect([row.SKU, row['Sync status']]).toEqual([row.SKU, 'OK']);
    expect(w.held.get(String(row.SKU))).toBe(row.Quantity);
  }
}

describe('a menu push', () => {
  test('sends every row once, in ceil(rows / 50) requests and rounds of at most `concurrency`, writes OK and a Log line, leaves nothing behind', () => {
    const w = pushWorld({ skus: 230 });
    const result = pushFromMenu(w.execution(), 'stock', 'all');
    expect(result).toMatchObject({ finished: true, done: 230, ok: 230, failed: 0, requests: 5 });
    expect(w.hub.transport.rounds).toEqual([2, 2, 1]);
    expect(sentTwice(w)).toEqual([]);
    expect(w.sends.size).toBe(230);
    expectAllConfirmed(w);
    expect(w.workbook.grid('Log')[1].join(' | ')).toMatch(/Push stock \(all rows\).*230/);
    expect(readRun(w.doc)).toBeNull();
    expect(w.doc.entries('pushJournal.')).toEqual({});
    expect(w.scheduler.triggers).toEqual([]);
  });

  test('out of time: the rest waits for a one-off trigger a minute later, which finishes it without sending any row twice', () => {
    // 40 requests of 10 s each, one at a time: 27 fit in 4½ minutes.
    const w = pushWorld({ skus: 2000, settings: { concurrency: 1 } });
    w.latencyMs = 10_000;
    const first = pushFromMenu(w.execution(), 'stock', 'all');
    expect(first.finished).toBe(false);
    expect(first.done).toBeGreaterThan(0);
    expect(first.done).toBeLessThan(2000);
    expect(first.message).toMatch(/rest continues in the background in about a minute/);
    expect(w.scheduler.triggers).toEqual([expect.objectContaining({ handler: BACKGROUND_HANDLER, ms: 60_000 })]);
    const firstSent = w.sends.size;
    expect(firstSent).toBe(first.done);

    w.clock.advance(60_000);
    const steps = runBackgroundWork(w.execution({ interactive: false }));
    expect(steps).toEqual([expect.objectContaining({ work: 'push', ran: true })]);
    expect(readRun(w.doc)).toBeNull();
    expect(w.sends.size).toBe(2000);
    expect(sentTwice(w)).toEqual([]);
    expectAllConfirmed(w);
    expect(w.scheduler.triggers).toEqual([]);
  });

  test("a continuation whose requests the hub fails is a failed background run, never a success: its rows say Error with the hub's words", () => {
    const w = pushWorld({ skus: 2000, settings: { concurrency: 1 } });
    w.latencyMs = 10_000;
    const first = pushFromMenu(w.execution(), 'stock', 'all');
    expect(first.finished).toBe(false);
    w.hub.on('updatestock', () => ({ status: 500, body: { Message: 'An error has occurred.' } }));
    w.clock.advance(60_000);
    const steps = runBackgroundWork(w.execution({ interactive: false }));
    expect(steps).toEqual([
      expect.objectContaining({
        work: 'push',
        ran: true,
        failed: true,
        message: expect.stringMatching(
          /^Rows not pushed: \d+ requests? failed; first problem, row \d+: The hub failed on Update Stock \(HTTP 500\)/,
        ),
      }),
    ]);
    const failed = w.rows().filter((r) => r['Sync status'] === 'Error');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => /HTTP 500/.test(String(r['Sync message'])))).toBe(true);
  });

  test('a continuation whose rows the hub refuses one by one (not its requests) is a success of the background work', () => {
    const w = pushWorld({ skus: 2000, settings: { concurrency: 1 } });
    w.latencyMs = 10_000;
    pushFromMenu(w.execution(), 'stock', 'all');
    w.hub.on('updatestock', (req) => ({
      status: 200,
      body: (req.body as Array<{ sku: string; quantity: number }>).map((i) => ({
        sku: i.sku,
        quantity: i.quantity,
        status: 'error',
        msg: 'Producto no encontrado',
        sites: '',
      })),
    }));
    w.clock.advance(60_000);
    const steps = runBackgroundWork(w.execution({ interactive: false }));
    expect(steps).toEqual([expect.objectContaining({ work: 'push', ran: true })]);
    expect(steps[0].failed).toBeFalsy();
  });

  test('another push of the same sheet holds it: a second user is refused, by name, and nothing is sent', () => {
    const w = pushWorld({ skus: 2000, settings: { concurrency: 1 } });
    w.latencyMs = 10_000;
    pushFromMenu(w.execution(), 'stock', 'all');
    const sent = w.hub.seen.length;
    expect(() => pushFromMenu(w.execution({ user: 'colleague@example.com' }), 'stock', 'all')).toThrow(BusyError);
    expect(() => pushFromMenu(w.execution({ user: 'colleague@example.com' }), 'stock', 'all')).toThrow(
      /Push stock \(all rows\) on "Stock & Prices" by seller@example\.com.* is still running/,
    );
    expect(w.hub.seen.length).toBe(sent);
  });

  test('the document lock held elsewhere: refused before anything is read or sent', () => {
    const w = pushWorld({ skus: 5 });
    w.lock.held = true;
    expect(() => pushFromMenu(w.execution(), 'stock', 'all')).toThrow(BusyError);
    expect(w.hub.seen).toEqual([]);
    expect(readRun(w.doc)).toBeNull();
  });
});

describe('resuming an execution that was killed', () => {
  test('killed after every round, before the write-back: the next execution writes the journalled rows and sends nothing', () => {
    const w = pushWorld({ skus: 120 });
    w.killAtWriteBack(true);
    killed(() => pushFromMenu(w.execution(), 'stock', 'all'));
    const requests = w.hub.seen.length;
    expect(requests).toBe(3);
    expect(w.rows().every((r) => r['Sync status'] === undefined || r['Sync status'] === '')).toBe(true);
    expect(readJournal(w.doc, readRun(w.doc)!.id).length).toBeGreaterThan(0);

    // Pushing again is resuming: the journal answers for every row.
    const again = pushFromMenu(w.execution(), 'stock', 'all');
    expect(again).toMatchObject({ finished: true, ok: 120 });
    expect(w.hub.seen.length).toBe(requests);
    expect(sentTwice(w)).toEqual([]);
    expectAllConfirmed(w);
    expect(w.rows()[0]['Sync message']).toMatch(/Confirmed by the hub before an interruption; not sent again/);
    expect(w.doc.entries('pushJournal.')).toEqual({});
  });

  test('a journalled row whose quantity the seller changed before the resume is sent again (the journal never confirms a new value); its range of rows with it', () => {
    const w = pushWorld({ skus: 3 });
    w.killAtWriteBack(true);
    killed(() => pushFromMenu(w.execution(), 'stock', 'all'));
    w.workbook.sheets.get(STOCK)!.write(3, 2, [[999]]);
    pushFromMenu(w.execution(), 'stock', 'all');
    expect(w.sends.get('SKU-0002')).toBe(2);
    expect(w.held.get('SKU-0002')).toBe(999);
    // Adjacent rows are journalled as one range with one hash: the changed row voids its range.
    expect(sentTwice(w)).toEqual(['SKU-0001', 'SKU-0002', 'SKU-0003']);
    expectAllConfirmed(w);
    expect(w.rows()[1]['Sync message']).toMatch(/^Quantity 999 sent/);
  });

  test('a journalled row sorted elsewhere before the resume is sent again rather than confirmed on the wrong row', () => {
    const w = pushWorld({ skus: 3 });
    w.killAtWriteBack(true);
    killed(() => pushFromMenu(w.execution(), 'stock', 'all'));
    const sheet = w.workbook.sheets.get(STOCK)!;
    sheet.grid = [sheet.grid[0], ...sheet.grid.slice(1).reverse()];
    pushFromMenu(w.execution(), 'stock', 'all');
    expectAllConfirmed(w);
    // The range's hash no longer matches the rows now there: each row sent again, each result its own.
    expect(sentTwice(w)).toEqual(['SKU-0001', 'SKU-0002', 'SKU-0003']);
    for (const row of w.rows()) expect(row['Sync message']).toMatch(new RegExp(`^Quantity ${row.Quantity} sent`));
  });

  test('property: killed at any request, then resumed by the trigger — every row ends confirmed, and no row the journal recorded is sent again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 420 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 12 }),
        (skus, concurrency, killAt) => {
          const w = pushWorld({ skus, settings: { concurrency } });
          const requests = Math.ceil(skus / 50);
          fc.pre(killAt <= requests);
          // What the journal holds when the execution dies, read at the kill.
          let journalled = new Set<string>();
          const before = w.hub.beforeAnswer;
          w.hub.beforeAnswer = (req) => {
            if (req.n === killAt) {
              const run = readRun(w.doc);
              const skuAt = skusOf(w);
              journalled = new Set(run ? readJournal(w.doc, run.id).flatMap(([a, b]) => skuAt.slice(a - 2, b - 1)) : []);
            }
            before(req);
          };
          w.killAtRequest(killAt);
          killed(() => pushFromMenu(w.execution(), 'stock', 'all'));
          w.clock.advance(7 * 60_000);
          // The trigger armed before the first request (a long push), or the seller pushing again.
          const resumed = continueInBackground(w.execution({ interactive: false })) ?? pushFromMenu(w.execution(), 'stock', 'all');
          expect(resumed.finished).toBe(true);
          expectAllConfirmed(w);
          const twice = sentTwice(w);
          for (const sku of twice) expect(journalled.has(sku)).toBe(false);
          // At most what was answered since the last journal write goes again: two full rounds, and the round in flight.
          expect(twice.length).toBeLessThanOrEqual(journalCadence(concurrency) + 50 * concurrency);
          expect(readRun(w.doc)).toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the sidebar: chunk by chunk', () => {
  test('startPush counts, continuePush sends a chunk per call until done; a colleague cannot continue it', () => {
    const w = pushWorld({ skus: 45, settings: { chunkRows: 20 } });
    const start = startPush(w.execution(), 'stock', 'all');
    expect(start).toMatchObject({ total: 45, done: 0, finished: false });
    expect(w.hub.seen).toEqual([]);
    const dones: number[] = [];
    let p = start;
    while (!p.finished) {
      p = continuePush(w.execution(), start.runId);
      dones.push(p.done);
    }
    expect(dones).toEqual([20, 40, 45]);
    expect(sentTwice(w)).toEqual([]);
    expectAllConfirmed(w);
    expect(() => continuePush(w.execution(), start.runId)).toThrow(/no longer running/);
  });

  test('cancel between chunks: the rows done stay done, the rest is never sent, and the Log says so', () => {
    const w = pushWorld({ skus: 45, settings: { chunkRows: 20 } });
    const start = startPush(w.execution(), 'stock', 'all');
    continuePush(w.execution(), start.runId);
    const cancelled = cancelPush(w.execution(), start.runId);
    expect(cancelled).toMatchObject({ finished: true, cancelled: true, done: 20 });
    expect(w.sends.size).toBe(20);
    expect(w.rows().filter((r) => r['Sync status'] === 'OK')).toHaveLength(20);
    expect(w.workbook.grid('Log')[1].join(' | ')).toMatch(/Cancelled by the user/);
    expect(readRun(w.doc)).toBeNull();
  });

  test('a chunk killed at its write-back: the next continuePush writes it from the journal and goes on', () => {
    const w = pushWorld({ skus: 45, settings: { chunkRows: 20 } });
    const start = startPush(w.execution(), 'stock', 'all');
    w.killAtWriteBack(true);
    killed(() => continuePush(w.execution(), start.runId));
    let p = continuePush(w.execution(), start.runId);
    while (!p.finished) p = continuePush(w.execution(), start.runId);
    expect(sentTwice(w)).toEqual([]);
    expectAllConfirmed(w);
  });
});

describe('selected rows', () => {
  /** A world whose 40 rows are all selected, counting the rows checked for hidden (a Sheets call or two per row in Apps Script). */
  function selectedWorld(): { w: PushWorld; checked: () => number } {
    const w = pushWorld({ skus: 40 });
    w.workbook.selected = { sheet: STOCK, rows: [{ start: 2, end: 41 }] };
    let checked = 0;
    w.workbook.sheets.get(STOCK)!.hiddenRows = (first, last) => {
      checked += last - first + 1;
      return new Set([3]);
    };
    return { w, checked: () => checked };
  }

  test.each([
    ['the menu', (w: PushWorld) => pushFromMenu(w.execution(), 'stock', 'selected')],
    ['the sidebar', (w: PushWorld) => startPush(w.execution(), 'stock', 'selected')],
  ])('a push from %s checks each selected row for hidden once: the question before it and the run share one walk', (_, push) => {
    const { w, checked } = selectedWorld();
    const result = push(w);
    expect(result.question).toBeUndefined();
    expect(result.total).toBe(39);
    expect(checked()).toBe(40);
    expect(w.rows()[1]['Sync status']).toBe('Skipped');
  });
});

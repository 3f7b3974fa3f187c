/**
 * One chunk of a push (src/core/push/chunk.ts) and its round queue (rounds.ts), over in-memory
 * ports: results land on their row by SKU whatever the seller did to the sheet while requests
 * were in flight, the journal is written at its cadence, and the queue keeps a row's general
 * value and the per-channel values that follow it in separate rounds.
 */
import fc from 'fast-check';
import type { ByChannelUpdate, StockItem } from '../../../../src/api/schemas/stock';
import type { CellValue } from '../../../../src/core/kernel/ports';
import { journalCadence } from '../../../../src/core/push/journal';
import type { RowPlan } from '../../../../src/core/pipeline/parts';
import { RoundQueue } from '../../../../src/core/push/rounds';
import { pushFromMenu } from '../../../../src/core/push/run';
import { partsPerRound } from '../../../../src/core/pipeline/send';
import { SnapshotStore } from '../../../../src/core/pipeline/snapshot';
import { type PushWorld, STOCK, pushWorld } from './world';

const stockSheet = (w: PushWorld) => w.workbook.sheets.get(STOCK)!;

/** Each row's result speaks of its own quantity, on its own row. */
function expectEachRowItsOwnResult(w: PushWorld): void {
  for (const row of w.rows()) {
    if (row.SKU === 'NEW-ROW') {
      expect(row['Sync status'] ?? '').toBe('');
      continue;
    }
    expect([row.SKU, row['Sync status']]).toEqual([row.SKU, 'OK']);
    expect([row.SKU, row['Sync message']]).toEqual([row.SKU, expect.stringMatching(new RegExp(`^Quantity ${row.Quantity} sent`))]);
  }
}

describe('rows moved between the read and the write-back', () => {
  test('property: sorted, shuffled or pushed down by a new row while a request is in flight, each result lands on its SKU', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 160 }),
        fc.integer({ min: 1, max: 4 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        fc.boolean(),
        (skus, at, randoms, insert) => {
          const w = pushWorld({ skus, rows: Array.from({ length: skus }, (_, i) => [`S${i}`, i + 1]) });
          fc.pre(at <= Math.ceil(skus / 50));
          w.whileInFlight((req) => {
            if (req.n !== at) return;
            const sheet = stockSheet(w);
            const body = sheet.grid.slice(1);
            // A shuffle drawn from the stream (Fisher–Yates), and perhaps a new row at the top.
            const it = randoms[Symbol.iterator]();
            for (let i = body.length - 1; i > 0; i--) {
              const j = Math.min(i, Math.floor((it.next().value as number) * (i + 1)));
              [body[i], body[j]] = [body[j], body[i]];
            }
            sheet.grid = [sheet.grid[0], ...(insert ? [['NEW-ROW', 5] as CellValue[]] : []), ...body];
          });
          const result = pushFromMenu(w.execution(), 'stock', 'all');
          expect(result).toMatchObject({ finished: true, ok: skus, failed: 0 });
          expectEachRowItsOwnResult(w);
          // The snapshot is keyed by SKU: what the hub confirmed follows the SKU too.
          const confirmed = new SnapshotStore(w.workbook).load();
          for (const row of w.rows()) if (row.SKU !== 'NEW-ROW') expect(confirmed.get(String(row.SKU))?.quantity).toBe(row.Quantity);
        },
      ),
      { numRuns: 80 },
    );
  });

  test('a row deleted while its request was in flight: its result is written nowhere, and the row stays to be sent again', () => {
    const w = pushWorld({ skus: 3 });
    w.whileInFlight(() => stockSheet(w).deleteRows(3, 1));
    const result = pushFromMenu(w.execution(), 'stock', 'all');
    expect(result).toMatchObject({ finished: false, done: 2 });
    expect(w.rows().map((r) => [r.SKU, r['Sync status']])).toEqual([
      ['SKU-0001', 'OK'],
      ['SKU-0003', 'OK'],
    ]);
  });

  test('a quantity edited while its request was in flight: not OK, the row says what was sent and what it holds now', () => {
    const w = pushWorld({ skus: 3 });
    w.whileInFlight(() => void (stockSheet(w).grid[2][1] = 40));
    pushFromMenu(w.execution(), 'stock', 'all');
    const row = w.rows()[1];
    expect(row['Sync status']).not.toBe('OK');
    expect(String(row['Sync message'])).toMatch(/7/);
    expect(String(row['Sync message'])).toMatch(/40/);
    // Nothing is recorded as confirmed for a value the row no longer shows.
    expect(new SnapshotStore(w.workbook).load().get('SKU-0002')?.quantity).not.toBe(40);
  });
});

describe('the journal, written at its cadence', () => {
  test.each([1, 2, 4])(
    'concurrency %i: one journal write per two full rounds, and one after the last; cleared once results are written',
    (concurrency) => {
      const skus = 50 * concurrency * 7;
      const w = pushWorld({ skus, settings: { concurrency } });
      const writes: number[] = [];
      const set = w.doc.set;
      w.doc.set = (key, value) => {
        if (key.startsWith('pushJournal.')) writes.push(w.hub.seen.length);
        set(key, value);
      };
      pushFromMenu(w.execution(), 'stock', 'all');
      // 7 full rounds of `concurrency` requests: written after rounds 2, 4, 6 (the cadence) and the last.
      expect(journalCadence(concurrency)).toBe(2 * 50 * concurrency);
      expect(writes).toEqual([2, 4, 6, 7].map((round) => round * concurrency));
      expect(w.doc.entries('pushJournal.')).toEqual({});
    },
  );
});

describe('a hub that refuses', () => {
  test("a SKU the hub answers with an error: that row says Error in the hub's words, the others OK, and the Log names the first failure", () => {
    const w = pushWorld({ skus: 3 });
    w.hub.on('updatestock', (req) => ({
      status: 200,
      body: (req.body as StockItem[]).map((i) =>
        i.sku === 'SKU-0002'
          ? { sku: i.sku, quantity: i.quantity, status: 'error', msg: 'Producto no encontrado', sites: '', jobId: 1 }
          : { sku: i.sku, quantity: i.quantity, status: 'success', msg: 'ok', sites: 'amazon: OK', jobId: 1 },
      ),
    }));
    const result = pushFromMenu(w.execution(), 'stock', 'all');
    expect(result).toMatchObject({ ok: 2, failed: 1 });
    expect(w.rows().map((r) => r['Sync status'])).toEqual(['OK', 'Error', 'OK']);
    expect(String(w.rows()[1]['Sync message'])).toMatch(/Producto no encontrado/);
    expect(w.workbook.grid('Log')[1].join(' | ')).toMatch(
      /First problem, row 3: SKU not found in the hub: check the SKU or create the product in the hub\.$/,
    );
  });

  test('a 401: the push stops at once, says why, and the rows not sent stay as they were', () => {
    const w = pushWorld({ skus: 300, settings: { concurrency: 1 } });
    w.hub.on('updatestock', () => ({ status: 401, body: { message: 'Unauthorized' } }));
    expect(() => pushFromMenu(w.execution(), 'stock', 'all')).toThrow(/stopped/);
    expect(w.hub.seen.length).toBe(1);
    expect(
      w
        .rows()
        .slice(50)
        .every((r) => (r['Sync status'] ?? '') === ''),
    ).toBe(true);
  });
});

/** A by-channel part for `sku`: per-channel quantities, which must follow the row's general quantity. */
function plan(rowNumber: number, withGeneral: boolean, channels: number): Extract<RowPlan, { send: true }> {
  const sku = `S${rowNumber}`;
  const parts: Extract<RowPlan, { send: true }>['parts'] = [];
  if (withGeneral) parts.push({ kind: 'stock', rowNumber, item: { sku, quantity: 1 }, values: { quantity: 1 } });
  for (let c = 0; c < channels; c++)
    parts.push({
      kind: 'byChannel',
      rowNumber,
      item: { sku, channelData: [{ channel: `ch${c}`, quantity: 2 }] } as ByChannelUpdate,
      values: { [`quantity:ch${c}`]: 2 },
    });
  return { rowNumber, sku, send: true, parts, notes: [] };
}

describe('the round queue', () => {
  test('property: every part goes once; a round holds at most what a fetchAll round carries per kind; a row’s per-channel quantities go in a later round than its general one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ general: fc.boolean(), channels: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 1, max: 4 }),
        (rows, concurrency) => {
          const plans = rows.map((r, i) => plan(i + 2, r.general || r.channels === 0, r.channels));
          const queue = new RoundQueue(plans);
          const capacity = (kind: Parameters<typeof partsPerRound>[0]) => partsPerRound(kind, concurrency);
          const roundOf = new Map<string, number>();
          let round = 0;
          while (!queue.empty) {
            const taken = queue.take(capacity);
            expect(taken.length).toBeGreaterThan(0);
            const perKind = new Map<string, number>();
            for (const { row, indexes } of taken)
              for (const i of indexes) {
                const part = row.plan.parts[i];
                const key = `${row.plan.rowNumber}:${i}`;
                expect(roundOf.has(key)).toBe(false);
                roundOf.set(key, round);
                perKind.set(part.kind, (perKind.get(part.kind) ?? 0) + 1);
                row.results[i] = { ok: true, message: 'ok', channels: {}, confirmed: {} };
              }
            for (const [kind, n] of perKind) expect(n).toBeLessThanOrEqual(capacity(kind as 'stock'));
            queue.settle(taken);
            round++;
          }
          plans.forEach((p) =>
            p.parts.forEach((part, i) => {
              expect(roundOf.has(`${p.rowNumber}:${i}`)).toBe(true);
              if (part.kind === 'byChannel' && p.parts[0].kind === 'stock')
                expect(roundOf.get(`${p.rowNumber}:${i}`)).toBeGreaterThan(roundOf.get(`${p.rowNumber}:0`)!);
            }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  test('rounds are filled to the brim: 120 stock rows at concurrency 1 are rounds of 50, 50 and 20', () => {
    const queue = new RoundQueue(Array.from({ length: 120 }, (_, i) => plan(i + 2, true, 0)));
    const sizes: number[] = [];
    while (!queue.empty) {
      const taken = queue.take((kind) => partsPerRound(kind, 1));
      for (const { row, indexes } of taken)
        for (const i of indexes) row.results[i] = { ok: true, message: '', channels: {}, confirmed: {} };
      queue.settle(taken);
      sizes.push(taken.length);
    }
    expect(sizes).toEqual([50, 50, 20]);
  });

  test('out of time (no new rows): only rows already begun go on, so no row is left half sent', () => {
    const queue = new RoundQueue([plan(2, true, 1), plan(3, true, 1)]);
    const first = queue.take((kind) => partsPerRound(kind, 1));
    // Row 2's and row 3's general quantities went; their per-channel quantities follow even when out of time.
    expect(first.map((e) => e.row.plan.rowNumber)).toEqual([2, 3]);
    for (const { row, indexes } of first) for (const i of indexes) row.results[i] = { ok: true, message: '', channels: {}, confirmed: {} };
    queue.settle(first);
    const next = queue.take((kind) => partsPerRound(kind, 1), false);
    expect(next.map((e) => [e.row.plan.rowNumber, e.indexes])).toEqual([[2, [1]]]);
    expect(queue.begun).toBe(true);
  });
});

import fc from 'fast-check';
import { floorOf, floorRounds } from '../../../bench/floor';
import { COSTS, type CostTable } from '../../../dev/gas-runtime/costs';

const costs: CostTable = {
  ...COSTS,
  urlFetchCallMs: 50,
  fetchAllParallelism: 10,
  sheetsRoundTripMs: 30,
  perCellReadMs: 0.01,
  perCellWriteMs: 0.15,
};

describe('benchmark floor', () => {
  test('requests ÷ concurrency rounds, each the latency plus the call overhead', () => {
    const f = floorOf({ requests: 200, concurrency: 8, latencyMs: 100, readCells: 0, writeBlocks: [] }, costs, 0);
    expect(f.requestMs).toBe(25 * 150);
  });

  test("a pull's first page goes alone", () => {
    expect(floorRounds(1000, 8, true)).toBe(1 + 125);
    expect(floorRounds(1000, 8)).toBe(125);
    expect(floorRounds(0, 8, true)).toBe(0);
  });

  test("rounds wider than Apps Script's parallelism wait once per wave", () => {
    const f = floorOf({ requests: 200, concurrency: 20, latencyMs: 100, readCells: 0, writeBlocks: [] }, costs, 0);
    expect(f.requestMs).toBe(10 * (2 * 100 + 50));
    const partial = floorOf({ requests: 25, concurrency: 20, latencyMs: 100, readCells: 0, writeBlocks: [] }, costs, 0);
    expect(partial.requestMs).toBe(2 * 100 + 50 + (100 + 50));
  });

  test('one read of the used columns, one write per block, one bundle load', () => {
    const f = floorOf({ requests: 0, concurrency: 8, latencyMs: 100, readCells: 100, writeBlocks: [1000, 10] }, costs, 17);
    expect(f.sheetsMs).toBeCloseTo(30 + 1 + (30 + 150) + (30 + 1.5), 9);
    expect(f.totalMs).toBeCloseTo(f.sheetsMs + 17, 9);
  });

  test('never below the request minimum, and never less for more work (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100_000 }),
        (requests, more, concurrency, firstAlone, cells) => {
          const rounds = floorRounds(requests, concurrency, firstAlone);
          const base = { concurrency, latencyMs: 100, firstAlone, readCells: cells, writeBlocks: [cells] };
          const a = floorOf({ ...base, requests }, costs, 0);
          const b = floorOf({ ...base, requests: requests + more }, costs, 0);
          const c = floorOf({ ...base, requests, readCells: cells + more, writeBlocks: [cells + more] }, costs, 0);
          return (
            rounds * concurrency + (firstAlone ? concurrency : 0) >= requests &&
            b.totalMs >= a.totalMs &&
            c.totalMs >= a.totalMs &&
            a.requestMs >= rounds * 150
          );
        },
      ),
    );
  });
});

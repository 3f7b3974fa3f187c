/**
 * What a background run does about scheduled sales: windows in force start, running sales whose
 * window is gone end, a changed sale price is sent again, a moved end is followed, and a window
 * over between two runs is missed and said so — whatever the seller edited in between.
 */
import * as fc from 'fast-check';
import { nextSaleChange, saleEvents, type RunningSale, type SaleWindow } from '../../../../src/core/sales/events';

const H = 3_600_000;

const win = (row: number, sku: string, channel: string, start: number, end: number, salePrice = 9): SaleWindow => ({
  row,
  sku,
  channel,
  salePrice,
  window: { start: start * H, end: end * H, notes: [] },
});
const running = (sku: string, channel: string, start: number, end: number, salePrice = 9): RunningSale => ({
  sku,
  channel,
  salePrice,
  start: start * H,
  end: end * H,
  before: 12,
});

describe('scheduled sale events at one run', () => {
  test('a window in force starts; one not yet in force, or over, does not', () => {
    const e = saleEvents([win(2, 'A', 'amazon', 1, 5), win(3, 'B', 'amazon', 6, 9), win(4, 'C', '', 0, 2)], [], 3 * H, 2.5 * H);
    expect(e.start.map((w) => w.row)).toEqual([2]);
    expect([e.reprice, e.moved, e.end, e.missed]).toEqual([[], [], [], []]);
  });

  test('a running sale goes on while its window is in force, and ends when it is over', () => {
    const r = running('A', 'amazon', 1, 5);
    expect(saleEvents([win(2, 'A', 'amazon', 1, 5)], [r], 4 * H, 3 * H)).toEqual({
      start: [],
      reprice: [],
      moved: [],
      end: [],
      missed: [],
    });
    expect(saleEvents([win(2, 'A', 'amazon', 1, 5)], [r], 5 * H, 4 * H).end).toEqual([r]);
  });

  test('edits while it runs: a new sale price is sent again, a moved end is followed, an end moved before now or a deleted row ends it', () => {
    const r = running('A', 'amazon', 1, 5);
    expect(saleEvents([win(2, 'A', 'amazon', 1, 5, 8)], [r], 3 * H, 2 * H).reprice).toEqual([
      { running: r, window: win(2, 'A', 'amazon', 1, 5, 8) },
    ]);
    expect(saleEvents([win(2, 'A', 'amazon', 1, 7)], [r], 3 * H, 2 * H).moved).toEqual([
      { running: r, window: win(2, 'A', 'amazon', 1, 7) },
    ]);
    expect(saleEvents([win(2, 'A', 'amazon', 1, 2.5)], [r], 3 * H, 2 * H).end).toEqual([r]);
    expect(saleEvents([win(2, 'A', 'amazon', 4, 6)], [r], 3 * H, 2 * H).end).toEqual([r]);
    expect(saleEvents([], [r], 3 * H, 2 * H).end).toEqual([r]);
  });

  test('a window that began and ended between two runs is missed (the add-on runs hourly), never started late', () => {
    const short = win(2, 'A', 'amazon', 1.2, 1.7);
    const e = saleEvents([short], [], 2 * H, 1 * H);
    expect(e.missed).toEqual([short]);
    expect(e.start).toEqual([]);
  });

  test('the next run is due at the next start or end', () => {
    expect(nextSaleChange([win(2, 'A', 'amazon', 1, 5), win(3, 'B', '', 6, 9)], [], 2 * H)).toBe(5 * H);
    expect(nextSaleChange([], [running('A', 'amazon', 1, 5)], 5 * H)).toBeNull();
  });

  test('property: run after run, at most one sale per SKU and channel, running exactly while a window is in force at a run', () => {
    const windows = fc.array(
      fc.record({
        sku: fc.constantFrom('A', 'B'),
        channel: fc.constantFrom('', 'amazon'),
        start: fc.integer({ min: 0, max: 40 }),
        length: fc.integer({ min: 1, max: 12 }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(windows, fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 20 }), (ws, steps) => {
        // One window per SKU and channel at a time, as the overlap check leaves them.
        const kept: SaleWindow[] = [];
        ws.forEach((w, i) => {
          const c = win(i + 2, w.sku, w.channel, w.start, w.start + w.length);
          if (
            !kept.some((k) => k.sku === c.sku && k.channel === c.channel && k.window.start < c.window.end && c.window.start < k.window.end)
          )
            kept.push(c);
        });
        let state: RunningSale[] = [];
        let now = 0;
        let last: number | null = null;
        for (const step of steps) {
          now += step * H;
          const e = saleEvents(kept, state, now, last);
          const ended = new Set(e.end);
          state = state.filter((r) => !ended.has(r));
          state = state.map((r) => {
            const w = [...e.reprice, ...e.moved].find((x) => x.running === r)?.window;
            return w ? { ...r, salePrice: w.salePrice, start: w.window.start, end: w.window.end } : r;
          });
          for (const w of e.start)
            state.push({ sku: w.sku, channel: w.channel, salePrice: w.salePrice, start: w.window.start, end: w.window.end, before: null });
          const inForce = kept.filter((w) => w.window.start <= now && now < w.window.end);
          expect(new Set(state.map((r) => `${r.sku}|${r.channel}`)).size).toBe(state.length);
          expect(state.map((r) => `${r.sku}|${r.channel}|${r.end}`).sort()).toEqual(
            inForce.map((w) => `${w.sku}|${w.channel}|${w.window.end}`).sort(),
          );
          last = now;
        }
      }),
      { numRuns: 300 },
    );
  });
});

import * as fc from 'fast-check';
import { packDistinct } from '../../../src/api/packing';

const keyOf = (s: string): string => s.split('#')[0];

describe('packDistinct: requests of at most 50 items, a key at most once per request', () => {
  test('distinct keys: the plain consecutive slices, order kept', () => {
    const items = Array.from({ length: 120 }, (_, i) => `S${i}`);
    const packed = packDistinct(items, keyOf, 50);
    expect(packed.map((r) => r.length)).toEqual([50, 50, 20]);
    expect(packed.flat()).toEqual(items);
  });

  test('a SKU with three channels in a small push: three requests, one item of it in each', () => {
    const packed = packDistinct(['A#amazon', 'A#walmart', 'A#meli', 'B#amazon'], keyOf, 50);
    expect(packed).toHaveLength(3);
    for (const request of packed) expect(new Set(request.map(keyOf)).size).toBe(request.length);
  });

  test('at scale (50+ SKUs per channel) the count stays ceil(items / 50)', () => {
    const items = Array.from({ length: 1000 }, (_, i) => `S${i}`).flatMap((s) => [`${s}#amazon`, `${s}#walmart`, `${s}#meli`]);
    expect(packDistinct(items, keyOf, 50)).toHaveLength(60);
  });

  test('property: every item once, no key twice in a request, <= max each, count = max(ceil(n/max), most per key)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 11 })), { maxLength: 400 }),
        fc.integer({ min: 1, max: 50 }),
        (pairs, max) => {
          const items = [...new Set(pairs.map(([s, c]) => `S${s}#C${c}`))];
          const packed = packDistinct(items, keyOf, max);
          expect(packed.flat().sort()).toEqual([...items].sort());
          for (const request of packed) {
            expect(request.length).toBeLessThanOrEqual(max);
            expect(request.length).toBeGreaterThan(0);
            expect(new Set(request.map(keyOf)).size).toBe(request.length);
          }
          const counts = new Map<string, number>();
          for (const i of items) counts.set(keyOf(i), (counts.get(keyOf(i)) ?? 0) + 1);
          const most = Math.max(0, ...counts.values());
          expect(packed).toHaveLength(items.length === 0 ? 0 : Math.max(Math.ceil(items.length / max), most));
        },
      ),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { chooseReads } from '../../../../src/core/pipeline/dry-run/read-strategy';
import { pageOffsets } from '../../../../src/core/pipeline/hub-reads/listing';

describe("chooseReads (the cheapest read of the hub's current values)", () => {
  test('a few SKUs of a large catalogue: one GET each', () => {
    expect(chooseReads(12, 10_000, false)).toMatchObject({ kind: 'perSku', requests: 12 });
  });

  test('many SKUs: the catalogue pages (205 for 10,000 products)', () => {
    expect(chooseReads(3_000, 10_000, false)).toMatchObject({ kind: 'catalogue', requests: 205 });
    expect(chooseReads(3_000, 10_000, false).why).toMatch(/one by one would take 3,000 requests/);
  });

  test('a general Quantity in scope: the catalogue, whatever the count (Get Price Stock By Channel does not return it)', () => {
    expect(chooseReads(1, 10_000, true)).toMatchObject({ kind: 'catalogue', requests: 205 });
  });

  test('never more requests than the other way (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (skus, total) => {
        const s = chooseReads(skus, total, false);
        expect(s.requests).toBe(Math.min(skus, pageOffsets(total).length));
      }),
    );
  });

  test('page 0 already read counts as read: the catalogue then costs its other pages (3 SKUs of 3 pages: the pages)', () => {
    expect(chooseReads(3, 120, false, true)).toMatchObject({ kind: 'catalogue', requests: 3 });
    expect(chooseReads(2, 120, false, true)).toMatchObject({ kind: 'perSku', requests: 3 });
  });

  test('with page 0 read, never more requests in all than the other way (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (skus, total) => {
        expect(chooseReads(skus, total, false, true).requests).toBe(Math.min(1 + skus, pageOffsets(total).length));
      }),
    );
  });
});

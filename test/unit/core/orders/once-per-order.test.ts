import { oncePerOrder } from '../../../../src/core/orders/once-per-order';

const o = (orderId: number, dateModified: string, copy = '') => ({ orderId, dateModified, copy });

describe('oncePerOrder', () => {
  it('keeps each order once, at the place of its first copy, with the latest copy', () => {
    const got = oncePerOrder([o(7, '2026-11-02T00:00:00Z', 'old'), o(8, '2026-11-02T00:00:00Z'), o(7, '2026-11-05T00:00:00Z', 'new')]);
    expect(got).toEqual([o(7, '2026-11-05T00:00:00Z', 'new'), o(8, '2026-11-02T00:00:00Z')]);
  });

  it('of copies with the same date the later listed wins; an unreadable date never beats a readable one', () => {
    expect(oncePerOrder([o(1, '2026-11-02T00:00:00Z', 'a'), o(1, '2026-11-02T00:00:00Z', 'b')])).toEqual([
      o(1, '2026-11-02T00:00:00Z', 'b'),
    ]);
    expect(oncePerOrder([o(1, '2026-11-02T00:00:00Z', 'a'), o(1, '0000-00-00 00:00:00', 'b')])).toEqual([
      o(1, '2026-11-02T00:00:00Z', 'a'),
    ]);
  });

  it('leaves an answer without repeats as it is', () => {
    const page = [o(3, '2026-11-01T00:00:00Z'), o(1, '2026-11-02T00:00:00Z'), o(2, '2026-11-03T00:00:00Z')];
    expect(oncePerOrder(page)).toEqual(page);
  });
});

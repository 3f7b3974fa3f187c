import fc from 'fast-check';
import { ruleMessage, rulePrice, ruleQuantity } from '../../../../src/core/pipeline/rules/apply';
import { roundToCents } from '../../../../src/sheet';
import { ruleFor, ruleProblem, type Rounding, type Rule } from '../../../../src/core/pipeline/rules/rule';

const base: Rule = {
  channel: 'amazon',
  rowNumber: 2,
  markupPct: 0,
  markupAmount: 0,
  rounding: { kind: 'none' },
  minPrice: null,
  maxPrice: null,
  bufferUnits: 0,
  bufferPct: 0,
  maxQuantity: null,
  zeroBelow: null,
  perChannelColumns: false,
};
const rule = (over: Partial<Rule>): Rule => ({ ...base, ...over });

describe('rulePrice', () => {
  test("the issue's example: 100, +20 %, .99 → 119.99, and the row message says so", () => {
    const ruled = rulePrice(100, rule({ markupPct: 20, rounding: { kind: 'ending', cents: 99 } }));
    expect(ruled).toEqual({ value: 119.99, steps: ['+20 %', '.99'] });
    expect(ruleMessage('Price', 'amazon', 100, ruled)).toBe('Price 100 \u2192 119.99 for amazon: +20 %, .99');
  });

  test('each rounding: to cents, .90, whole units, a multiple of N; a fixed amount after the percentage', () => {
    expect(rulePrice(10.123, base).value).toBe(10.12);
    expect(rulePrice(42.3, rule({ rounding: { kind: 'ending', cents: 90 } })).value).toBe(41.9);
    expect(rulePrice(42.6, rule({ rounding: { kind: 'whole' } })).value).toBe(43);
    expect(rulePrice(42.6, rule({ rounding: { kind: 'multiple', of: 5 } })).value).toBe(45);
    expect(rulePrice(100, rule({ markupPct: 10, markupAmount: 2.5 })).value).toBe(112.5);
  });

  test('the rounding stays inside the bounds, at the nearest value of its form inside them', () => {
    const r = rule({ markupPct: 50, rounding: { kind: 'ending', cents: 99 }, maxPrice: 150.5, minPrice: 10 });
    expect(rulePrice(100, r)).toEqual({ value: 149.99, steps: ['+50 %', '.99'] });
    // 150.99 is the nearest .99 to 150.50 but above the maximum: 149.99, and the row says why.
    expect(rulePrice(100.33, r)).toEqual({ value: 149.99, steps: ['+50 %', '.99', 'max 150.5'] });
    // No .99 between 10 and 10.5: the value the markup made.
    expect(rulePrice(10.2, rule({ rounding: { kind: 'ending', cents: 99 }, minPrice: 10, maxPrice: 10.5 })).value).toBe(10.2);
    // No multiple of 5 between 1 and 2: 1.5 stays 1.5, and ruled again stays 1.5.
    const narrow = rule({ rounding: { kind: 'multiple', of: 5 }, minPrice: 1, maxPrice: 2 });
    expect(rulePrice(1.5, narrow)).toEqual({ value: 1.5, steps: ['multiple of 5'] });
    expect(rulePrice(2, narrow).value).toBe(2);
  });

  test('what the markup makes is never clamped: at or below 0, below Min price or above Max price it is a breach, with the value it made', () => {
    const r = rule({ markupPct: 50, rounding: { kind: 'ending', cents: 99 }, maxPrice: 120, minPrice: 10 });
    expect(rulePrice(100, r)).toEqual({ value: 150, steps: ['+50 %'], breach: "above the rule's Max price 120" });
    expect(rulePrice(2, r)).toEqual({ value: 3, steps: ['+50 %'], breach: "below the rule's Min price 10" });
    expect(rulePrice(10, rule({ markupAmount: -15 }))).toEqual({ value: -5, steps: ['\u221215'], breach: 'a price must be above 0' });
    expect(rulePrice(15, rule({ markupAmount: -15 })).breach).toBe('a price must be above 0');
    expect(rulePrice(15.01, rule({ markupAmount: -15 }))).toEqual({ value: 0.01, steps: ['\u221215'] });
  });

  const rounding: fc.Arbitrary<Rounding> = fc.oneof(
    fc.constant<Rounding>({ kind: 'none' }),
    fc.constant<Rounding>({ kind: 'whole' }),
    fc.constantFrom<Rounding>({ kind: 'ending', cents: 99 }, { kind: 'ending', cents: 90 }),
    fc.integer({ min: 1, max: 50 }).map((of): Rounding => ({ kind: 'multiple', of })),
  );
  const bounds = fc
    .tuple(fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }), fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }))
    .filter(([lo, hi]) => lo === null || hi === null || lo <= hi);

  test('property: a value let through is never above the maximum, never below the minimum, always above 0; a breach is exactly what the markup made', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.integer({ min: -90, max: 300 }),
        fc.integer({ min: -50, max: 50 }),
        rounding,
        bounds,
        (price, markupPct, markupAmount, r, [minPrice, maxPrice]) => {
          const ruled = rulePrice(price, rule({ markupPct, markupAmount, rounding: r, minPrice, maxPrice }));
          const made = roundToCents(price * (1 + markupPct / 100) + markupAmount);
          if (ruled.breach !== undefined) {
            expect(ruled.value).toBe(made);
            expect(made <= 0 || (minPrice !== null && made < minPrice) || (maxPrice !== null && made > maxPrice)).toBe(true);
            return;
          }
          // Above 0 (a rounding to 0 would list the product for nothing).
          expect(ruled.value).toBeGreaterThan(0);
          if (maxPrice !== null) expect(ruled.value).toBeLessThanOrEqual(maxPrice);
          if (minPrice !== null) expect(ruled.value).toBeGreaterThanOrEqual(minPrice);
        },
      ),
    );
  });

  test('property: the same base gives the same value (preview, then push); rounding and bounds leave a ruled value as it is', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100_000, noNaN: true }), rounding, bounds, (price, r, [minPrice, maxPrice]) => {
        const shaped = rule({ rounding: r, minPrice, maxPrice });
        const once = rulePrice(price, rule({ markupPct: 20, rounding: r, minPrice, maxPrice })).value;
        expect(rulePrice(price, rule({ markupPct: 20, rounding: r, minPrice, maxPrice })).value).toBe(once);
        const shapedOnce = rulePrice(price, shaped).value;
        expect(rulePrice(shapedOnce, shaped).value).toBe(shapedOnce);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('ruleQuantity', () => {
  test('buffer in units and percent, send 0 below, the most listed', () => {
    expect(ruleQuantity(10, rule({ bufferUnits: 2 }))).toEqual({ value: 8, steps: ['buffer 2'] });
    expect(ruleQuantity(10, rule({ bufferPct: 15 })).value).toBe(8);
    expect(ruleQuantity(4, rule({ bufferUnits: 1, zeroBelow: 5 }))).toEqual({ value: 0, steps: ['buffer 1', '0 below 5'] });
    expect(ruleQuantity(900, rule({ maxQuantity: 100 })).value).toBe(100);
  });

  test('property: never negative, never above the quantity or the most listed; without a buffer a ruled quantity stays as it is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 10_000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
        (q, bufferUnits, bufferPct, maxQuantity, zeroBelow) => {
          const v = ruleQuantity(q, rule({ bufferUnits, bufferPct, maxQuantity, zeroBelow })).value;
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(Math.max(0, q));
          if (maxQuantity !== null) expect(v).toBeLessThanOrEqual(maxQuantity);
          const capped = rule({ maxQuantity, zeroBelow });
          const once = ruleQuantity(q, capped).value;
          expect(ruleQuantity(once, capped).value).toBe(once);
        },
      ),
    );
  });
});

describe('ruleProblem and ruleFor', () => {
  const channels = new Set(['amazon', 'walmart']);
  test('bad rules are refused with the reason', () => {
    expect(ruleProblem(rule({ markupPct: -95 }), channels)).toMatch(/below -90 %/);
    expect(ruleProblem(rule({ minPrice: 10, maxPrice: 5 }), channels)).toBe('the minimum price 10 is above the maximum 5');
    expect(ruleProblem(rule({ channel: 'ebay' }), channels)).toMatch(
      /"ebay" is not a channel of the hub \(amazon, walmart; \* for every channel\)/,
    );
    expect(ruleProblem(rule({ maxQuantity: 1, zeroBelow: 2 }), channels)).toMatch(/every quantity would be sent as 0/);
    expect(ruleProblem(rule({ channel: '*' }), channels)).toBeNull();
    expect(ruleProblem(base, channels)).toBeNull();
  });
  test("a channel's own rule, else the rule for every channel", () => {
    const rules = [rule({ channel: '*', markupPct: 5 }), rule({ channel: 'amazon', markupPct: 20 })];
    expect(ruleFor(rules, 'amazon')?.markupPct).toBe(20);
    expect(ruleFor(rules, 'walmart')?.markupPct).toBe(5);
    expect(ruleFor([rules[1]], 'walmart')).toBeNull();
  });
});

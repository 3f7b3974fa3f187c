import type { CellValue } from '../../../../src/sheet/cell-types';
import fc from 'fast-check';
import { parseRules } from '../../../../src/core/pipeline/rules/parse';
import { valueRulesOf } from '../../../../src/core/pipeline/rules/value-rules';
import { EVERY_CHANNEL_RULE } from '../../../../src/sheet';

const HEADER = ['Channel', 'Markup %', 'Min price', 'Max price', 'Stock buffer', 'Also per-channel columns'];
const channels = new Set(['amazon', 'walmart', 'shopify']);
const rulesOf = (...rows: CellValue[][]) => valueRulesOf(parseRules([HEADER, ...rows], channels), channels);

describe('valueRulesOf: which values a rule shapes, which a bad rule blocks', () => {
  test('no rule rows: no rules at all (nothing to apply, nothing read twice)', () => {
    expect(rulesOf()).toBeUndefined();
  });

  test('a plain value is ruled; a per-channel column only with the opt-in; a channel without a rule takes *', () => {
    const rules = rulesOf(['amazon', 20, '', '', '', ''], ['walmart', 10, '', '', '', 'yes'], ['*', '', '', '', 2, '']);
    expect(rules!.apply('amazon', 'price', 100, true, 'Price')).toEqual({ value: 120, message: 'Price 100 \u2192 120 for amazon: +20 %' });
    expect(rules!.apply('amazon', 'price', 100, false, 'Price [amazon]')).toEqual({ value: 100, message: null });
    expect(rules!.apply('walmart', 'price', 100, false, 'Price [walmart]')).toEqual({
      value: 110,
      message: 'Price [walmart] 100 \u2192 110 for walmart: +10 %',
    });
    expect(rules!.apply('shopify', 'quantity', 10, true, 'Quantity')).toEqual({
      value: 8,
      message: 'Quantity 10 \u2192 8 for shopify: buffer 2',
    });
    // Available days are no price and no stock: untouched.
    expect(rules!.apply('amazon', 'availableDays', 3, true, 'Available days')).toEqual({ value: 3, message: null });
  });

  test('a bad row blocks its channel; a bad * row the channels without their own; an unknown code and product-level values every one', () => {
    const bad = rulesOf(['amazon', 20, 50, 10, '', ''], ['walmart', 10, '', '', '', '']);
    expect(bad!.apply('amazon', 'quantity', 1, true, 'Quantity')).toMatchObject({
      refused: expect.stringMatching(
        /^Quantity 1 not sent for amazon: the rule in Rules row 2 is not usable \(the minimum price 50 is above the maximum 10\)/,
      ),
    });
    expect(bad!.apply('walmart', 'price', 100, true, 'Price')).toEqual({ value: 110, message: 'Price 100 \u2192 110 for walmart: +10 %' });
    expect(bad!.apply(EVERY_CHANNEL_RULE, 'quantity', 1, true, 'Quantity')).toHaveProperty('refused');

    const badEvery = rulesOf(['*', -95, '', '', '', ''], ['walmart', 10, '', '', '', '']);
    expect(badEvery!.apply('amazon', 'price', 100, true, 'Price')).toHaveProperty('refused');
    expect(badEvery!.apply('walmart', 'price', 100, true, 'Price')).toHaveProperty('value', 110);

    const typo = rulesOf(['amazn', 20, '', '', '', ''], ['walmart', 10, '', '', '', '']);
    for (const channel of ['amazon', 'walmart', 'shopify'])
      expect(typo!.apply(channel, 'price', 100, true, 'Price')).toHaveProperty('refused');
  });

  test('property: a bad row never lets a value of its channel through; valid rules give the same answer twice (preview, then push), and what they let through is inside their bounds, above 0, never a clamp', () => {
    const row = fc.tuple(
      fc.constantFrom('amazon', 'walmart', 'shopify', '*', 'ebay'),
      fc.integer({ min: -100, max: 100 }),
      fc.option(fc.integer({ min: 0, max: 300 }), { nil: '' }),
      fc.option(fc.integer({ min: 1, max: 300 }), { nil: '' }),
      fc.integer({ min: 0, max: 5 }),
      fc.constantFrom('', 'yes'),
    );
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 5 }),
        fc.constantFrom('amazon', 'walmart', 'shopify'),
        fc.double({ min: 0.01, max: 10_000, noNaN: true }),
        fc.boolean(),
        (rows, channel, price, plain) => {
          const parsed = parseRules([HEADER, ...rows], channels);
          const rules = valueRulesOf(parsed, channels);
          if (!rules) return;
          const first = rules.apply(channel, 'price', price, plain, 'Price');
          expect(rules.apply(channel, 'price', price, plain, 'Price')).toEqual(first);
          const mine = parsed.problems.some(
            (p) => p.channel === channel || p.channel === 'ebay' || (p.channel === '*' && !parsed.rules.some((r) => r.channel === channel)),
          );
          if (mine) return void expect(first).toHaveProperty('refused');
          const rule = parsed.rules.find((r) => r.channel === channel) ?? parsed.rules.find((r) => r.channel === '*');
          if ('refused' in first) {
            // Only what the rule made out of bounds is refused, and the refusal names the rule's row.
            expect(first.refused).toMatch(/under the rule in Rules row \d+.*(above 0|Min price|Max price)/);
            return;
          }
          expect(first.value).toBeGreaterThan(0);
          if (rule?.minPrice != null && (plain || rule.perChannelColumns)) expect(first.value).toBeGreaterThanOrEqual(rule.minPrice);
          if (rule?.maxPrice != null && (plain || rule.perChannelColumns)) expect(first.value).toBeLessThanOrEqual(rule.maxPrice);
        },
      ),
      { numRuns: 500 },
    );
  });
});

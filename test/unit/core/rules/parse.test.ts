import { parseRules, roundingOf, RULES_HEADER } from '../../../../src/core/pipeline/rules/parse';

const channels = new Set(['amazon', 'walmart', 'mercadolibre']);

describe('parseRules: the Rules sheet', () => {
  test('a row per channel and a * row; columns by header, in any order; empty cells are no rule', () => {
    const values = [
      ['Rounding', 'Channel', 'Markup %', 'Max quantity listed'],
      ['.99', 'amazon', 20, ''],
      ['', '*', '5%', 100],
      ['', '', '', ''],
    ];
    const { rules, problems } = parseRules(values, channels);
    expect(problems).toEqual([]);
    expect(rules.map((r) => [r.channel, r.markupPct, r.rounding, r.maxQuantity, r.rowNumber])).toEqual([
      ['amazon', 20, { kind: 'ending', cents: 99 }, null, 2],
      ['*', 5, { kind: 'none' }, 100, 3],
    ]);
  });

  test('a bad row is refused at its row with the reason, the others stay', () => {
    const values = [
      [...RULES_HEADER],
      ['amazon', -95, '', '', '', '', '', '', '', '', ''],
      ['walmart', 10, '', '', 20, 10, '', '', '', '', ''],
      ['ebay', 10, '', '', '', '', '', '', '', '', ''],
      ['mercadolibre', 'ten', '', '', '', '', '', '', '', '', ''],
      ['*', 5, '', 'multiple of 5', '', '', '', '', '', '', 'yes'],
      ['meli', 5, '', '', '', '', '', '', '', '', ''],
    ];
    const { rules, problems } = parseRules(values, channels, (c) => (c === 'meli' ? 'mercadolibre' : c));
    expect(problems.map((p) => p.message)).toEqual([
      'Rule in row 2 (amazon) not used: a markup of -95 % is below -90 %: that would sell under a tenth of the price. Nothing is sent with it: fix the row.',
      'Rule in row 3 (walmart) not used: the minimum price 20 is above the maximum 10. Nothing is sent with it: fix the row.',
      expect.stringMatching(/^Rule in row 4 \(ebay\) not used: "ebay" is not a channel of the hub/),
      "Rule in row 5 (mercadolibre) not used: Markup %: 'ten' is not a number. Nothing is sent with it: fix the row.",
      'Rule in row 7 (mercadolibre) not used: row 5 already holds the rule for mercadolibre. Nothing is sent with it: fix the row.',
    ]);
    // A second row for a channel is refused even when the first is bad: the channel has no rule to send with.
    expect(rules.map((r) => [r.channel, r.rounding, r.perChannelColumns])).toEqual([['*', { kind: 'multiple', of: 5 }, true]]);
  });

  test('no Channel column: one problem that says what row 1 needs', () => {
    expect(parseRules([['Markup']], channels).problems[0].message).toMatch(/has no Channel column: put the headers \(Channel, Markup %/);
  });

  test('roundings by their spellings; an unknown one says which are known', () => {
    expect(roundingOf('0.90')).toEqual({ kind: 'ending', cents: 90 });
    expect(roundingOf('Whole')).toEqual({ kind: 'whole' });
    expect(() => roundingOf('up')).toThrow(/not one of none, .99, .90, whole, multiple of N/);
  });

  test('a markup that could only send typing slips makes the row unusable; a negative amount is used, with a caution in its Problem cell', () => {
    const values = [
      [...RULES_HEADER],
      ['amazon', 1500, '', '', '', '', '', '', '', '', ''],
      ['walmart', '', 5_000_000_000, '', '', '', '', '', '', '', ''],
      ['mercadolibre', '', '', '', '', 2e9, '', '', '', '', ''],
      ['*', 50, -15, '', '', '', '', '', '', '', ''],
    ];
    const { rules, problems, cautions } = parseRules(values, channels);
    expect(problems.map((p) => p.reason)).toEqual([
      'a markup of 1500 % is above 1000 %: that would sell at over eleven times the price',
      'the markup amount 5000000000 is beyond the largest value sent (1,000,000,000)',
      'the maximum price 2000000000 is beyond the largest value sent (1,000,000,000)',
    ]);
    expect(rules.map((r) => r.channel)).toEqual(['*']);
    // 10 × 1.5 − 15 = 0: prices up to 10 come to 0 or less.
    expect(cautions).toEqual([
      {
        rowNumber: 5,
        message: 'In use. Prices at or below 10 come to 0 or less under this rule (markup amount -15): those are refused, not sent.',
      },
    ]);
  });
});

import { parseRules, roundingOf, RULES_HEADER } from '../../../../src/core/rules/parse';

const channels = new Set(['amazon', 'walmart', 'mercadolibre']);

describe('parseRules (issue 18: the Rules sheet)', () => {
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
});

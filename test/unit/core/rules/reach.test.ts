import type { CellValue } from '../../../../src/sheet/cell-types';
import { EXAMPLE_CHANNEL, EXAMPLE_ROW, parseRules, RULES_HEADER } from '../../../../src/core/pipeline/rules/parse';
import { reachNotes } from '../../../../src/core/pipeline/rules/reach';
import { valueRulesOf } from '../../../../src/core/pipeline/rules/value-rules';
import { EVERY_CHANNEL_RULE, mapColumns } from '../../../../src/sheet';
import { rulesInUse } from '../../../../src/core/rules/words';

const HEADER = ['Channel', 'Markup %', 'Stock buffer', 'Also per-channel columns'];
const channels = new Set(['amazon', 'walmart', 'mercadolibre']);
const rulesOf = (...rows: CellValue[][]) => parseRules([HEADER, ...rows], channels).rules;
const DEMO = ['SKU', 'Title', 'Quantity', 'Price [mercadolibre]', 'Price [amazon]', 'Price [walmart]'];
const notes = (header: string[], rows: CellValue[][], plainChannels?: string[]) =>
  reachNotes(rulesOf(...rows), mapColumns(header, { plainChannels }).columns, 'Stock & Prices').map((n) => [
    n.rowNumber,
    n.idle,
    n.message,
  ]);

describe('reachNotes: a rule in use that no column of the stock sheet carries', () => {
  test("the demo's layout: a price rule without the opt-in changes nothing, and says how to apply it", () => {
    expect(notes(DEMO, [['amazon', 10, '', '']])).toEqual([
      [
        2,
        true,
        'Changes nothing on "Stock & Prices": no general Price column; set Also per-channel columns to Yes to apply it to Price [amazon].',
      ],
    ]);
    expect(notes(DEMO, [['amazon', 10, '', 'yes']])).toEqual([]);
  });

  test('a stock part on a general Quantity reaches only through the * row, a Channel column or a default channel', () => {
    const said = 'Changes nothing on "Stock & Prices": Quantity is one value for every channel here, which only the * row rules.';
    expect(notes(['SKU', 'Quantity'], [['amazon', '', 3, '']])).toEqual([[2, true, said]]);
    expect(notes(['SKU', 'Quantity'], [['*', '', 3, '']])).toEqual([]);
    expect(notes(['SKU', 'Channel', 'Quantity'], [['amazon', '', 3, '']])).toEqual([]);
    expect(notes(['SKU', 'Quantity'], [['amazon', '', 3, '']], ['amazon'])).toEqual([]);
    expect(notes(['SKU', 'Quantity'], [['amazon', '', 3, '']], ['*'])).toEqual([[2, true, said]]);
  });

  test('one half reaching: only the other is said; both missing: each with its reason', () => {
    expect(notes(DEMO, [['amazon', 10, 2, 'yes']])).toEqual([
      [
        2,
        false,
        'Its stock part changes nothing on "Stock & Prices": Quantity is one value for every channel here, which only the * row rules.',
      ],
    ]);
    expect(notes(DEMO, [['amazon', 10, 2, '']])[0][2]).toBe(
      'Changes nothing on "Stock & Prices". Prices: no general Price column; set Also per-channel columns to Yes to apply it to Price [amazon]. Quantities: Quantity is one value for every channel here, which only the * row rules.',
    );
  });

  test('the * row with the opt-in reaches the per-channel columns of channels without a row of their own', () => {
    expect(notes(DEMO, [['*', 10, '', 'yes']])).toEqual([]);
    expect(
      notes(DEMO, [
        ['amazon', 5, '', 'yes'],
        ['walmart', 5, '', 'yes'],
        ['mercadolibre', 5, '', 'yes'],
        ['*', 10, '', 'yes'],
      ]),
    ).toEqual([[5, true, 'Changes nothing on "Stock & Prices": no general Price column.']]);
  });
});

describe('the example row a new Rules sheet shows', () => {
  const example = RULES_HEADER.map((h) => EXAMPLE_ROW[h] ?? '');

  test('is no rule and no problem: its Problem cell says it is never applied', () => {
    const parsed = parseRules([[...RULES_HEADER], example], channels);
    expect(example[0]).toBe(EXAMPLE_CHANNEL);
    expect(parsed.rules).toEqual([]);
    expect(parsed.problems).toEqual([]);
    expect(parsed.cautions).toEqual([{ rowNumber: 2, message: expect.stringMatching(/^Example, never applied:/) }]);
    expect(valueRulesOf(parsed, channels)).toBeUndefined();
    expect(rulesInUse(parsed)).toBe('No rule in use');
  });

  test('beside real rules it shapes nothing', () => {
    const parsed = parseRules([[...RULES_HEADER], example, ['walmart', 10]], channels);
    const rules = valueRulesOf(parsed, channels)!;
    expect(rules.apply('amazon', 'price', 100, true, 'Price')).toEqual({ value: 100, message: null });
    expect(rules.apply(EVERY_CHANNEL_RULE, 'quantity', 10, true, 'Quantity')).toEqual({ value: 10, message: null });
    expect(rulesInUse(parsed)).toBe('1 rule in use');
  });
});

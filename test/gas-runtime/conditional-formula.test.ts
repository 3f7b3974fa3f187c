import { loadRuntime } from '../../dev/gas-runtime';

/**
 * Custom formula rules (ConditionalFormatRuleBuilder.whenFormulaSatisfied): the subset the runtime
 * evaluates as Sheets does (AND, OR, NOT, IF, LEN, IFERROR, INDEX, MATCH exact, INDIRECT of a
 * quoted sheet range, & and comparisons with Sheets' number/text/blank rules), relative references
 * read from the rule's top-left cell and moved with inserted columns and rows; any formula outside
 * the subset colours nothing, as Sheets shows nothing for a formula it rejects.
 */

const RUNNER = `
function addFormula(formula, a1) {
  var sh = SpreadsheetApp.getActive().getSheetByName('S');
  var rule = SpreadsheetApp.newConditionalFormatRule().whenFormulaSatisfied(formula).setBackground('#cfe2f3').setRanges([sh.getRange(a1)]).build();
  sh.setConditionalFormatRules(sh.getConditionalFormatRules().concat([rule]));
  var c = sh.getConditionalFormatRules()[0].getBooleanCondition();
  return [String(c.getCriteriaType()), c.getCriteriaValues()];
}
`;

const BLUE = '#cfe2f3';
const WHITE = '#ffffff';
const EDITED =
  '=AND(LEN(B2)>0,IFERROR(B2<>INDEX(INDIRECT("\'Hub Sync snapshot\'!A:D"),MATCH($A2&"",INDIRECT("\'Hub Sync snapshot\'!A:A"),0),MATCH("quantity",INDIRECT("\'Hub Sync snapshot\'!1:1"),0)),FALSE))';

function seeded() {
  const rt = loadRuntime({
    bundle: RUNNER,
    workbook: {
      S: [
        ['SKU', 'Quantity', 'Note'],
        ['A-1', 5, ''],
        ['B-2', 7, ''],
        ['C-3', 'five', ''],
        ['D-4', '', ''],
        [123, 9, ''],
        ['NEW', 3, ''],
        ['E-5', 0, ''],
      ],
      'Hub Sync snapshot': [
        ['SKU', 'Confirmed values', 'Confirmed at', 'quantity'],
        ['a-1', '{"quantity":5}', '', 5],
        ['B-2', '{"quantity":6}', '', 6],
        ['C-3', '{"quantity":5}', '', 5],
        ['D-4', '{"quantity":1}', '', 1],
        ['123', '{"quantity":8}', '', 8],
        ['E-5', '{}', '', ''],
      ],
    },
  });
  return { rt, s: rt.sheet('S') };
}

const column = (s: ReturnType<typeof seeded>['s'], a1: string): string[] => s.effectiveBackgrounds(a1).map((r) => r[0]);

describe('custom formula conditional format rules', () => {
  it('evaluates a lookup in another sheet through INDIRECT, by key, with Sheets value rules', () => {
    const { rt, s } = seeded();
    expect(rt.call('addFormula', EDITED, 'B2:B')).toEqual(['CUSTOM_FORMULA', [EDITED]]);
    expect(column(s, 'B2:B8')).toEqual([
      WHITE, // 5 = 5 (the SKU matches without regard to case)
      BLUE, // 7 <> 6
      BLUE, // text "five" never equals the number 5
      WHITE, // empty: LEN 0
      BLUE, // the number SKU 123 matches the text "123" through &""; 9 <> 8
      WHITE, // no snapshot entry: MATCH is #N/A, IFERROR gives FALSE
      WHITE, // a blank confirmed value compares as 0 with a number
    ]);
    s.setValues([[6]], 'B3');
    expect(column(s, 'B3:B3')).toEqual([WHITE]);
  });

  it('reads relative references from the top-left cell; absolute ones stay', () => {
    const { rt, s } = seeded();
    rt.call('addFormula', '=B2>$B$3', 'C2:C'); // each row compares its own Quantity with B3's 7
    expect(column(s, 'C2:C6')).toEqual([WHITE, WHITE, BLUE, WHITE, BLUE]); // text > number in Sheets' order
  });

  it('the comparisons, &, OR, NOT and IF follow Sheets', () => {
    const { rt, s } = seeded();
    // 5 is 5 but "A-1x" equals "a-1X"; 7, "five", 9, 3 and 0 are not 5; an empty Quantity fails LEN.
    rt.call('addFormula', '=IF(LEN(B2)>0,OR(NOT(B2=5),$A2&"x"="a-1X"),FALSE)', 'C2:C');
    expect(column(s, 'C2:C8')).toEqual([BLUE, BLUE, BLUE, WHITE, BLUE, BLUE, BLUE]);
    s.clearConditionalRules();
    rt.call('addFormula', '=AND(B2=5,$A2="B-2")', 'C2:C');
    expect(column(s, 'C2:C8')).toEqual(Array(7).fill(WHITE));
  });

  it('moves references with inserted columns and rows, but not the text INDIRECT reads', () => {
    const { rt, s } = seeded();
    rt.call('addFormula', EDITED, 'B2:B');
    s.insertColumns(1, 1);
    s.insertRows(2, 1);
    const formula = s.conditionalRules()[0].values[0];
    expect(formula).toContain('LEN(C3)>0');
    expect(formula).toContain('MATCH($B3&""');
    expect(formula).toContain("'Hub Sync snapshot'!A:A");
    expect(column(s, 'C3:C4')).toEqual([WHITE, BLUE]);
  });

  it.each([
    ['a function outside the subset', '=VLOOKUP($A2,INDIRECT("\'Hub Sync snapshot\'!A:D"),4,FALSE)<>B2'],
    ['another sheet named directly', "=B2<>'Hub Sync snapshot'!D2"],
    ['a range named directly', '=COUNTIF(A:A,A2)>0'],
    ['MATCH in a sorted mode', '=MATCH($A2,INDIRECT("\'Hub Sync snapshot\'!A:A"),1)>0'],
    ['text that is no formula', '=B2 <> ?'],
  ])('colours nothing for %s', (_, formula) => {
    const { rt, s } = seeded();
    rt.call('addFormula', formula, 'B2:B');
    expect(column(s, 'B2:B8')).toEqual(Array(7).fill(WHITE));
  });

  it('INDIRECT to a sheet or range that is not there is an error IFERROR can catch', () => {
    const { rt, s } = seeded();
    rt.call('addFormula', '=IFERROR(INDEX(INDIRECT("\'Nope\'!A:A"),1,1)="SKU",TRUE)', 'B2:B');
    expect(column(s, 'B2:B2')).toEqual([BLUE]);
    s.clearConditionalRules();
    rt.call('addFormula', '=IFERROR(LEN(INDIRECT("\'Hub Sync snapshot\'!A1:ZZZ1"))>0,TRUE)', 'B2:B');
    expect(column(s, 'B2:B2')).toEqual([BLUE]);
  });
});

import { loadRuntime } from '../../dev/gas-runtime';

/**
 * Data validation lists as Google documents them
 * (https://developers.google.com/apps-script/reference/spreadsheet/data-validation-builder,
 * .../data-validation): requireValueInList with its dropdown shown by default, invalid input
 * allowed unless setAllowInvalid(false), help text; Range.setDataValidation on every cell of the
 * range, getDataValidation of the top-left cell (null without one), null clearing it; the rule kept
 * with the cell in the world's JSON (the playground's saved state).
 */
const RUNNER = `
function sheet() { return SpreadsheetApp.getActive().getSheetByName('S'); }
function setList() {
  var rule = SpreadsheetApp.newDataValidation().requireValueInList(['Yes', 'No']).setHelpText('Yes or blank').build();
  sheet().getRange('B2:B4').setDataValidation(rule);
}
function strictList() {
  var rule = SpreadsheetApp.newDataValidation().requireValueInList(['a', 'b'], false).setAllowInvalid(false).build();
  sheet().getRange('C2').setDataValidation(rule);
}
function describe(a1) {
  var r = sheet().getRange(a1).getDataValidation();
  return r === null ? null : [String(r.getCriteriaType()), r.getCriteriaValues(), r.getAllowInvalid(), r.getHelpText(),
    String(r.getCriteriaType()) === String(SpreadsheetApp.DataValidationCriteria.VALUE_IN_LIST)];
}
function copyAndClear() {
  var copy = sheet().getRange('B2').getDataValidation().copy().setAllowInvalid(false).build();
  sheet().getRange('D2').setDataValidation(copy);
  sheet().getRange('B3').setDataValidation(null);
  return sheet().getRange('B2:B4').getDataValidations().map(function (row) { return row[0] === null; });
}
function noCriteria() { SpreadsheetApp.newDataValidation().build(); }
`;

describe('data validation (the runtime emulator)', () => {
  test('a list with its dropdown, invalid input allowed by default, on each cell of the range', () => {
    const rt = loadRuntime({ bundle: RUNNER, workbook: { S: [['A', 'B', 'C', 'D']] } });
    rt.call('setList');
    expect(rt.call('describe', 'B3')).toEqual(['VALUE_IN_LIST', [['Yes', 'No'], true], true, 'Yes or blank', true]);
    expect(rt.call('describe', 'B1')).toBeNull();
    expect(rt.call('describe', 'B5')).toBeNull();
    rt.call('strictList');
    expect(rt.call('describe', 'C2')).toEqual(['VALUE_IN_LIST', [['a', 'b'], false], false, null, true]);
    expect(
      rt
        .sheet('S')
        .validations('B2:B4')
        .map((r) => r[0]?.values),
    ).toEqual([
      ['Yes', 'No'],
      ['Yes', 'No'],
      ['Yes', 'No'],
    ]);
  });

  test('copy() builds from a rule; null clears; a rule needs criteria', () => {
    const rt = loadRuntime({ bundle: RUNNER, workbook: { S: [['A', 'B', 'C', 'D']] } });
    rt.call('setList');
    expect(rt.call('copyAndClear')).toEqual([false, true, false]);
    expect(rt.call('describe', 'D2')).toEqual(['VALUE_IN_LIST', [['Yes', 'No'], true], false, 'Yes or blank', true]);
    expect(() => rt.call('noCriteria')).toThrow(/You must specify a criteria/);
  });

  test("the rule is kept in the world's saved state", () => {
    const rt = loadRuntime({ bundle: RUNNER, workbook: { S: [['A', 'B', 'C', 'D']] } });
    rt.call('setList');
    const saved = JSON.parse(JSON.stringify(rt.exportState()));
    const again = loadRuntime({ bundle: RUNNER, state: saved });
    expect(again.call('describe', 'B4')).toEqual(['VALUE_IN_LIST', [['Yes', 'No'], true], true, 'Yes or blank', true]);
  });
});

import fc from 'fast-check';
import { HarnessError, loadRuntime } from '../../dev/gas-runtime';

/**
 * Conditional format rules as Google documents them (SpreadsheetApp.newConditionalFormatRule(),
 * Sheet.get/setConditionalFormatRules): a bundle builds rules, the sheet keeps them in order, the
 * colour a cell shows comes from the first rule that covers it and holds, sorting moves values
 * under the rules, inserting and deleting rows and columns moves the rules' ranges.
 */

const RUNNER = `
function sheet() { return SpreadsheetApp.getActive().getSheetByName('S'); }
function run(code) { var sh = sheet(); return eval(code); }
/** Rules: OK green, Error red on B2:B (open below), then a font-only rule on C2:C4. */
function addRules() {
  var sh = sheet();
  var rules = sh.getConditionalFormatRules();
  rules.push(SpreadsheetApp.newConditionalFormatRule().whenTextEqualTo('OK').setBackground('#b7e1cd').setRanges([sh.getRange('B2:B')]).build());
  rules.push(SpreadsheetApp.newConditionalFormatRule().whenTextStartsWith('Error').setBackground('#f4c7c3').setFontColor('#990000').setRanges([sh.getRange('B2:B')]).build());
  rules.push(SpreadsheetApp.newConditionalFormatRule().whenCellNotEmpty().setFontColor('#0000ff').setRanges([sh.getRange('C2:C4')]).build());
  sh.setConditionalFormatRules(rules);
  return sh.getConditionalFormatRules().length;
}
function describeRules() {
  return sheet().getConditionalFormatRules().map(function (r) {
    var c = r.getBooleanCondition();
    return [String(c.getCriteriaType()), c.getCriteriaValues(), c.getBackground(), r.getRanges().map(function (g) { return g.getA1Notation(); })];
  });
}
`;

function seeded() {
  const rt = loadRuntime({
    bundle: RUNNER,
    workbook: {
      S: [
        ['SKU', 'Status', 'Note'],
        ['A-1', 'OK', 'x'],
        ['B-2', 'Error: refused', ''],
        ['C-3', 'Skipped', 'y'],
        ['D-4', 'ok', ''],
      ],
    },
  });
  return { rt, s: rt.sheet('S') };
}

const GREEN = '#b7e1cd';
const RED = '#f4c7c3';
const WHITE = '#ffffff';

describe('conditional format rules (builder, sheet, evaluation)', () => {
  it('a bundle builds rules; each cell shows the first rule that covers it and holds', () => {
    const { rt, s } = seeded();
    expect(rt.call('addRules')).toBe(3);
    expect(s.effectiveBackgrounds('B1:B5')).toEqual([[WHITE], [GREEN], [RED], [WHITE], [GREEN]]);
    expect(s.effectiveFontColors('B3:C3')).toEqual([['#990000', '#000000']]);
    expect(s.effectiveFontColors('C2:C5')).toEqual([['#0000ff'], ['#000000'], ['#0000ff'], ['#000000']]);
    // Apps Script's own getBackgrounds() reports the cell's format, not the rule's.
    expect(rt.call('run', 'sh.getRange("B2").getBackground()')).toBe(WHITE);
    expect(rt.call('describeRules')).toEqual([
      ['TEXT_EQUAL_TO', ['OK'], GREEN, ['B2:B1000']],
      ['TEXT_STARTS_WITH', ['Error'], RED, ['B2:B1000']],
      ['CELL_NOT_EMPTY', [], null, ['C2:C4']],
    ]);
    expect(s.conditionalRules().map((r) => r.ranges)).toEqual([['B2:B'], ['B2:B'], ['C2:C4']]);
  });

  it('reading and setting the rules are Sheets round trips; building them is local', () => {
    const { rt } = seeded();
    rt.resetCounters();
    rt.call('addRules');
    expect(rt.counters().sheetsRoundTrips).toBe(3); // get, set, get again: the builders cost none
  });

  it('setConditionalFormatRules replaces the list; copy() presets a builder; criteria compare with the enum', () => {
    const { rt, s } = seeded();
    rt.call('addRules');
    const kept = rt.call(
      'run',
      `
      var rules = sh.getConditionalFormatRules();
      var red = rules.filter(function (r) { return r.getBooleanCondition().getCriteriaType() === SpreadsheetApp.BooleanCriteria.TEXT_STARTS_WITH; })[0];
      sh.setConditionalFormatRules([red.copy().setBackground('#ffff00').setRanges([sh.getRange('B3')]).build()]);
      sh.getConditionalFormatRules().length`,
    );
    expect(kept).toBe(1);
    expect(s.effectiveBackgrounds('B2:B3')).toEqual([[WHITE], ['#ffff00']]);
    rt.call('run', 'sh.clearConditionalFormatRules()');
    expect(s.conditionalRules()).toEqual([]);
  });

  it('refuses a rule without a condition and ranges on two sheets', () => {
    const { rt } = seeded();
    expect(() => rt.call('run', "SpreadsheetApp.newConditionalFormatRule().setBackground('#fff').build()")).toThrow(
      /Invalid argument: condition/,
    );
    rt.addSheet('T', [['x']]);
    expect(() =>
      rt.call(
        'run',
        "SpreadsheetApp.newConditionalFormatRule().whenCellEmpty().setRanges([sh.getRange('A1'), SpreadsheetApp.getActive().getSheetByName('T').getRange('A1')])",
      ),
    ).toThrow(/Invalid argument: ranges/);
  });

  it('sorting moves values under the rules: the colour goes with the value, the rules stay put', () => {
    const { rt, s } = seeded();
    rt.call('addRules');
    const before = s.conditionalRules();
    s.sortRows(2, 5, 2, false); // Status descending: Skipped, OK/ok, Error…
    expect(s.conditionalRules()).toEqual(before);
    const statuses = s.values('B2:B5').map((r) => r[0]);
    const shown = s.effectiveBackgrounds('B2:B5').map((r) => r[0]);
    statuses.forEach((v, i) =>
      expect([v, shown[i]]).toEqual([v, /^ok$/i.test(String(v)) ? GREEN : String(v).startsWith('Error') ? RED : WHITE]),
    );
  });

  it('inserting a column before the rules shifts their ranges; inside a range it widens it', () => {
    const { rt, s } = seeded();
    rt.call('addRules');
    s.insertColumns(1, 1);
    expect(s.conditionalRules().map((r) => r.ranges)).toEqual([['C2:C'], ['C2:C'], ['D2:D4']]);
    expect(s.effectiveBackgrounds('C2')).toEqual([[GREEN]]);
    rt.call('run', "sh.getRange('D1').setValue('h'); 1"); // the grid is the bundle's too
    s.addConditionalRule({ criteria: 'CELL_NOT_EMPTY', background: '#eeeeee', ranges: ['A1:C1'] });
    s.insertColumns(2, 2);
    expect(s.conditionalRules()[3].ranges).toEqual(['A1:E1']);
  });

  it('inserting rows inside a range widens it; above it moves it; an open range stays open', () => {
    const { rt, s } = seeded();
    rt.call('addRules');
    s.insertRows(3, 2);
    expect(s.conditionalRules().map((r) => r.ranges)).toEqual([['B2:B'], ['B2:B'], ['C2:C6']]);
    s.insertRows(1, 1);
    expect(s.conditionalRules().map((r) => r.ranges)).toEqual([['B3:B'], ['B3:B'], ['C3:C7']]);
  });

  it('deleting rows and columns cuts them out of the ranges; a rule left with nothing goes', () => {
    const { rt, s } = seeded();
    rt.call('addRules');
    s.deleteRows(2, 2);
    expect(s.conditionalRules().map((r) => r.ranges)).toEqual([['B2:B'], ['B2:B'], ['C2']]);
    s.deleteColumns(3, 1);
    expect(s.conditionalRules().map((r) => r.ranges)).toEqual([['B2:B'], ['B2:B']]);
    s.deleteColumns(2, 1);
    expect(s.conditionalRules()).toEqual([]);
  });

  it('an open-ended range covers rows added at the bottom of the grid', () => {
    const { rt, s } = seeded();
    rt.call('addRules');
    rt.call('run', "sh.insertRowsAfter(sh.getMaxRows(), 5); sh.getRange(sh.getMaxRows(), 2).setValue('OK'); sh.getMaxRows()");
    expect(s.effectiveBackgrounds(`B${s.maxRows()}`)).toEqual([[GREEN]]);
    expect(s.effectiveFontColors(`C${s.maxRows()}`)).toEqual([['#000000']]);
  });

  it('moving columns carries the ranges along; rules survive exportState', () => {
    const { rt, s } = seeded();
    rt.call('addRules');
    s.moveColumns(2, 1, 4); // Status to the right of Note
    expect(s.conditionalRules().map((r) => r.ranges)).toEqual([['C2:C'], ['C2:C'], ['B2:B4']]);
    const again = loadRuntime({ bundle: RUNNER, state: rt.exportState() });
    expect(again.sheet('S').conditionalRules()).toEqual(s.conditionalRules());
    expect(again.sheet('S').effectiveBackgrounds('C2')).toEqual([[GREEN]]);
  });

  it('the test API refuses criteria it does not model', () => {
    const { s } = seeded();
    expect(() => s.addConditionalRule({ criteria: 'NUMBER_BETWEEN' as never, ranges: ['A1'] })).toThrow(HarnessError);
  });

  it('property: after inserts and deletes of rows and columns, a rule covers exactly the cells it covered that survive', () => {
    const edit = fc.record({
      kind: fc.constantFrom('insertRows', 'deleteRows', 'insertColumns', 'deleteColumns'),
      at: fc.integer({ min: 1, max: 8 }),
      n: fc.integer({ min: 1, max: 3 }),
    });
    // Each cell holds its original coordinates "r:c"; the rule first covers B2:D6.
    const grid = Array.from({ length: 8 }, (_, r) => Array.from({ length: 6 }, (_, c) => `${r + 1}:${c + 1}`));
    const coveredAtFirst = (id: string): boolean => {
      const [r, c] = id.split(':').map(Number);
      return r >= 2 && r <= 6 && c >= 2 && c <= 4;
    };
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        const rt = loadRuntime({ bundle: RUNNER, workbook: { S: grid } });
        const s = rt.sheet('S');
        s.resize(8, 6);
        s.addConditionalRule({ criteria: 'CELL_NOT_EMPTY', background: GREEN, ranges: ['B2:D6'] });
        for (const e of edits) {
          const rows = e.kind.endsWith('Rows');
          const max = rows ? s.maxRows() : s.maxColumns();
          const at = Math.min(e.at, e.kind.startsWith('insert') ? max + 1 : max);
          const n = e.kind.startsWith('insert') ? e.n : Math.min(e.n, max - at + 1);
          try {
            if (e.kind === 'insertRows') s.insertRows(at, n);
            else if (e.kind === 'insertColumns') s.insertColumns(at, n);
            else if (e.kind === 'deleteRows') s.deleteRows(at, n);
            else s.deleteColumns(at, n);
          } catch (err) {
            if (!(err instanceof HarnessError)) throw err; // deleting every row or column is refused, as in Sheets
          }
        }
        const last = String.fromCharCode(64 + s.maxColumns());
        const values = s.values(`A1:${last}${s.maxRows()}`);
        const shown = s.effectiveBackgrounds(`A1:${last}${s.maxRows()}`);
        values.forEach((row, i) =>
          row.forEach((id, j) => {
            if (id === '') return;
            expect([id, shown[i][j]]).toEqual([id, coveredAtFirst(String(id)) ? GREEN : WHITE]);
          }),
        );
      }),
      { numRuns: 150 },
    );
  });
});

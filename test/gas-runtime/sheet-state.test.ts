import { HarnessError, loadRuntime } from '../../dev/gas-runtime';
import { parseHyperlink } from '../../dev/gas-runtime/values';

/**
 * Runtime.sheetState / restoreSheet (test side): a sheet saved whole and put back, as the
 * playground's undo does; the bundle sees the restored sheet under its old id.
 */
const RUNNER = `function run(code) { return eval(code); }`;

function seeded() {
  const rt = loadRuntime({
    bundle: RUNNER,
    workbook: {
      A: [
        ['SKU', 'Qty'],
        ['X-1', 5],
      ],
      B: [['other']],
    },
  });
  rt.sheet('A').setNumberFormat('B2', '00000').setNote('A2', 'n').type('A3', '=HYPERLINK("https://x.example/l","label")');
  return rt;
}

describe('Runtime.sheetState / restoreSheet', () => {
  it('brings back cells, formats, notes, formulas and size after edits', () => {
    const rt = seeded();
    const saved = rt.sheetState('A');
    rt.sheet('A')
      .deleteRows(2)
      .insertColumns(1, 3)
      .setValues([['changed']]);
    rt.restoreSheet(saved, 0);
    const s = rt.sheet('A');
    expect(s.values()).toEqual([
      ['SKU', 'Qty'],
      ['X-1', 5],
      ['label', ''],
    ]);
    expect(s.displayValues('B2')).toEqual([['00005']]);
    expect(s.notes('A2')).toEqual([['n']]);
    expect(s.formulas('A3')).toEqual([['=HYPERLINK("https://x.example/l","label")']]);
    expect(s.maxColumns()).toBe(26);
  });

  it('brings a deleted sheet back at its place with its id, and undoes a rename', () => {
    const rt = seeded();
    const id = rt.call('run', `SpreadsheetApp.getActive().getSheetByName('A').getSheetId()`);
    const saved = rt.sheetState('A');
    rt.deleteSheet('A');
    expect(rt.sheetNames()).toEqual(['B']);
    rt.restoreSheet(saved, 0);
    expect(rt.sheetNames()).toEqual(['A', 'B']);
    expect(rt.call('run', `SpreadsheetApp.getActive().getSheetByName('A').getSheetId()`)).toBe(id);
    rt.renameSheet('A', 'Renamed');
    rt.restoreSheet(saved, 0);
    expect(rt.sheetNames()).toEqual(['A', 'B']);
  });

  it('refuses to restore over another sheet that took the name', () => {
    const rt = seeded();
    const saved = rt.sheetState('A');
    rt.deleteSheet('A');
    rt.addSheet('A');
    expect(() => rt.restoreSheet(saved, 0)).toThrow(HarnessError);
    expect(() => rt.sheetState('nope')).toThrow(HarnessError);
  });
});

describe('parseHyperlink', () => {
  it('reads the URL and label (the URL when there is none), with doubled quotes', () => {
    expect(parseHyperlink('=HYPERLINK("https://a.example/x","A ""b""")')).toEqual({ url: 'https://a.example/x', label: 'A "b"' });
    expect(parseHyperlink('=hyperlink("https://a.example/x")')).toEqual({ url: 'https://a.example/x', label: 'https://a.example/x' });
    expect(parseHyperlink('=SUM(A1:A2)')).toBeNull();
  });
});

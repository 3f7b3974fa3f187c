import { loadRuntime } from '../../dev/gas-runtime';

/** The test-side editing helpers the playground uses: typing, clearing, header styling, selection. */
describe('SheetHandle editing helpers', () => {
  const bundle = `function touch() { SpreadsheetApp.getActive().getSheetByName('Log').activate(); }`;

  it('type() reads text as a user typing it', () => {
    const rt = loadRuntime({ bundle, workbook: { S: [['SKU', 'Qty']] }, timeZone: 'America/New_York' });
    const s = rt.sheet('S');
    s.type('A2', '00123').type('B2', '1,234.5').type('C2', "'42").type('D2', '=HYPERLINK("https://x.example","go")').type('E2', 'TRUE');
    expect(s.values('A2:E2')).toEqual([[123, 1234.5, '42', 'go', true]]);
    expect(s.formulas('D2')).toEqual([['=HYPERLINK("https://x.example","go")']]);
    s.type('D2', 'plain');
    expect(s.formulas('D2')).toEqual([['']]);
    s.type('B2', '');
    expect(s.values('B2')).toEqual([['']]);
  });

  it('clear() empties the cells and keeps size and frozen rows; header styling', () => {
    const rt = loadRuntime({
      bundle,
      workbook: {
        S: [
          ['SKU', 'Qty'],
          ['A', 1],
        ],
      },
    });
    const s = rt.sheet('S').setFrozenRows(1).setFontWeight('A1:B1', 'bold');
    expect(s.fontWeights('A1:B1')).toEqual([['bold', 'bold']]);
    s.hideRows(2);
    s.clear();
    expect(s.values()).toEqual([]);
    expect(s.frozenRows()).toBe(1);
    expect(s.maxRows()).toBe(1000);
    expect(s.fontWeights('A1')).toEqual([['normal']]);
  });

  it('selection() reports the active sheet and ranges, also after the bundle activates a sheet', () => {
    const rt = loadRuntime({ bundle, workbook: { S: [['x']], Log: [] } });
    expect(rt.selection()).toBeNull();
    rt.select('S', ['A2:B3', 'D5']);
    expect(rt.selection()).toEqual({ sheet: 'S', ranges: ['A2:B3', 'D5'] });
    rt.call('touch');
    expect(rt.selection()).toEqual({ sheet: 'Log', ranges: ['A1'] });
  });
});

import { loadRuntime } from '../../dev/gas-runtime';
import { displayValue } from '../../dev/gas-runtime/number-format';

/** Display values of numbers under the formats a SKU or quantity column may carry. */

const show = (v: unknown, format: string) => displayValue(v as never, format, 'America/New_York');

describe('display values of numbers', () => {
  it.each([
    [123, '00000', '00123'],
    [123.6, '00000', '00124'],
    [123456, '00000', '123456'],
    [0, '00000', '00000'],
    [1234.5, '0', '1235'],
    [-0.4, '0', '0'],
    [1234567.891, '#,##0', '1,234,568'],
    [999, '#,##0', '999'],
    [0, '#,##0', '0'],
    [3, '0.00', '3.00'],
    [0.1 + 0.2, '0.00', '0.30'],
    [1.005, '0.00', '1.01'], // half up on 15 significant digits, not toFixed's "1.00"
  ])('%p under %p shows %p', (value, format, shown) => {
    expect(show(value, format)).toBe(shown);
  });

  it.each(['General', '0.###############', '@'])('shows numbers in full under %p', (format) => {
    expect([show(123, format), show(1234567, format), show(0.1 + 0.2, format), show(4006381333931, format)]).toEqual([
      '123',
      '1234567',
      '0.3',
      '4006381333931',
    ]);
  });

  it('shows a number SKU formatted 00000 as 00123 to the bundle and to the test', () => {
    const rt = loadRuntime({
      bundle: `function skus() { return SpreadsheetApp.getActive().getSheetByName('S').getRange('A2:A4').getDisplayValues(); }`,
      workbook: { S: [['SKU'], [123], [456], ['X-9']] },
    });
    rt.sheet('S').setNumberFormat('A2:A3', '00000');
    rt.sheet('S').type('A3', '00456'); // typed into a formatted cell: the number 456, shown padded
    expect(rt.sheet('S').values('A3')).toEqual([[456]]);
    expect(rt.call('skus')).toEqual([['00123'], ['00456'], ['X-9']]);
    expect(rt.sheet('S').displayValues('A2:A4')).toEqual([['00123'], ['00456'], ['X-9']]);
  });
});

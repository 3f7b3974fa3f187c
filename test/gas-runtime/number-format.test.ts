import { loadRuntime } from '../../dev/gas-runtime';
import { displayValue } from '../../dev/gas-runtime/number-format';

/** Display values under the formats a SKU, quantity or price column may carry (ssf through the Sheets adapter). */

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

  it.each([
    [12345.678, '0.00E+00', '1.23E+04'],
    [0.000123, '0.00E+00', '1.23E-04'],
    [-12345.678, '0.00E+00', '-1.23E+04'],
    [1.25, '# ?/?', '1 1/4'],
    [2.5, '# ??/??', '2  1/2 '],
    [0.75, '?/?', '3/4'],
    [500, '[<1000]0;#,##0,"K"', '500'],
    [12345, '[<1000]0;#,##0,"K"', '12K'],
    [999.996, '[<1000]0.00;#,##0,"K"', '1000.00'], // the condition reads the value, not its rounding
    [-5, '[Red]0', '-5'],
    [-1234.5, '#,##0.00;[Red]-#,##0.00', '-1,234.50'],
    [5, '[Color10]0', '5'],
    [1234567, '#,##0,,"M"', '1M'],
    [2.675, '0.00', '2.68'],
    [-1.005, '0.00', '-1.01'],
    [0.0012345, '0.00%', '0.12%'],
    [-0.001, '0.00;(0.00)', '(0.00)'], // rounds to zero in the negative section it was chosen for
  ])('%p under %p shows %p', (value, format, shown) => {
    expect(show(value, format)).toBe(shown);
  });

  it.each([
    ['abc', '0;-0;0;"text: "@', 'text: abc'],
    ['abc', '0.00;-0.00;0;[Blue]@" (sku)"', 'abc (sku)'],
    ['abc', '0.00', 'abc'], // no text section: text shows as typed
    [7, '0;-0;0;"text: "@', '7'],
  ])('text section: %p under %p shows %p', (value, format, shown) => {
    expect(show(value, format)).toBe(shown);
  });

  it.each([
    [4006381333931, '0', '4006381333931'], // an EAN-13 kept as a number
    [4006381333931, '#,##0', '4,006,381,333,931'],
    [123456789012345, '0', '123456789012345'],
    [12345678901234567890, '0', '12345678901234600000'], // 15 significant digits, then zeros
    [7, '00000', '00007'],
    [123, '@', '123'],
    ['00123', '@', '00123'],
    ['00123', '00000', '00123'],
  ])('SKU: %p under %p shows %p', (value, format, shown) => {
    expect(show(value, format)).toBe(shown);
  });

  it.each([
    [1, 'yyyy-mm-dd', '1899-12-31'], // Sheets' day 1; ssf (Excel) would say 1900-01-01
    [60, 'yyyy-mm-dd dddd', '1900-02-28 Wednesday'], // no 29 Feb 1900 in Sheets
    [61, 'yyyy-mm-dd', '1900-03-01'],
    [0, 'm/d/yy', '12/30/99'],
    [-1, 'yyyy-mm-dd ddd', '1899-12-29 Fri'],
    [5, 'M/d/yyyy', '1/4/1900'],
  ])('date serial %p under %p shows %p', (value, format, shown) => {
    expect(show(value, format)).toBe(shown);
  });

  it('reports a format the emulator cannot render instead of showing something else', () => {
    expect(() => show(3.14159, '0 ??/??')).toThrow(/Number format "0 \?\?\/\?\?" is not rendered by the emulator/);
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

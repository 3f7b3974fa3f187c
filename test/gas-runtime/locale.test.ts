import { loadRuntime } from '../../dev/gas-runtime';
import { displayValue } from '../../dev/gas-runtime/number-format';

/** The spreadsheet locale: typed input and display values in en_US, es_MX and es_ES. */

const TZ = 'America/New_York';
const bundle = `
function act(code) { var ss = SpreadsheetApp.getActive(); var sh = ss.getSheetByName('S'); return eval(code); }
function typeAll(texts) { var sh = SpreadsheetApp.getActive().getSheetByName('S'); sh.getRange(1, 1, texts.length, 1).setValues(texts.map(function (t) { return [t]; })); }
`;

function typed(locale: string, texts: string[]): unknown[] {
  const rt = loadRuntime({ bundle, locale, workbook: { S: [] } });
  rt.call('typeAll', texts);
  return rt
    .sheet('S')
    .values(`A1:A${texts.length}`)
    .map((r) => r[0]);
}

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 5)); // midnight in New York

describe('typed input per locale', () => {
  it('reads en_US with a decimal point, comma thousands and month first', () => {
    expect(typed('en_US', ['1,234.5', '1.234', '1,5', '$12.50', '3/2/2026', '1.234,5'])).toEqual([
      1234.5,
      1.234,
      '1,5',
      12.5,
      day(2026, 3, 2),
      '1.234,5',
    ]);
  });

  it('reads es_MX like en_US for numbers but day first for dates', () => {
    expect(typed('es_MX', ['1,234.5', '1.234', '1,5', '$12.50', '3/2/2026', '1.234,5'])).toEqual([
      1234.5,
      1.234,
      '1,5',
      12.5,
      day(2026, 2, 3),
      '1.234,5',
    ]);
  });

  it('reads es_ES with a decimal comma, point thousands and day first', () => {
    expect(typed('es_ES', ['1.234,5', '1.234', '1,5', '12,50 €', '3/2/2026', '1,234.5', '1.5', '-2,5', '50%', '31/1/2026 9:05'])).toEqual([
      1234.5,
      1234,
      1.5,
      12.5,
      day(2026, 2, 3),
      '1,234.5',
      '1.5',
      -2.5,
      0.5,
      new Date(Date.UTC(2026, 0, 31, 14, 5)),
    ]);
  });

  it('refuses a day-first date that does not exist and keeps it as text', () => {
    expect(typed('es_ES', ['1/31/2026'])).toEqual(['1/31/2026']);
  });

  it('types through the test API in the locale too', () => {
    const rt = loadRuntime({ bundle, locale: 'es_ES', workbook: { S: [] } });
    rt.sheet('S').type('A1', '1.234,5');
    expect(rt.sheet('S').values('A1')).toEqual([[1234.5]]);
  });
});

describe('display values per locale', () => {
  const show = (v: unknown, format: string | undefined, locale: string) => displayValue(v as never, format, TZ, locale);

  it.each([
    [1234.5, '#,##0.00', '1,234.50', '1,234.50', '1.234,50'],
    [0.1 + 0.2, undefined, '0.3', '0.3', '0,3'],
    [1234567, undefined, '1234567', '1234567', '1234567'],
    [12345.678, '0.00E+00', '1.23E+04', '1.23E+04', '1,23E+04'],
    [0.256, '0.0%', '25.6%', '25.6%', '25,6%'],
    [1234, '#,##0" p.u."', '1,234 p.u.', '1,234 p.u.', '1.234 p.u.'], // the pattern's own text keeps its point
    [123, '00000', '00123', '00123', '00123'],
  ])('%p under %p: en_US %p, es_MX %p, es_ES %p', (value, format, us, mx, es) => {
    expect([show(value, format, 'en_US'), show(value, format, 'es_MX'), show(value, format, 'es_ES')]).toEqual([us, mx, es]);
  });

  it('shows Dates in the locale order under the automatic format and as patterned otherwise', () => {
    const at = new Date(Date.UTC(2026, 0, 31, 18, 5, 9));
    expect([show(at, undefined, 'en_US'), show(at, undefined, 'es_MX'), show(at, undefined, 'es_ES')]).toEqual([
      '1/31/2026 13:05:09',
      '31/1/2026 13:05:09',
      '31/1/2026 13:05:09',
    ]);
    expect(show(day(2026, 1, 31), undefined, 'es_ES')).toBe('31/1/2026');
    expect(show(at, 'yyyy-mm-dd', 'es_ES')).toBe('2026-01-31');
  });

  it('leaves text alone whatever the locale', () => {
    expect(show('A-1.5,2', '#,##0.00', 'es_ES')).toBe('A-1.5,2');
  });
});

describe('Spreadsheet locale', () => {
  it('is en_US by default, set by the option, and changed by setSpreadsheetLocale', () => {
    expect(loadRuntime({ bundle }).call('act', 'ss.getSpreadsheetLocale()')).toBe('en_US');
    const rt = loadRuntime({ bundle, locale: 'es_MX', workbook: { S: [] } });
    expect(rt.call('act', 'ss.getSpreadsheetLocale()')).toBe('es_MX');
    rt.call('act', `ss.setSpreadsheetLocale('es_ES'); sh.getRange('A1').setValue('2,5'); null`);
    expect(rt.call('act', 'ss.getSpreadsheetLocale()')).toBe('es_ES');
    expect(rt.sheet('S').values('A1')).toEqual([[2.5]]);
  });

  it('survives exportState and loading the state again', () => {
    const rt = loadRuntime({ bundle, locale: 'es_ES', workbook: { S: [[1234.5]] } });
    const again = loadRuntime({ bundle, state: rt.exportState() });
    expect(again.call('act', 'ss.getSpreadsheetLocale()')).toBe('es_ES');
    expect(again.sheet('S').displayValues()).toEqual([['1234,5']]);
  });

  it('refuses a locale it does not model, naming the ones it does', () => {
    expect(() => loadRuntime({ bundle, locale: 'fr_FR' })).toThrow('Locale fr_FR is not emulated: use one of en_US, es_MX, es_ES');
    const rt = loadRuntime({ bundle });
    expect(() => rt.call('act', `ss.setSpreadsheetLocale('de_DE')`)).toThrow(/Locale de_DE is not emulated/);
  });
});

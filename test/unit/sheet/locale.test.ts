import * as fc from 'fast-check';
import { readInteger, readNumber, sheetLocale } from '../../../src/sheet';

/** Text numbers under the spreadsheet's locale: refusals say how the locale reads them; readings never depend on it. */

describe('sheetLocale', () => {
  it.each([
    ['en_US', '.'],
    ['es_MX', '.'], // Mexico writes 1,234.5 like the United States
    ['es_ES', ','],
    ['pt_BR', ','],
    ['de_DE', ','],
  ])('%s types decimals with %p', (code, decimal) => {
    expect(sheetLocale(code)).toEqual({ code, decimal });
  });

  it('is undefined for a code Intl does not know, so nothing is guessed from it', () => {
    expect(sheetLocale('xx_YY')).toBeUndefined();
    expect(sheetLocale('not a locale')).toBeUndefined();
  });
});

describe('ambiguous text under a locale', () => {
  const es = sheetLocale('es_ES');
  const mx = sheetLocale('es_MX');
  const reason = (text: string, locale = es) => {
    const r = readNumber(text, undefined, locale);
    return r.kind === 'error' ? r.reason : `read as ${JSON.stringify(r)}`;
  };

  it('says how the spreadsheet reads it and what to type there', () => {
    expect(reason('1.234', es)).toBe(
      "'1.234' could be 1234 or 1.234 (between 1 and 2); this spreadsheet's locale (es_ES) reads it as 1234. " +
        'Type 1234, or 1,234 for the number between 1 and 2, in a cell formatted as Number, or choose the decimal separator in Settings',
    );
    expect(reason('1.234', mx)).toBe(
      "'1.234' could be 1234 or 1.234 (between 1 and 2); this spreadsheet's locale (es_MX) reads it as 1.234. " +
        'Type 1234, or 1.234 for the number between 1 and 2, in a cell formatted as Number, or choose the decimal separator in Settings',
    );
    expect(reason('12,500', es)).toMatch(/reads it as 12\.500\. Type 12500, or 12,500 for the number between 12 and 13/);
  });

  it('is still read as the decimal separator setting says, whatever the locale', () => {
    expect(readNumber('1.234', ',', mx)).toMatchObject({ kind: 'number', value: 1234 });
    expect(readInteger('1.234', ',', mx)).toMatchObject({ kind: 'number', value: 1234 });
    expect(readNumber('1.234', '.', es)).toMatchObject({ kind: 'number', value: 1.234 });
  });

  it('reads every other text the same under every locale (the locale explains, it does not decide)', () => {
    const text = fc.stringMatching(/^-?[0-9]{1,7}([.,][0-9]{1,4}){0,3}$/);
    fc.assert(
      fc.property(text, (t) => {
        const plain = readNumber(t);
        for (const locale of [es, mx, sheetLocale('en_US')]) {
          const under = readNumber(t, undefined, locale);
          expect(under.kind).toBe(plain.kind);
          if (plain.kind === 'number') expect(under).toEqual(plain);
        }
      }),
    );
  });
});

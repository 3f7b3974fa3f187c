import * as fc from 'fast-check';
import { plainDecimal, readInteger, readNumber, readNumberText, type DecimalSeparator } from '../../../src/sheet';

const value = (text: unknown, hint?: DecimalSeparator): number | undefined => {
  const r = readNumber(text, hint);
  return r.kind === 'number' ? r.value : undefined;
};
const reason = (text: unknown, hint?: DecimalSeparator): string | undefined => {
  const r = readNumber(text, hint);
  return r.kind === 'error' ? r.reason : undefined;
};

describe('readNumber: real cell values', () => {
  it('takes a finite number as is', () => {
    expect(value(12.5)).toBe(12.5);
    expect(value(-3)).toBe(-3);
    expect(value(0)).toBe(0);
  });

  it('drops the binary noise formulas leave, but never alters a whole number', () => {
    expect(value(0.1 * 3)).toBe(0.3);
    expect(value(9007199254740991)).toBe(9007199254740991);
  });

  it.each([NaN, Infinity, -Infinity])('rejects %p', (n) => {
    expect(reason(n)).toBe('the cell does not hold a finite number');
  });

  it('rejects booleans and dates', () => {
    expect(reason(true)).toBe('TRUE is not a number');
    expect(reason(false)).toBe('FALSE is not a number');
    expect(reason(new Date(2024, 0, 2))).toBe('a date is not a number; format the column as Number');
  });

  it.each(['', '   ', '\u00A0', '\u200B'])('reads %j as empty', (text) => {
    expect(readNumber(text)).toEqual({ kind: 'empty' });
  });

  it.each(['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#NUM!', '#NULL!', '#ERROR!', '#SPILL!', '#CALC!'])(
    'rejects the formula error %s',
    (err) => {
      expect(reason(err)).toBe(`the cell shows the formula error ${err}`);
      expect(reason(` ${err} `, ',')).toBe(`the cell shows the formula error ${err}`);
    },
  );

  it('rejects a formula still loading', () => {
    expect(reason('Loading...')).toMatch(/^the cell shows the formula error Loading\.\.\./);
  });
});

describe('readNumberText: accepted forms', () => {
  it.each<[string, number]>([
    ['1234.5', 1234.5],
    ['1,234.50', 1234.5],
    ['1,234,567.89', 1234567.89],
    ['1.234,50', 1234.5],
    ['1.234.567,89', 1234567.89],
    ['1234,5', 1234.5],
    ['1,234,567', 1234567],
    ['1.234.567', 1234567],
    ['  42  ', 42],
    ['\u00A042\u00A0', 42],
    ['+7', 7],
    ['0,5', 0.5],
    ['.5', 0.5],
    [',25', 0.25],
    ['0.123', 0.123],
    ['0,123', 0.123],
    ['$1,234.50', 1234.5],
    ['$ 10', 10],
    ['10 $', 10],
    ['MXN 99.90', 99.9],
    ['99,90 MXN', 99.9],
    ['USD 5', 5],
    ['usd5', 5],
    ['€1.234,50', 1234.5],
    ['12 €', 12],
    ['EUR 3', 3],
    ['-5', -5],
    ['\u22125', -5],
    ['-$5.25', -5.25],
    ['$-5.25', -5.25],
    ['(5)', -5],
    ['(1,234.50)', -1234.5],
    ['($7)', -7],
    ['-0', 0],
    ['1234,567', 1234.567],
  ])('%j is %p', (text, n) => {
    expect(value(text)).toBe(n);
  });

  it('never returns -0', () => {
    expect(Object.is(value('-0'), 0)).toBe(true);
  });
});

describe('readNumberText: rejected forms', () => {
  it.each(['1,23,4', '1.2.3,4,5', '1,234.', '1.', '12,34,567', '1.234.5', '1,2345,678', '0,123,456', '1.234,5,6'])(
    '%j has misplaced separators',
    (text) => {
      expect(reason(text)).toBe(`'${text}' is not a number: its separators are misplaced`);
    },
  );

  it.each([
    '12a',
    '1e5x',
    '1e5',
    'abc',
    '--5',
    '+-5',
    '(5',
    '5)',
    '-(5)',
    '(-5)',
    '$$5',
    'MXN 5 USD',
    '5 5',
    '1 234',
    '$',
    '.',
    ',',
    'five',
    '0x10',
    'Infinity',
    'NaN',
  ])('%j is not a number', (text) => {
    expect(reason(text)).toBe(`'${text}' is not a number`);
  });

  it('rejects more digits than a double keeps exactly', () => {
    expect(reason('12345678901234567')).toMatch(/more digits than can be sent exactly/);
    expect(value('123456789012345')).toBe(123456789012345);
  });
});

describe('ambiguous thousands/decimal', () => {
  it.each([
    ['1,234', '1234', '1.234'],
    ['1.234', '1234', '1.234'],
    ['12,500', '12500', '12.500'],
    ['-999.000', '999000', '999.000'],
  ])('%j is rejected without a hint, naming both readings', (text, grouped, decimal) => {
    expect(reason(text)).toBe(`'${text}' could be ${grouped} or ${decimal}: write it without a thousands separator`);
  });

  it('reads it as the hint says, with a note', () => {
    expect(readNumber('1,234', '.')).toEqual({
      kind: 'number',
      value: 1234,
      note: "'1,234' read as 1234 (decimal separator setting: '.')",
    });
    expect(readNumber('1,234', ',')).toEqual({
      kind: 'number',
      value: 1.234,
      note: "'1,234' read as 1.234 (decimal separator setting: ',')",
    });
    expect(value('1.234', ',')).toBe(1234);
    expect(value('1.234', '.')).toBe(1.234);
    expect(value('$1,500', '.')).toBe(1500);
  });

  it('is not ambiguous when the integer part is 0 or there are not three digits after', () => {
    expect(value('0.500')).toBe(0.5);
    expect(value('1,23')).toBe(1.23);
    expect(value('1.2345')).toBe(1.2345);
  });

  it('uses the hint only to settle ambiguity: text with one possible reading is read that way', () => {
    expect(value('1234,567', '.')).toBe(1234.567);
    expect(value('1234,5', '.')).toBe(1234.5);
    expect(value('1,234.5', ',')).toBe(1234.5);
    expect(readNumber('1234.5', ',')).toEqual({ kind: 'number', value: 1234.5 });
  });
});

describe('readInteger', () => {
  it('rejects a non-whole value', () => {
    expect(readInteger(2.5)).toEqual({ kind: 'error', reason: 'must be a whole number, got 2.5' });
    expect(readInteger('2,5')).toEqual({ kind: 'error', reason: 'must be a whole number, got 2.5' });
  });
  it('accepts whole values in any form', () => {
    expect(readInteger('1,000', '.')).toMatchObject({ kind: 'number', value: 1000 });
    expect(readInteger(7)).toEqual({ kind: 'number', value: 7 });
    expect(readInteger(0.1 * 30)).toEqual({ kind: 'number', value: 3 });
  });
  it('rejects a whole number too large to be exact', () => {
    expect(readInteger(1e20)).toMatchObject({ kind: 'error' });
  });
});

describe('plainDecimal', () => {
  it.each<[number, string]>([
    [0, '0'],
    [12.5, '12.5'],
    [-3, '-3'],
    [1e21, '1000000000000000000000'],
    [1.5e-7, '0.00000015'],
    [-2.5e-8, '-0.000000025'],
    [1.23e22, '12300000000000000000000'],
  ])('%p → %s', (n, s) => {
    expect(plainDecimal(n)).toBe(s);
    expect(Number(s)).toBe(n);
  });
});

/** Formats |cents|/100 the way a person in either convention would type it. */
function format(cents: bigint, decimal: DecimalSeparator, grouping: boolean, fixedDecimals: boolean, currency: string): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  let whole = (abs / 100n).toString();
  let fraction = (abs % 100n).toString().padStart(2, '0');
  if (!fixedDecimals) fraction = fraction.replace(/0+$/, '');
  if (grouping) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, decimal === '.' ? ',' : '.');
  const body = fraction ? `${whole}${decimal}${fraction}` : whole;
  return `${negative ? '-' : ''}${currency}${body}`;
}

describe('properties', () => {
  it('(a) any number with ≤ 2 decimals, typed in either convention, reads back exactly with the right hint', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }),
        fc.constantFrom<DecimalSeparator>('.', ','),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('', '$', 'MXN ', '€'),
        (cents, decimal, grouping, fixedDecimals, currency) => {
          const text = format(cents, decimal, grouping, fixedDecimals, currency);
          const read = readNumberText(text, decimal);
          expect(read).toMatchObject({ kind: 'number', value: Number(cents) / 100 });
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('(a) without a hint, a reading is either exact or a rejection, never a misread', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.constantFrom<DecimalSeparator>('.', ','),
        fc.boolean(),
        fc.boolean(),
        (cents, decimal, grouping, fixed) => {
          const read = readNumberText(format(cents, decimal, grouping, fixed, ''));
          if (read.kind === 'number') expect(read.value).toBe(Number(cents) / 100);
          else expect(read.kind).toBe('error');
        },
      ),
      { numRuns: 3000 },
    );
  });

  const ALLOWED_CODES = /MXN|USD|EUR/gi;
  const LETTER = /\p{L}/u;
  const unit = fc.constantFrom(...'0123456789.,-+()$€ \u00A0aAeEkKxXnNmMuUsSdDrRé'.split(''), 'MXN', 'USD', 'EUR', 'e', 'k');
  const texts = fc.oneof(
    fc.string({ unit, maxLength: 14 }),
    fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ unit, maxLength: 3 }), fc.nat(20)).map(([n, extra, at]) => {
      const s = String(n);
      const i = Math.min(at, s.length);
      return s.slice(0, i) + extra + s.slice(i);
    }),
    fc.string(),
  );

  it('(b) text with a letter other than a currency code never reads as a number', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom<DecimalSeparator | undefined>(undefined, '.', ','), (text, hint) => {
        fc.pre(LETTER.test(text.replace(ALLOWED_CODES, '')));
        expect(readNumberText(text, hint).kind).not.toBe('number');
      }),
      { numRuns: 5000 },
    );
  });

  it('never throws and always answers one of the three kinds', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(['empty', 'number', 'error']).toContain(readNumberText(text).kind);
      }),
    );
  });
});

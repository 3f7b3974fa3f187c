import * as fc from 'fast-check';
import { MAX_CELL_CHARS, escapeCellText, isFormulaLike, isValueLike } from '../../../src/sheet';

describe('isFormulaLike', () => {
  it.each(['=1+1', '+1', '-5', '@SUM(A1)', '\tx', '\rx', '\nx', ' =HYPERLINK("x")'])('%j is formula-like', (s) => {
    expect(isFormulaLike(s)).toBe(true);
  });
  it.each(['OK', 'a=b', 'Producto no encontrado', '', 'x-1'])('%j is not', (s) => {
    expect(isFormulaLike(s)).toBe(false);
  });
});

describe('escapeCellText', () => {
  it.each([
    ['=IMPORTXML("http://evil")', `'=IMPORTXML("http://evil")`],
    ['+5', "'+5"],
    ['-5', "'-5"],
    ['@x', "'@x"],
    ['\t=1', "'\t=1"],
    ['\nline', "'\nline"],
    ['00123', "'00123"],
    ['1,234.50', "'1,234.50"],
    ['12%', "'12%"],
    ['2024-01-02', "'2024-01-02"],
    ['1/2', "'1/2"],
    ['12:30', "'12:30"],
    ['$5', "'$5"],
    ['TRUE', "'TRUE"],
    ['false', "'false"],
    ['Jan 5', "'Jan 5"],
    ['#N/A', "'#N/A"],
    ["'quoted", "''quoted"],
  ])('prefixes %j', (input, output) => {
    expect(escapeCellText(input)).toBe(output);
  });

  it.each(['OK', 'Producto no encontrado', 'amazon: OK, walmart: Error', 'A-1', ''])('leaves %j as is', (s) => {
    expect(escapeCellText(s)).toBe(s);
  });

  it('removes control characters but keeps line breaks inside', () => {
    expect(escapeCellText('a\u0000b\u0007c\u001Fd\u007Fe\u0085f')).toBe('abcdef');
    expect(escapeCellText('line 1\nline 2')).toBe('line 1\nline 2');
    expect(escapeCellText('\u0000=1')).toBe("'=1");
  });

  it('caps the length at the cell limit, prefix included, without splitting a surrogate pair', () => {
    expect(escapeCellText('x'.repeat(60000))).toHaveLength(MAX_CELL_CHARS);
    expect(escapeCellText(`=${'x'.repeat(60000)}`)).toHaveLength(MAX_CELL_CHARS);
    const emoji = escapeCellText('😀'.repeat(30000));
    expect(emoji.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(/[\uD800-\uDBFF]\u2026$/.test(emoji)).toBe(false);
    expect(escapeCellText('x'.repeat(MAX_CELL_CHARS))).toHaveLength(MAX_CELL_CHARS);
  });

  it('never returns text that starts a formula or exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const out = escapeCellText(s);
        expect(out.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
        if (out.charAt(0) !== "'") {
          expect(isFormulaLike(out)).toBe(false);
          expect(isValueLike(out)).toBe(false);
        }
      }),
    );
  });
});

/** The playground's pure pieces: CSV/TSV splitting of files and pastes (papaparse), and where a HYPERLINK opens. */
import { clipboardRows, parseDelimited } from '../../dev/playground/import/delimited';
import { linkTarget } from '../../dev/playground/runtime/drive-file';

describe('parseDelimited', () => {
  it('guesses the separator, keeps quoted commas and line breaks, drops the BOM and the final line break', () => {
    expect(parseDelimited('\ufeffa,b\r\n1,"x, ""y""\r\nz"\r\n')).toEqual([
      ['a', 'b'],
      ['1', 'x, "y"\r\nz'],
    ]);
    expect(parseDelimited('a;b\n1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseDelimited('')).toEqual([]);
  });
});

describe('clipboardRows', () => {
  it('splits on tabs (what Sheets and Excel copy)', () => {
    expect(clipboardRows('SKU\tQty\n00077\t5\n')).toEqual([
      ['SKU', 'Qty'],
      ['00077', '5'],
    ]);
  });
  it('splits CSV only when every line has the same number of fields', () => {
    expect(clipboardRows('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(clipboardRows('1,234.5')).toEqual([['1,234.5']]);
    expect(clipboardRows('a,b\nc')).toEqual([['a,b'], ['c']]);
  });
});

describe('linkTarget', () => {
  it("opens a file of the emulator's Drive from the playground, other http(s) URLs as they are, nothing else", () => {
    expect(linkTarget('https://drive.google.com/file/d/1AbcdEfghIjklMnopQrstUvwxYz012345/view?usp=drivesdk')).toBe(
      '/drive/1AbcdEfghIjklMnopQrstUvwxYz012345',
    );
    expect(linkTarget('https://example.com/p')).toBe('https://example.com/p');
    expect(linkTarget('javascript:alert(1)')).toBeNull();
  });
});

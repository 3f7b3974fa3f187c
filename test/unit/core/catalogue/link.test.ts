import { MAX_LINK_CHARS, isLinkableUrl, permalinkCell } from '../../../../src/core/pipeline/hub-reads/link';

describe('permalinkCell', () => {
  it('makes an http(s) URL a HYPERLINK showing the URL', () => {
    expect(permalinkCell('https://www.amazon.com.mx/dp/B0123')).toBe(
      '=HYPERLINK("https://www.amazon.com.mx/dp/B0123","https://www.amazon.com.mx/dp/B0123")',
    );
    expect(permalinkCell('  http://shop.example/p?a=1&b=2  ')).toBe(
      '=HYPERLINK("http://shop.example/p?a=1&b=2","http://shop.example/p?a=1&b=2")',
    );
  });

  it('doubles quotes inside the URL, so the string cannot be closed early', () => {
    const cell = permalinkCell('https://x.example/p/"),A1,("') as string;
    expect(cell).toBe('=HYPERLINK("https://x.example/p/""),A1,(""","https://x.example/p/""),A1,(""")');
    // Unquoted, the formula has exactly the two string arguments.
    expect(cell.replace(/"(?:[^"]|"")*"/g, 'S')).toBe('=HYPERLINK(S,S)');
  });

  it('writes anything else as plain text that cannot become a formula', () => {
    expect(permalinkCell('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(permalinkCell('=IMPORTXML("http://evil","//a")')).toBe('\'=IMPORTXML("http://evil","//a")');
    expect(permalinkCell('+1 555')).toBe("'+1 555");
    expect(permalinkCell('https://has space.example/x')).toBe('https://has space.example/x');
    expect(permalinkCell('https://x.example/\nline')).toBe('https://x.example/\nline');
    expect(permalinkCell('ftp://files.example/a')).toBe('ftp://files.example/a');
    expect(permalinkCell('https://')).toBe('https://');
  });

  it('leaves an empty or missing permalink empty', () => {
    expect(permalinkCell('')).toBe('');
    expect(permalinkCell(null)).toBe('');
    expect(permalinkCell(undefined)).toBe('');
    expect(permalinkCell('   ')).toBe('');
  });

  it('does not link a URL longer than Sheets takes', () => {
    const long = `https://x.example/${'a'.repeat(MAX_LINK_CHARS)}`;
    expect(isLinkableUrl(long)).toBe(false);
    expect(permalinkCell(long)).toBe(long);
  });
});

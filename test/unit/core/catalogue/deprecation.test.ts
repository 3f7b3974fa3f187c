import { readDeprecation } from '../../../../src/api/deprecation';

describe('readDeprecation (the hub\u2019s Deprecation and Link headers)', () => {
  it('reads the draft form and the RFC 9745 date form, and the successor link', () => {
    expect(readDeprecation({ deprecation: 'true', link: '</api/stock/GetStockPriceJob>; rel="successor-version"' })).toEqual({
      deprecated: true,
      successor: '/api/stock/GetStockPriceJob',
    });
    expect(readDeprecation({ deprecation: '@1577836800' })).toEqual({ deprecated: true, successor: null });
  });

  it('finds the successor among several links, whatever the quoting', () => {
    const link = '<https://docs.example/deprecation>; rel="deprecation", <https://api.example/v2>; rel=successor-version';
    expect(readDeprecation({ deprecation: 'true', link }).successor).toBe('https://api.example/v2');
  });

  it('is not deprecated without the header or with "false"', () => {
    expect(readDeprecation({})).toEqual({ deprecated: false, successor: null });
    expect(readDeprecation({ deprecation: 'false' }).deprecated).toBe(false);
    expect(readDeprecation({ deprecation: '  ' }).deprecated).toBe(false);
  });
});

import { looseSkuKey, sheetCannotHold, skuKey, twinDescription, twinMessage } from '../../../../src/core/pipeline/hub-reads/sku-match';

describe('catalogue SKU matching', () => {
  it('matches exactly after NFC; twins share only the loose key', () => {
    expect(skuKey('LA\u0301MPARA')).toBe(skuKey('L\u00c1MPARA'));
    expect(skuKey('ABC ')).not.toBe(skuKey('ABC'));
    expect(skuKey('abc')).not.toBe(skuKey('ABC'));
    expect(new Set(['ABC', 'ABC ', ' abc', 'AB\u200bC', 'abc\u00a0'].map(looseSkuKey))).toEqual(new Set(['abc']));
  });

  it('says how a twin differs', () => {
    expect(twinDescription('ABC ', 'ABC')).toBe("'ABC ' (with a trailing space)");
    expect(twinDescription(' ABC', 'ABC')).toBe("' ABC' (with a leading space)");
    expect(twinDescription(' abc ', 'ABC')).toBe("' abc ' (with spaces around it and other letter case)");
    expect(twinDescription('Abc', 'ABC')).toBe("'Abc' (in other letter case)");
    expect(twinDescription('AB\u200bC', 'ABC')).toBe("'AB\u200bC' (with invisible characters or non-breaking spaces)");
  });

  it('tells the seller what fails and where it can be fixed', () => {
    expect(twinMessage('ABC', ['ABC '])).toBe(
      "The hub has 'ABC ' (with a trailing space), not 'ABC': pushes to 'ABC' will fail \u2014 fix the SKU in the hub (a sheet\u2019s SKUs are sent without surrounding spaces)",
    );
    expect(twinMessage('ABC', ['abc'])).toBe(
      "The hub has 'abc' (in other letter case), not 'ABC': pushes to 'ABC' will fail \u2014 fix the SKU in the hub or in the sheet",
    );
    expect(twinMessage('ABC', ['abc', 'ABC '])).toMatch(
      /^The hub has 'abc' \(in other letter case\) and 'ABC ' \(with a trailing space\), not 'ABC'.*in the hub or in the sheet$/,
    );
  });

  it('knows which hub SKUs no sheet row can send', () => {
    expect(sheetCannotHold('LA\u0301MPARA')).toBeNull(); // read back as NFC: the same SKU
    expect(sheetCannotHold('00123')).toBeNull();
    expect(sheetCannotHold('ABC ')).toBe("it has a trailing space, which a sheet's SKU is sent without");
    expect(sheetCannotHold('A\u00a0B')).toBe("it has invisible characters or non-breaking spaces, which a sheet's SKU is sent without");
    expect(sheetCannotHold('#N/A')).toMatch(/formula error/);
    expect(sheetCannotHold(' ')).toBe('SKU is empty');
  });
});

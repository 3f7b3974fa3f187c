import { keysHash, matchRanges, toRanges } from '../../../../src/core/push/journal';

describe('push journal encoding', () => {
  const rows = (from: number, to: number, entry = 'OK') =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ rowNumber: from + i, key: `SKU-${from + i}`, entry }));

  test('adjacent rows with one entry become one range, whatever their order', () => {
    const ranges = toRanges([...rows(2, 401)].reverse());
    expect(ranges).toHaveLength(1);
    expect(ranges[0].slice(0, 2)).toEqual([2, 401]);
    expect(ranges[0][3]).toBe('OK');
  });

  test('gaps and different entries split ranges', () => {
    const ranges = toRanges([...rows(2, 4), ...rows(6, 7), ...rows(8, 9, 'P:77')]);
    expect(ranges.map((r) => [r[0], r[1], r[3]])).toEqual([
      [2, 4, 'OK'],
      [6, 7, 'OK'],
      [8, 9, 'P:77'],
    ]);
  });

  test('a range matches only while its rows hold the same keys', () => {
    const ranges = toRanges(rows(2, 5));
    const same = (n: number) => `SKU-${n}`;
    expect([...matchRanges(ranges, same).keys()]).toEqual([2, 3, 4, 5]);
    const swapped = (n: number) => (n === 3 ? 'SKU-4' : n === 4 ? 'SKU-3' : `SKU-${n}`);
    expect(matchRanges(ranges, swapped).size).toBe(0);
    const gone = (n: number) => (n === 5 ? undefined : `SKU-${n}`);
    expect(matchRanges(ranges, gone).size).toBe(0);
  });

  test('the hash tells apart keys split differently', () => {
    expect(keysHash(['ab', 'c'])).not.toBe(keysHash(['a', 'bc']));
    expect(keysHash(['x'])).toMatch(/^[0-9a-f]{8}$/);
  });
});

import { countOf, everyMinutes } from '../../../src/sheet/count-words';

describe('numbers of things in words', () => {
  it.each([
    [0, 'row', '0 rows'],
    [1, 'row', '1 row'],
    [2, 'row', '2 rows'],
    [1200, 'row', '1,200 rows'],
    [1, 'SKU', '1 SKU'],
    [3, 'SKU', '3 SKUs'],
  ])('countOf(%d, %s) is "%s"', (n, word, text) => {
    expect(countOf(n, word)).toBe(text);
  });

  it('takes the irregular plural', () => {
    expect(countOf(1, 'retry', 'retries')).toBe('1 retry');
    expect(countOf(2, 'retry', 'retries')).toBe('2 retries');
  });

  it.each([
    [1, 'every minute'],
    [5, 'every 5 minutes'],
    [60, 'every hour'],
    [120, 'every 2 hours'],
    [90, 'every 90 minutes'],
  ])('everyMinutes(%d) is "%s"', (minutes, text) => {
    expect(everyMinutes(minutes)).toBe(text);
  });
});

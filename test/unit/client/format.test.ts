import {
  formatDateTime,
  formatDuration,
  formatPercent,
  formatRelative,
  formatSeconds,
  percent,
  plural,
  toEpoch,
} from '../../../src/client/format';

describe('plural', () => {
  it('uses the singular for one only, and thousands separators', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(0, 'row')).toBe('0 rows');
    expect(plural(1200, 'retry', 'retries')).toBe('1,200 retries');
  });
});

describe('formatDateTime', () => {
  const ms = Date.UTC(2024, 4, 1, 14, 3, 59);
  it('formats epoch ms and ISO strings', () => {
    expect(formatDateTime(ms, 'utc')).toBe('2024-05-01 14:03');
    expect(formatDateTime(new Date(ms).toISOString(), 'utc')).toBe('2024-05-01 14:03');
  });
  it('pads single digits', () => {
    expect(formatDateTime(Date.UTC(2024, 0, 2, 3, 4), 'utc')).toBe('2024-01-02 03:04');
  });
  it('returns text that is not a date as is, and blank for nothing', () => {
    expect(formatDateTime('yesterday-ish', 'utc')).toBe('yesterday-ish');
    expect(formatDateTime(null)).toBe('');
    expect(toEpoch('')).toBeNull();
  });
  it('uses the local zone by default', () => {
    const d = new Date(ms);
    expect(formatDateTime(ms)).toContain(`${d.getFullYear()}-`);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [999, '0 s'],
    [45_000, '45 s'],
    [60_000, '1 min'],
    [200_000, '3 min 20 s'],
    [3_600_000, '1 h'],
    [7_500_000, '2 h 5 min'],
    [86_400_000, '1 day'],
    [3 * 86_400_000 + 4 * 3_600_000, '3 days 4 h'],
    [-5000, '0 s'],
  ])('%d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatRelative', () => {
  it('says in / ago', () => {
    expect(formatRelative(5 * 3_600_000, 0)).toBe('in 5 h');
    expect(formatRelative(0, 180_000)).toBe('3 min ago');
    expect(formatRelative(10_000, 0)).toBe('in less than a minute');
    expect(formatRelative(0, 10_000)).toBe('just now');
  });
});

describe('percent', () => {
  it('is whole, clamped and safe for an empty total', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(3, 3)).toBe(100);
    expect(percent(5, 3)).toBe(100);
    expect(percent(0, 0)).toBe(0);
    expect(percent(-1, 10)).toBe(0);
    expect(formatPercent(120, 500)).toBe('24 %');
  });
});

describe('formatSeconds', () => {
  it('shows the Log sheet\u2019s seconds, blank for a blank cell', () => {
    expect(formatSeconds(3.44)).toBe('3.4 s');
    expect(formatSeconds('12')).toBe('12 s');
    expect(formatSeconds('')).toBe('');
    expect(formatSeconds('n/a')).toBe('');
  });
});

import { writeEstimateMs } from '../../../src/core/push/write-time';

describe('writeEstimateMs (how long a chunk\'s results take to write)', () => {
  test('grows with the rows written and their width, plus one re-read of the sheet', () => {
    // 100,000 rows of a sheet 6 columns wide + their snapshot rows (3): 900,000 cells at 0.15 ms;
    // the re-read of its 200,000 rows: 1,200,000 cells at 0.01 ms.
    expect(writeEstimateMs(100_000, 6, 200_000)).toBeCloseTo(900_000 * 0.15 + 1_200_000 * 0.01, 6);
    expect(writeEstimateMs(0, 6, 0)).toBe(0);
    expect(writeEstimateMs(2_000, 6, 0)).toBeLessThan(writeEstimateMs(4_000, 6, 0));
  });

  test('150,000 rows of results do not fit in the 90 s between 4½ minutes and the 6-minute limit', () => {
    // The 200,000-row push that was killed mid-write: what the check now keeps from happening.
    expect(writeEstimateMs(150_000, 8, 200_000)).toBeGreaterThan(90_000);
  });
});

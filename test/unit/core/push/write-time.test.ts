import { writeEstimateMs } from '../../../../src/core/push/write-time';

describe("writeEstimateMs (how long a chunk's results take to write)", () => {
  test('grows with the rows written and their result columns, plus one re-read of the whole sheet', () => {
    // 100,000 rows of 6 result columns + their snapshot rows (3): 900,000 cells at 0.15 ms; the
    // re-read of the sheet's 200,000 rows, 8 columns wide: 1,600,000 cells at 0.01 ms.
    expect(writeEstimateMs(100_000, 6, 200_000, 8)).toBeCloseTo(900_000 * 0.15 + 1_600_000 * 0.01, 6);
    expect(writeEstimateMs(0, 6, 0, 8)).toBe(0);
    expect(writeEstimateMs(2_000, 6, 0, 8)).toBeLessThan(writeEstimateMs(4_000, 6, 0, 8));
    // A 60-column export writes its few result columns: the width only costs the re-read.
    expect(writeEstimateMs(10_000, 6, 10_000, 60)).toBeLessThan(writeEstimateMs(10_000, 60, 10_000, 60) / 4);
  });

  test('150,000 rows of results do not fit in the 90 s between 4½ minutes and the 6-minute limit', () => {
    // The 200,000-row push that was killed mid-write: what the check now keeps from happening.
    expect(writeEstimateMs(150_000, 6, 200_000, 8)).toBeGreaterThan(90_000);
  });
});

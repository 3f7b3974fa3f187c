/** Polls back off, and stop at the deadline. */
import { afterPoll, backoffMinutes, deadlineAt, isDue, isPastDeadline, nextPollAt } from '../../../../src/core/jobs/poll-schedule';
import { Settings } from '../../../../src/core/kernel/settings-schema';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 20, 15);
const settings = Settings.parse({});

describe('backoff', () => {
  test('5, then 15, then every 60 minutes', () => {
    expect([0, 1, 2, 3, 10].map(backoffMinutes)).toEqual([5, 15, 60, 60, 60]);
  });

  test('a new job is due 5 minutes after it was sent; each poll moves its next one further away', () => {
    let job: { createdAt: number; polls?: number; nextPollAt?: number } = { createdAt: T0 };
    expect(nextPollAt(job, settings)).toBe(T0 + 5 * MIN);
    expect(isDue(job, T0 + 4 * MIN, settings)).toBe(false);
    expect(isDue(job, T0 + 5 * MIN - 20_000, settings)).toBe(true); // trigger drift
    const times: number[] = [];
    let now = T0 + 5 * MIN;
    for (let i = 0; i < 4; i++) {
      job = { ...job, ...afterPoll(job, now) };
      times.push((job.nextPollAt as number) - now);
      now = job.nextPollAt as number;
    }
    expect(times.map((t) => t / MIN)).toEqual([15, 60, 60, 60]);
  });

  test('the next poll is never after the deadline, and the deadline follows the setting', () => {
    const job = { createdAt: T0, nextPollAt: T0 + 30 * 60 * MIN };
    expect(deadlineAt(job, settings)).toBe(T0 + 24 * 60 * MIN);
    expect(nextPollAt(job, settings)).toBe(T0 + 24 * 60 * MIN);
    const short = Settings.parse({ jobs: { deadlineHours: 2 } });
    expect(nextPollAt(job, short)).toBe(T0 + 120 * MIN);
    expect(isPastDeadline(job, T0 + 119 * MIN, short)).toBe(false);
    expect(isPastDeadline(job, T0 + 120 * MIN, short)).toBe(true);
  });
});

/** The daily request budget for polling, counted per UTC day in document properties. */
import { budgetLeft, markSpentLogged, nextUtcDay, readBudget, spendBudget, utcDay } from '../../../../src/core/jobs/budget';
import { Settings } from '../../../../src/core/kernel/settings-schema';
import { memoryStore } from '../../../support/ports';

const DAY1 = Date.UTC(2026, 10, 20, 23, 50);

describe('daily budget', () => {
  test('requests add up within a UTC day and start again at 0 the next day', () => {
    const store = memoryStore();
    spendBudget(store, DAY1, 1500);
    spendBudget(store, DAY1 + 5 * 60_000, 450);
    expect(readBudget(store, DAY1 + 9 * 60_000)).toMatchObject({ day: '2026-11-20', used: 1950 });
    expect(budgetLeft(readBudget(store, DAY1), 2000)).toBe(50);
    spendBudget(store, DAY1 + 9 * 60_000, 80);
    expect(budgetLeft(readBudget(store, DAY1), 2000)).toBe(0);
    // 00:00 UTC: a new day, whatever the time zone of the spreadsheet.
    const next = nextUtcDay(DAY1);
    expect(next).toBe(Date.UTC(2026, 10, 21));
    expect(readBudget(store, next)).toEqual({ day: '2026-11-21', used: 0, spentLogged: false });
    expect(utcDay(next - 1)).toBe('2026-11-20');
  });

  test('"spent" is said once a day', () => {
    const store = memoryStore();
    markSpentLogged(store, DAY1);
    expect(readBudget(store, DAY1).spentLogged).toBe(true);
    expect(readBudget(store, nextUtcDay(DAY1)).spentLogged).toBe(false);
  });

  test('an unreadable count starts the day again', () => {
    const store = memoryStore({ 'jobs.budget': '{nope' });
    expect(readBudget(store, DAY1).used).toBe(0);
  });
});

describe('jobs settings', () => {
  test('defaults: 2,000 requests a day, 24 hours', () => {
    expect(Settings.parse({}).jobs).toEqual({ dailyRequestBudget: 2000, deadlineHours: 24 });
  });

  test.each([
    [{ dailyRequestBudget: 5 }, 'jobs.dailyRequestBudget', /at least 10 requests/],
    [{ dailyRequestBudget: 200_000 }, 'jobs.dailyRequestBudget', /At most 100,000/],
    [{ dailyRequestBudget: 12.5 }, 'jobs.dailyRequestBudget', /whole number/],
    [{ deadlineHours: 0 }, 'jobs.deadlineHours', /at least 1 hour/],
    [{ deadlineHours: 500 }, 'jobs.deadlineHours', /at most 168 hours/],
    [{ deadlineHours: 'soon' }, 'jobs.deadlineHours', /how many hours/],
  ])('%j is refused with a message that says what to enter', (jobs, path, message) => {
    const parsed = Settings.safeParse({ jobs });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path.join('.')).toBe(path);
    expect(issue?.message).toMatch(message);
  });
});

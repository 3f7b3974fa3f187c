import { backgroundLines, backgroundNote } from '../../../src/client/background-text';

describe('the add-on background list in the sidebar', () => {
  const now = Date.UTC(2026, 10, 20, 16, 0);
  test('names this spreadsheet and the others, with what is due and when each last ran', () => {
    const lines = backgroundLines([
      { name: 'Shop MX', due: ['order import every 60 min'], lastRunAt: now - 5 * 60_000, here: true },
      { name: 'Old "shop"', due: ['a push to finish', '2 async jobs to follow'], lastRunAt: null, here: false },
    ], now, 'utc');
    expect(lines[0]).toBe('This spreadsheet: order import every 60 min \u00b7 last run 2026-11-20 15:55 (5 min ago)');
    expect(lines[1]).toBe('\u201cOld "shop"\u201d: a push to finish, 2 async jobs to follow \u00b7 not run yet');
  });
  test('says what an empty list means, and how to stop one', () => {
    expect(backgroundNote(0)).toMatch(/No background work/);
    expect(backgroundNote(2)).toMatch(/once an hour.*switch its order import off/);
  });
});

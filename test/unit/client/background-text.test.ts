import { formatDateTime, setDisplayZone } from '../../../src/client/format';
import { backgroundLines, backgroundNote } from '../../../src/client/views/settings/background-text';

describe('the add-on background list in the sidebar', () => {
  const now = Date.UTC(2026, 10, 20, 16, 0);
  test('names this spreadsheet and the others, with what is due and when each last ran', () => {
    const lines = backgroundLines(
      [
        { name: 'Shop MX', due: ['order import every 60 min'], lastRunAt: now - 5 * 60_000, here: true },
        { name: 'Old "shop"', due: ['a push to finish', '2 async jobs to follow'], lastRunAt: null, here: false },
      ],
      now,
      'utc',
    );
    expect(lines[0]).toBe('This spreadsheet: order import every 60 min \u00b7 last run 2026-11-20 15:55 (5 min ago)');
    expect(lines[1]).toBe('\u201cOld "shop"\u201d: a push to finish, 2 async jobs to follow \u00b7 not run yet');
  });
  test('says what an empty list means, and how to stop one', () => {
    expect(backgroundNote(0)).toMatch(/No background work/);
    expect(backgroundNote(2)).toMatch(/once an hour.*switch its order import off/);
  });
});

describe("one clock for the sidebar: the spreadsheet's time zone", () => {
  const at = Date.UTC(2026, 10, 20, 16, 5);
  afterEach(() => setDisplayZone(null));
  test('an IANA zone is shown as the sheets show it', () => {
    expect(formatDateTime(at, 'America/Mexico_City')).toBe('2026-11-20 10:05');
    expect(formatDateTime(at, 'Europe/Madrid')).toBe('2026-11-20 17:05');
    expect(formatDateTime(at, 'utc')).toBe('2026-11-20 16:05');
  });
  test("once the state names the spreadsheet's zone, every time without a zone uses it", () => {
    setDisplayZone('Asia/Tokyo');
    expect(formatDateTime(at)).toBe('2026-11-21 01:05');
    expect(backgroundLines([{ name: 'x', due: [], lastRunAt: at, here: true }], at)[0]).toContain('last run 2026-11-21 01:05');
  });
  test("a zone the browser does not know falls back to the browser's own clock, not to an error", () => {
    expect(formatDateTime(at, 'Mars/Olympus')).toMatch(/^2026-11-2\d \d\d:\d\d$/);
  });
});

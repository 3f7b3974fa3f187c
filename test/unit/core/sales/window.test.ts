/**
 * A scheduled sale's window from its two cells, in the spreadsheet's time zone with daylight
 * saving; and overlapping windows of one SKU and channel refused with both rows named.
 */
import * as fc from 'fast-check';
import { wallTime, zonedDateTime } from '../../../../src/core/kernel/time';
import { overlappingWindows, type PlacedWindow } from '../../../../src/core/sales/overlap';
import { readWindow, type Window } from '../../../../src/core/sales/window';

const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';

const at = (iso: string): number => new Date(iso).getTime();

describe('wall-clock times in a zone with daylight saving', () => {
  test('an ordinary hour is one instant, in winter and in summer', () => {
    expect(wallTime(NY, 2026, 1, 15, 9, 0)).toEqual({ kind: 'at', at: at('2026-01-15T14:00:00Z') });
    expect(wallTime(NY, 2026, 7, 15, 9, 0)).toEqual({ kind: 'at', at: at('2026-07-15T13:00:00Z') });
    expect(wallTime(MADRID, 2026, 12, 1, 0, 0)).toEqual({ kind: 'at', at: at('2026-11-30T23:00:00Z') });
  });

  test('the hour the clocks skip names no instant; the hour they repeat names two', () => {
    // 2026-03-08: New York goes from 02:00 to 03:00; 2026-11-01: from 02:00 back to 01:00.
    expect(wallTime(NY, 2026, 3, 8, 2, 30)).toEqual({ kind: 'skipped' });
    expect(wallTime(NY, 2026, 11, 1, 1, 30)).toEqual({
      kind: 'twice',
      first: at('2026-11-01T05:30:00Z'),
      second: at('2026-11-01T06:30:00Z'),
    });
    // Madrid: 2026-03-29 02:00 → 03:00; 2026-10-25 03:00 → 02:00.
    expect(wallTime(MADRID, 2026, 3, 29, 2, 15)).toEqual({ kind: 'skipped' });
    expect(wallTime(MADRID, 2026, 10, 25, 2, 15).kind).toBe('twice');
  });

  test('any instant read back as its wall time names that instant again (or the first of two)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2025-01-01T00:00:00Z') / 60_000, max: at('2028-01-01T00:00:00Z') / 60_000 }),
        fc.constantFrom(NY, MADRID, 'UTC', 'America/Mexico_City'),
        (minute, zone) => {
          const t = minute * 60_000;
          // The instant's wall time, as the add-on writes times into cells.
          const [y, mo, d, h, mi] = (zonedDateTime(t, zone) as string).split(/[- :]/).map(Number);
          const w = wallTime(zone, y, mo, d, h, mi);
          if (w.kind === 'at') expect(w.at).toBe(t);
          else if (w.kind === 'twice') expect([w.first, w.second]).toContain(t);
          else throw new Error(`an instant's own wall time was called skipped: ${zone} ${t}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a sale window from its cells', () => {
  test('both empty: no window; text or date cells: the window in the spreadsheet zone', () => {
    expect(readWindow('', undefined, NY)).toEqual({ kind: 'none' });
    expect(readWindow('2026-12-01 09:00', '2026-12-03', NY)).toEqual({
      kind: 'window',
      window: { start: at('2026-12-01T14:00:00Z'), end: at('2026-12-03T05:00:00Z'), notes: [] },
    });
    const start = new Date('2026-12-01T14:00:00Z');
    expect(readWindow(start, ' 2026-12-01 10:30 ', NY)).toEqual({
      kind: 'window',
      window: { start: start.getTime(), end: at('2026-12-01T15:30:00Z'), notes: [] },
    });
  });

  test('a window across the change of hour lasts its real length', () => {
    // 2026-11-01 00:00 to 04:00 in New York is five hours (01:00–02:00 comes twice).
    const w = readWindow('2026-11-01 00:00', '2026-11-01 04:00', NY);
    expect(w.kind === 'window' && w.window.end - w.window.start).toBe(5 * 3_600_000);
  });

  test('each refusal says what is wrong and what to write', () => {
    const reason = (s: unknown, e: unknown, zone = NY): string => {
      const r = readWindow(s as never, e as never, zone);
      return r.kind === 'refused' ? r.reason : `not refused: ${JSON.stringify(r)}`;
    };
    expect(reason('2026-12-01', '')).toBe(
      'Sale start is set but Sale end is empty: a scheduled sale needs both (or neither, to send the sale price with the next push)',
    );
    expect(reason('', '2026-12-01')).toMatch(/^Sale end is set but Sale start is empty/);
    expect(reason('2026-12-03', '2026-12-01')).toBe('Sale end 2026-12-01 00:00 is not after Sale start 2026-12-03 00:00');
    expect(reason('2026-12-01 09:00', '2026-12-01 09:00')).toMatch(/is not after/);
    expect(reason('tomorrow', '2026-12-01')).toBe(
      'Sale start "tomorrow" is not a date and time: write it as 2026-12-01 09:00 (or 2026-12-01 for midnight)',
    );
    expect(reason('2026-12-01', 46000)).toMatch(/^Sale end "46000" is not a date and time/);
    expect(reason('2026-02-30', '2026-03-01')).toMatch(/^Sale start "2026-02-30" is not a day of the calendar/);
    expect(reason('2026-12-01 24:00', '2026-12-02')).toMatch(/is not a day of the calendar/);
    expect(reason('2026-03-08 02:30', '2026-03-09')).toBe(
      'Sale start "2026-03-08 02:30" does not exist in America/New_York: the clocks go forward then (daylight saving); write the hour before or after',
    );
    expect(reason(new Date(Number.NaN), '2026-12-01')).toMatch(/^Sale start is not a date/);
  });

  test('a repeated hour is taken the first time it comes, and said so', () => {
    const w = readWindow('2026-11-01 01:30', '2026-11-02', NY);
    expect(w).toEqual({
      kind: 'window',
      window: {
        start: at('2026-11-01T05:30:00Z'),
        end: at('2026-11-02T05:00:00Z'),
        notes: ['Sale start 2026-11-01 01:30 comes twice in America/New_York (the clocks go back): the first is used'],
      },
    });
  });
});

describe('overlapping windows of one SKU and channel', () => {
  const win = (start: string, end: string): Window => ({ start: at(start), end: at(end), notes: [] });
  const placed = (row: number, sku: string, channel: string, start: string, end: string): PlacedWindow => ({
    row,
    sku,
    channel,
    window: win(start, end),
  });

  test('both rows are refused, each naming the other; touching windows, other channels and other SKUs are not', () => {
    const found = overlappingWindows(
      [
        placed(2, 'A', 'amazon', '2026-12-01T00:00:00Z', '2026-12-05T00:00:00Z'),
        placed(3, 'A', 'amazon', '2026-12-04T00:00:00Z', '2026-12-08T00:00:00Z'),
        placed(4, 'A', 'amazon', '2026-12-08T00:00:00Z', '2026-12-09T00:00:00Z'), // starts as row 3 ends
        placed(5, 'A', 'walmart', '2026-12-01T00:00:00Z', '2026-12-09T00:00:00Z'),
        placed(6, 'B', 'amazon', '2026-12-01T00:00:00Z', '2026-12-09T00:00:00Z'),
      ],
      'UTC',
    );
    expect([...found.keys()].sort()).toEqual([2, 3]);
    expect(found.get(2)).toEqual([
      'The sale 2026-12-01 00:00 to 2026-12-05 00:00 for A on amazon overlaps row 3 (2026-12-04 00:00 to 2026-12-08 00:00): one SKU has one sale at a time on a channel; change the dates of one of them',
    ]);
    expect(found.get(3)?.[0]).toContain('overlaps row 2 (2026-12-01 00:00 to 2026-12-05 00:00)');
  });

  test('a general window shares every channel of its SKU', () => {
    const found = overlappingWindows(
      [
        placed(2, 'A', '', '2026-12-01T00:00:00Z', '2026-12-05T00:00:00Z'),
        placed(7, 'A', 'walmart', '2026-12-02T00:00:00Z', '2026-12-03T00:00:00Z'),
      ],
      'UTC',
    );
    expect([...found.keys()].sort()).toEqual([2, 7]);
    expect(found.get(7)?.[0]).toMatch(/^The sale .* for A on walmart overlaps row 2/);
  });

  test('any two windows are refused exactly when they share a channel and a moment', () => {
    const windows = fc.array(
      fc.record({
        sku: fc.constantFrom('A', 'B'),
        channel: fc.constantFrom('', 'amazon', 'walmart'),
        start: fc.integer({ min: 0, max: 50 }),
        length: fc.integer({ min: 1, max: 20 }),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(windows, (ws) => {
        const list = ws.map((w, i) => ({
          row: i + 2,
          sku: w.sku,
          channel: w.channel,
          window: { start: w.start * 3_600_000, end: (w.start + w.length) * 3_600_000, notes: [] },
        }));
        const found = overlappingWindows(list, 'UTC');
        for (const a of list) {
          const clash = list.some(
            (b) =>
              b !== a &&
              b.sku === a.sku &&
              (b.channel === a.channel || a.channel === '' || b.channel === '') &&
              b.window.start < a.window.end &&
              a.window.start < b.window.end,
          );
          expect(found.has(a.row)).toBe(clash);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** The pure parts of alerts: the seller's day, staleness, the low-stock filter and the words. */
import fc from 'fast-check';
import { dayKey } from '../../../../src/core/alerts/day';
import { lowStockSkus } from '../../../../src/core/alerts/low-stock';
import { isStale, staleSince, type Expectation } from '../../../../src/core/alerts/stale';
import { alertLine, alertMail, firstThingToTry } from '../../../../src/core/alerts/words';
import type { Alert } from '../../../../src/core/alerts/schema';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 20, 15);

describe("dayKey: the day in the spreadsheet's time zone", () => {
  test('a failure late in the evening in Mexico City is the same day as one that afternoon, though UTC has moved on', () => {
    expect(dayKey(Date.UTC(2026, 10, 20, 20), 'America/Mexico_City')).toBe('2026-11-20');
    expect(dayKey(Date.UTC(2026, 10, 21, 5, 59), 'America/Mexico_City')).toBe('2026-11-20');
    expect(dayKey(Date.UTC(2026, 10, 21, 6, 0), 'America/Mexico_City')).toBe('2026-11-21');
    expect(dayKey(Date.UTC(2026, 10, 21, 5, 59), 'UTC')).toBe('2026-11-21');
  });

  test('an unknown zone falls back to UTC rather than failing', () => {
    expect(dayKey(Date.UTC(2026, 10, 21, 1), 'Not/AZone')).toBe('2026-11-21');
  });

  test('keys only move forward, by at most one day per 24 hours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000_000 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.constantFrom('UTC', 'America/Mexico_City', 'Asia/Tokyo', 'Europe/Madrid'),
        (at, minutes, zone) => {
          const a = dayKey(at, zone);
          const b = dayKey(at + minutes * MIN, zone);
          expect(b >= a).toBe(true);
          const days = (Date.parse(b) - Date.parse(a)) / (24 * 60 * MIN);
          expect(days).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('staleness: no success for more than twice the interval (and at least 10 minutes)', () => {
  const hourly: Expectation = { kind: 'import', intervalMs: 60 * MIN, since: T0, owner: 'u' };

  test('two hours of an hourly schedule is not yet stale; a moment more is, since the schedule started', () => {
    expect(staleSince(hourly, undefined, T0 + 120 * MIN)).toBeNull();
    expect(staleSince(hourly, undefined, T0 + 120 * MIN + 1)).toBe(T0);
  });

  test('a success after the start moves "since" to it', () => {
    expect(staleSince(hourly, T0 + 30 * MIN, T0 + 130 * MIN)).toBeNull();
    expect(staleSince(hourly, T0 + 30 * MIN, T0 + 151 * MIN)).toBe(T0 + 30 * MIN);
    // A success from before the schedule was switched on does not count.
    expect(staleSince(hourly, T0 - 500 * MIN, T0 + 121 * MIN)).toBe(T0);
  });

  test('a one-minute schedule is given 10 minutes (it waits on the rate limit without failing)', () => {
    const everyMinute = { ...hourly, intervalMs: MIN };
    expect(isStale(everyMinute, T0 + 10 * MIN)).toBe(false);
    expect(isStale(everyMinute, T0 + 10 * MIN + 1)).toBe(true);
  });

  test('stale exactly when the last sign of life is older than the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 720 }),
        fc.option(fc.integer({ min: -10_000, max: 10_000 })),
        fc.integer({ min: 0, max: 5_000 }),
        (minutes, success, after) => {
          const e: Expectation = { ...hourly, intervalMs: minutes * MIN };
          const last = success === null ? undefined : T0 + success * MIN;
          const now = T0 + after * MIN;
          const since = Math.max(T0, last ?? -Infinity);
          const result = staleSince(e, last, now);
          if (now - since > Math.max(2 * minutes * MIN, 10 * MIN)) expect(result).toBe(since);
          else expect(result).toBeNull();
        },
      ),
    );
  });
});

describe('lowStockSkus', () => {
  test('at or below the threshold; 0 (or less) is off; empty SKUs and non-numbers are left out', () => {
    const values = [
      { sku: 'A', quantity: 5 },
      { sku: 'B', quantity: 6 },
      { sku: 'C', quantity: 0 },
      { sku: '', quantity: 0 },
      { sku: 'D', quantity: Number.NaN },
    ];
    expect(lowStockSkus(values, 5)).toEqual([
      { sku: 'A', quantity: 5 },
      { sku: 'C', quantity: 0 },
    ]);
    expect(lowStockSkus(values, 0)).toEqual([]);
    expect(lowStockSkus(values, -1)).toEqual([]);
  });

  test('every SKU returned is at or below the threshold, and none at or below is missed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ sku: fc.string({ minLength: 1 }), quantity: fc.integer({ min: -5, max: 50 }) })),
        fc.integer({ min: 1, max: 40 }),
        (values, threshold) => {
          const low = lowStockSkus(values, threshold);
          expect(low.every((v) => v.quantity <= threshold)).toBe(true);
          expect(low.length).toBe(values.filter((v) => v.quantity <= threshold).length);
        },
      ),
    );
  });
});

describe('the words', () => {
  const failed: Alert = {
    kind: 'import',
    cause: 'failed',
    since: T0,
    lastAt: T0 + 60 * MIN,
    message: 'Order import: The hub failed on Get Orders (HTTP 500).',
    owner: 'u',
    toasted: false,
  };

  test('what to try first follows what failed', () => {
    expect(firstThingToTry(failed)).toMatch(/Nothing is lost.*hub is up/);
    expect(firstThingToTry({ ...failed, message: 'Your API token has expired. Open the sidebar › Settings and sign in again.' })).toMatch(
      /^Sign in again/,
    );
    expect(firstThingToTry({ ...failed, cause: 'stale', message: 'it should run every 60 minutes' })).toMatch(
      /switch the scheduled import off and on again/,
    );
    expect(firstThingToTry({ ...failed, kind: 'lowStock', cause: 'low' })).toMatch(/Restock/);
    // Rows a background push could not send are in Error: the work does not go on by itself, the seller sends them again.
    const pushed = {
      ...failed,
      kind: 'push' as const,
      message: 'Rows not pushed: 2 request(s) failed; first problem, row 5: The hub failed on Update Stock (HTTP 500).',
    };
    expect(firstThingToTry(pushed)).toBe('Push them again with Changed rows once the hub answers.');
  });

  test("the line says what, since when (in the spreadsheet's zone) and what to try", () => {
    expect(alertLine(failed, 'America/Mexico_City')).toBe(
      'Scheduled order import failing since 2026-11-20 09:00: Order import: The hub failed on Get Orders (HTTP 500). Nothing is lost: the work goes on from the same place at the next run. If it keeps failing, check that the hub is up (its status page or support).',
    );
  });

  test('the mail names the spreadsheet, each alert, the low SKUs, and how to stop it; no line starts with spaces', () => {
    const low: Alert = {
      kind: 'lowStock',
      cause: 'low',
      since: T0,
      lastAt: T0,
      message: '',
      owner: '',
      toasted: false,
      skus: [
        { sku: 'MUG-1', quantity: 2 },
        { sku: 'CUP-9', quantity: 0 },
      ],
    };
    const one = alertMail([failed], { name: 'Shop', url: 'https://docs.google.com/spreadsheets/d/X/edit' }, 'America/Mexico_City');
    expect(one.subject).toBe('Hub Sync: scheduled order import failing in "Shop"');
    const two = alertMail([failed, low], { name: 'Shop', url: 'https://docs.google.com/spreadsheets/d/X/edit' }, 'America/Mexico_City');
    expect(two.subject).toBe('Hub Sync: 2 alerts in "Shop"');
    expect(two.body).toContain('"Shop" (https://docs.google.com/spreadsheets/d/X/edit)');
    expect(two.body).toContain('Scheduled order import failing since 2026-11-20 09:00 (last at 2026-11-20 10:00).');
    expect(two.body).toContain('- MUG-1: 2\n- CUP-9: 0');
    expect(two.body).toContain('Send alerts by e-mail: No');
    expect(two.body).not.toMatch(/^ {2,}/m);
  });
});

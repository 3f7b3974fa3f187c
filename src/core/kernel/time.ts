/** Dates inside cell texts ("not in the hub at the pull of 2026-11-20 09:00"), in the spreadsheet's time zone. */

/** `yyyy-mm-dd hh:mm` in `timeZone`, or null when the runtime does not know the zone (the caller picks its fallback). */
export function zonedDateTime(epochMs: number, timeZone: string): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(epochMs));
    const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
    return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
  } catch {
    return null;
  }
}

/** `yyyy-mm-dd hh:mm` in `timeZone`; UTC (marked) when the zone is unknown to the runtime. */
export function localDateTime(epochMs: number, timeZone: string): string {
  return zonedDateTime(epochMs, timeZone) ?? `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The calendar day (yyyy-mm-dd) of `at` in the spreadsheet's time zone: "one mail a day" means
 * the seller's day, not UTC's (a failure at 20:00 in Mexico City is the same day as one at 23:00).
 */
export function dayKey(at: number, timeZone: string): string {
  return (zonedDateTime(at, timeZone) ?? new Date(at).toISOString()).slice(0, 10);
}

/** A wall-clock time of the spreadsheet's zone as an instant: one, two (the hour the clocks go back) or none (the hour they skip). */
export type WallTime = { kind: 'at'; at: number } | { kind: 'twice'; first: number; second: number } | { kind: 'skipped' };

/**
 * The instant(s) a wall-clock time `yyyy-mm-dd hh:mm` names in `timeZone`, daylight saving
 * included: the offsets a day before and a day after are the only candidates (no zone changes its
 * offset twice in two days), kept when they read back as the same wall time.
 */
export function wallTime(timeZone: string, year: number, month: number, day: number, hour: number, minute: number): WallTime {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  const offsetAt = (t: number): number => {
    const shown = zonedDateTime(t, timeZone);
    if (shown === null) throw new Error(`unknown time zone ${timeZone}`);
    const [d, hm] = shown.split(' ');
    const [y, mo, da] = d.split('-').map(Number);
    const [h, mi] = hm.split(':').map(Number);
    return Date.UTC(y, mo - 1, da, h, mi) - Math.floor(t / 60_000) * 60_000;
  };
  const candidates = [...new Set([wall - offsetAt(wall - 86_400_000), wall - offsetAt(wall + 86_400_000)])]
    .filter((t) => zonedDateTime(t, timeZone) === text)
    .sort((a, b) => a - b);
  if (candidates.length === 0) return { kind: 'skipped' };
  if (candidates.length === 1) return { kind: 'at', at: candidates[0] };
  return { kind: 'twice', first: candidates[0], second: candidates[1] };
}

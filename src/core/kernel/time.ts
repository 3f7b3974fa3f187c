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

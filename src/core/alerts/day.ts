import { zonedDateTime } from '../catalogue/when';

/**
 * The calendar day (yyyy-mm-dd) of `at` in the spreadsheet's time zone: "one mail a day" means
 * the seller's day, not UTC's (a failure at 20:00 in Mexico City is the same day as one at 23:00).
 */
export function dayKey(at: number, timeZone: string): string {
  return (zonedDateTime(at, timeZone) ?? new Date(at).toISOString()).slice(0, 10);
}

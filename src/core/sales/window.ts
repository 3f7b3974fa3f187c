/**
 * A scheduled sale's window read from a row's `Sale start` and `Sale end` cells, in the
 * spreadsheet's time zone, daylight saving included. A date cell is already an instant (Sheets
 * gives it in the spreadsheet's zone); a text cell is read as `yyyy-mm-dd hh:mm` or `yyyy-mm-dd`
 * (midnight). The hour the clocks skip names no time and is refused with the hours either side;
 * the hour they repeat is taken the first time it comes, and said so.
 */
import type { CellValue } from '../kernel/ports';
import { localDateTime, wallTime } from '../kernel/time';

/** A window in force from `start` (included) to `end` (excluded), ms since the epoch. */
export interface Window {
  start: number;
  end: number;
  /** Said to the seller beside the row (a repeated hour taken the first time). */
  notes: string[];
}

export type WindowRead = { kind: 'none' } | { kind: 'window'; window: Window } | { kind: 'refused'; reason: string };

const TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/;
const EXAMPLE = 'write it as 2026-12-01 09:00 (or 2026-12-01 for midnight)';

type TimeRead = { kind: 'empty' } | { kind: 'at'; at: number; note?: string } | { kind: 'refused'; reason: string };

/** One cell: empty, an instant, or why it names none. */
function readTime(label: string, value: CellValue | undefined, timeZone: string): TimeRead {
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? { kind: 'refused', reason: `${label} is not a date: ${EXAMPLE}` }
      : { kind: 'at', at: value.getTime() };
  const text = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
  if (text === '') return { kind: 'empty' };
  const m = TEXT.exec(text);
  if (!m || typeof value === 'number' || typeof value === 'boolean')
    return { kind: 'refused', reason: `${label} "${text}" is not a date and time: ${EXAMPLE}` };
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59)
    return { kind: 'refused', reason: `${label} "${text}" is not a day of the calendar: ${EXAMPLE}` };
  const at = wallTime(timeZone, year, month, day, hour, minute);
  if (at.kind === 'skipped') {
    return {
      kind: 'refused',
      reason: `${label} "${text}" does not exist in ${timeZone}: the clocks go forward then (daylight saving); write the hour before or after`,
    };
  }
  if (at.kind === 'twice') {
    return { kind: 'at', at: at.first, note: `${label} ${text} comes twice in ${timeZone} (the clocks go back): the first is used` };
  }
  return { kind: 'at', at: at.at };
}

/** A row's window: none (both cells empty), the window, or why the row has none. */
export function readWindow(start: CellValue | undefined, end: CellValue | undefined, timeZone: string): WindowRead {
  const from = readTime('Sale start', start, timeZone);
  const to = readTime('Sale end', end, timeZone);
  if (from.kind === 'refused') return from;
  if (to.kind === 'refused') return to;
  if (from.kind === 'empty' && to.kind === 'empty') return { kind: 'none' };
  if (from.kind === 'empty' || to.kind === 'empty') {
    const [filled, blank] = from.kind === 'empty' ? ['Sale end', 'Sale start'] : ['Sale start', 'Sale end'];
    return {
      kind: 'refused',
      reason: `${filled} is set but ${blank} is empty: a scheduled sale needs both (or neither, to send the sale price with the next push)`,
    };
  }
  if (to.at <= from.at) {
    return {
      kind: 'refused',
      reason: `Sale end ${localDateTime(to.at, timeZone)} is not after Sale start ${localDateTime(from.at, timeZone)}`,
    };
  }
  const notes = [from, to].flatMap((t) => (t.note ? [t.note] : []));
  return { kind: 'window', window: { start: from.at, end: to.at, notes } };
}

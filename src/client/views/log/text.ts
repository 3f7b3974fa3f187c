/** Compact lines for the Recent activity list (pure). */
import { LOG_HEADER } from '../../../core/kernel/log-header';
import { formatDateTime, formatSeconds, type Zone } from '../../format';

/** A Log sheet line as getSidebarState sends it: keyed by the Log sheet's headers. */
export type LogRow = Record<string, string | number>;

/** The headers this view reads: the Log sheet's own. */
export const LOG_KEYS = LOG_HEADER;

export interface LogLine {
  time: string;
  operation: string;
  counts: string;
  message: string;
  user: string;
  failed: boolean;
}

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
/** A count as the rest of the sidebar writes it: 5,000. */
const shown = (n: number): string => n.toLocaleString('en-US');
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** One log row as short strings: `12 ok · 1 failed · 3 requests · 2.5 s`. */
export function logLine(row: LogRow, zone?: Zone): LogLine {
  const failed = num(row['Rows failed']);
  const skipped = num(row['Rows skipped']);
  const retries = num(row.Retries);
  const parts = [`${shown(num(row['Rows OK']))} ok`];
  if (failed) parts.push(`${shown(failed)} failed`);
  if (skipped) parts.push(`${shown(skipped)} skipped`);
  parts.push(`${shown(num(row.Requests))} req`);
  if (retries) parts.push(`${shown(retries)} retr${retries === 1 ? 'y' : 'ies'}`);
  const seconds = formatSeconds(row['Duration (s)']);
  if (seconds) parts.push(seconds);
  return {
    time: formatDateTime(text(row.Time) || null, zone),
    operation: text(row.Operation) || 'Operation',
    counts: parts.join(' \u00b7 '),
    message: text(row.Message),
    user: text(row.User),
    failed: failed > 0,
  };
}

/** Newest first (the server already sends them so; sorting again keeps the view right if not). */
export function newestFirst(rows: readonly LogRow[]): LogRow[] {
  const time = (r: LogRow): number => {
    const ms = Date.parse(text(r.Time));
    return Number.isFinite(ms) ? ms : -Infinity;
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => time(b.row) - time(a.row) || a.index - b.index)
    .map((x) => x.row);
}

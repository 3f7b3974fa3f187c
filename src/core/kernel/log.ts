import type { Context } from './context';
import type { CellValue, Workbook } from './ports';
import { escapeCellText } from '../../sheet/escape';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';
import { LOG_HEADER } from './log-header';
import { liveChanged } from './live';
import { cellsByHeader, findOwnColumns, ownColumns, rowByHeader } from './own-columns';

export { LOG_HEADER };

/** One operation's line in the Log sheet. */
export interface LogEntry {
  time: number;
  user: string;
  operation: string;
  ok: number;
  failed: number;
  skipped: number;
  requests: number;
  retries: number;
  durationMs: number;
  message: string;
}

/**
 * Appends a line to the Log sheet and trims it to `maxRows` lines (oldest first), so a schedule
 * that runs every minute cannot grow the sheet without bound. Trimming happens in steps of 10 %
 * to avoid a delete on every append. Columns are found by header: a column the seller inserted
 * keeps its cells (the new line's row, appended below everything, is empty in it either way:
 * one appendRow keeps two executions logging at once from taking the same row).
 */
export function appendLog(workbook: Workbook, sheetName: string, entry: LogEntry, maxRows: number): void {
  const sheet = workbook.ensureSheet(sheetName, [...LOG_HEADER], { dateColumns: [0], dateFormat: DATE_TIME_FORMAT });
  const at = ownColumns(sheet, sheet.readHeaderRow(), LOG_HEADER);
  const cells: CellValue[] = [
    new Date(entry.time),
    escapeCellText(entry.user || 'someone'),
    escapeCellText(entry.operation),
    entry.ok,
    entry.failed,
    entry.skipped,
    entry.requests,
    entry.retries,
    Math.round(entry.durationMs / 100) / 10,
    escapeCellText(entry.message),
  ];
  sheet.appendRow(rowByHeader(cells, at, LOG_HEADER));
  const lines = sheet.lastRow() - 1;
  if (lines > maxRows + Math.ceil(maxRows / 10)) sheet.deleteRows(2, lines - maxRows);
}

/** The last `count` log lines, newest first, as plain values for the sidebar (read by header). */
export function recentLog(workbook: Workbook, sheetName: string, count: number): Array<Record<string, string | number>> {
  const sheet = workbook.sheet(sheetName);
  if (!sheet) return [];
  const values = sheet.readAll();
  const at = findOwnColumns(values[0] ?? [], LOG_HEADER).present;
  const lines = values
    .slice(1)
    .map((r) => cellsByHeader(r, at, LOG_HEADER))
    .filter((cells) => cells.some((c) => c !== ''));
  return lines
    .slice(-count)
    .reverse()
    .map((cells) => {
      const out: Record<string, string | number> = {};
      LOG_HEADER.forEach((h, i) => {
        const v = cells[i];
        out[h] = v instanceof Date ? v.toISOString() : typeof v === 'number' ? v : String(v ?? '');
      });
      return out;
    });
}

/**
 * A Log line of `operation`, by this user, now, unless `counts` says otherwise; counts left out are
 * 0 (a notice: a job given up, a push leaving the undo history, a mail Google refused).
 */
export function logNote(
  ctx: Pick<Context, 'ports' | 'settings'>,
  operation: string,
  message: string,
  counts: Partial<Omit<LogEntry, 'operation' | 'message'>> = {},
): void {
  const entry: LogEntry = {
    time: ctx.ports.clock.now(),
    user: ctx.ports.session.userEmail(),
    ok: 0,
    failed: 0,
    skipped: 0,
    requests: 0,
    retries: 0,
    durationMs: 0,
    ...counts,
    operation,
    message,
  };
  writeLog(ctx, entry);
}

/** Appends an operation's line to the Log sheet and tells an open sidebar its Recent activity moved. */
export function writeLog(ctx: Pick<Context, 'ports' | 'settings'>, entry: LogEntry): void {
  appendLog(ctx.ports.workbook, ctx.settings.sheetNames.log, entry, ctx.settings.logMaxRows);
  liveChanged(ctx, 'log');
}

/** What a run cost, for its Log line: the hub client's requests and retries, and the time since the execution started. */
export function runCost(
  ctx: Pick<Context, 'ports' | 'startedAt'>,
  stats: { requests: number; retries: number },
): Pick<LogEntry, 'requests' | 'retries' | 'durationMs'> {
  return { requests: stats.requests, retries: stats.retries, durationMs: ctx.ports.clock.now() - ctx.startedAt };
}

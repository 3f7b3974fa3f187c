import type { CellValue, Workbook } from './ports';
import { escapeCellText } from '../sheet/escape';
import { DATE_TIME_FORMAT } from '../sheet/date-format';

/** Columns of the Log sheet. */
export const LOG_HEADER = [
  'Time',
  'User',
  'Operation',
  'Rows OK',
  'Rows failed',
  'Rows skipped',
  'Requests',
  'Retries',
  'Duration (s)',
  'Message',
];

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
 * to avoid a delete on every append.
 */
export function appendLog(workbook: Workbook, sheetName: string, entry: LogEntry, maxRows: number): void {
  const sheet = workbook.ensureSheet(sheetName, LOG_HEADER, { dateColumns: [0], dateFormat: DATE_TIME_FORMAT });
  const row: CellValue[] = [
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
  sheet.appendRow(row);
  const lines = sheet.lastRow() - 1;
  if (lines > maxRows + Math.ceil(maxRows / 10)) sheet.deleteRows(2, lines - maxRows);
}

/** The last `count` log lines, newest first, as plain values for the sidebar. */
export function recentLog(workbook: Workbook, sheetName: string, count: number): Array<Record<string, string | number>> {
  const sheet = workbook.sheet(sheetName);
  if (!sheet) return [];
  const values = sheet.readAll();
  const rows = values.slice(1).slice(-count).reverse();
  return rows.map((r) => {
    const out: Record<string, string | number> = {};
    LOG_HEADER.forEach((h, i) => {
      const v = r[i];
      out[h] = v instanceof Date ? v.toISOString() : typeof v === 'number' ? v : String(v ?? '');
    });
    return out;
  });
}

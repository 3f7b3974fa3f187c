/**
 * What each async job carried, SKU by SKU, kept in a hidden sheet until the job is finished: a
 * job is finished only when every SKU it was sent has a result, and a row is OK only when the
 * hub's result matches the value sent. Properties could not hold it (a job may carry thousands of
 * SKUs); the rows of a job are dropped once its results are written.
 */
import { escapeCellText, parseConfirmed, type PushedValues } from '../../../sheet';
import type { CellValue, Workbook } from '../../kernel/ports';

export const SENT_ITEMS_SHEET = 'Hub Sync job items';
const HEADER = ['Job id', 'SKU', 'Sent values', 'Queued at'];

/** One SKU of a job and the values sent for it (value keys as the snapshot's). */
export interface SentItem {
  sku: string;
  values: PushedValues;
}

/** Appends a job's items (one write). */
export function recordSentItems(workbook: Workbook, jobId: string, items: readonly SentItem[], now: number): void {
  if (items.length === 0) return;
  const sheet = workbook.ensureSheet(SENT_ITEMS_SHEET, HEADER, { hidden: true });
  const rows: CellValue[][] = items.map((i) => [
    escapeCellText(jobId),
    escapeCellText(i.sku),
    escapeCellText(JSON.stringify(i.values)),
    new Date(now),
  ]);
  sheet.write(Math.max(1, sheet.lastRow()) + 1, 1, rows);
}

/** The items recorded for these jobs (null: all): job id → SKU → values (jobs with none recorded are absent). */
export function readSentItems(workbook: Workbook, jobIds: ReadonlySet<string> | null): Map<string, Map<string, PushedValues>> {
  const out = new Map<string, Map<string, PushedValues>>();
  if (jobIds !== null && jobIds.size === 0) return out;
  const sheet = workbook.sheet(SENT_ITEMS_SHEET);
  if (!sheet) return out;
  for (const row of sheet.readAll().slice(1)) {
    const jobId = String(row[0] ?? '');
    if (!jobId || (jobIds !== null && !jobIds.has(jobId))) continue;
    const skus = out.get(jobId) ?? new Map<string, PushedValues>();
    out.set(jobId, skus);
    skus.set(String(row[1] ?? ''), parseConfirmed(String(row[2] ?? '')) ?? {});
  }
  return out;
}

/** Drops the items of finished jobs (one read, one write; rows of other jobs keep their order). */
export function forgetSentItems(workbook: Workbook, jobIds: ReadonlySet<string>): void {
  const sheet = workbook.sheet(SENT_ITEMS_SHEET);
  if (!sheet || jobIds.size === 0) return;
  const rows = sheet.readAll().slice(1);
  const kept = rows.filter((r) => !jobIds.has(String(r[0] ?? '')));
  if (kept.length === rows.length) return;
  const out: CellValue[][] = kept.map((r) => [
    escapeCellText(String(r[0] ?? '')),
    escapeCellText(String(r[1] ?? '')),
    escapeCellText(String(r[2] ?? '')),
    r[3] ?? '',
  ]);
  for (let i = kept.length; i < rows.length; i++) out.push(['', '', '', '']);
  sheet.write(2, 1, out);
}

/** Gives the items recorded under one id another (a request's provisional id → the job's id); one read, one write. */
export function relabelSentItems(workbook: Workbook, from: string, to: string): void {
  const sheet = workbook.sheet(SENT_ITEMS_SHEET);
  if (!sheet) return;
  const rows = sheet.readAll().slice(1);
  if (!rows.some((r) => String(r[0] ?? '') === from)) return;
  sheet.write(
    2,
    1,
    rows.map((r) => [
      escapeCellText(String(r[0] ?? '') === from ? to : String(r[0] ?? '')),
      escapeCellText(String(r[1] ?? '')),
      escapeCellText(String(r[2] ?? '')),
      r[3] ?? '',
    ]),
  );
}

import { countOf } from '../../sheet/count-words';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';
import { canonicalChannel } from '../../api/channels';
import type { JobItem } from '../../api/schemas/stock';
import { escapeCellText, rewriteAsRead } from '../../sheet';
import type { CellValue, Workbook } from '../kernel/ports';
import { cellsByHeader, ownColumns } from '../kernel/own-columns';
import { writeRowsByHeader } from '../kernel/sheet-blocks';

/** Columns of the Jobs sheet: one row per job item (SKU × channel). */
export const JOBS_HEADER = ['Job id', 'SKU', 'Channel', 'Stock', 'Price', 'Offer price', 'Status', 'Updated at'];

const num = (v: number | null): CellValue => (v === null || v === undefined ? '' : v);

/** Sheet rows for a job's items; a job with no items yet gets one "Queued" row. */
export function jobRows(
  jobId: string,
  items: JobItem[],
  note: string,
  now: number,
  aliases: Readonly<Record<string, string>>,
): CellValue[][] {
  if (items.length === 0) return [[escapeCellText(jobId), '', '', '', '', '', escapeCellText(note), new Date(now)]];
  return items.map((i) => [
    escapeCellText(jobId),
    escapeCellText(i.sku),
    escapeCellText(canonicalChannel(i.integration, aliases)),
    num(i.stock),
    num(i.price),
    num(i.priceOffer),
    escapeCellText(i.status),
    new Date(now),
  ]);
}

/**
 * Replaces the rows of the given jobs in the Jobs sheet (other jobs' rows are kept, in order) in
 * one write per run of the sheet's Jobs columns; rows left over below are blanked in the same
 * writes. Columns are found by header: the seller's own columns, anywhere, keep their cells.
 */
export function replaceJobRows(workbook: Workbook, sheetName: string, replacements: Map<string, CellValue[][]>): void {
  const sheet = workbook.ensureSheet(sheetName, JOBS_HEADER, {
    dateColumns: [JOBS_HEADER.indexOf('Updated at')],
    dateFormat: DATE_TIME_FORMAT,
  });
  const values = sheet.readAll();
  const at = ownColumns(sheet, values[0] ?? [], JOBS_HEADER);
  const read = values.slice(1).map((r) => cellsByHeader(r, at, JOBS_HEADER));
  // Rows with nothing of ours (the seller's column may run further down) are no job's.
  const ours = (r: CellValue[]): boolean => r.some((c) => c !== '');
  const lastUsed = read.reduce((last, r, i) => (ours(r) ? i + 1 : last), 0);
  const rows = read.filter((r) => ours(r) && !replacements.has(String(r[0]))).map((r) => r.map((c) => rewriteAsRead<CellValue>(c)));
  replacements.forEach((newRows) => rows.push(...newRows));
  for (let i = rows.length; i < lastUsed; i++) rows.push(JOBS_HEADER.map(() => ''));
  writeRowsByHeader(sheet, at, JOBS_HEADER, 2, rows);
}

/** Writes a "Queued" row per new job into the Jobs sheet. */
export function showQueuedJobs(
  workbook: Workbook,
  sheetName: string,
  jobs: ReadonlyArray<{ jobId: string; rows: number }>,
  now: number,
): void {
  const replacements = new Map(jobs.map((j) => [j.jobId, jobRows(j.jobId, [], `Queued: ${countOf(j.rows, 'row')}`, now, {})]));
  replaceJobRows(workbook, sheetName, replacements);
}

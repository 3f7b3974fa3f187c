/**
 * The Preview sheet: one row per value a push would send (and per refused row), what the hub
 * holds now beside the sheet's value, the change and what would happen. Rewritten whole by each
 * preview (one write per run of its columns; rows a longer earlier preview left are emptied in
 * the same writes).
 */
import { escapeCellText } from '../../sheet';
import { UserError } from '../errors';
import type { CellValue, Workbook } from '../ports';
import { findOwnColumns, ownColumns } from '../own-columns';
import { writeRowsByHeader } from '../catalogue/sheet-blocks';
import type { PreviewLine } from './diff';

export const PREVIEW_SHEET = 'Preview';
const HEADER = ['SKU', 'Row', 'Channel', 'Field', 'Hub now', 'Sheet', 'Change', 'Change %', 'What happens', 'Why', 'Rule'];

const WHAT: Record<PreviewLine['action'], string> = {
  send: 'send',
  unchanged: 'unchanged',
  refused: 'refused',
  'nothing to send': 'nothing to send',
  'held by job': 'held by an async job',
  'not sent': 'edit not sent',
  'not in hub': 'refused by the hub',
  'not read': 'send (not checked)',
  guarded: 'held by a guard rail',
  'changed on hub': 'skipped: changed on the hub',
  'changed later': 'skipped: changed by a later push',
};

function cells(line: PreviewLine): CellValue[] {
  return [
    escapeCellText(line.sku ?? ''),
    line.rowNumber,
    escapeCellText(line.channel || (line.field ? 'all channels' : '')),
    line.field,
    line.hubNow ?? '',
    line.sheet ?? '',
    line.change ?? '',
    line.changePct === null ? '' : Math.round(line.changePct * 1000) / 10,
    WHAT[line.action],
    escapeCellText(line.reason),
    escapeCellText(line.rule ?? ''),
  ];
}

/**
 * The add-on's Preview sheet holds most of the preview's headers (the seller may have added columns
 * of their own, or removed one of ours); a sheet of that name that does not is the seller's.
 */
function isPreviewHeader(header: readonly CellValue[]): boolean {
  return header.length === 0 || Object.keys(findOwnColumns(header, HEADER).present).length > HEADER.length / 2;
}

/**
 * Writes the preview's lines below the header, emptying what an earlier preview left below them.
 * Columns are found by header: the seller's own columns keep their cells, and a column of ours
 * that is missing (Rule, on a sheet from before the rules) is added at the right. A sheet of that
 * name that is not the add-on's is never written into.
 */
export function writePreviewSheet(workbook: Workbook, lines: readonly PreviewLine[], protectedNames: readonly string[] = []): void {
  const existing = workbook.sheet(PREVIEW_SHEET);
  const header = existing ? existing.readHeaderRow() : HEADER;
  if (existing && (!isPreviewHeader(header) || protectedNames.includes(PREVIEW_SHEET))) {
    throw new UserError(
      `The sheet "${PREVIEW_SHEET}" is not the add-on's (its first row is not the preview's header), so the preview was not written and nothing was sent: rename that sheet, then preview again.`,
    );
  }
  const sheet = existing ?? workbook.ensureSheet(PREVIEW_SHEET, HEADER);
  const at = ownColumns(sheet, header, HEADER);
  const before = Math.max(0, sheet.lastRow() - 1);
  const rows = lines.map(cells);
  for (let i = rows.length; i < before; i++) rows.push(HEADER.map(() => ''));
  writeRowsByHeader(sheet, at, HEADER, 2, rows);
}

/**
 * The Preview sheet: one row per value a push would send (and per refused row), what the hub
 * holds now beside the sheet's value, the change and what would happen. Rewritten whole by each
 * preview (one write; rows a longer earlier preview left are emptied in the same write).
 */
import { escapeCellText } from '../../sheet';
import { UserError } from '../errors';
import type { CellValue, Workbook } from '../ports';
import type { PreviewLine } from './diff';

export const PREVIEW_SHEET = 'Preview';
const HEADER = ['SKU', 'Row', 'Channel', 'Field', 'Hub now', 'Sheet', 'Change', 'Change %', 'What happens', 'Why', 'Rule'];
/** Before issue 18 the sheet had no Rule column: such a sheet is still the add-on's, and gets it. */
const HEADER_BEFORE_RULES = HEADER.slice(0, -1);

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
 * Writes the preview's lines below the header, emptying what an earlier preview left below them.
 * A sheet of that name that is not the add-on's (another header row) is never written into.
 */
export function writePreviewSheet(workbook: Workbook, lines: readonly PreviewLine[], protectedNames: readonly string[] = []): void {
  const existing = workbook.sheet(PREVIEW_SHEET);
  const header = existing ? existing.readHeaderRow().map((c) => String(c)) : [];
  if (existing) {
    const is = (expected: readonly string[]): boolean => header.length === expected.length && header.every((h, i) => h === expected[i]);
    const ours = header.length === 0 || is(HEADER) || is(HEADER_BEFORE_RULES);
    if (!ours || protectedNames.includes(PREVIEW_SHEET)) {
      throw new UserError(
        `The sheet "${PREVIEW_SHEET}" is not the add-on's (its first row is not the preview's header), so the preview was not written and nothing was sent: rename that sheet, then preview again.`,
      );
    }
  }
  const sheet = existing ?? workbook.ensureSheet(PREVIEW_SHEET, HEADER);
  if (existing && header.length < HEADER.length) sheet.write(1, 1, [HEADER]);
  const before = Math.max(0, sheet.lastRow() - 1);
  const rows = lines.map(cells);
  for (let i = rows.length; i < before; i++) rows.push(HEADER.map(() => ''));
  if (rows.length > 0) sheet.write(2, 1, rows);
}

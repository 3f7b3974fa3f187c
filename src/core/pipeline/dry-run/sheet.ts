/**
 * The Preview sheet: one row per value a push would send (and per refused row), what the hub
 * holds now beside the sheet's value, the change and what would happen. Changes come first; the
 * values the hub already holds come last, after one line that counts them. `What happens` is
 * coloured like the results (send green, held or not checked yellow, refused red, the rest grey).
 * Rewritten whole by each preview (one write per run of its columns; rows a longer earlier preview
 * left are emptied in the same writes).
 */
import { LOOKS, countOf, escapeCellText, looksLike, type ColourRule, type ColourRuleShape, type StatusLook } from '../../../sheet';
import { UserError } from '../../kernel/errors';
import type { CellValue, Workbook } from '../../kernel/ports';
import { findOwnColumns, ownColumns } from '../../kernel/own-columns';
import { writeRowsByHeader } from '../../kernel/sheet-blocks';
import type { PreviewAction, PreviewLine } from './diff';
import { PCT_CAP, OVER_CAP } from './summary';

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
    changePercent(line),
    WHAT[line.action],
    escapeCellText(line.reason),
    escapeCellText(line.rule ?? ''),
  ];
}

/**
 * `Change %` to one decimal; "from 0" for a value the hub holds as 0, and a word instead of a
 * number for a change of ten times the old value or more (summary.ts: from a value near 0).
 */
function changePercent(line: PreviewLine): CellValue {
  if (line.hubNow === 0 && line.sheet !== null && line.sheet !== 0) return 'from 0';
  if (line.changePct === null) return '';
  return line.changePct >= PCT_CAP ? OVER_CAP : Math.round(line.changePct * 1000) / 10;
}

/** Where each kind of line goes: what the push would do first, what it leaves as it is last. */
const ORDER: Record<PreviewAction, number> = {
  guarded: 0,
  send: 1,
  'not read': 1,
  refused: 2,
  'not in hub': 2,
  'changed on hub': 3,
  'changed later': 3,
  'held by job': 4,
  'not sent': 4,
  'nothing to send': 5,
  unchanged: 6,
};

/** The look of each `What happens`, as the results' colours. */
const LOOK_OF: ReadonlyArray<[PreviewAction, StatusLook]> = [
  ['send', LOOKS.ok],
  ['guarded', LOOKS.warning],
  ['not read', LOOKS.warning],
  ['refused', LOOKS.error],
  ['not in hub', LOOKS.error],
  ['unchanged', LOOKS.neutral],
  ['nothing to send', LOOKS.neutral],
  ['held by job', LOOKS.neutral],
  ['not sent', LOOKS.neutral],
  ['changed on hub', LOOKS.neutral],
  ['changed later', LOOKS.neutral],
];

/** The colour rules of the `What happens` column (0-based). */
export function previewColourRules(column: number): ColourRule[] {
  return LOOK_OF.map(([action, look]) => ({ when: { equals: WHAT[action] }, look, columns: [column] }));
}

/** A rule the preview made: one of its words with exactly its look (the seller's own rules are kept). */
export function isOwnPreviewRule(shape: ColourRuleShape): boolean {
  if (shape.criteria !== 'TEXT_EQUAL_TO' || shape.values.length !== 1) return false;
  return LOOK_OF.some(([action, look]) => WHAT[action] === shape.values[0] && looksLike(shape, look));
}

/**
 * How many plain lines (diff.ts `plain`: a value put back over exactly what its push set, or left
 * as the hub already holds it) of each kind a long restore lists; past them one line per kind
 * counts the rest, in the caller's words. Every other line is listed, whatever the count.
 */
export interface PlainLines {
  listed: number;
  /** The counting line's words for the plain lines of one kind left out (all `send`, or all `unchanged`). */
  counted: (unlisted: readonly PreviewLine[]) => string;
}

const isPlain = (line: PreviewLine): boolean => line.plain === true && (line.action === 'send' || line.action === 'unchanged');

/** The plain lines `plain` leaves out of the sheet, by kind, in the order given. */
function leftOut(lines: readonly PreviewLine[], plain: PlainLines | undefined): PreviewLine[][] {
  if (!plain) return [];
  return (['send', 'unchanged'] as const)
    .map((action) => lines.filter((l) => l.action === action && isPlain(l)).slice(plain.listed))
    .filter((left) => left.length > 0);
}

/** How many plain lines `plain` leaves out of the sheet (counted instead). */
export function unlistedPlain(lines: readonly PreviewLine[], plain: PlainLines | undefined): number {
  return leftOut(lines, plain).reduce((n, left) => n + left.length, 0);
}

/** A line of the sheet's width with `what` in its first cell (a count, not a value). */
const countLine = (what: string): CellValue[] => HEADER.map((_, c) => (c === 0 ? what : ''));

/**
 * The sheet's rows: the lines in the order above (sheet order within a kind), and before the
 * values the hub already holds, one line that counts them. With `plain`, the plain lines of a kind
 * past the first `plain.listed` are counted in one line where the first of them would have been.
 */
export function previewRows(lines: readonly PreviewLine[], plain?: PlainLines): CellValue[][] {
  const sorted = lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => ORDER[a.line.action] - ORDER[b.line.action] || a.i - b.i)
    .map(({ line }) => line);
  const unchanged = lines.filter((l) => l.action === 'unchanged').length;
  const left = leftOut(sorted, plain);
  const firstLeft = new Map(left.map((kind) => [kind[0], kind]));
  const skipped = new Set(left.flat());
  const rows: CellValue[][] = [];
  let unchangedSeen = 0;
  for (const line of sorted) {
    // Unchanged lines come last: the first of them is where their count goes.
    if (line.action === 'unchanged' && unchangedSeen++ === 0)
      rows.push(countLine(`${countOf(unchanged, 'value')} already as the hub holds ${unchanged === 1 ? 'it' : 'them'}: listed below`));
    const kind = firstLeft.get(line);
    if (kind) rows.push(countLine((plain as PlainLines).counted(kind)));
    if (!skipped.has(line)) rows.push(cells(line));
  }
  return rows;
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
export function writePreviewSheet(
  workbook: Workbook,
  lines: readonly PreviewLine[],
  protectedNames: readonly string[] = [],
  plain?: PlainLines,
): void {
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
  const rows = previewRows(lines, plain);
  // Rows an earlier, longer preview left: deleted in one call when every named column is one the
  // writer takes for ours (`at`, the same matching as its writes; blanking
  // 20,000 lines of 11 cells would cost more than writing this preview); blanked when the seller
  // added columns of their own, whose cells stay. One row stays (a sheet keeps a row below its header).
  const ours = new Set(Object.values(at));
  const onlyOurs = header.every((h, c) => String(h ?? '').trim() === '' || ours.has(c));
  const keep = onlyOurs ? Math.max(rows.length, 1) : before;
  for (let i = rows.length; i < Math.min(before, keep); i++) rows.push(HEADER.map(() => ''));
  if (before > keep) sheet.deleteRows(keep + 2, before - keep);
  writeRowsByHeader(sheet, at, HEADER, 2, rows);
  const what = at['What happens'];
  if (what !== undefined) sheet.replaceOwnColourRules(previewColourRules(what), isOwnPreviewRule, false);
}

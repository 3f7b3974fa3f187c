import type { Rect } from './a1';
import { formulaHolds, remapFormula } from './cf-formula';
import { displayValue } from './number-format';
import type { IndexMap } from './structure';
import type { SheetModel, WorkbookModel } from './workbook';

/**
 * Conditional format rules as Sheets keeps them: an ordered list per sheet, each rule a boolean
 * condition, a format and the ranges it covers. The rules belong to the sheet, not to the cells:
 * sorting rows moves values under them and leaves the rules where they are; inserting and deleting
 * rows and columns moves their ranges as it moves cells (Sheets' behaviour; the rows/columns a
 * range loses are cut out of it, rows/columns inserted inside it widen it).
 *
 * Google's references: ConditionalFormatRuleBuilder
 * <https://developers.google.com/apps-script/reference/spreadsheet/conditional-format-rule-builder>,
 * ConditionalFormatRule <https://developers.google.com/apps-script/reference/spreadsheet/conditional-format-rule>,
 * BooleanCondition <https://developers.google.com/apps-script/reference/spreadsheet/boolean-condition>,
 * Sheet.setConditionalFormatRules <https://developers.google.com/apps-script/reference/spreadsheet/sheet>.
 * A range without an end row ("F2:F", "F:F") stays open-ended below, as a Sheets GridRange with
 * no end index is "unbounded on that side"
 * <https://developers.google.com/sheets/api/reference/rest/v4/spreadsheets/other#GridRange>:
 * rows added at the bottom of the grid are covered too.
 */

/** The criteria modelled (SpreadsheetApp.BooleanCriteria names). */
export const CRITERIA = [
  'CELL_EMPTY',
  'CELL_NOT_EMPTY',
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EQUAL_TO',
  'TEXT_STARTS_WITH',
  'TEXT_ENDS_WITH',
  // A formula of the subset cf-formula.ts models; any other formats no cell.
  'CUSTOM_FORMULA',
] as const;
export type Criteria = (typeof CRITERIA)[number];

/** The format a rule applies (null: left as the cell has it). */
export interface RuleFormat {
  background: string | null;
  fontColor: string | null;
  bold: boolean | null;
  italic: boolean | null;
  strikethrough: boolean | null;
  underline: boolean | null;
}

export const NO_FORMAT: RuleFormat = { background: null, fontColor: null, bold: null, italic: null, strikethrough: null, underline: null };

/** A range of a rule: a rectangle, open below when written without an end row. */
export interface RuleRange extends Rect {
  openRows?: boolean;
}

export interface ConditionalRule {
  criteria: Criteria;
  values: string[];
  format: RuleFormat;
  ranges: RuleRange[];
}

export function copyRule(rule: ConditionalRule): ConditionalRule {
  return { criteria: rule.criteria, values: [...rule.values], format: { ...rule.format }, ranges: rule.ranges.map((r) => ({ ...r })) };
}

/** The last row a range covers now. */
export function lastRowOf(range: RuleRange, sheet: SheetModel): number {
  return range.openRows ? sheet.maxRows : range.row + range.numRows - 1;
}

/** The range as a rectangle of the grid as it is now. */
export function rectOf(range: RuleRange, sheet: SheetModel): Rect {
  return { row: range.row, col: range.col, numRows: Math.max(0, lastRowOf(range, sheet) - range.row + 1), numCols: range.numCols };
}

function covers(range: RuleRange, sheet: SheetModel, row: number, col: number): boolean {
  return row >= range.row && row <= lastRowOf(range, sheet) && col >= range.col && col < range.col + range.numCols;
}

/**
 * Whether a cell meets a criteria. Text criteria read the cell as shown (a number as its displayed
 * text) and compare without regard to letter case, as Sheets' text comparisons do (an unverified
 * choice for "Text is exactly").
 */
export function meets(rule: ConditionalRule, sheet: SheetModel, row: number, col: number, workbook: WorkbookModel): boolean {
  const cell = sheet.cell(row, col);
  const settings = workbook;
  if (rule.criteria === 'CUSTOM_FORMULA') {
    const anchor = rule.ranges[0] ?? { row, col };
    return formulaHolds(rule.values[0] ?? '', { workbook, sheet, anchor: { row: anchor.row, col: anchor.col }, row, col });
  }
  const empty = cell === undefined || ((cell.value === undefined || cell.value === '') && !cell.formula);
  if (rule.criteria === 'CELL_EMPTY') return empty;
  if (rule.criteria === 'CELL_NOT_EMPTY') return !empty;
  const text = empty ? '' : displayValue(cell?.value, cell?.numberFormat, settings.timeZone, settings.locale).toLowerCase();
  const wanted = (rule.values[0] ?? '').toLowerCase();
  switch (rule.criteria) {
    case 'TEXT_EQUAL_TO':
      return !empty && text === wanted;
    case 'TEXT_STARTS_WITH':
      return !empty && text.startsWith(wanted);
    case 'TEXT_ENDS_WITH':
      return !empty && text.endsWith(wanted);
    case 'TEXT_CONTAINS':
      return !empty && text.includes(wanted);
    case 'TEXT_DOES_NOT_CONTAIN':
      return !text.includes(wanted);
    default:
      return false;
  }
}

/**
 * The format a cell shows: the first rule (in the sheet's order) that covers the cell and whose
 * condition holds decides; later rules are not looked at. When rules conflict the rule higher in
 * the list wins in Sheets; that a lower rule adds nothing even where it would not conflict is the
 * emulator's choice (its rules set one background each).
 */
export function effectiveFormat(
  sheet: SheetModel,
  row: number,
  col: number,
  workbook: WorkbookModel,
): { background: string; fontColor: string } {
  const cell = sheet.cell(row, col);
  const base = { background: cell?.background ?? '#ffffff', fontColor: '#000000' };
  for (const rule of sheet.conditionalRules) {
    if (!rule.ranges.some((r) => covers(r, sheet, row, col)) || !meets(rule, sheet, row, col, workbook)) continue;
    return { background: rule.format.background ?? base.background, fontColor: rule.format.fontColor ?? base.fontColor };
  }
  return base;
}

// Structure: ranges move with the rows and columns they cover.

/** A custom formula's references move with the cells they name (cf-formula.ts remapFormula). */
function remapFormulas(sheet: SheetModel, axis: 'row' | 'col', map: IndexMap): void {
  for (const rule of sheet.conditionalRules)
    if (rule.criteria === 'CUSTOM_FORMULA') rule.values = rule.values.map((f) => remapFormula(f, axis, map));
}

/** Rows inserted before `before`: ranges below move down, ranges they fall inside grow. */
export function insertRuleRows(sheet: SheetModel, before: number, n: number): void {
  remapFormulas(sheet, 'row', (i) => (i >= before ? i + n : i));
  for (const rule of sheet.conditionalRules) {
    for (const r of rule.ranges) {
      if (before <= r.row) r.row += n;
      else if (!r.openRows && before <= r.row + r.numRows - 1) r.numRows += n;
    }
  }
}

/** Columns inserted before `before`: the same along columns. */
export function insertRuleColumns(sheet: SheetModel, before: number, n: number): void {
  remapFormulas(sheet, 'col', (i) => (i >= before ? i + n : i));
  for (const rule of sheet.conditionalRules) {
    for (const r of rule.ranges) {
      if (before <= r.col) r.col += n;
      else if (before <= r.col + r.numCols - 1) r.numCols += n;
    }
  }
}

/** The runs of consecutive indexes the span start..start+count-1 becomes under `map`. */
function remapSpan(start: number, count: number, map: IndexMap): Array<[number, number]> {
  const kept = Array.from({ length: count }, (_, i) => map(start + i))
    .filter((i): i is number => i !== null)
    .sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const i of kept) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === i) last[1]++;
    else runs.push([i, 1]);
  }
  return runs;
}

/**
 * Moves every rule's ranges through a row or column map (deletions, column moves): each range
 * keeps the rows/columns that survive, split where they are no longer side by side; a range with
 * nothing left goes, and a rule with no range left goes too. An open-ended range keeps its open
 * end: only where it starts moves.
 */
export function remapRuleRanges(sheet: SheetModel, axis: 'row' | 'col', map: IndexMap): void {
  remapFormulas(sheet, axis, map);
  for (const rule of sheet.conditionalRules) {
    const out: RuleRange[] = [];
    for (const r of rule.ranges) {
      if (axis === 'row' && r.openRows) {
        let start = r.row;
        while (start <= sheet.maxRows + 1 && map(start) === null) start++;
        const to = map(start);
        out.push({ ...r, row: to ?? start });
        continue;
      }
      const [start, count] = axis === 'row' ? [r.row, r.numRows] : [r.col, r.numCols];
      for (const [s, c] of remapSpan(start, count, map))
        out.push(axis === 'row' ? { ...r, row: s, numRows: c } : { ...r, col: s, numCols: c });
    }
    rule.ranges = out;
  }
  sheet.conditionalRules = sheet.conditionalRules.filter((rule) => rule.ranges.length > 0);
}

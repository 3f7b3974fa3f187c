/**
 * A Sheets sheet as the SheetPort: reads, writes and formats, each group over the grid size known
 * so far (sheet-grid.ts), so that a write past the grid grows it without a size read per call.
 */
import type { CellValue, ColourRule, ColourRuleShape, SheetPort } from '../core/kernel/ports';
import { columnLetter } from '../sheet/headers';
import { sheetGrid, type SheetGrid } from './sheet-grid';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Rule = GoogleAppsScript.Spreadsheet.ConditionalFormatRule;

/** A rule as the core compares it (null for one without a boolean condition: a gradient, never the add-on's). */
function shapeOf(rule: Rule): ColourRuleShape | null {
  const c = rule.getBooleanCondition();
  return c
    ? { criteria: String(c.getCriteriaType()), values: c.getCriteriaValues(), background: c.getBackground(), fontColor: c.getFontColor() }
    : null;
}

/**
 * A Sheets rule for one of the add-on's: its columns from row 2 down, open-ended so rows added later
 * are covered (a custom formula's relative references are read from the first range's top-left cell, row 2).
 */
function buildRule(sheet: Sheet, rule: ColourRule): Rule {
  const builder = SpreadsheetApp.newConditionalFormatRule();
  const when =
    rule.when === 'notEmpty'
      ? builder.whenCellNotEmpty()
      : 'formula' in rule.when
        ? builder.whenFormulaSatisfied(rule.when.formula)
        : builder.whenTextEqualTo(rule.when.equals);
  const ranges = rule.columns.map((c) => sheet.getRange(`${columnLetter(c)}2:${columnLetter(c)}`));
  return when.setBackground(rule.look.background).setFontColor(rule.look.fontColor).setRanges(ranges).build();
}

/**
 * What getNumberFormats gives for a cell nobody formatted: Sheets' "Automatic" ('0.###############'
 * in Apps Script, 'General' in some spreadsheets), or nothing.
 */
function isAutomaticFormat(format: string): boolean {
  return format === '' || format === '0.###############' || /^general$/i.test(format);
}

export function sheetPort(sheet: Sheet): SheetPort {
  const grid = sheetGrid(sheet);
  let id: number | undefined;
  return {
    name: sheet.getName(),
    // Asked for only when needed (a saved column mapping is keyed by it); a cheap call, no round trip.
    get id() {
      return (id ??= sheet.getSheetId());
    },
    ...sheetReads(sheet, grid),
    ...sheetWrites(sheet, grid),
    ...sheetFormats(sheet, grid),
  };
}

type Reads = Pick<
  SheetPort,
  'readAll' | 'readHeaderRow' | 'readBlock' | 'readDisplayBlock' | 'lastRow' | 'mergedRanges' | 'hiddenRows' | 'maxRows'
>;

/** Values, rows and sizes read; each read that shows part of the grid adds to what is known of its size. */
function sheetReads(sheet: Sheet, { known, readRows }: SheetGrid): Reads {
  return {
    readAll() {
      const values = sheet.getDataRange().getValues() as CellValue[][];
      // An empty sheet's data range is A1 with "": report no rows.
      if (values.length === 1 && values[0].length === 1 && values[0][0] === '') return [];
      if (!known.exactRows) known.rows = Math.max(known.rows, values.length);
      if (!known.exactColumns) known.columns = Math.max(known.columns, values[0]?.length ?? 0);
      return values;
    },
    readHeaderRow() {
      // "1:1" is the whole row in one getValues: no getLastColumn round trip first. Its width is
      // the grid's, so the empty cells after the last header are dropped.
      const row = (sheet.getRange('1:1').getValues()[0] ?? []) as CellValue[];
      // A whole row is as wide as the grid: its width is the grid's column count, known for free.
      if (row.length > 0 && !known.exactColumns) {
        known.columns = row.length;
        known.exactColumns = true;
      }
      let end = row.length;
      while (end > 0 && (row[end - 1] === '' || row[end - 1] === null)) end--;
      return row.slice(0, end);
    },
    readBlock(row, column, rows, columns) {
      if (rows <= 0 || columns <= 0) return [];
      const values = sheet.getRange(row, column, rows, columns).getValues() as CellValue[][];
      // A block that could be read lies inside the grid.
      if (!known.exactRows) known.rows = Math.max(known.rows, row + rows - 1);
      if (!known.exactColumns) known.columns = Math.max(known.columns, column + columns - 1);
      return values;
    },
    readDisplayBlock(row, column, rows, columns) {
      if (rows <= 0 || columns <= 0) return [];
      return sheet.getRange(row, column, rows, columns).getDisplayValues();
    },
    lastRow() {
      const last = sheet.getLastRow();
      // The grid holds at least the rows with content.
      if (!known.exactRows) known.rows = Math.max(known.rows, last);
      return last;
    },
    mergedRanges: (row, columns) =>
      columns > 0
        ? sheet
            .getRange(row, 1, 1, columns)
            .getMergedRanges()
            .map((r) => r.getA1Notation())
        : [],
    hiddenRows(first, last) {
      const hidden = new Set<number>();
      for (let r = first; r <= last; r++) if (sheet.isRowHiddenByUser(r) || sheet.isRowHiddenByFilter(r)) hidden.add(r);
      return hidden;
    },
    maxRows() {
      readRows();
      return known.rows;
    },
  };
}

type Writes = Pick<SheetPort, 'write' | 'appendRow' | 'deleteRows' | 'ensureSize' | 'insertColumnsAfter' | 'setColumnWidths'>;

/** Values written and the grid's rows and columns changed, the grid grown first where a write goes past it. */
function sheetWrites(sheet: Sheet, { known, grown }: SheetGrid): Writes {
  return {
    write(row, column, values) {
      if (values.length === 0 || values[0].length === 0) return;
      grown(row + values.length - 1, column + values[0].length - 1, () =>
        sheet.getRange(row, column, values.length, values[0].length).setValues(values),
      );
    },
    appendRow(values) {
      // appendRow is where Sheets grows the grid by itself.
      sheet.appendRow(values);
      if (known.exactRows) known.rows = Math.max(known.rows, sheet.getLastRow());
    },
    deleteRows(row, count) {
      if (count <= 0) return;
      sheet.deleteRows(row, count);
      known.rows = Math.max(0, known.rows - count);
    },
    ensureSize(rows, columns) {
      grown(rows, columns, () => undefined);
    },
    insertColumnsAfter(column, count) {
      if (count <= 0) return;
      grown(0, column, () => sheet.insertColumnsAfter(column, count));
      known.columns += count;
    },
    setColumnWidths(column, count, px) {
      if (count <= 0) return;
      grown(0, column + count - 1, () => sheet.setColumnWidths(column, count, px));
    },
  };
}

type Formats = Pick<
  SheetPort,
  | 'setNumberFormat'
  | 'setDefaultNumberFormat'
  | 'styleHeader'
  | 'replaceOwnColourRules'
  | 'frozenColumns'
  | 'freezeColumns'
  | 'setValueList'
>;

/** Number formats, the header's style, the add-on's colour rules and frozen columns. */
function sheetFormats(sheet: Sheet, { grown }: SheetGrid): Formats {
  return {
    setNumberFormat(row, column, rows, columns, format) {
      if (rows <= 0 || columns <= 0) return;
      grown(row + rows - 1, column + columns - 1, () => sheet.getRange(row, column, rows, columns).setNumberFormat(format));
    },
    setDefaultNumberFormat(row, rows, columns, format) {
      if (rows <= 0 || columns.length === 0) return;
      const first = Math.min(...columns);
      const last = Math.max(...columns);
      const wanted = new Set(columns);
      grown(row + rows - 1, last, () => {
        const range = sheet.getRange(row, first, rows, last - first + 1);
        const current = range.getNumberFormats();
        let changed = false;
        const next = current.map((line) =>
          line.map((f, j) => {
            if (!wanted.has(first + j) || !isAutomaticFormat(f)) return f;
            changed = true;
            return format;
          }),
        );
        if (changed) range.setNumberFormats(next);
      });
    },
    styleHeader(columns) {
      if (columns <= 0) return;
      sheet.getRange(1, 1, 1, columns).setFontWeight('bold');
      if (sheet.getFrozenRows() !== 1) sheet.setFrozenRows(1);
    },
    replaceOwnColourRules(rules, isOwn, onlyIfPresent) {
      const existing = sheet.getConditionalFormatRules();
      const theirs = existing.filter((r) => {
        const shape = shapeOf(r);
        return !(shape && isOwn(shape));
      });
      const found = existing.length - theirs.length;
      if (onlyIfPresent && found === 0) return 0;
      // After the seller's rules: where both apply, the seller's choice shows.
      sheet.setConditionalFormatRules([...theirs, ...rules.map((r) => buildRule(sheet, r))]);
      return found;
    },
    frozenColumns: () => sheet.getFrozenColumns(),
    freezeColumns(columns) {
      sheet.setFrozenColumns(columns);
    },
    setValueList(row, column, rows, values, help) {
      if (rows <= 0) return;
      // Invalid input allowed: a read alias or "multiple of 3" is the seller's to type.
      const rule = SpreadsheetApp.newDataValidation()
        .requireValueInList([...values], true)
        .setAllowInvalid(true)
        .setHelpText(help)
        .build();
      grown(row + rows - 1, column, () => sheet.getRange(row, column, rows, 1).setDataValidation(rule));
    },
  };
}
